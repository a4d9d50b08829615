/** The state of a Tressette game, its events as emitted (before redaction), and the parties. */
import type { Randomness, Seat } from '@trepenta/engine';
import type { Card, Rank, Suit } from './cards';
import type { TressetteSettings } from './settings';

export interface Play {
  readonly seat: Seat;
  readonly card: Card;
}

export interface Trick {
  readonly plays: readonly Play[];
  readonly winner: Seat;
}

/**
 * T14: one combination. What is announced is what a player would say: a napoletana's suit, the
 * suit missing from three of a kind, nothing more for four; `cards` are the cards it shows.
 */
export interface Declaration {
  readonly seat: Seat;
  readonly kind: 'napoletana' | 'three' | 'four';
  /** The rank of three or four of a kind; null for a napoletana. */
  readonly rank: Rank | null;
  /** A napoletana's suit, or the suit three of a kind is without; null for four. */
  readonly suit: Suit | null;
  readonly points: number;
  readonly cards: readonly Card[];
}

/** One party's part of a hand's score (T4, T16), counted so a player can check it by eye. */
export interface PartyScore {
  readonly seats: readonly Seat[];
  /** The counting cards in its tricks (those worth thirds), strongest suit order. */
  readonly counting: readonly Card[];
  /** Thirds from cards, without the last trick. */
  readonly cardThirds: number;
  readonly lastTrick: boolean;
  /** cardThirds + 3 for the last trick. */
  readonly thirds: number;
  /** floor(thirds / 3). */
  readonly cardPoints: number;
  readonly declarations: number;
  readonly score: number;
}

export interface HandScore {
  readonly hand: number;
  readonly dealer: Seat;
  readonly parties: readonly PartyScore[];
}

export type Phase = 'play' | 'between' | 'over';

export interface TressetteState {
  readonly schema: 1;
  readonly game: 'tressette';
  readonly settings: TressetteSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  /** The hand being played, or the last one played (1-based). */
  readonly hand: number;
  readonly dealer: Seat;
  readonly phase: Phase;
  /** Each seat's cards now. */
  readonly hands: readonly (readonly Card[])[];
  /** T12: the stock, top first (2 seats only). */
  readonly stock: readonly Card[];
  /** T20: each seat's cards the others know (declared, or drawn from the stock) still in hand. */
  readonly known: readonly (readonly Card[])[];
  /** Who plays next, while a hand is played. */
  readonly turn: Seat | null;
  readonly trick: readonly Play[];
  /** The tricks of this hand so far, in order. */
  readonly tricks: readonly Trick[];
  /** T14: the combinations found in the hands as dealt (announced after the first card). */
  readonly declarations: readonly Declaration[];
  readonly announced: boolean;
  /** Running totals, one per party. */
  readonly totals: readonly number[];
  /** Every finished hand's score (numbers only: the last one's breakdown is `lastHand`). */
  readonly history: readonly HandScore[];
  /** Between hands: who pressed Ready. */
  readonly ready: readonly boolean[];
  /** The winners' seats once over (parties' seats; ties share); null while played. */
  readonly winners: readonly Seat[] | null;
  readonly abandoned: boolean;
}

export type TressetteEvent =
  | {
      readonly type: 'dealt';
      readonly hand: number;
      readonly dealer: Seat;
      readonly hands: readonly (readonly Card[])[];
      readonly stock: number;
    }
  | { readonly type: 'played'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'declared'; readonly declarations: readonly Declaration[] }
  | { readonly type: 'trick'; readonly winner: Seat; readonly plays: readonly Play[] }
  | { readonly type: 'drew'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'handEnd'; readonly score: HandScore; readonly totals: readonly number[] }
  | { readonly type: 'ready'; readonly seat: Seat }
  | { readonly type: 'ended'; readonly winners: readonly Seat[]; readonly abandoned: boolean };

/** T5: with 4 seats, 0 and 2 against 1 and 3; otherwise each seat is a party. */
export function partyOf(seat: Seat, seatCount: number): number {
  return seatCount === 4 ? seat % 2 : seat;
}

export function partyCount(seatCount: number): number {
  return seatCount === 4 ? 2 : seatCount;
}

export function partySeats(party: number, seatCount: number): Seat[] {
  return seatCount === 4 ? [party, party + 2] : [party];
}

/** T6: the next player is the one on the right, seat (s − 1) mod n. */
export function nextSeat(seat: Seat, seatCount: number): Seat {
  return (seat - 1 + seatCount) % seatCount;
}

/** T8: tricks in a hand: every card is played. */
export function tricksPerHand(seatCount: number): number {
  return seatCount === 3 ? 13 : seatCount === 2 ? 20 : 10;
}
