/** T19: the host's options, checked at the boundary. */
import { z } from 'zod';
import { mergeSettings, ok } from '@trepenta/engine';
import type { OptionSpec, Result, RuleError } from '@trepenta/engine';

export const TARGETS = [11, 21, 31, 41] as const;
export type Target = (typeof TARGETS)[number];

export const settingsSchema = z
  .object({
    /** T17, T19: the score that ends the session. */
    target: z.union([z.literal(11), z.literal(21), z.literal(31), z.literal(41)]).default(21),
    /** T14: combinations in the hand as dealt score. */
    declarations: z.boolean().default(false),
    /** T23: seconds per card, or null for no turn timer. */
    turnTimerSeconds: z.number().int().min(10).max(120).nullable().default(null),
  })
  .strict();

export type TressetteSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: TressetteSettings = settingsSchema.parse({});

/** T19: the target traditional with declarations, pre-selected when they are switched on. */
export const TARGET_WITH_DECLARATIONS: Target = 31;

/** T23: the countdown between hands, skipped when every person is ready. */
export const BETWEEN_HANDS_SECONDS = 15;

export const OPTIONS: readonly OptionSpec[] = [
  { key: 'target', kind: 'choice', values: TARGETS.map(String), group: 'game' },
  { key: 'declarations', kind: 'boolean', group: 'game' },
  { key: 'turnTimerSeconds', kind: 'seconds', min: 10, max: 120, nullable: true, group: 'timers' },
];

const merge = mergeSettings(settingsSchema);

/**
 * room:configure. Switching Declarations on pre-selects target 31 unless the same change names a
 * target (T19); the host may change it afterwards.
 */
export function changeSettings(
  settings: TressetteSettings,
  change: unknown,
): Result<TressetteSettings, RuleError> {
  const merged = merge(settings, change);
  if (!merged.ok) return merged;
  const named = change as Record<string, unknown>;
  if (merged.value.declarations && !settings.declarations && !('target' in named))
    return ok({ ...merged.value, target: TARGET_WITH_DECLARATIONS });
  return merged;
}
