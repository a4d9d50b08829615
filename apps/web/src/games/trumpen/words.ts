/** How TrumPen's written cards are said and shown, shared by the three TrumPen tables. */
import type { Card, DraftCard, Suit } from '@trepenta/trumpen';

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_WORD: Record<Suit, string> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
};

export function valueText(value: number): string {
  return value === 1
    ? 'A'
    : value === 11
      ? 'J'
      : value === 12
        ? 'Q'
        : value === 13
          ? 'K'
          : String(value);
}

export function valueWord(value: number): string {
  return value === 1
    ? 'ace'
    : value === 11
      ? 'jack'
      : value === 12
        ? 'queen'
        : value === 13
          ? 'king'
          : String(value);
}

/** "7♠", "A": a card as the table shows it. */
export function cardShort(card: Card | DraftCard): string {
  const value = card.value === null ? '?' : valueText(card.value);
  return `${value}${card.suit ? SUIT_SYMBOL[card.suit] : ''}`;
}

/** "7 of spades", "ace": a card in words (screen readers, the log). */
export function cardWords(card: Card | DraftCard): string {
  if (card.value === null && card.suit === null) return 'blank';
  const value = card.value === null ? 'no value yet' : valueWord(card.value);
  return card.suit ? `${value} of ${SUIT_WORD[card.suit]}` : value;
}

export function cardsShort(cards: readonly (Card | DraftCard)[]): string {
  return cards.map(cardShort).join(' ');
}

/** "Ann", "Ann and Ben", "Ann, Ben and Cho". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
