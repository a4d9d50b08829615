/** Trick Taking's settings, state, actions and events. */
import { z } from 'zod';
import type { Randomness } from '@trepenta/engine';
import { suitSchema, valueSchema } from '../common/cards';
import type { Suit } from '../common/cards';
import { writingActionSchemas } from '../common/writing';
import type { Writing } from '../common/writing';
import { hexSchema, seatSchema } from '../common/base';
import type { Played } from './rules';

export const TRICKS_ROUNDS = 3;
export const TRICKS_PER_ROUND = 3;
export const TRICKS_HAND_SIZE = 3;

export const tricksSettingsSchema = z
  .object({
    /** K2: the writing timer (always on). */
    writingSeconds: z.number().int().min(15).max(300).default(45),
    /** K8: the turn timer; null = off. */
    turnSeconds: z.number().int().min(5).max(300).nullable().default(null),
    /** C9: the countdown between rounds. */
    betweenSeconds: z.number().int().min(3).max(60).default(10),
  })
  .strict();
export type TricksSettings = z.infer<typeof tricksSettingsSchema>;

export interface TrickPlay {
  readonly seat: number;
  /** null: the seat passed (−2). */
  readonly card: Played | null;
}

export interface Trick {
  readonly number: number;
  readonly leader: number;
  readonly plays: readonly TrickPlay[];
  readonly lead: Suit | null;
  readonly last: number | null;
}

export interface TricksRound {
  readonly round: number;
  readonly written: readonly (readonly number[])[];
  readonly commitments: readonly string[];
  readonly standIn: readonly number[];
  /** Each seat's cards left unplayed, shown when the round ends (K7). */
  readonly unplayed: readonly (readonly number[])[] | null;
}

export interface TricksState {
  readonly schema: 1;
  readonly game: 'trumpen-tricks';
  readonly settings: TricksSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  readonly round: number;
  readonly phase: 'writing' | 'play' | 'between' | 'over';
  readonly writing: Writing | null;
  /** The leader of the next round's (or this round's first) trick. */
  readonly leader: number;
  readonly hands: readonly (readonly number[])[];
  readonly grid: readonly Played[];
  readonly trick: Trick | null;
  /** Finished tricks of this round. */
  readonly tricks: readonly (Trick & { readonly winner: number | null })[];
  readonly ready: readonly boolean[];
  readonly rounds: readonly TricksRound[];
  /** Points per seat per round (tricks, passes, completions). */
  readonly points: readonly (readonly number[])[];
  readonly scores: readonly number[];
  readonly abandoned: boolean;
}

const playedSchema = z.object({ value: valueSchema, suit: suitSchema }).strict();

export const tricksActionSchema = z.discriminatedUnion('type', [
  ...writingActionSchemas(3),
  z.object({ type: z.literal('play'), value: valueSchema, suit: suitSchema }).strict(),
  z.object({ type: z.literal('ready') }).strict(),
]);
export type TricksAction = z.infer<typeof tricksActionSchema>;

export const tricksSystemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(tricksActionSchema).max(5),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
]);

const ints = z.array(z.number().int());
export const tricksEventSchema = z.discriminatedUnion('type', [
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
  z
    .object({ type: z.literal('trickStarted'), trick: z.number().int(), leader: seatSchema })
    .strict(),
  z
    .object({
      type: z.literal('played'),
      seat: seatSchema,
      card: playedSchema,
      lead: suitSchema,
      leadChanged: z.boolean(),
    })
    .strict(),
  z.object({ type: z.literal('passed'), seat: seatSchema, points: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('completed'),
      seat: seatSchema,
      card: playedSchema,
      number: z.boolean(),
      suit: z.boolean(),
      points: z.number().int(),
    })
    .strict(),
  z
    .object({
      type: z.literal('trickWon'),
      trick: z.number().int(),
      winner: seatSchema.nullable(),
      points: z.number().int(),
    })
    .strict(),
  z
    .object({
      type: z.literal('roundEnded'),
      round: z.number().int(),
      unplayed: z.array(z.array(valueSchema)),
      points: ints,
      scores: ints,
    })
    .strict(),
  z.object({ type: z.literal('ready'), seat: seatSchema }).strict(),
  z
    .object({
      type: z.literal('gameOver'),
      winners: z.array(seatSchema),
      scores: ints,
      abandoned: z.boolean(),
    })
    .strict(),
]);
export type TricksEvent = z.infer<typeof tricksEventSchema>;
