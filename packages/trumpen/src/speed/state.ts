/**
 * TrumPen Speed (S1–S14): the state, the actions, the events and their wire schemas. Two to four
 * seats play at once onto two shared stacks; every seat owns a suit, a deck of 13 blank cards, at
 * most one held card (being written) and a tableau of up to 4 written cards.
 */
import type { Randomness, SystemAction } from '@trepenta/engine';
import { z } from 'zod';
import { SUITS, suitSchema, valueSchema } from '../common/cards';
import type { Suit } from '../common/cards';
import { hexSchema, seatSchema } from '../common/base';

export const SPEED_SEATS = { min: 2, max: 4 } as const;
/** S1: each deck holds 13 blank cards. */
export const DECK_SIZE = 13;
/** S3: a tableau holds at most 4 cards. */
export const TABLEAU_SIZE = 4;
/** S2: the starters write their cards within 15 s; then a 3-second countdown to Go. */
export const STARTERS_SECONDS = 15;
export const COUNTDOWN_SECONDS = 3;
/** S8: each seat's action budget. */
export const SPEED_BUDGET = { burst: 10, perSecond: 10 } as const;
/** S14: the bots' reaction times (seconds), by the host's pace option. */
export const BOT_PACES = { relaxed: 2.0, normal: 1.2, fast: 0.7 } as const;
export type BotPaceName = keyof typeof BOT_PACES;

export const speedSettingsSchema = z
  .object({
    /** S5: how long a written card stays wet (0: no ink). */
    inkSeconds: z.number().min(0).max(3).multipleOf(0.1).default(1),
    /** S14: how fast the greedy bots and the stand-in react. */
    botPace: z.enum(['relaxed', 'normal', 'fast']).default('normal'),
    /** S10: the game ends when no card lands on a stack for this long. */
    idleSeconds: z.number().int().min(10).max(300).default(60),
  })
  .strict();
export type SpeedSettings = z.infer<typeof speedSettingsSchema>;

/** S1: seat s writes in suit SUITS[s]. */
export function suitOf(seat: number): Suit {
  return SUITS[seat]!;
}

/** A card on a stack: its value and its writer's suit. */
export interface StackCard {
  readonly value: number;
  readonly suit: Suit;
}

export interface HeldCard {
  readonly value: number;
  /** S5: the game-clock ms from which the card is dry. */
  readonly wetUntil: number;
}

export interface SpeedSeat {
  /** Blank cards still in the deck. */
  readonly deck: number;
  readonly held: HeldCard | null;
  /** Written face-up cards, in slot order. */
  readonly tableau: readonly number[];
}

export type SpeedPhase = 'starters' | 'countdown' | 'play' | 'over';

export interface SpeedState {
  readonly schema: 1;
  readonly game: 'trumpen-speed';
  readonly settings: SpeedSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  readonly phase: SpeedPhase;
  /** S2: the starters, left stack's first. */
  readonly starters: readonly [number, number];
  /** The starters' cards, hidden until Go. */
  readonly starterCards: readonly [number | null, number | null];
  readonly seats: readonly SpeedSeat[];
  /** Each stack bottom first; its height is its length. */
  readonly stacks: readonly [readonly StackCard[], readonly StackCard[]];
  /** Cards accepted onto a stack: the idle timer's key (S10). */
  readonly plays: number;
  /** S11: the last stamp applied (game-clock ms). */
  readonly lastAt: number;
  readonly goAt: number | null;
  /** Once over: places, best first (S9); empty when abandoned. */
  readonly places: readonly (readonly number[])[] | null;
  readonly idleEnd: boolean;
  readonly abandoned: boolean;
}

/** Where a played card comes from: the held card or a tableau slot. */
export type Source = 'held' | number;

export type SpeedAction =
  | { readonly type: 'start'; readonly value: number }
  | { readonly type: 'write'; readonly value: number; readonly slot?: number }
  | { readonly type: 'place' }
  | {
      readonly type: 'play';
      readonly source: Source;
      readonly stack: 0 | 1;
      readonly height: number;
    };

export type SpeedEvent =
  | { readonly type: 'starterWritten'; readonly seat: number; readonly value: number | null }
  | { readonly type: 'countdown'; readonly standIn: readonly number[] }
  | { readonly type: 'go'; readonly bases: readonly [StackCard, StackCard] }
  | {
      readonly type: 'written';
      readonly seat: number;
      /** The held card's value: its owner's only. */
      readonly value: number | null;
      readonly from: 'deck' | 'held' | 'tableau';
      readonly slot: number | null;
      readonly wetUntil: number;
    }
  | {
      readonly type: 'placed';
      readonly seat: number;
      readonly value: number;
      readonly slot: number;
    }
  | {
      readonly type: 'played';
      readonly seat: number;
      readonly source: Source;
      readonly stack: 0 | 1;
      readonly card: StackCard;
      /** The stack's height after the play. */
      readonly height: number;
    }
  | {
      readonly type: 'ended';
      readonly places: readonly (readonly number[])[];
      readonly idle: boolean;
      readonly abandoned: boolean;
    };

const sourceSchema = z.union([
  z.literal('held'),
  z
    .number()
    .int()
    .min(0)
    .max(TABLEAU_SIZE - 1),
]);
const stackSchema = z.union([z.literal(0), z.literal(1)]);

export const speedActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), value: valueSchema }).strict(),
  z
    .object({
      type: z.literal('write'),
      value: valueSchema,
      slot: z
        .number()
        .int()
        .min(0)
        .max(TABLEAU_SIZE - 1)
        .optional(),
    })
    .strict(),
  z.object({ type: z.literal('place') }).strict(),
  z
    .object({
      type: z.literal('play'),
      source: sourceSchema,
      stack: stackSchema,
      height: z.number().int().min(0).max(1000),
    })
    .strict(),
]) as z.ZodType<SpeedAction>;

export const speedSystemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(speedActionSchema).max(2),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
]) as z.ZodType<SystemAction<SpeedAction>>;

export const stackCardSchema = z.object({ value: valueSchema, suit: suitSchema }).strict();
const placesSchema = z.array(z.array(seatSchema));

export const speedEventSchema = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('starterWritten'), seat: seatSchema, value: valueSchema.nullable() })
    .strict(),
  z.object({ type: z.literal('countdown'), standIn: z.array(seatSchema) }).strict(),
  z.object({ type: z.literal('go'), bases: z.tuple([stackCardSchema, stackCardSchema]) }).strict(),
  z
    .object({
      type: z.literal('written'),
      seat: seatSchema,
      value: valueSchema.nullable(),
      from: z.enum(['deck', 'held', 'tableau']),
      slot: z.number().int().min(0).nullable(),
      wetUntil: z.number(),
    })
    .strict(),
  z
    .object({
      type: z.literal('placed'),
      seat: seatSchema,
      value: valueSchema,
      slot: z.number().int().min(0),
    })
    .strict(),
  z
    .object({
      type: z.literal('played'),
      seat: seatSchema,
      source: sourceSchema,
      stack: stackSchema,
      card: stackCardSchema,
      height: z.number().int().min(1),
    })
    .strict(),
  z
    .object({
      type: z.literal('ended'),
      places: placesSchema,
      idle: z.boolean(),
      abandoned: z.boolean(),
    })
    .strict(),
]) as z.ZodType<SpeedEvent>;

export { hexSchema };
