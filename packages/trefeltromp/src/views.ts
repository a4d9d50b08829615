/**
 * What each viewer may know (F19), built from the state field by field: a viewer's own cards, the
 * faces everyone has seen, and the public table. Nothing is copied and then deleted.
 */
import { z } from 'zod';
import type { Viewer } from '@trepenta/engine';
import type { Card } from './cards';
import { cardSchema } from './actions';
import type { EventView, GameEvent, PotView } from './actions';
import { settingsSchema } from './settings';
import type { Settings } from './settings';
import type { GameState, Stage } from './state';

export interface SeatView {
  occupant: 'human' | 'bot' | null;
  stack: number;
  /** Chips put into the call in progress. */
  bet: number;
  inHand: boolean;
  folded: boolean;
  allIn: boolean;
  stayed: boolean;
  privileged: boolean;
  acted: boolean;
  facedAt: number | null;
  sittingOut: boolean;
  waiting: boolean;
  ready: boolean;
  cardCount: number;
  revealed: Card[];
  /** Locked a card for the reveal in progress (which one: only its owner knows). */
  locked: boolean;
  /** Chose for the draw (what: only its owner knows). */
  drawChosen: boolean;
  /** After the draw: whether the seat exchanged a card. */
  exchanged: boolean | null;
  /** Shown voluntarily after the last hand. */
  shown: Card[] | null;
  /** The current occupant's net chips: stack − bought in. */
  net: number;
}

export interface StintView {
  seat: number;
  occupant: 'human' | 'bot';
  bought: number;
  seated: boolean;
  hands: number;
  /** Stack (or cash-out) + carry-over shares − bought in. */
  result: number;
}

export interface View {
  viewer: Viewer;
  gameId: string;
  version: number;
  settings: Settings;
  phase: 'between' | 'hand' | 'over';
  handsDealt: number;
  stage: Stage | null;
  street: number | null;
  dealer: number | null;
  turn: number | null;
  call: { highest: number; raiseSize: number; fullRaises: number } | null;
  pots: PotView[];
  /** The last reveal of this hand: per pot, its size, the winner (null: a tie) and the share. */
  lastReveal: {
    reveal: number;
    shares: { size: number; winner: number | null; amount: number }[];
  } | null;
  carry: { amount: number; tied: number[] }[];
  seats: SeatView[];
  /** The viewer's own cards (between hands: those of the last hand not yet revealed). */
  mine: {
    cards: Card[];
    lock: Card | null;
    draw: { card: Card | null } | null;
    discarded: Card | null;
    received: Card | null;
  } | null;
  stints: StintView[];
  history: number[][];
  lastDealer: number | null;
  closed: boolean;
  wantsNonces: number | null;
  abandoned: boolean;
  endedBy: GameState['endedBy'];
  secrets: string[] | null;
}

export function viewFor(state: GameState, viewer: Viewer): View {
  const hand = state.hand;
  const own = typeof viewer === 'number' ? viewer : -1;
  const lastReveal = hand ? hand.lastReveal : (state.lastHand?.lastReveal ?? null);
  const mineOf = (): View['mine'] => {
    if (own < 0) return null;
    const p = hand?.players[own];
    if (p)
      return {
        cards: [...p.cards],
        lock: p.lock,
        draw: p.draw ? { card: p.draw.card } : null,
        discarded: p.discarded,
        received: p.received,
      };
    const last = state.lastHand?.unshown[own];
    if (!hand && last && last.length > 0)
      return { cards: [...last], lock: null, draw: null, discarded: null, received: null };
    return null;
  };
  return {
    viewer,
    gameId: state.randomness.gameId,
    version: state.version,
    settings: { ...state.settings },
    phase: state.phase,
    handsDealt: state.handsDealt,
    stage: hand?.stage ?? null,
    street: hand?.street ?? null,
    dealer: hand?.dealer ?? null,
    turn: hand?.stage === 'call' ? hand.call.turn : null,
    call:
      hand?.stage === 'call'
        ? {
            highest: hand.call.highest,
            raiseSize: hand.call.raiseSize,
            fullRaises: hand.call.fullRaises,
          }
        : null,
    pots: (hand?.pots ?? []).map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
    lastReveal: lastReveal
      ? {
          reveal: lastReveal.reveal,
          shares: lastReveal.shares.map((x) => ({
            size: x.size,
            winner: x.winner,
            amount: x.amount,
          })),
        }
      : null,
    carry: state.carry.map((c) => ({ amount: c.amount, tied: [...c.tied] })),
    seats: state.seats.map((s, i): SeatView => {
      const p = hand?.players[i] ?? null;
      const stint = s.stint === null ? null : state.stints[s.stint]!;
      return {
        occupant: s.occupant,
        stack: s.stack,
        bet: hand?.call.bets[i] ?? 0,
        inHand: p !== null,
        folded: p?.folded ?? false,
        allIn: p?.allIn ?? false,
        stayed: p?.stayed ?? false,
        privileged: p?.privileged ?? false,
        acted: hand?.call.acted[i] ?? false,
        facedAt: hand?.call.facedAt[i] ?? null,
        sittingOut: s.sittingOut,
        waiting: s.waiting,
        ready: s.ready,
        cardCount: p?.cards.length ?? 0,
        revealed: p ? [...p.revealed] : [],
        locked: hand?.stage === 'reveal' && p?.lock != null,
        drawChosen: hand?.stage === 'draw' && p?.draw != null,
        exchanged: p && hand && hand.street > 0 ? p.discarded !== null : null,
        shown: state.lastHand?.shown[i] ? [...state.lastHand.shown[i]] : null,
        net: stint ? s.stack - stint.bought : 0,
      };
    }),
    mine: mineOf(),
    stints: state.stints.map((t) => {
      const seated = t.cashedOut === null;
      const held = seated ? state.seats[t.seat]!.stack : t.cashedOut;
      return {
        seat: t.seat,
        occupant: t.occupant,
        bought: t.bought,
        seated,
        hands: t.hands,
        result: held + t.shares - t.bought,
      };
    }),
    history: state.history.map((row) => [...row]),
    lastDealer: state.lastDealer,
    closed: state.closed,
    wantsNonces: state.wantsNonces,
    abandoned: state.abandoned,
    endedBy: state.endedBy,
    secrets: state.phase === 'over' ? [...state.randomness.secrets] : null,
  };
}

