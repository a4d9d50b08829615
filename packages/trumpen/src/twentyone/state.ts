/** TrumPen 21's settings, state, actions and events. */
import { z } from 'zod';
import type { Randomness } from '@trepenta/engine';
import { valueSchema } from '../common/cards';
import { writingActionSchemas } from '../common/writing';
import type { Writing } from '../common/writing';
import { hexSchema, seatSchema } from '../common/base';

export const TWENTYONE_ROUNDS = 3;
export const TWENTYONE_HAND_SIZE = 4;

export const twentyOneSettingsSchema = z
  .object({
    /** V2: the writing timer (always on). */
    writingSeconds: z.number().int().min(15).max(300).default(60),
    /** V8: the turn timer for the offer and each take or pass; null = off. */
    turnSeconds: z.number().int().min(5).max(300).nullable().default(null),
    /** C9: the countdown between rounds. */
    betweenSeconds: z.number().int().min(3).max(60).default(10),
  })
  .strict();
export type TwentyOneSettings = z.infer<typeof twentyOneSettingsSchema>;

/** The card on offer in a deal (V4). */
export interface Offer {
  readonly from: number;
  readonly value: number;
  /** The seats asked so far that passed, in order. */
  readonly passed: readonly number[];
}

export interface TwentyOneRound {
  readonly round: number;
  /** The hands as written (C4). */
  readonly written: readonly (readonly number[])[];
  readonly commitments: readonly string[];
  readonly standIn: readonly number[];
  /** Filled when the round ends. */
  readonly finals: readonly number[] | null;
  readonly points: readonly number[] | null;
}

export interface TwentyOneState {
  readonly schema: 1;
  readonly game: 'trumpen-21';
  readonly settings: TwentyOneSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  readonly round: number;
  readonly phase: 'writing' | 'offer' | 'respond' | 'between' | 'over';
  readonly writing: Writing | null;
  /** V3: round 1's first start player, drawn from "start". */
  readonly firstStarter: number;
  /** The deal in this round, 0 … 3N−1, and its start player. */
  readonly deal: number;
  readonly starter: number;
  /** Each seat's cards still in hand (private). */
  readonly hands: readonly (readonly number[])[];
  /** Each seat's face-up cards this round (public). */
  readonly faceUp: readonly (readonly number[])[];
  readonly offer: Offer | null;
  readonly ready: readonly boolean[];
  readonly rounds: readonly TwentyOneRound[];
  readonly scores: readonly number[];
  readonly abandoned: boolean;
}

export const twentyOneActionSchema = z.discriminatedUnion('type', [
  ...writingActionSchemas(4),
  z.object({ type: z.literal('offer'), value: valueSchema }).strict(),
  z.object({ type: z.literal('take') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
  z.object({ type: z.literal('ready') }).strict(),
]);
export type TwentyOneAction = z.infer<typeof twentyOneActionSchema>;

export const twentyOneSystemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(twentyOneActionSchema).max(6),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
]);

/** Events as emitted; `offered.value` is for the start player only. */
export type TwentyOneEvent =
  | { type: 'writingOpened'; round: number }
  | { type: 'done'; seat: number }
  | { type: 'withdrawn'; seat: number }
  | { type: 'timedOut'; key: string }
  | { type: 'closed'; round: number; commitments: string[]; standIn: number[] }
  | { type: 'dealStarted'; round: number; deal: number; starter: number }
  | { type: 'offered'; seat: number; value: number }
  | { type: 'passed'; seat: number }
  | { type: 'taken'; seat: number; value: number; allPassed: boolean }
  | {
      type: 'roundEnded';
      round: number;
      finals: number[];
      totals: number[];
      points: number[];
      scores: number[];
    }
  | { type: 'ready'; seat: number }
  | { type: 'gameOver'; winners: number[]; scores: number[]; abandoned: boolean };

export type TwentyOneEventView =
  | Exclude<TwentyOneEvent, { type: 'offered' }>
  | { type: 'offered'; seat: number; value: number | null };

const ints = z.array(z.number().int());
export const twentyOneEventSchema: z.ZodType<TwentyOneEventView> = z.discriminatedUnion('type', [
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
    .object({
      type: z.literal('dealStarted'),
      round: z.number().int(),
      deal: z.number().int(),
      starter: seatSchema,
    })
    .strict(),
  z
    .object({ type: z.literal('offered'), seat: seatSchema, value: valueSchema.nullable() })
    .strict(),
  z.object({ type: z.literal('passed'), seat: seatSchema }).strict(),
  z
    .object({
      type: z.literal('taken'),
      seat: seatSchema,
      value: valueSchema,
      allPassed: z.boolean(),
    })
    .strict(),
  z
    .object({
      type: z.literal('roundEnded'),
      round: z.number().int(),
      finals: ints,
      totals: ints,
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
