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

export function suitOf(card: Card): Suit {
  return card.slice(0, card.indexOf('-')) as Suit;
}

export function rankOf(card: Card): Rank {
  return card.slice(card.indexOf('-') + 1) as Rank;
}

/** T2: higher is stronger, 9 for a 3 down to 0 for a 4. */
export function strength(card: Card): number {
  return STRENGTH.length - 1 - STRENGTH.indexOf(rankOf(card));
}

/** T3: a card's worth in thirds of a point. */
export function thirds(card: Card): number {
  const rank = rankOf(card);
  if (rank === 'A') return 3;
  return rank === '3' || rank === '2' || rank === 'K' || rank === 'Kn' || rank === 'J' ? 1 : 0;
}

/** Hands are shown in one order: by suit, strongest first. */
export function compareCards(a: Card, b: Card): number {
  const bySuit = SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b));
  return bySuit !== 0 ? bySuit : strength(b) - strength(a);
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
