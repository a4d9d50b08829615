/**
 * P10 and P11: how a bot writes its hand. The greedy bot scores candidate hands (straight flushes,
 * four of a kinds, full houses, random legal hands) by their mean points against sampled tables of
 * opponents who write any legal hand, and writes the best. Counts and probabilities are tuning,
 * not rules; they are kept small enough for a bot to decide in milliseconds.
 */
import type { Card, Suit } from '../common/cards';
import { SUITS, handText, sameCard } from '../common/cards';
import { CATEGORIES, classify } from './hands';
import { keyOf, winnersAmong } from './showdown';

/**
 * Tuning (P11): candidates drawn from the structured hands, random candidates, sampled tables, and
 * how often an imagined opponent writes each kind of hand (the rest: any legal hand). Measured
 * (`pnpm simulate --game trumpen-poker`): opponents imagined as writing any legal hand make a bot
 * that clearly beats random writers; imagined as favouring the strong hands (as first tuned) it
 * lost to them, because strong hands share cards and are eliminated first (P5).
 */
export const GREEDY_TUNING = {
  structured: 8,
  random: 40,
  tables: 48,
  straightFlush: 0,
  fourOfAKind: 0,
  fullHouse: 0,
} as const;

type Random = () => number;

function pickOne<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

function card(value: number, suit: Suit): Card {
  return { value, suit };
}

const cache = new Map<string, Card[][]>();

function cached(key: string, build: () => Card[][]): Card[][] {
  let hands = cache.get(key);
  if (!hands) cache.set(key, (hands = build()));
  return hands;
}

export function straightFlushes(maxValue: number): Card[][] {
  return cached(`sf${maxValue}`, () => {
    const out: Card[][] = [];
    for (const suit of SUITS)
      for (let low = 1; low + 4 <= maxValue; low++)
        out.push([0, 1, 2, 3, 4].map((d) => card(low + d, suit)));
    return out;
  });
}

export function fourOfAKinds(maxValue: number): Card[][] {
  return cached(`4k${maxValue}`, () => {
    const out: Card[][] = [];
    for (let value = 1; value <= maxValue; value++)
      for (let kicker = 1; kicker <= maxValue; kicker++) {
        if (kicker === value) continue;
        for (const suit of SUITS)
          out.push([...SUITS.map((s) => card(value, s)), card(kicker, suit)]);
      }
    return out;
  });
}

const TRIPLES: readonly (readonly Suit[])[] = SUITS.map((left) => SUITS.filter((s) => s !== left));
const PAIRS: readonly (readonly Suit[])[] = SUITS.flatMap((a, i) =>
  SUITS.slice(i + 1).map((b) => [a, b]),
);

export function fullHouses(maxValue: number): Card[][] {
  return cached(`fh${maxValue}`, () => {
    const out: Card[][] = [];
    for (let three = 1; three <= maxValue; three++)
      for (let two = 1; two <= maxValue; two++) {
        if (two === three) continue;
        for (const t of TRIPLES)
          for (const p of PAIRS)
            out.push([...t.map((s) => card(three, s)), ...p.map((s) => card(two, s))]);
      }
    return out;
  });
}

/** Any legal hand: five distinct cards in range. */
export function randomHand(maxValue: number, random: Random, keep: readonly Card[] = []): Card[] {
  const hand = [...keep];
  while (hand.length < 5) {
    const next = card(1 + Math.floor(random() * maxValue), pickOne(SUITS, random));
    if (!hand.some((c) => sameCard(c, next))) hand.push(next);
  }
  return hand;
}

const RANK: Readonly<Record<string, number>> = Object.fromEntries(
  CATEGORIES.map((category, i) => [category, i]),
);

/**
 * P5 for one seat, without the showdown's record: the survivors of the deciding level when `seat`
 * is among them, else none (it cannot score). `held` is scratch space (returned zeroed).
 */
