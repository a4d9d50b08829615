/**
 * What each viewer of a Trick Taking table may know (K7's table): their own numbers, draft and
 * salt; everyone's hand sizes, the grid, the trick (lead suit, last number, plays and passes), the
 * scores and commitments; each card when played, the unplayable ones at round end.
 */
import { z } from 'zod';
import type { Viewer } from '@trepenta/engine';
import { suitSchema, valueSchema } from '../common/cards';
import type { Suit } from '../common/cards';
import type { DraftCard } from '../common/writing';
import { draftCardSchema } from '../common/writing';
import { hexSchema, seatSchema, viewerSchema } from '../common/base';
import { saltOf } from '../common/randomness';
import { tricksMaxValue } from './rules';
import type { Played } from './rules';
import { tricksSettingsSchema } from './state';
import type { TrickPlay, TricksSettings, TricksState } from './state';

export interface TrickView {
  readonly number: number;
  readonly leader: number;
  readonly plays: readonly TrickPlay[];
  readonly lead: Suit | null;
  readonly last: number | null;
  readonly winner: number | null;
}

export interface TricksView {
  readonly game: 'trumpen-tricks';
  readonly gameId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly seatCount: number;
  readonly settings: TricksSettings;
  readonly maxValue: number;
  readonly round: number;
  readonly phase: 'writing' | 'play' | 'between' | 'over';
  readonly abandoned: boolean;
  readonly done: readonly boolean[] | null;
  readonly ready: readonly boolean[];
  readonly draft: readonly DraftCard[] | null;
  readonly hand: readonly number[] | null;
  readonly handCounts: readonly number[];
  readonly grid: readonly Played[];
  /** The trick in play (winner null), or null. */
  readonly trick: TrickView | null;
  readonly toPlay: number | null;
  /** This round's finished tricks. */
  readonly tricks: readonly TrickView[];
  readonly leader: number;
  readonly rounds: readonly {
    readonly round: number;
    readonly commitments: readonly string[];
    readonly standIn: readonly number[];
    readonly written: readonly (readonly number[] | null)[];
    readonly unplayed: readonly (readonly number[])[] | null;
    readonly salts: readonly (string | null)[];
  }[];
  readonly points: readonly (readonly number[])[];
  readonly scores: readonly number[];
  readonly secret: string | null;
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const trickView = (trick: Omit<TrickView, 'winner'>, winner: number | null): TrickView => ({
  number: trick.number,
  leader: trick.leader,
  plays: trick.plays.map((p) => ({ seat: p.seat, card: p.card ? { ...p.card } : null })),
  lead: trick.lead,
  last: trick.last,
  winner,
});

export function tricksViewFor(state: TricksState, viewer: Viewer): TricksView {
  const writing = state.phase === 'writing' ? state.writing : null;
  const over = state.phase === 'over';
  const trick = state.trick;
  return {
    game: 'trumpen-tricks',
    gameId: state.randomness.gameId,
    version: state.version,
    viewer,
    seatCount: state.seatCount,
    settings: state.settings,
    maxValue: tricksMaxValue(state.seatCount),
    round: state.round,
    phase: state.phase,
    abandoned: state.abandoned,
    done: writing ? [...writing.done] : null,
    ready: [...state.ready],
    draft:
      writing && typeof viewer === 'number'
        ? (writing.drafts[viewer] ?? []).map((c) => ({ ...c }))
        : null,
    hand: typeof viewer === 'number' ? sorted(state.hands[viewer] ?? []) : null,
    handCounts: state.hands.map((hand) => hand.length),
    grid: state.grid.map((card) => ({ ...card })),
    trick: trick ? trickView(trick, null) : null,
    toPlay:
      state.phase === 'play' && trick && trick.plays.length < state.seatCount
        ? (trick.leader + trick.plays.length) % state.seatCount
        : null,
    tricks: state.tricks.map((t) => trickView(t, t.winner)),
    leader: state.leader,
    rounds: state.rounds.map((record) => ({
      round: record.round,
      commitments: [...record.commitments],
      standIn: [...record.standIn],
      written: record.written.map((hand, seat) =>
        over || record.unplayed !== null || seat === viewer ? sorted(hand) : null,
      ),
      unplayed: record.unplayed ? record.unplayed.map(sorted) : null,
      salts: record.written.map((_, seat) =>
        over || seat === viewer ? saltOf(state.randomness, record.round, seat) : null,
      ),
    })),
    points: state.points.map((row) => [...row]),
    scores: [...state.scores],
    secret: over ? state.randomness.secrets[0]! : null,
  };
}

const ints = z.array(z.number().int());
const playedSchema = z.object({ value: valueSchema, suit: suitSchema }).strict();
const trickSchema = z
  .object({
    number: z.number().int(),
    leader: seatSchema,
    plays: z.array(z.object({ seat: seatSchema, card: playedSchema.nullable() }).strict()),
    lead: suitSchema.nullable(),
    last: valueSchema.nullable(),
    winner: seatSchema.nullable(),
  })
  .strict();

export const tricksViewSchema: z.ZodType<TricksView> = z
  .object({
    game: z.literal('trumpen-tricks'),
    gameId: z.string(),
    version: z.number().int(),
    viewer: viewerSchema,
    seatCount: z.number().int(),
    settings: tricksSettingsSchema,
    maxValue: z.number().int(),
    round: z.number().int(),
    phase: z.enum(['writing', 'play', 'between', 'over']),
    abandoned: z.boolean(),
    done: z.array(z.boolean()).nullable(),
    ready: z.array(z.boolean()),
    draft: z.array(draftCardSchema).nullable(),
    hand: z.array(valueSchema).nullable(),
    handCounts: ints,
    grid: z.array(playedSchema),
    trick: trickSchema.nullable(),
    toPlay: seatSchema.nullable(),
    tricks: z.array(trickSchema),
    leader: seatSchema,
    rounds: z.array(
      z
        .object({
          round: z.number().int(),
          commitments: z.array(hexSchema),
          standIn: z.array(seatSchema),
          written: z.array(z.array(valueSchema).nullable()),
          unplayed: z.array(z.array(valueSchema)).nullable(),
          salts: z.array(hexSchema.nullable()),
        })
        .strict(),
    ),
    points: z.array(ints),
    scores: ints,
    secret: hexSchema.nullable(),
  })
  .strict();
