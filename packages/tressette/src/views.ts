/**
 * T20, T21: what each viewer is sent. A view is built from what the viewer may know: its own
 * hand, the others' counts and known cards, and everything public; nothing is deleted from a copy.
 */
import { z } from 'zod';
import type { Seat, Viewer } from '@trepenta/engine';
import { RANKS, SUITS, cardSchema, sortCards } from './cards';
import type { Card } from './cards';
import { settingsSchema } from './settings';
import type { TressetteSettings } from './settings';
import type {
  Declaration,
  HandScore,
  Phase,
  Play,
  TressetteEvent,
  TressetteState,
  Trick,
} from './state';
import { partyCount, partyOf, partySeats } from './state';

export interface SeatView {
  readonly party: number;
  /** How many cards the seat holds. */
  readonly cards: number;
  /** Its cards everyone knows (declared, or drawn from the stock), still in hand. */
  readonly known: readonly Card[];
  readonly ready: boolean;
}

/** A finished hand, as the score sheet keeps it. */
export interface HandLine {
  readonly hand: number;
  readonly dealer: Seat;
  readonly thirds: readonly number[];
  readonly declarations: readonly number[];
  readonly scores: readonly number[];
}

export interface TressetteView {
  readonly game: 'tressette';
  readonly viewer: Viewer;
  readonly gameId: string;
  readonly version: number;
  readonly seatCount: number;
  readonly settings: TressetteSettings;
  readonly hand: number;
  readonly dealer: Seat;
  readonly phase: Phase;
  readonly turn: Seat | null;
  /** The viewer's own hand; null for a spectator. */
  readonly cards: readonly Card[] | null;
  readonly seats: readonly SeatView[];
  /** T12: cards left in the stock (2 seats). */
  readonly stock: number;
  readonly trick: readonly Play[];
  /** T21: the last completed trick of this hand, the only one the table shows. */
  readonly lastTrick: Trick | null;
  /**
   * Every card played this hand: what any player could note from the public events (the bots use
   * it); the table does not show it during the hand (T21).
   */
  readonly gone: readonly Card[];
  readonly tricksPlayed: number;
  /** T14: this hand's declarations, once announced. */
  readonly declarations: readonly Declaration[];
  readonly parties: readonly { readonly seats: readonly Seat[]; readonly total: number }[];
  readonly history: readonly HandLine[];
  /** The last hand's breakdown, between hands and at the end. */
  readonly lastHand: HandScore | null;
  readonly winners: readonly Seat[] | null;
  readonly abandoned: boolean;
  /** The session's secret, once it is over (§10). */
  readonly secrets: readonly string[] | null;
}

export type TressetteEventView =
  | {
      readonly type: 'dealt';
      readonly hand: number;
      readonly dealer: Seat;
      /** The viewer's own cards; null for a spectator. */
      readonly cards: readonly Card[] | null;
      readonly counts: readonly number[];
      readonly stock: number;
    }
  | Exclude<TressetteEvent, { type: 'dealt' }>;

function handLine(score: HandScore): HandLine {
  return {
    hand: score.hand,
    dealer: score.dealer,
    thirds: score.parties.map((p) => p.thirds),
    declarations: score.parties.map((p) => p.declarations),
    scores: score.parties.map((p) => p.score),
  };
}

export function viewFor(state: TressetteState, viewer: Viewer): TressetteView {
  const n = state.seatCount;
  const own = typeof viewer === 'number' ? state.hands[viewer] : undefined;
  const last = state.tricks[state.tricks.length - 1];
  const finished = state.phase !== 'play' && state.history.length > 0;
  return {
    game: 'tressette',
    viewer,
    gameId: state.randomness.gameId,
    version: state.version,
    seatCount: n,
    settings: { ...state.settings },
    hand: state.hand,
    dealer: state.dealer,
    phase: state.phase,
    turn: state.turn,
    cards: own ? sortCards(own) : null,
    seats: state.hands.map((hand, seat) => ({
      party: partyOf(seat, n),
      cards: hand.length,
      known: sortCards(state.known[seat]!),
      ready: state.ready[seat]!,
    })),
    stock: state.stock.length,
    trick: state.trick.map((p) => ({ ...p })),
    lastTrick: last ? { plays: last.plays.map((p) => ({ ...p })), winner: last.winner } : null,
    gone: sortCards([
      ...state.tricks.flatMap((t) => t.plays.map((p) => p.card)),
      ...state.trick.map((p) => p.card),
    ]),
    tricksPlayed: state.tricks.length,
    declarations: state.announced ? state.declarations.map(copyDeclaration) : [],
    parties: Array.from({ length: partyCount(n) }, (_, party) => ({
      seats: partySeats(party, n),
      total: state.totals[party]!,
    })),
    history: state.history.map(handLine),
    lastHand: finished ? copyScore(state.history[state.history.length - 1]!) : null,
    winners: state.winners ? [...state.winners] : null,
    abandoned: state.abandoned,
    secrets: state.phase === 'over' ? [...state.randomness.secrets] : null,
  };
}

