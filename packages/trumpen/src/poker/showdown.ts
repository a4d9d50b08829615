/**
 * P5 and P6: the showdown, resolved level by level from the strongest category. At each level the
 * alive seats holding that category (D) reveal; a seat of D is eliminated when one of its cards is
 * also in the hand of another alive seat; every alive seat reveals the cards it holds that match
 * a card of D. Eliminations at a level are simultaneous, and the eliminated count against no one
 * afterwards. The first level with a survivor decides the round.
 */
import type { Card } from '../common/cards';
import { compareCards, sameCard } from '../common/cards';
import { CATEGORIES, classify, compareStrength } from './hands';
import type { Category, Classified } from './hands';

/** Cards a seat showed at a level. */
export interface Shown {
  readonly seat: number;
  cards: Card[];
}

/** One level of the showdown, as the table is told it. */
export interface Level {
  readonly category: Category;
  /** The alive seats holding this category (D), whose hands are revealed. */
  declarers: number[];
  /** The cards of other alive seats that match a card of D. */
  matches: Shown[];
  /** The seats of D with a card another alive seat also holds. */
  eliminated: number[];
}

export interface Showdown {
  readonly levels: readonly Level[];
  /** The deciding level's category, or null when nobody survived any level (no points). */
  readonly decidedAt: Category | null;
  readonly winners: readonly number[];
  /** Points each seat scores this round. */
  readonly points: readonly number[];
}

function holds(hand: readonly Card[], card: Card): boolean {
  return hand.some((own) => sameCard(own, card));
}

/** P6: who among the survivors of the deciding level wins. */
export function winnersAmong(
  survivors: readonly number[],
  classes: readonly Classified[],
  category: Category,
  pokerOrder: boolean,
): number[] {
  if (!pokerOrder && category !== 'highCard') return [...survivors];
  let best: readonly number[] | null = null;
  for (const seat of survivors) {
    const strength = classes[seat]!.strength;
    if (best === null || compareStrength(strength, best) > 0) best = strength;
  }
  return survivors.filter((seat) => compareStrength(classes[seat]!.strength, best!) === 0);
}

const SUIT_INDEX: Readonly<Record<string, number>> = { S: 0, H: 1, D: 2, C: 3 };
export const keyOf = (card: Card): number => card.value * 4 + (SUIT_INDEX[card.suit ?? 'S'] ?? 0);

export function resolveShowdown(
  hands: readonly (readonly Card[])[],
  pokerOrder: boolean,
): Showdown {
  return resolveClassified(hands, hands.map(classify), pokerOrder);
}

/** `resolveShowdown` with each hand's classification given (the greedy bot reuses them). */
export function resolveClassified(
  hands: readonly (readonly Card[])[],
  classes: readonly Classified[],
  pokerOrder: boolean,
): Showdown {
  const keys = hands.map((hand) => hand.map(keyOf));
  // How many alive seats hold each card: a seat of D is out when one of its cards is held twice.
  const held = new Uint8Array(60);
  for (const seatKeys of keys) for (const key of seatKeys) held[key]!++;
  let alive = hands.map((_, seat) => seat);
  const levels: Level[] = [];
  for (const category of CATEGORIES) {
    const declarers = alive.filter((seat) => classes[seat]!.category === category);
    if (declarers.length === 0) {
      levels.push({ category, declarers, matches: [], eliminated: [] });
      continue;
    }
    const eliminated = declarers.filter((seat) => keys[seat]!.some((key) => held[key]! > 1));
    const declared = new Uint8Array(60);
    for (const seat of declarers) for (const key of keys[seat]!) declared[key] = 1;
    const matches: Shown[] = [];
    for (const seat of alive) {
      if (declarers.includes(seat)) continue;
      const cards = hands[seat]!.filter((_, i) => declared[keys[seat]![i]!] === 1);
      if (cards.length > 0) matches.push({ seat, cards: cards.sort(compareCards) });
    }
    levels.push({ category, declarers, matches, eliminated });
    for (const seat of eliminated) for (const key of keys[seat]!) held[key]!--;
    alive = alive.filter((seat) => !eliminated.includes(seat));
    const survivors = declarers.filter((seat) => !eliminated.includes(seat));
    if (survivors.length > 0) {
      const winners = winnersAmong(survivors, classes, category, pokerOrder);
      const score = classes[winners[0]!]!.points;
      return {
        levels,
        decidedAt: category,
        winners,
        points: hands.map((_, seat) => (winners.includes(seat) ? score : 0)),
      };
    }
  }
  return { levels, decidedAt: null, winners: [], points: hands.map(() => 0) };
}

/** The cards of each seat revealed during the showdown: whole hands of D, matched cards of others. */
export function revealedCards(hands: readonly (readonly Card[])[], showdown: Showdown): Card[][] {
  const shown: Card[][] = hands.map(() => []);
  for (const level of showdown.levels) {
    for (const seat of level.declarers) shown[seat] = [...hands[seat]!];
    for (const match of level.matches) {
      for (const card of match.cards)
        if (!holds(shown[match.seat]!, card)) shown[match.seat]!.push(card);
    }
  }
  return shown.map((cards) => cards.sort(compareCards));
}
