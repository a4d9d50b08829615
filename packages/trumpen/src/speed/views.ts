/**
 * What each viewer of a Speed game sees (S12): everything but a held card's value (its owner's)
 * and the starters' cards before Go (each starter's own).
 */
import type { Viewer } from '@trepenta/engine';
import { z } from 'zod';
import { suitSchema, valueSchema } from '../common/cards';
import type { Suit } from '../common/cards';
import { hexSchema, seatSchema, viewerSchema } from '../common/base';
import { cardsLeft } from './game';
import { speedSettingsSchema, stackCardSchema, suitOf } from './state';
import type { SpeedEvent, SpeedSettings, SpeedState, StackCard } from './state';

export interface SpeedSeatView {
  suit: Suit;
  deck: number;
  /** The held card: its value only to its owner; whether it is wet to all. */
  held: { value: number | null; wetUntil: number } | null;
  tableau: number[];
  left: number;
}

export interface SpeedView {
  viewer: Viewer;
  gameId: string;
  version: number;
  phase: SpeedState['phase'];
  seatCount: number;
  settings: SpeedSettings;
  starters: [number, number];
  starterWritten: [boolean, boolean];
  /** The viewer's own starting card before Go. */
  starterCard: number | null;
  seats: SpeedSeatView[];
  stacks: [StackCard[], StackCard[]];
  plays: number;
  /** The last stamp applied (game-clock ms): ink is counted against it. */
  at: number;
  goAt: number | null;
  places: number[][] | null;
  idleEnd: boolean;
  abandoned: boolean;
  secrets: string[] | null;
}

export function speedViewFor(state: SpeedState, viewer: Viewer): SpeedView {
  const mine = state.starters.indexOf(viewer as number);
  return {
    viewer,
    gameId: state.randomness.gameId,
    version: state.version,
    phase: state.phase,
    seatCount: state.seatCount,
    settings: { ...state.settings },
    starters: [state.starters[0], state.starters[1]],
    starterWritten: [state.starterCards[0] !== null, state.starterCards[1] !== null],
    starterCard: mine >= 0 && state.phase !== 'play' ? state.starterCards[mine]! : null,
    seats: state.seats.map((seat, s) => ({
      suit: suitOf(s),
      deck: seat.deck,
      held: seat.held
        ? {
            value: viewer === s ? seat.held.value : null,
            wetUntil: seat.held.wetUntil,
          }
        : null,
      tableau: [...seat.tableau],
      left: cardsLeft(seat),
    })),
    stacks: [state.stacks[0].map((c) => ({ ...c })), state.stacks[1].map((c) => ({ ...c }))],
    plays: state.plays,
    at: state.lastAt,
    goAt: state.goAt,
    places: state.places ? state.places.map((p) => [...p]) : null,
    idleEnd: state.idleEnd,
    abandoned: state.abandoned,
    secrets: state.phase === 'over' ? [...state.randomness.secrets] : null,
  };
}

export function speedEventFor(event: SpeedEvent, viewer: Viewer): SpeedEvent {
  if (event.type === 'starterWritten' || event.type === 'written') {
    return viewer === event.seat ? event : { ...event, value: null };
  }
  return event;
}

export const speedViewSchema = z
  .object({
    viewer: viewerSchema,
    gameId: z.string(),
    version: z.number().int().min(0),
    phase: z.enum(['starters', 'countdown', 'play', 'over']),
    seatCount: z.number().int().min(2).max(4),
    settings: speedSettingsSchema,
    starters: z.tuple([seatSchema, seatSchema]),
    starterWritten: z.tuple([z.boolean(), z.boolean()]),
    starterCard: valueSchema.nullable(),
    seats: z.array(
      z
        .object({
          suit: suitSchema,
          deck: z.number().int().min(0),
          held: z
            .object({ value: valueSchema.nullable(), wetUntil: z.number() })
            .strict()
            .nullable(),
          tableau: z.array(valueSchema).max(4),
          left: z.number().int().min(0),
        })
        .strict(),
    ),
    stacks: z.tuple([z.array(stackCardSchema), z.array(stackCardSchema)]),
    plays: z.number().int().min(0),
    at: z.number(),
    goAt: z.number().nullable(),
    places: z.array(z.array(seatSchema)).nullable(),
    idleEnd: z.boolean(),
    abandoned: z.boolean(),
    secrets: z.array(hexSchema).nullable(),
  })
  .strict() as z.ZodType<SpeedView>;
