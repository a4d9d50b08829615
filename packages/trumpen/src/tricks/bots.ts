/**
 * K9: Trick Taking's greedy bot. It writes three numbers drawn from the upper half of the numbers
 * with two or more free suits on the grid (a fixed choice would let the grid give its hand away);
 * leads its highest number in the free suit with the fewest free higher numbers; follows with the
 * lowest play that would make it the current winner, else its lowest play; among equals it avoids
 * completing a number, prefers completing a suit, then suit order.
 */
import { SUITS } from '../common/cards';
import { completes, leadAfter, legalPlays, onGrid, trickWinner } from './rules';
import type { Played } from './rules';
import type { Trick } from './state';

type Random = () => number;

export function greedyWrite(
  grid: readonly Played[],
  maxValue: number,
  random: Random,
  keep: readonly number[] = [],
): number[] {
  const open = Array.from({ length: maxValue }, (_, i) => i + 1).filter(
    (value) => SUITS.filter((suit) => !onGrid(grid, value, suit)).length >= 2,
  );
  const pool = open.length > 0 ? open.slice(Math.floor(open.length / 2)) : [maxValue];
  const values = keep.slice(0, 3);
  while (values.length < 3) values.push(pool[Math.floor(random() * pool.length)]!);
  return values;
}

const suitRank = (card: Played) => SUITS.indexOf(card.suit);

/** Orders equal-value plays: not completing a number first, then completing a suit, then suit order. */
function preference(grid: readonly Played[], maxValue: number) {
  return (a: Played, b: Played) => {
    if (a.value !== b.value) return a.value - b.value;
    const ca = completes(grid, a, maxValue);
    const cb = completes(grid, b, maxValue);
    if (ca.number !== cb.number) return ca.number ? 1 : -1;
    if (ca.suit !== cb.suit) return ca.suit ? -1 : 1;
    return suitRank(a) - suitRank(b);
  };
}

export function greedyPlay(
  seat: number,
  hand: readonly number[],
  grid: readonly Played[],
  trick: Trick,
  maxValue: number,
): Played | null {
  const legal = legalPlays(hand, grid, trick);
  if (legal.length === 0) return null;
  if (trick.lead === null) {
    const top = Math.max(...legal.map((c) => c.value));
    const freeHigher = (card: Played) => {
      let n = 0;
      for (let v = card.value + 1; v <= maxValue; v++) if (!onGrid(grid, v, card.suit)) n++;
      return n;
    };
    return legal
      .filter((c) => c.value === top)
      .sort((a, b) => freeHigher(a) - freeHigher(b) || suitRank(a) - suitRank(b))[0]!;
  }
  const sorted = [...legal].sort(preference(grid, maxValue));
  const wins = sorted.filter((card) => {
    const lead = leadAfter(trick, card);
    return trickWinner([...trick.plays, { seat, card }], lead) === seat;
  });
  return wins[0] ?? sorted[0]!;
}
