import { z } from 'zod';
import { DECK_SETTINGS } from './cards';

/** The seven house rules (docs/rules/trepenta.md §6): independent switches, any combination is valid. */
export const HOUSE_RULES = [
  'peek',
  'sort',
  'fieldUnlimited',
  'openField',
  'longPlay',
  'finishLine',
  'rivalSets',
] as const;
export type HouseRule = (typeof HOUSE_RULES)[number];

export const MIN_SEATS = 1;
export const MAX_SEATS = 6;
export const ROUNDS = 5;

const seconds = (min: number, max: number, fallback: number) =>
  z.number().int().min(min).max(max).default(fallback);

export const houseRulesSchema = z
  .object({
    peek: z.boolean().default(false),
    sort: z.boolean().default(false),
    fieldUnlimited: z.boolean().default(false),
    openField: z.boolean().default(false),
    longPlay: z.boolean().default(false),
    finishLine: z.boolean().default(false),
    rivalSets: z.boolean().default(false),
  })
  .strict();

/** A room's game settings. Timer lengths are whole seconds; the server may scale them in tests. */
export const settingsSchema = z
  .object({
    deck: z.enum(DECK_SETTINGS).default('challenging'),
    houseRules: houseRulesSchema.default(houseRulesSchema.parse({})),
    /** R24: null means no turn timer. */
    turnTimerSeconds: z.number().int().min(5).max(600).nullable().default(null),
    /** R9: always on. */
    setupTimerSeconds: seconds(5, 600, 60),
    /** R20: each lay-off turn (and the arrangement step, R19b). */
    layOffTimerSeconds: seconds(5, 300, 20),
    /** §5.6: the countdown between rounds, skipped when everyone is ready. */
    betweenRoundsSeconds: seconds(3, 300, 15),
    /** R17: Long Play reshuffles allowed per round. */
    reshuffleLimit: z.number().int().min(0).max(20).default(3),
  })
  .strict();

export type GameSettings = z.infer<typeof settingsSchema>;
export type HouseRules = z.infer<typeof houseRulesSchema>;

export const DEFAULT_SETTINGS: GameSettings = settingsSchema.parse({});

type WithoutDefaults<T extends z.ZodRawShape> = {
  [K in keyof T]: T[K] extends z.ZodDefault<infer Inner>
    ? z.ZodOptional<Inner>
    : z.ZodOptional<T[K]>;
};
/** The same fields, each optional and without its default: a field left out stays left out. */
function withoutDefaults<T extends z.ZodRawShape>(shape: T): WithoutDefaults<T> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      z.optional(schema instanceof z.ZodDefault ? schema.unwrap() : schema),
    ]),
  ) as WithoutDefaults<T>;
}

/**
 * A change to a room's settings (room:configure): any of the fields, each checked as in
 * `settingsSchema` but without its default, and any of the house rules; what is left out keeps
 * its value (`changeSettings`).
 */
export const settingsChangeSchema = z
  .object({
    ...withoutDefaults(settingsSchema.shape),
    houseRules: z.object(withoutDefaults(houseRulesSchema.shape)).strict().optional(),
  })
  .strict();
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** The settings with a change applied: the fields and house rules it names, the rest as they were. */
export function changeSettings(settings: GameSettings, change: SettingsChange): GameSettings {
  return {
    ...settings,
    ...change,
    houseRules: { ...settings.houseRules, ...change.houseRules },
  };
}

/** Settings with some house rules switched on, the rest defaults. */
export function settingsWith(
  rules: readonly HouseRule[],
  overrides: Partial<Omit<GameSettings, 'houseRules'>> = {},
): GameSettings {
  const houseRules = { ...DEFAULT_SETTINGS.houseRules };
  for (const rule of rules) houseRules[rule] = true;
  return { ...DEFAULT_SETTINGS, ...overrides, houseRules };
}

/** How the field is chosen this game: sort includes peek (docs/rules/trepenta.md §2.6). */
export type SetupMode = 'blind' | 'peek' | 'sort';
export function setupMode(settings: GameSettings): SetupMode {
  if (settings.houseRules.sort) return 'sort';
  if (settings.houseRules.peek) return 'peek';
  return 'blind';
}
