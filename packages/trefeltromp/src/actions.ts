/**
 * The vocabulary of the wire: player actions, system actions and events, each one union tagged on
 * `type` with its zod schema beside it. Events as emitted may hold hidden cards; `EventView` is
 * what one viewer receives (views.ts).
 */
import { z } from 'zod';
import { hex256Schema } from '@trepenta/engine';
import { CANONICAL_DECK } from './cards';
import type { Card } from './cards';

export const cardSchema = z.enum(CANONICAL_DECK as [string, ...string[]]);
const chips = z.number().int().min(0).max(1_000_000_000);

/** Betting moves (F8, F16): `to` is the seat's total for this call after a bet or raise. */
export type Move =
  | { readonly type: 'fold' }
  | { readonly type: 'check' }
  | { readonly type: 'call' }
  | { readonly type: 'bet'; readonly to: number }
  | { readonly type: 'raise'; readonly to: number }
  | { readonly type: 'stay' };

export type Action =
  | Move
  /** F13: the card to exchange, or null to keep the hand. */
  | { readonly type: 'draw'; readonly card: Card | null }
  /** F14: the card placed face down and locked (the rap). */
  | { readonly type: 'lock'; readonly card: Card }
  /** F17: ready for the next hand. */
  | { readonly type: 'ready' }
  /** F18: sit out from the next hand on, or come back. */
  | { readonly type: 'sitOut'; readonly out: boolean }
  /** F18: top up to the starting stack (less than one ante left). */
  | { readonly type: 'rebuy' }
  /** F19: show the cards still in one's hand when the hand has ended. */
  | { readonly type: 'show' };

export const ACTION_TYPES = [
  'fold',
  'check',
  'call',
  'bet',
  'raise',
  'stay',
  'draw',
  'lock',
  'ready',
  'sitOut',
  'rebuy',
  'show',
] as const;

export const actionSchema: z.ZodType<Action> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fold') }).strict(),
  z.object({ type: z.literal('check') }).strict(),
  z.object({ type: z.literal('call') }).strict(),
  z.object({ type: z.literal('bet'), to: chips }).strict(),
  z.object({ type: z.literal('raise'), to: chips }).strict(),
  z.object({ type: z.literal('stay') }).strict(),
  z.object({ type: z.literal('draw'), card: cardSchema.nullable() }).strict(),
  z.object({ type: z.literal('lock'), card: cardSchema }).strict(),
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('sitOut'), out: z.boolean() }).strict(),
  z.object({ type: z.literal('rebuy') }).strict(),
  z.object({ type: z.literal('show') }).strict(),
]);

const occupantSchema = z.union([z.literal('human'), z.literal('bot'), z.null()]);

export const systemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(actionSchema).max(8),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
  z
    .object({
      type: z.literal('nonces'),
      epoch: z.number().int().min(1),
      nonces: z.array(hex256Schema).max(8),
      hashes: z.array(hex256Schema.nullable()).max(8),
    })
    .strict(),
  z
    .object({
      type: z.literal('seat'),
      seat: z.number().int().min(0).max(7),
      occupant: occupantSchema,
    })
    .strict(),
  z.object({ type: z.literal('close') }).strict(),
]);

export interface PotView {
  amount: number;
  eligible: number[];
}

/** What happened, as emitted (hidden parts included). */
export type GameEvent =
  | {
      type: 'dealt';
      hand: number;
      dealer: number;
      antes: number[];
      cards: (Card[] | null)[];
      pots: PotView[];
    }
  | {
      type: 'acted';
      seat: number;
      move: Move['type'];
      put: number;
      to: number;
      allIn: boolean;
      byTimeout: boolean;
    }
  | { type: 'returned'; seat: number; amount: number }
  | { type: 'potPaid'; seat: number; amount: number }
  | { type: 'foldedToOne'; seat: number; amount: number }
  | { type: 'callEnded'; street: number; pots: PotView[] }
  | { type: 'drawChosen'; seat: number }
  | { type: 'drawn'; exchanged: number[]; swaps: ({ gave: Card; got: Card } | null)[] }
  | { type: 'locked'; seat: number }
  | { type: 'flipped'; reveal: number; cards: (Card | null)[] }
  | {
      type: 'share';
      reveal: number;
      pot: number;
      size: number;
      winner: number | null;
      amount: number;
      tied: number[];
    }
  | { type: 'privileged'; seat: number }
  | { type: 'handEnded'; hand: number; nets: number[]; carry: number }
  | { type: 'shown'; seat: number; cards: Card[] }
  | { type: 'ready'; seat: number }
  | { type: 'satOut'; seat: number; out: boolean }
  | { type: 'rebought'; seat: number; amount: number }
  | { type: 'cashedOut'; seat: number; amount: number }
  | { type: 'seated'; seat: number; occupant: 'human' | 'bot' | null }
  | { type: 'closed' }
  | { type: 'ended'; abandoned: boolean; by: string };

