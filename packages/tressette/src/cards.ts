/**
 * The Italian deck (T1–T3). A card is named by its suit and rank, `coins-A`: the deck holds each
 * once, so the name is the card, and a hidden card is hidden by leaving its name out.
 */
import { z } from 'zod';

/** Suit order: the canonical deck's, and T24's tie-break. */
export const SUITS = ['coins', 'cups', 'swords', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

/** Canonical order of ranks within a suit (T22: the order the deal shuffles from). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', 'J', 'Kn', 'K'] as const;
export type Rank = (typeof RANKS)[number];

/** T2: trick rank, strongest first. */
export const STRENGTH: readonly Rank[] = ['3', '2', 'A', 'K', 'Kn', 'J', '7', '6', '5', '4'];

export type Card = `${Suit}-${Rank}`;

export function cardOf(suit: Suit, rank: Rank): Card {
  return `${suit}-${rank}`;
}

export const CARDS: readonly Card[] = SUITS.flatMap((suit) =>
  RANKS.map((rank) => cardOf(suit, rank)),
);

/** T13: with three seats the 4 of Clubs is left out. */
export const LEFT_OUT_WITH_THREE: Card = 'clubs-4';

/** T22: the order the deal shuffles: Coins, Cups, Swords, Clubs, each A 2 3 4 5 6 7 J Kn K. */
export function canonicalDeck(seatCount: number): Card[] {
  return CARDS.filter((card) => seatCount !== 3 || card !== LEFT_OUT_WITH_THREE);
}

export const cardSchema = z.enum(CARDS as [Card, ...Card[]]);

interface CardInfo {
  readonly suit: Suit;
  readonly rank: Rank;
  readonly strength: number;
  readonly thirds: number;
  /** Display order: by suit, strongest first. */
  readonly order: number;
}

/** Every card's facts, looked up rather than parsed: the bots and views ask thousands of times. */
const INFO: Readonly<Record<Card, CardInfo>> = Object.fromEntries(
  SUITS.flatMap((suit, s) =>
    RANKS.map((rank) => {
      const strength = STRENGTH.length - 1 - STRENGTH.indexOf(rank);
      const thirds = rank === 'A' ? 3 : ['3', '2', 'K', 'Kn', 'J'].includes(rank) ? 1 : 0;
      return [cardOf(suit, rank), { suit, rank, strength, thirds, order: s * 10 + (9 - strength) }];
    }),
  ),
) as Record<Card, CardInfo>;

export function suitOf(card: Card): Suit {
  return INFO[card].suit;
}

export function rankOf(card: Card): Rank {
  return INFO[card].rank;
}

/** T2: higher is stronger, 9 for a 3 down to 0 for a 4. */
export function strength(card: Card): number {
  return INFO[card].strength;
}

/** T3: a card's worth in thirds of a point. */
export function thirds(card: Card): number {
  return INFO[card].thirds;
}

/** Hands are shown in one order: by suit, strongest first. */
export function compareCards(a: Card, b: Card): number {
  return INFO[a].order - INFO[b].order;
}

export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort(compareCards);
}

export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  coins: 'Coins',
  cups: 'Cups',
  swords: 'Swords',
  clubs: 'Clubs',
};
