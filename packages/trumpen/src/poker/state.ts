/** TrumPen Poker's settings, state, actions and events. */
import { z } from 'zod';
import type { Randomness } from '@trepenta/engine';
import type { Card } from '../common/cards';
import { cardSchema } from '../common/cards';
import { writingActionSchemas } from '../common/writing';
import type { Writing } from '../common/writing';
import { hexSchema, seatSchema } from '../common/base';
import { CATEGORIES } from './hands';
import type { Showdown } from './showdown';

export const POKER_ROUNDS = 9;
export const POKER_TARGET = 5;
export const POKER_HAND_SIZE = 5;

export const pokerSettingsSchema = z
  .object({
    /** P4: the writing timer (always on). */
    writingSeconds: z.number().int().min(30).max(300).default(90),
    /** P8: show every hand when a round ends. */
    showAllHands: z.boolean().default(true),
    /** P6: survivors compare in poker order at every level, not only at High card. */
    pokerOrder: z.boolean().default(false),
    /** C9: the countdown between rounds. */
    betweenSeconds: z.number().int().min(3).max(60).default(10),
  })
  .strict();
export type PokerSettings = z.infer<typeof pokerSettingsSchema>;

/** P1: the top value, from the seats at the start (C5). */
export function pokerMaxValue(seatCount: number): number {
  return seatCount + 3;
}

export interface PokerRound {
  readonly round: number;
  readonly hands: readonly (readonly Card[])[];
  /** C4: the published write commitments, one per seat. */
  readonly commitments: readonly string[];
  readonly showdown: Showdown;
  /** Seats whose hand the stand-in completed (C7). */
  readonly standIn: readonly number[];
}

export interface PokerState {
  readonly schema: 1;
  readonly game: 'trumpen-poker';
  readonly settings: PokerSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  /** P4's round counter, 1–9. */
  readonly round: number;
  readonly phase: 'writing' | 'between' | 'over';
  readonly writing: Writing | null;
  readonly ready: readonly boolean[];
  readonly rounds: readonly PokerRound[];
  readonly scores: readonly number[];
  readonly abandoned: boolean;
}

export const pokerActionSchema = z.discriminatedUnion('type', [
  ...writingActionSchemas(5),
  z.object({ type: z.literal('ready') }).strict(),
]);
export type PokerAction = z.infer<typeof pokerActionSchema>;

export const pokerSystemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(pokerActionSchema).max(6),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
]);

const categorySchema = z.enum(CATEGORIES);
const shownSchema = z.object({ seat: seatSchema, cards: z.array(cardSchema) }).strict();
export const levelSchema = z
  .object({
    category: categorySchema,
    declarers: z.array(seatSchema),
    matches: z.array(shownSchema),
    eliminated: z.array(seatSchema),
  })
  .strict();

export const pokerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('writingOpened'), round: z.number().int() }).strict(),
  z.object({ type: z.literal('done'), seat: seatSchema }).strict(),
  z.object({ type: z.literal('withdrawn'), seat: seatSchema }).strict(),
  z.object({ type: z.literal('timedOut'), key: z.string() }).strict(),
  z
    .object({
      type: z.literal('closed'),
      round: z.number().int(),
      commitments: z.array(hexSchema),
      standIn: z.array(seatSchema),
    })
    .strict(),
  z.object({ type: z.literal('level'), round: z.number().int(), level: levelSchema }).strict(),
  z
    .object({
      type: z.literal('roundEnded'),
      round: z.number().int(),
      decidedAt: categorySchema.nullable(),
      winners: z.array(seatSchema),
      points: z.array(z.number().int()),
      scores: z.array(z.number().int()),
      hands: z.array(z.array(cardSchema).nullable()),
    })
    .strict(),
  z.object({ type: z.literal('ready'), seat: seatSchema }).strict(),
  z
    .object({
      type: z.literal('gameOver'),
      winners: z.array(seatSchema),
      scores: z.array(z.number().int()),
      abandoned: z.boolean(),
    })
    .strict(),
]);
export type PokerEvent = z.infer<typeof pokerEventSchema>;
