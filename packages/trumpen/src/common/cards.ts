/**
 * Blank cards, once written (C1, C2): a value from A = 1 to K = 13 and, in the games that ask for
 * one, a suit. Suits never rank; their order here is the display order and the order of C4's hand
 * text (S H D C).
 */
import { z } from 'zod';

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export const suitSchema = z.enum(SUITS);

export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
};

/** The highest value a card can carry (K). */
export const TOP_VALUE = 13;
export const valueSchema = z.number().int().min(1).max(TOP_VALUE);

/** A written card. `suit` is null in the games that write values only (21, Trick Taking). */
export interface Card {
  readonly value: number;
  readonly suit: Suit | null;
}

export const cardSchema = z.object({ value: valueSchema, suit: suitSchema.nullable() }).strict();

/** How a value is spoken: A, 2–10, J, Q, K. */
export function valueName(value: number): string {
  if (value === 1) return 'A';
  if (value === 11) return 'J';
  if (value === 12) return 'Q';
  if (value === 13) return 'K';
  return String(value);
}

/** "7♠", "A", "10♥": a card as players read it. */
export function cardLabel(card: Card): string {
  return `${valueName(card.value)}${card.suit === null ? '' : SUIT_SYMBOLS[card.suit]}`;
}

/** C4's text of one card: the value as a number, then the suit letter if any ("1S", "10", "7H"). */
export function cardText(card: Card): string {
  return `${card.value}${card.suit ?? ''}`;
}

function suitIndex(suit: Suit | null): number {
  return suit === null ? -1 : SUITS.indexOf(suit);
}

/** Orders cards by value (numeric), then suit S H D C. */
export function compareCards(a: Card, b: Card): number {
  return a.value - b.value || suitIndex(a.suit) - suitIndex(b.suit);
}

/** C4's hand text: the cards sorted by value then suit, joined by commas ("1S,7H,7D,10S"). */
export function handText(cards: readonly Card[]): string {
  return [...cards].sort(compareCards).map(cardText).join(',');
}

export function sameCard(a: Card, b: Card): boolean {
  return a.value === b.value && a.suit === b.suit;
}