function survivorsWith(
  keys: readonly (readonly number[])[],
  ranks: readonly number[],
  seat: number,
  held: Uint8Array,
): number[] {
  for (const seatKeys of keys) for (const key of seatKeys) held[key]!++;
  let alive = (1 << keys.length) - 1;
  const survivors: number[] = [];
  for (let rank = 0; rank < CATEGORIES.length; rank++) {
    let declarers = 0;
    let out = 0;
    for (let s = 0; s < keys.length; s++) {
      if (!(alive & (1 << s)) || ranks[s] !== rank) continue;
      declarers |= 1 << s;
      if (keys[s]!.some((key) => held[key]! > 1)) out |= 1 << s;
    }
    if (declarers === 0) continue;
    if (declarers !== out) {
      const kept = declarers & ~out;
      if (kept & (1 << seat))
        for (let s = 0; s < keys.length; s++) if (kept & (1 << s)) survivors.push(s);
      break;
    }
    if (out & (1 << seat)) break;
    for (let s = 0; s < keys.length; s++)
      if (out & (1 << s)) for (const key of keys[s]!) held[key]!--;
    alive &= ~out;
  }
  held.fill(0);
  return survivors;
}

/** An opponent as P11 imagines one. */
function sampleOpponent(maxValue: number, random: Random): Card[] {
  const r = random();
  const { straightFlush, fourOfAKind, fullHouse } = GREEDY_TUNING;
  if (r < straightFlush) return pickOne(straightFlushes(maxValue), random);
  if (r < straightFlush + fourOfAKind) return pickOne(fourOfAKinds(maxValue), random);
  if (r < straightFlush + fourOfAKind + fullHouse) return pickOne(fullHouses(maxValue), random);
  return randomHand(maxValue, random);
}

function containsAll(hand: readonly Card[], keep: readonly Card[]): boolean {
  return keep.every((k) => hand.some((c) => sameCard(c, k)));
}

function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  if (items.length <= count) return [...items];
  const out: T[] = [];
  const taken = new Set<number>();
  while (out.length < count) {
    const i = Math.floor(random() * items.length);
    if (taken.has(i)) continue;
    taken.add(i);
    out.push(items[i]!);
  }
  return out;
}

/**
 * P11 (and P10 with `keep`: the draft's complete, distinct cards): the candidate with the best
 * mean points against the sampled tables; ties go to the first by C4's hand text.
 */
export function greedyHand(
  maxValue: number,
  seatCount: number,
  seat: number,
  pokerOrder: boolean,
  random: Random,
  keep: readonly Card[] = [],
): Card[] {
  if (keep.length >= 5) return keep.slice(0, 5);
  const structured = [
    ...straightFlushes(maxValue),
    ...fourOfAKinds(maxValue),
    ...fullHouses(maxValue),
  ].filter((hand) => containsAll(hand, keep));
  const candidates = [
    ...sample(structured, GREEDY_TUNING.structured, random),
    ...Array.from({ length: GREEDY_TUNING.random }, () => randomHand(maxValue, random, keep)),
  ];
  const tables = Array.from({ length: GREEDY_TUNING.tables }, () =>
    Array.from({ length: seatCount }, (_, s) =>
      s === seat ? [] : sampleOpponent(maxValue, random),
    ),
  );
  const tableClasses = tables.map((table) => table.map(classify));
  const tableKeys = tables.map((table) => table.map((hand) => hand.map(keyOf)));
  const tableRanks = tableClasses.map((classes) => classes.map((c) => RANK[c.category]!));
  const held = new Uint8Array(60);
  let best: Card[] = candidates[0]!;
  let bestScore = -1;
  let bestText = handText(best);
  for (const candidate of candidates) {
    const own = classify(candidate);
    const ownKeys = candidate.map(keyOf);
    const ownRank = RANK[own.category]!;
    let total = 0;
    for (let t = 0; t < tables.length; t++) {
      const keys = tableKeys[t]!;
      const ranks = tableRanks[t]!;
      keys[seat] = ownKeys;
      ranks[seat] = ownRank;
      // Most tables end without this seat scoring: only the survivors of the deciding level are
      // compared (P6), the showdown's record is not built.
      const survivors = survivorsWith(keys, ranks, seat, held);
      if (survivors.length === 0) continue;
      const classes = tableClasses[t]!;
      classes[seat] = own;
      if (winnersAmong(survivors, classes, own.category, pokerOrder).includes(seat))
        total += own.points;
    }
    const text = handText(candidate);
    if (total > bestScore || (total === bestScore && text < bestText)) {
      best = candidate;
      bestScore = total;
      bestText = text;
    }
  }
  return best;
}
