/**
 * Trick Taking's pure rules: the grid of played cards (K3), the legal plays (K4), the winner of a
 * trick (K5) and what a card completes (K6).
 */
import type { Suit } from '../common/cards';
import { SUITS } from '../common/cards';

/** A card on the table: a written number and the suit its player chose when playing it. */
export interface Played {
  readonly value: number;
  readonly suit: Suit;
}

/** K1: the top number, from the seats at the start. */
export function tricksMaxValue(seatCount: number): number {
  return 2 * seatCount + 1;
}

const key = (value: number, suit: Suit) => `${value}${suit}`;

export function onGrid(grid: readonly Played[], value: number, suit: Suit): boolean {
  return grid.some((card) => card.value === value && card.suit === suit);
}

/** What the current player of a trick needs to know: the lead suit and the last number played. */
export interface TrickSoFar {
  readonly lead: Suit | null;
  readonly last: number | null;
}

/** K4: every legal play from a hand of numbers, in value then suit order (empty: a forced pass). */
export function legalPlays(
  hand: readonly number[],
  grid: readonly Played[],
  trick: TrickSoFar,
): Played[] {
  const taken = new Set(grid.map((card) => key(card.value, card.suit)));
  const free = (value: number, suit: Suit) => !taken.has(key(value, suit));
  const values = [...new Set(hand)].sort((a, b) => a - b);
  const any = values.flatMap((value) =>
    SUITS.filter((suit) => free(value, suit)).map((suit) => ({ value, suit })),
  );
  // a. No card yet in this trick: anything free; its suit becomes the lead.
  if (trick.lead === null) return any;
  // b. Follows: the lead suit, or the last card's number in another suit (which changes the lead).
  const follows = any.filter(
    (card) => card.suit === trick.lead || (trick.last !== null && card.value === trick.last),
  );
  if (follows.length > 0) return follows;
  // c. Else any free card, off-suit; d. none: a pass.
  return any;
}

/** The lead suit after a card is played into a trick (K4a, K4b). */
export function leadAfter(trick: TrickSoFar, card: Played): Suit {
  if (trick.lead === null) return card.suit;
  if (card.suit !== trick.lead && trick.last !== null && card.value === trick.last)
    return card.suit;
  return trick.lead;
}

/** K5: the seat whose card is the highest in the final lead suit (null: a void trick). */
export function trickWinner(
  plays: readonly { readonly seat: number; readonly card: Played | null }[],
  lead: Suit | null,
): number | null {
  let best: { seat: number; value: number } | null = null;
  for (const play of plays) {
    if (!play.card || play.card.suit !== lead) continue;
    if (!best || play.card.value > best.value) best = { seat: play.seat, value: play.card.value };
  }
  return best?.seat ?? null;
}

/** K6: what a card completes once on the grid: its number (all four suits) and/or its suit. */
export function completes(
  gridBefore: readonly Played[],
  card: Played,
  maxValue: number,
): { number: boolean; suit: boolean } {
  const grid = [...gridBefore, card];
  const number = SUITS.every((suit) => onGrid(grid, card.value, suit));
  let suit = true;
  for (let value = 1; value <= maxValue && suit; value++)
    if (!onGrid(grid, value, card.suit)) suit = false;
  return { number, suit };
}
