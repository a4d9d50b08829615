/**
 * What each viewer of a 21 table may know (V4, the visibility table): their own draft, hand and
 * salt; everyone's face-up cards and best totals, the start player, who was asked and passed, the
 * scores and the commitments; the offered card's value only for its start player until it is
 * taken; everyone's written hands once a round ends (each card has then been shown).
 */
import { z } from 'zod';
import type { Viewer } from '@trepenta/engine';
import { valueSchema } from '../common/cards';
import type { DraftCard } from '../common/writing';
import { draftCardSchema } from '../common/writing';
import { hexSchema, seatSchema, viewerSchema } from '../common/base';
import { saltOf } from '../common/randomness';
import { bestTotal } from './score';
import { twentyOneSettingsSchema } from './state';
import type { TwentyOneSettings, TwentyOneState } from './state';

export interface TwentyOneRoundView {
  readonly round: number;
  readonly commitments: readonly string[];
  readonly standIn: readonly number[];
  /** The written hands this viewer may see (its own; everyone's once the round is over). */
  readonly written: readonly (readonly number[] | null)[];
  readonly finals: readonly number[] | null;
  readonly points: readonly number[] | null;
  readonly salts: readonly (string | null)[];
}

export interface TwentyOneView {
  readonly game: 'trumpen-21';
  readonly gameId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly seatCount: number;
  readonly settings: TwentyOneSettings;
  readonly round: number;
  readonly phase: 'writing' | 'offer' | 'respond' | 'between' | 'over';
  readonly abandoned: boolean;
  readonly done: readonly boolean[] | null;
  readonly ready: readonly boolean[];
  readonly draft: readonly DraftCard[] | null;
  readonly firstStarter: number;
  readonly deal: number;
  readonly starter: number;
  /** The viewer's cards in hand, lowest first (null for a spectator). */
  readonly hand: readonly number[] | null;
  readonly handCounts: readonly number[];
  readonly faceUp: readonly (readonly number[])[];
  /** V6's best total of each seat's face-up cards. */
  readonly totals: readonly number[];
  readonly offer: {
    readonly from: number;
    readonly value: number | null;
    readonly passed: readonly number[];
  } | null;
  readonly asked: number | null;
  readonly rounds: readonly TwentyOneRoundView[];
  readonly scores: readonly number[];
  readonly secret: string | null;
}

export function twentyOneViewFor(state: TwentyOneState, viewer: Viewer): TwentyOneView {
  const writing = state.phase === 'writing' ? state.writing : null;
  const over = state.phase === 'over';
  const offer = state.offer;
  const asked = offer
    ? (offer.from + 1 + offer.passed.length) % state.seatCount === offer.from
      ? null
      : (offer.from + 1 + offer.passed.length) % state.seatCount
    : null;
  return {
    game: 'trumpen-21',
    gameId: state.randomness.gameId,
    version: state.version,
    viewer,
    seatCount: state.seatCount,
    settings: state.settings,
    round: state.round,
    phase: state.phase,
    abandoned: state.abandoned,
    done: writing ? [...writing.done] : null,
    ready: [...state.ready],
    draft:
      writing && typeof viewer === 'number'
        ? (writing.drafts[viewer] ?? []).map((c) => ({ ...c }))
        : null,
    firstStarter: state.firstStarter,
    deal: state.deal,
    starter: state.starter,
    hand:
      typeof viewer === 'number' ? [...(state.hands[viewer] ?? [])].sort((a, b) => a - b) : null,
    handCounts: state.hands.map((hand) => hand.length),
    faceUp: state.faceUp.map((cards) => [...cards]),
    totals: state.faceUp.map((cards) => bestTotal(cards)),
    offer: offer
      ? {
          from: offer.from,
          value: viewer === offer.from ? offer.value : null,
          passed: [...offer.passed],
        }
      : null,
    asked: state.phase === 'respond' ? asked : null,
    rounds: state.rounds.map((record) => {
      const open = over || record.finals !== null;
      return {
        round: record.round,
        commitments: [...record.commitments],
        standIn: [...record.standIn],
        written: record.written.map((hand, seat) =>
          open || seat === viewer ? [...hand].sort((a, b) => a - b) : null,
        ),
        finals: record.finals ? [...record.finals] : null,
        points: record.points ? [...record.points] : null,
        salts: record.written.map((_, seat) =>
          over || seat === viewer ? saltOf(state.randomness, record.round, seat) : null,
        ),
      };
    }),
    scores: [...state.scores],
    secret: over ? state.randomness.secrets[0]! : null,
  };
}

const ints = z.array(z.number().int());
export const twentyOneViewSchema: z.ZodType<TwentyOneView> = z
  .object({
    game: z.literal('trumpen-21'),
    gameId: z.string(),
    version: z.number().int(),
    viewer: viewerSchema,
    seatCount: z.number().int(),
    settings: twentyOneSettingsSchema,
    round: z.number().int(),
    phase: z.enum(['writing', 'offer', 'respond', 'between', 'over']),
    abandoned: z.boolean(),
    done: z.array(z.boolean()).nullable(),
    ready: z.array(z.boolean()),
    draft: z.array(draftCardSchema).nullable(),
    firstStarter: seatSchema,
    deal: z.number().int(),
    starter: seatSchema,
    hand: z.array(valueSchema).nullable(),
    handCounts: ints,
    faceUp: z.array(z.array(valueSchema)),
    totals: ints,
    offer: z
      .object({ from: seatSchema, value: valueSchema.nullable(), passed: z.array(seatSchema) })
      .strict()
      .nullable(),
    asked: seatSchema.nullable(),
    rounds: z.array(
      z
        .object({
          round: z.number().int(),
          commitments: z.array(hexSchema),
          standIn: z.array(seatSchema),
          written: z.array(z.array(valueSchema).nullable()),
          finals: ints.nullable(),
          points: ints.nullable(),
          salts: z.array(hexSchema.nullable()),
        })
        .strict(),
    ),
    scores: ints,
    secret: hexSchema.nullable(),
  })
  .strict();
