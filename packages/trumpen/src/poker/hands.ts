/**
 * P3: TrumPen Poker's hands, classified by the server (nobody declares). A is 1 and low only, no
 * wrap; four of a kind is the four suits of one value and one more card; a hand is always its
 * best category. `classify` is a pure function of five distinct cards.
 */
import type { Card } from '../common/cards';

/** The categories, strongest first (the order of the showdown, P5). */
export const CATEGORIES = [
  'straightFlush',
  'fourOfAKind',
  'fullHouse',
  'flush',
  'straight',
  'threeOfAKind',
  'twoPair',
  'pair',
  'highCard',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** P3's points table. */
export const POINTS: Readonly<Record<Category, number>> = {
  straightFlush: 5,
  fourOfAKind: 4,
  fullHouse: 4,
  flush: 3,
  straight: 3,
  threeOfAKind: 2,
  twoPair: 2,
  pair: 1,
  highCard: 1,
};

export const CATEGORY_NAMES: Readonly<Record<Category, string>> = {
  straightFlush: 'straight flush',
  fourOfAKind: 'four of a kind',
  fullHouse: 'full house',
  flush: 'flush',
  straight: 'straight',
  threeOfAKind: 'three of a kind',
  twoPair: 'two pair',
  pair: 'pair',
  highCard: 'high card',
};

export interface Classified {
  readonly category: Category;
  readonly points: number;
  /**
   * Poker order within the category (P6's option), compared element by element, higher first:
   * a straight's top card; four of a kind then kicker; trips then pair; groups by size then value.
   */
  readonly strength: readonly number[];
}

export function classify(hand: readonly Card[]): Classified {
  const values = hand.map((card) => card.value).sort((a, b) => b - a);
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  // Groups: bigger first, then higher value first (the poker order of pairs, trips and kickers).
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const byGroups = groups.map(([value]) => value);
  const flush = hand.length === 5 && hand.every((card) => card.suit === hand[0]!.suit);
  const straight = groups.length === 5 && values[0]! - values[4]! === 4; // five distinct consecutive values
  const shape = groups.map(([, count]) => count).join('');
  let category: Category;
  let strength: number[];
  if (straight && flush) [category, strength] = ['straightFlush', [values[0]!]];
  else if (shape === '41') [category, strength] = ['fourOfAKind', byGroups];
  else if (shape === '32') [category, strength] = ['fullHouse', byGroups];
  else if (flush) [category, strength] = ['flush', values];
  else if (straight) [category, strength] = ['straight', [values[0]!]];
  else if (shape === '311') [category, strength] = ['threeOfAKind', byGroups];
  else if (shape === '221') [category, strength] = ['twoPair', byGroups];
  else if (shape === '2111') [category, strength] = ['pair', byGroups];
  else [category, strength] = ['highCard', values];
  return { category, points: POINTS[category], strength };
}

/** Compares two strengths: positive when `a` is stronger. */
export function compareStrength(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
