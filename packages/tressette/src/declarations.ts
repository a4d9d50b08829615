/** T14: the combinations in a hand as dealt. */
import type { Seat } from '@trepenta/engine';
import { SUITS, cardOf, rankOf, suitOf } from './cards';
import type { Card, Rank } from './cards';
import type { Declaration } from './state';

const OF_A_KIND: readonly Rank[] = ['A', '2', '3'];

/**
 * Every combination in `cards`, each counted (T14c): three or four Aces, 2s or 3s (four scores 4
 * instead of 3), and each napoletana (Ace, 2 and 3 of one suit).
 */
export function combinations(seat: Seat, cards: readonly Card[]): Declaration[] {
  const found: Declaration[] = [];
  for (const rank of OF_A_KIND) {
    const same = cards.filter((card) => rankOf(card) === rank);
    const shown = SUITS.map((suit) => cardOf(suit, rank)).filter((card) => same.includes(card));
    if (shown.length === 4)
      found.push({ seat, kind: 'four', rank, suit: null, points: 4, cards: shown });
    else if (shown.length === 3) {
      const missing = SUITS.find((suit) => !shown.some((card) => suitOf(card) === suit))!;
      found.push({ seat, kind: 'three', rank, suit: missing, points: 3, cards: shown });
    }
  }
  for (const suit of SUITS) {
    const napoletana = (['A', '2', '3'] as const).map((rank) => cardOf(suit, rank));
    if (napoletana.every((card) => cards.includes(card)))
      found.push({ seat, kind: 'napoletana', rank: null, suit, points: 3, cards: napoletana });
  }
  return found;
}

/** The cards a player's declarations show, each once (T14d). */
export function declaredCards(declarations: readonly Declaration[], seat: Seat): Card[] {
  return [...new Set(declarations.filter((d) => d.seat === seat).flatMap((d) => d.cards))];
}
