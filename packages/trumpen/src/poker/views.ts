/**
 * What each viewer of a Poker table may know (P8's table): their own draft and hands and salts;
 * everyone's Done, the commitments, the showdown's levels, the hands it revealed and the scores;
 * the other hands when the round ends (Show all hands) or the game ends, with every salt and the
 * secret. Built from what the viewer may know, never by deleting from a copy.
 */
import { z } from 'zod';
import type { Viewer } from '@trepenta/engine';
import type { Card } from '../common/cards';
import { cardSchema } from '../common/cards';
import type { DraftCard } from '../common/writing';
import { draftCardSchema } from '../common/writing';
import { hexSchema, seatSchema, viewerSchema } from '../common/base';
import { saltOf } from '../common/randomness';
import { CATEGORIES } from './hands';
import type { Category } from './hands';
import type { Level } from './showdown';
import { revealedCards } from './showdown';
import { levelSchema, pokerMaxValue, pokerSettingsSchema } from './state';
import type { PokerRound, PokerSettings, PokerState } from './state';

export interface PokerRoundView {
  readonly round: number;
  readonly commitments: readonly string[];
  readonly levels: readonly Level[];
  readonly decidedAt: Category | null;
  readonly winners: readonly number[];
  readonly points: readonly number[];
  readonly standIn: readonly number[];
  /** Whole hands this viewer may see (null: hidden). */
  readonly hands: readonly (readonly Card[] | null)[];
  /** Cards of each seat revealed in the showdown (a hidden hand's matched cards). */
  readonly revealed: readonly (readonly Card[])[];
  /** Salts this viewer may see: their own at once, all at the game's end (C4). */
  readonly salts: readonly (string | null)[];
}

export interface PokerView {
  readonly game: 'trumpen-poker';
  readonly gameId: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly seatCount: number;
  readonly settings: PokerSettings;
  readonly maxValue: number;
  readonly round: number;
  readonly phase: 'writing' | 'between' | 'over';
  readonly abandoned: boolean;
  /** Done per seat while writing (public, C3). */
  readonly done: readonly boolean[] | null;
  readonly ready: readonly boolean[];
  /** The viewer's own draft while writing (private, C3). */
  readonly draft: readonly DraftCard[] | null;
  readonly rounds: readonly PokerRoundView[];
  readonly scores: readonly number[];
  /** The game's secret, once it is over (C6). */
  readonly secret: string | null;
}

function roundView(state: PokerState, record: PokerRound, viewer: Viewer): PokerRoundView {
  const over = state.phase === 'over';
  const declared = new Set(record.showdown.levels.flatMap((level) => level.declarers));
  const open = over || state.settings.showAllHands;
  return {
    round: record.round,
    commitments: [...record.commitments],
    levels: record.showdown.levels,
    decidedAt: record.showdown.decidedAt,
    winners: [...record.showdown.winners],
    points: [...record.showdown.points],
    standIn: [...record.standIn],
    hands: record.hands.map((hand, seat) =>
      open || seat === viewer || declared.has(seat) ? [...hand] : null,
    ),
    revealed: revealedCards(record.hands, record.showdown),
    salts: record.hands.map((_, seat) =>
      over || seat === viewer ? saltOf(state.randomness, record.round, seat) : null,
    ),
  };
}

export function pokerViewFor(state: PokerState, viewer: Viewer): PokerView {
  const writing = state.phase === 'writing' ? state.writing : null;
  return {
    game: 'trumpen-poker',
    gameId: state.randomness.gameId,
    version: state.version,
    viewer,
    seatCount: state.seatCount,
    settings: state.settings,
    maxValue: pokerMaxValue(state.seatCount),
    round: state.round,
    phase: state.phase,
    abandoned: state.abandoned,
    done: writing ? [...writing.done] : null,
    ready: [...state.ready],
    draft:
      writing && typeof viewer === 'number'
        ? (writing.drafts[viewer] ?? []).map((c) => ({ ...c }))
        : null,
    rounds: state.rounds.map((record) => roundView(state, record, viewer)),
    scores: [...state.scores],
    secret: state.phase === 'over' ? state.randomness.secrets[0]! : null,
  };
}

export const pokerViewSchema: z.ZodType<PokerView> = z
  .object({
    game: z.literal('trumpen-poker'),
    gameId: z.string(),
    version: z.number().int(),
    viewer: viewerSchema,
    seatCount: z.number().int(),
    settings: pokerSettingsSchema,
    maxValue: z.number().int(),
    round: z.number().int(),
    phase: z.enum(['writing', 'between', 'over']),
    abandoned: z.boolean(),
    done: z.array(z.boolean()).nullable(),
    ready: z.array(z.boolean()),
    draft: z.array(draftCardSchema).nullable(),
    rounds: z.array(
      z
        .object({
          round: z.number().int(),
          commitments: z.array(hexSchema),
          levels: z.array(levelSchema),
          decidedAt: z.enum(CATEGORIES).nullable(),
          winners: z.array(seatSchema),
          points: z.array(z.number().int()),
          standIn: z.array(seatSchema),
          hands: z.array(z.array(cardSchema).nullable()),
          revealed: z.array(z.array(cardSchema)),
          salts: z.array(hexSchema.nullable()),
        })
        .strict(),
    ),
    scores: z.array(z.number().int()),
    secret: hexSchema.nullable(),
  })
  .strict();