export function eventFor(event: GameEvent, viewer: Viewer): EventView {
  switch (event.type) {
    case 'dealt':
      return {
        type: 'dealt',
        hand: event.hand,
        dealer: event.dealer,
        antes: [...event.antes],
        cards: typeof viewer === 'number' && event.cards[viewer] ? [...event.cards[viewer]] : null,
        pots: event.pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
      };
    case 'drawn': {
      const mine = typeof viewer === 'number' ? (event.swaps[viewer] ?? null) : null;
      return {
        type: 'drawn',
        exchanged: [...event.exchanged],
        mine: mine ? { gave: mine.gave, got: mine.got } : null,
      };
    }
    case 'acted':
    case 'returned':
    case 'potPaid':
    case 'foldedToOne':
    case 'callEnded':
    case 'drawChosen':
    case 'locked':
    case 'flipped':
    case 'share':
    case 'privileged':
    case 'handEnded':
    case 'shown':
    case 'ready':
    case 'satOut':
    case 'rebought':
    case 'cashedOut':
    case 'seated':
    case 'closed':
    case 'ended':
      // Public events: everyone receives the same (a copy, never the state's own arrays).
      return JSON.parse(JSON.stringify(event)) as EventView;
  }
}

const seatNo = z.number().int().min(0).max(7);
const chips = z.number().int().min(0);
const potSchema = z.object({ amount: chips, eligible: z.array(seatNo) }).strict();

export const viewSchema: z.ZodType<View> = z
  .object({
    viewer: z.union([seatNo, z.literal('spectator')]),
    gameId: z.string(),
    version: z.number().int().min(0),
    settings: settingsSchema,
    phase: z.enum(['between', 'hand', 'over']),
    handsDealt: z.number().int().min(0),
    stage: z.enum(['call', 'draw', 'reveal']).nullable(),
    street: z.number().int().min(0).max(3).nullable(),
    dealer: seatNo.nullable(),
    turn: seatNo.nullable(),
    call: z
      .object({ highest: chips, raiseSize: chips, fullRaises: z.number().int().min(0) })
      .strict()
      .nullable(),
    pots: z.array(potSchema),
    lastReveal: z
      .object({
        reveal: z.number().int().min(0).max(2),
        shares: z.array(
          z.object({ size: chips, winner: seatNo.nullable(), amount: chips }).strict(),
        ),
      })
      .strict()
      .nullable(),
    carry: z.array(z.object({ amount: chips, tied: z.array(z.number().int().min(0)) }).strict()),
    seats: z.array(
      z
        .object({
          occupant: z.union([z.literal('human'), z.literal('bot'), z.null()]),
          stack: chips,
          bet: chips,
          inHand: z.boolean(),
          folded: z.boolean(),
          allIn: z.boolean(),
          stayed: z.boolean(),
          privileged: z.boolean(),
          acted: z.boolean(),
          facedAt: chips.nullable(),
          sittingOut: z.boolean(),
          waiting: z.boolean(),
          ready: z.boolean(),
          cardCount: z.number().int().min(0).max(3),
          revealed: z.array(cardSchema).max(3),
          locked: z.boolean(),
          drawChosen: z.boolean(),
          exchanged: z.boolean().nullable(),
          shown: z.array(cardSchema).max(3).nullable(),
          net: z.number().int(),
        })
        .strict(),
    ),
    mine: z
      .object({
        cards: z.array(cardSchema).max(3),
        lock: cardSchema.nullable(),
        draw: z.object({ card: cardSchema.nullable() }).strict().nullable(),
        discarded: cardSchema.nullable(),
        received: cardSchema.nullable(),
      })
      .strict()
      .nullable(),
    stints: z.array(
      z
        .object({
          seat: seatNo,
          occupant: z.enum(['human', 'bot']),
          bought: chips,
          seated: z.boolean(),
          hands: z.number().int().min(0),
          result: z.number().int(),
        })
        .strict(),
    ),
    history: z.array(z.array(z.number().int())),
    lastDealer: seatNo.nullable(),
    closed: z.boolean(),
    wantsNonces: z.number().int().nullable(),
    abandoned: z.boolean(),
    endedBy: z.enum(['close', 'nobody', 'stuck', 'idle', 'abandon']).nullable(),
    secrets: z.array(z.string()).nullable(),
  })
  .strict();
