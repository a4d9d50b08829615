import { z } from 'zod';

/** F9: the betting structures a host may choose. */
export const STRUCTURES = ['fixed-limit', 'pot-limit', 'no-limit'] as const;
export type Structure = (typeof STRUCTURES)[number];

/** §9: every host option, with its range and default. */
export const settingsSchema = z
  .object({
    betting: z.enum(STRUCTURES).default('fixed-limit'),
    ante: z.number().int().min(1).max(1000).default(10),
    /** The starting stack, in antes. */
    startingAntes: z.number().int().min(20).max(1000).default(100),
    rebuy: z.boolean().default(true),
    lateJoin: z.boolean().default(true),
    decisionSeconds: z.number().int().min(10).max(120).default(30),
    revealSeconds: z.number().int().min(10).max(60).default(20),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** F17: the countdown between hands (skipped when every person has pressed Ready). */
export const BETWEEN_SECONDS = 10;
/** F18: a session ends after this long without a hand. */
export const IDLE_SECONDS = 30 * 60;

export function startingStack(settings: Settings): number {
  return settings.ante * settings.startingAntes;
}

/** F9: the minimum bet (pot- and no-limit) or the fixed bet (fixed-limit) of call `street` (0–3). */
export function betUnit(settings: Settings, street: number): number {
  if (settings.betting === 'fixed-limit' && street >= 2) return 4 * settings.ante;
  return 2 * settings.ante;
}