function copyDeclaration(d: Declaration): Declaration {
  return { ...d, cards: [...d.cards] };
}

function copyScore(score: HandScore): HandScore {
  return {
    hand: score.hand,
    dealer: score.dealer,
    parties: score.parties.map((p) => ({ ...p, seats: [...p.seats], counting: [...p.counting] })),
  };
}

export function eventFor(event: TressetteEvent, viewer: Viewer): TressetteEventView {
  switch (event.type) {
    case 'dealt': {
      const own = typeof viewer === 'number' ? event.hands[viewer] : undefined;
      return {
        type: 'dealt',
        hand: event.hand,
        dealer: event.dealer,
        cards: own ? sortCards(own) : null,
        counts: event.hands.map((h) => h.length),
        stock: event.stock,
      };
    }
    case 'played':
    case 'drew':
    case 'ready':
      return { ...event };
    case 'declared':
      return { type: 'declared', declarations: event.declarations.map(copyDeclaration) };
    case 'trick':
      return { type: 'trick', winner: event.winner, plays: event.plays.map((p) => ({ ...p })) };
    case 'handEnd':
      return { type: 'handEnd', score: copyScore(event.score), totals: [...event.totals] };
    case 'ended':
      return { type: 'ended', winners: [...event.winners], abandoned: event.abandoned };
  }
}

// ---- schemas: what the wire carries (the server and the tests check against them)

const seat = z.number().int().min(0).max(3);
const viewer = z.union([seat, z.literal('spectator')]);
const playSchema = z.object({ seat, card: cardSchema }).strict();
const trickSchema = z.object({ plays: z.array(playSchema).max(4), winner: seat }).strict();
const declarationSchema = z
  .object({
    seat,
    kind: z.enum(['napoletana', 'three', 'four']),
    rank: z.enum(RANKS).nullable(),
    suit: z.enum(SUITS).nullable(),
    points: z.number().int().min(3).max(4),
    cards: z.array(cardSchema).min(3).max(4),
  })
  .strict();
const partyScoreSchema = z
  .object({
    seats: z.array(seat).min(1).max(2),
    counting: z.array(cardSchema).max(24),
    cardThirds: z.number().int().min(0).max(32),
    lastTrick: z.boolean(),
    thirds: z.number().int().min(0).max(35),
    cardPoints: z.number().int().min(0).max(11),
    declarations: z.number().int().min(0),
    score: z.number().int().min(0),
  })
  .strict();
const handScoreSchema = z
  .object({ hand: z.number().int().min(1), dealer: seat, parties: z.array(partyScoreSchema) })
  .strict();
const count = z.number().int().min(0);

/** The view's fields (the patch schema extends them). */
export const viewObject = z
  .object({
    game: z.literal('tressette'),
    viewer,
    gameId: z.string(),
    version: count,
    seatCount: z.number().int().min(2).max(4),
    settings: settingsSchema,
    hand: count,
    dealer: seat,
    phase: z.enum(['play', 'between', 'over']),
    turn: seat.nullable(),
    cards: z.array(cardSchema).max(13).nullable(),
    seats: z.array(
      z
        .object({
          party: seat,
          cards: count.max(13),
          known: z.array(cardSchema).max(13),
          ready: z.boolean(),
        })
        .strict(),
    ),
    stock: count.max(20),
    trick: z.array(playSchema).max(3),
    lastTrick: trickSchema.nullable(),
    gone: z.array(cardSchema).max(40),
    tricksPlayed: count.max(20),
    declarations: z.array(declarationSchema),
    parties: z.array(z.object({ seats: z.array(seat), total: count }).strict()),
    history: z.array(
      z
        .object({
          hand: z.number().int().min(1),
          dealer: seat,
          thirds: z.array(count),
          declarations: z.array(count),
          scores: z.array(count),
        })
        .strict(),
    ),
    lastHand: handScoreSchema.nullable(),
    winners: z.array(seat).nullable(),
    abandoned: z.boolean(),
    secrets: z.array(z.string()).nullable(),
  })
  .strict();

export const viewSchema: z.ZodType<TressetteView> = viewObject;

export const eventSchema: z.ZodType<TressetteEventView> = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('dealt'),
      hand: z.number().int().min(1),
      dealer: seat,
      cards: z.array(cardSchema).max(13).nullable(),
      counts: z.array(count),
      stock: count.max(20),
    })
    .strict(),
  z.object({ type: z.literal('played'), seat, card: cardSchema }).strict(),
  z.object({ type: z.literal('declared'), declarations: z.array(declarationSchema) }).strict(),
  z.object({ type: z.literal('trick'), winner: seat, plays: z.array(playSchema).max(4) }).strict(),
  z.object({ type: z.literal('drew'), seat, card: cardSchema }).strict(),
  z.object({ type: z.literal('handEnd'), score: handScoreSchema, totals: z.array(count) }).strict(),
  z.object({ type: z.literal('ready'), seat }).strict(),
  z.object({ type: z.literal('ended'), winners: z.array(seat), abandoned: z.boolean() }).strict(),
]);