/** What one viewer receives of an event: only `dealt` and `drawn` differ from the emitted ones. */
export type EventView =
  | Exclude<GameEvent, { type: 'dealt' } | { type: 'drawn' }>
  | {
      type: 'dealt';
      hand: number;
      dealer: number;
      antes: number[];
      /** The viewer's own three cards; null for anyone else. */
      cards: Card[] | null;
      pots: PotView[];
    }
  | { type: 'drawn'; exchanged: number[]; mine: { gave: Card; got: Card } | null };

const seatNo = z.number().int().min(0).max(7);
const potSchema = z.object({ amount: chips, eligible: z.array(seatNo) }).strict();
const signed = z.number().int();

export const eventSchema: z.ZodType<EventView> = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('dealt'),
      hand: z.number().int().min(1),
      dealer: seatNo,
      antes: z.array(chips),
      cards: z.array(cardSchema).length(3).nullable(),
      pots: z.array(potSchema),
    })
    .strict(),
  z
    .object({
      type: z.literal('acted'),
      seat: seatNo,
      move: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'stay']),
      put: chips,
      to: chips,
      allIn: z.boolean(),
      byTimeout: z.boolean(),
    })
    .strict(),
  z.object({ type: z.literal('returned'), seat: seatNo, amount: chips }).strict(),
  z.object({ type: z.literal('potPaid'), seat: seatNo, amount: chips }).strict(),
  z.object({ type: z.literal('foldedToOne'), seat: seatNo, amount: chips }).strict(),
  z
    .object({
      type: z.literal('callEnded'),
      street: z.number().int().min(0).max(3),
      pots: z.array(potSchema),
    })
    .strict(),
  z.object({ type: z.literal('drawChosen'), seat: seatNo }).strict(),
  z
    .object({
      type: z.literal('drawn'),
      exchanged: z.array(seatNo),
      mine: z.object({ gave: cardSchema, got: cardSchema }).strict().nullable(),
    })
    .strict(),
  z.object({ type: z.literal('locked'), seat: seatNo }).strict(),
  z
    .object({
      type: z.literal('flipped'),
      reveal: z.number().int().min(0).max(2),
      cards: z.array(cardSchema.nullable()),
    })
    .strict(),
  z
    .object({
      type: z.literal('share'),
      reveal: z.number().int().min(0).max(2),
      pot: z.number().int().min(0),
      size: chips,
      winner: seatNo.nullable(),
      amount: chips,
      tied: z.array(seatNo),
    })
    .strict(),
  z.object({ type: z.literal('privileged'), seat: seatNo }).strict(),
  z
    .object({
      type: z.literal('handEnded'),
      hand: z.number().int(),
      nets: z.array(signed),
      carry: chips,
    })
    .strict(),
  z.object({ type: z.literal('shown'), seat: seatNo, cards: z.array(cardSchema).max(3) }).strict(),
  z.object({ type: z.literal('ready'), seat: seatNo }).strict(),
  z.object({ type: z.literal('satOut'), seat: seatNo, out: z.boolean() }).strict(),
  z.object({ type: z.literal('rebought'), seat: seatNo, amount: chips }).strict(),
  z.object({ type: z.literal('cashedOut'), seat: seatNo, amount: chips }).strict(),
  z.object({ type: z.literal('seated'), seat: seatNo, occupant: occupantSchema }).strict(),
  z.object({ type: z.literal('closed') }).strict(),
  z
    .object({
      type: z.literal('ended'),
      abandoned: z.boolean(),
      by: z.enum(['close', 'nobody', 'stuck', 'idle', 'abandon']),
    })
    .strict(),
]);
