import { z } from 'zod';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

/** Standard suits first, then the Trepenta deck's extra suits in the order R4 adds them. */
export const SUITS = ['S', 'H', 'D', 'C', 'stars', 'moons', 'suns', 'leaves'] as const;
export type Suit = (typeof SUITS)[number];

/** A physical card. Its id is opaque: it says nothing about rank or suit (R2). */
export interface Card {
  readonly id: string;
  readonly rank: Rank;
  readonly suit: Suit;
}

/** What anyone can see of a public card: rank and suit, never an id (docs/rules/trepenta.md §7). */
export interface Face {
  readonly rank: Rank;
  readonly suit: Suit;
}

export const rankSchema = z.enum(RANKS);
export const suitSchema = z.enum(SUITS);
export const faceSchema = z.object({ rank: rankSchema, suit: suitSchema }).strict();
export const cardIdSchema = z.string().min(1).max(32);
export const cardSchema = z
  .object({ id: cardIdSchema, rank: rankSchema, suit: suitSchema })
  .strict();

// Maps, not plain objects: '2'…'10' would be array-index keys and 'A', 'J'… named ones, and a
// lookup mixing the two kinds takes the JavaScript engine's slow path.
const RANK_INDEX: ReadonlyMap<string, number> = new Map(RANKS.map((rank, index) => [rank, index]));

/** Position of a rank with the ace low: A = 0 … K = 12. */
export function rankIndex(rank: Rank): number {
  return RANK_INDEX.get(rank)!;
}

/** R3: ace 1, pips face value, J Q K 10; used both for points and for field matching. */
export function cardValue(card: Face): number {
  // From the rank's first character: '2'…'9' are their digit, 'A' is 1, and '10', J, Q, K are 10.
  const c = card.rank.charCodeAt(0);
  return c >= 50 && c <= 57 ? c - 48 : c === 65 ? 1 : 10;
}

export function faceOf(card: Face): Face {
  return { rank: card.rank, suit: card.suit };
}

export function sameFace(a: Face, b: Face): boolean {
  return a.rank === b.rank && a.suit === b.suit;
}

const SUIT_INDEX: ReadonlyMap<string, number> = new Map(SUITS.map((suit, index) => [suit, index]));

/**
 * Faces in a fixed order (rank, then suit): how hidden cards are shown once revealed, so their
 * order says nothing about when or how they arrived (§7).
 */
export function sortedFaces(cards: readonly Face[]): Face[] {
  return cards
    .map(faceOf)
    .sort(
      (a, b) =>
        RANK_INDEX.get(a.rank)! - RANK_INDEX.get(b.rank)! ||
        SUIT_INDEX.get(a.suit)! - SUIT_INDEX.get(b.suit)!,
    );
}

/** A stable key for a face, for multisets and sorting. */
export function faceKey(face: Face): string {
  return `${face.rank}${face.suit}`;
}

export const DECK_SETTINGS = ['challenging', 'casual', 'trepenta'] as const;
export type DeckSetting = (typeof DECK_SETTINGS)[number];

/** The cards in use for a game: how many copies of which suits (docs/rules/trepenta.md §1, R4, R5). */
export interface DeckComposition {
  readonly copies: number;
  readonly suits: readonly Suit[];
}

export function deckComposition(deck: DeckSetting, players: number): DeckComposition {
  switch (deck) {
    case 'challenging':
      return { copies: Math.max(1, Math.floor(players / 2)), suits: SUITS.slice(0, 4) };
    case 'casual':
      return { copies: Math.max(1, Math.ceil(players / 2)), suits: SUITS.slice(0, 4) };
    case 'trepenta':
      return { copies: 1, suits: SUITS.slice(0, Math.min(8, Math.max(4, players + 2))) };
  }
}

/** Every face in use, in canonical order (copy, suit, rank): the input order of the deal shuffle. */
export function canonicalDeck(composition: DeckComposition): Face[] {
  const faces: Face[] = [];
  for (let copy = 0; copy < composition.copies; copy++) {
    for (const suit of composition.suits) {
      for (const rank of RANKS) faces.push({ rank, suit });
    }
  }
  return faces;
}
