// An independent cross-check of src/melds.ts: a brute-force scorer that shares no code with it.
// Every card is labelled deadwood or one of ⌊n/3⌋ groups; a labelling counts when each non-empty
// group is a meld by the simple check below; the minimum over all labellings is the score.
import { describe, expect, it } from 'vitest';
import { SUITS, canonicalDeck, deckComposition } from '../src/cards';
import type { Card, DeckSetting, Face } from '../src/cards';
import { meldArrangements, scoreHand } from '../src/melds';
import type { HandScore } from '../src/melds';

/** Seeded PRNG (mulberry32): the package never touches Math.random. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LOW_CHAIN = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const HIGH_CHAIN = [...LOW_CHAIN.slice(1), 'A'];
const LOW_TEXT = `,${LOW_CHAIN.join(',')},`;
const HIGH_TEXT = `,${HIGH_CHAIN.join(',')},`;

function points(card: Face): number {
  if (card.rank === 'A') return 1;
  if (card.rank === 'J' || card.rank === 'Q' || card.rank === 'K') return 10;
  return Number(card.rank);
}

/** R18 by text: the ranks, sorted along either chain, must be a stretch of that chain. */
function meldKind(cards: readonly Face[]): 'set' | 'run' | null {
  if (cards.length < 3) return null;
  if (cards.every((card) => card.rank === cards[0]?.rank)) return 'set';
  if (!cards.every((card) => card.suit === cards[0]?.suit)) return null;
  const along = (chain: readonly string[]): string =>
    `,${cards
      .map((card) => card.rank)
      .sort((a, b) => chain.indexOf(a) - chain.indexOf(b))
      .join(',')},`;
  return LOW_TEXT.includes(along(LOW_CHAIN)) || HIGH_TEXT.includes(along(HIGH_CHAIN))
    ? 'run'
    : null;
}

interface Labelled {
  readonly points: number;
  /** Groups of input positions; kind null for a deadwood card alone. */
  readonly groups: readonly { kind: 'set' | 'run' | null; members: number[] }[];
}

/** Every labelling of the hand whose groups are all melds. */
function* labellings(hand: readonly Face[]): Generator<Labelled> {
  const n = hand.length;
  const groupCount = Math.floor(n / 3);
  const labels = new Array<number>(n).fill(0);
  for (;;) {
    const members: number[][] = Array.from({ length: groupCount }, () => []);
    let total = 0;
    const groups: { kind: 'set' | 'run' | null; members: number[] }[] = [];
    labels.forEach((label, position) => {
      if (label === 0) {
        total += points(hand[position] as Face);
        groups.push({ kind: null, members: [position] });
      } else {
        members[label - 1]?.push(position);
      }
    });
    let valid = true;
    for (const group of members) {
      if (group.length === 0) continue;
      const kind = meldKind(group.map((position) => hand[position] as Face));
      if (kind === null) valid = false;
      else groups.push({ kind, members: group });
    }
    if (valid) yield { points: total, groups };
    let digit = 0;
    while (digit < n && labels[digit] === groupCount) labels[digit++] = 0;
    if (digit === n) return;
    labels[digit] = (labels[digit] as number) + 1;
  }
}

function bruteForcePoints(hand: readonly Face[]): number {
  let best = Infinity;
  for (const labelled of labellings(hand)) best = Math.min(best, labelled.points);
  return best;
}

/**
 * R19 as stated in src/melds.ts, rebuilt independently: more meld cards, more set cards, then the
 * group sequence in card order (rank, suit, input position), the group holding the earliest card
 * the other lacks winning.
 */
function r19Order(hand: readonly Face[]): (a: Labelled, b: Labelled) => number {
  const order = hand
    .map((card, position) => ({ card, position }))
    .sort(
      (x, y) =>
        LOW_CHAIN.indexOf(x.card.rank) - LOW_CHAIN.indexOf(y.card.rank) ||
        SUITS.indexOf(x.card.suit) - SUITS.indexOf(y.card.suit) ||
        x.position - y.position,
    )
    .map(({ position }) => position);
  const place = new Map(order.map((position, index) => [position, index]));
  const sequence = (labelled: Labelled): number[][] =>
    labelled.groups
      .map((group) => group.members.map((p) => place.get(p) as number).sort((x, y) => x - y))
      .sort((x, y) => (x[0] as number) - (y[0] as number));
  const meldCards = (l: Labelled, kind?: 'set'): number =>
    l.groups
      .filter((g) => g.kind !== null && (kind === undefined || g.kind === kind))
      .reduce((sum, g) => sum + g.members.length, 0);
  return (a, b) => {
    const byCounts =
      a.points - b.points ||
      meldCards(b) - meldCards(a) ||
      meldCards(b, 'set') - meldCards(a, 'set');
    if (byCounts !== 0) return byCounts;
    const sa = sequence(a);
    const sb = sequence(b);
    for (let g = 0; g < Math.min(sa.length, sb.length); g++) {
      const ga = sa[g] as number[];
      const gb = sb[g] as number[];
      for (let k = 0; k < Math.max(ga.length, gb.length); k++) {
        if (ga[k] === gb[k]) continue;
        if (gb[k] === undefined) return -1;
        if (ga[k] === undefined) return 1;
        return (ga[k] as number) - (gb[k] as number);
      }
    }
    return 0;
  };
}

function sortedFaces(cards: readonly Face[]): string {
  return cards
    .map((card) => `${card.rank}${card.suit}`)
    .sort()
    .join(' ');
}

/** An arrangement by faces only: the identity R19b uses to count arrangements once. */
function faceKeyOfScore(score: HandScore<Face>): string {
  const melds = score.melds.map((meld) => `${meld.kind}:${sortedFaces(meld.cards)}`).sort();
  return `${melds.join('|')}/${sortedFaces(score.deadwood)}`;
}

function faceKeyOfLabelled(hand: readonly Face[], labelled: Labelled): string {
  const facesOf = (members: readonly number[]): Face[] => members.map((p) => hand[p] as Face);
  const melds = labelled.groups
    .filter((g) => g.kind !== null)
    .map((g) => `${g.kind}:${sortedFaces(facesOf(g.members))}`)
    .sort();
  const deadwood = labelled.groups.filter((g) => g.kind === null).flatMap((g) => g.members);
  return `${melds.join('|')}/${sortedFaces(facesOf(deadwood))}`;
}

/** The score's groups as input positions, for comparing with a labelling. */
function positionKey(hand: readonly Card[], score: HandScore<Card>): string {
  const melds = score.melds
    .map((m) => {
      const positions = m.cards.map((card) => hand.indexOf(card)).sort((a, b) => a - b);
      return `${m.kind}:${positions.join(',')}`;
    })
    .sort();
  const deadwood = score.deadwood.map((card) => hand.indexOf(card)).sort((a, b) => a - b);
  return `${melds.join('|')}/${deadwood.join(',')}`;
}

function positionKeyOfLabelled(labelled: Labelled): string {
  const melds = labelled.groups
    .filter((g) => g.kind !== null)
    .map((g) => `${g.kind}:${[...g.members].sort((a, b) => a - b).join(',')}`)
    .sort();
  const deadwood = labelled.groups
    .filter((g) => g.kind === null)
    .flatMap((g) => g.members)
    .sort((a, b) => a - b);
  return `${melds.join('|')}/${deadwood.join(',')}`;
}

/** Structural checks that hold for any score, returned as a problem or null. */
function problemWith(hand: readonly Card[], score: HandScore<Card>): string | null {
  const unused = new Set(hand);
  for (const card of [...score.melds.flatMap((meld) => meld.cards), ...score.deadwood]) {
    if (!unused.delete(card)) return `card ${card.id} used twice or not from the hand`;
  }
  if (unused.size !== 0) return 'melds + deadwood is not the hand';
  for (const meld of score.melds) {
    if (meldKind(meld.cards) !== meld.kind) return `invalid ${meld.kind}`;
    if (meld.kind === 'run') {
      const chain = meld.cards[0]?.rank === 'A' ? LOW_TEXT : HIGH_TEXT;
      if (!chain.includes(`,${meld.cards.map((card) => card.rank).join(',')},`)) {
        return 'run not ordered low to high';
      }
    }
  }
  const deadwoodPoints = score.deadwood.reduce((sum, card) => sum + points(card), 0);
  if (deadwoodPoints !== score.points) return 'points are not the deadwood sum';
  return null;
}

/** Deals `size` distinct physical cards from the full stock (duplicates possible across decks). */
function dealer(stock: readonly Face[], seed: number): (size: number) => Card[] {
  const random = mulberry32(seed);
  const indexes = stock.map((_, i) => i);
  let serial = 0;
  return (size) => {
    const cards: Card[] = [];
    for (let k = 0; k < size; k++) {
      const pick = k + Math.floor(random() * (indexes.length - k));
      const chosen = indexes[pick] as number;
      indexes[pick] = indexes[k] as number;
      indexes[k] = chosen;
      const face = stock[chosen] as Face;
      cards.push({ id: `x${serial++}`, rank: face.rank, suit: face.suit });
    }
    return cards;
  };
}

/** Full comparison with brute force; returns how many arrangements meldArrangements found. */
function crossCheck(hand: readonly Card[]): number {
  const all = [...labellings(hand)];
  const minimum = Math.min(...all.map((labelled) => labelled.points));
  const best = all.filter((labelled) => labelled.points === minimum);
  const r19 = [...best].sort(r19Order(hand))[0] as Labelled;

  const score = scoreHand(hand);
  expect(problemWith(hand, score)).toBeNull();
  expect(score.points).toBe(minimum);
  expect(positionKey(hand, score)).toBe(positionKeyOfLabelled(r19));

  const arrangements = meldArrangements(hand);
  expect(arrangements[0]).toStrictEqual(score);
  for (const arrangement of arrangements) {
    expect(problemWith(hand, arrangement)).toBeNull();
    expect(arrangement.points).toBe(minimum);
  }
  const keys = arrangements.map(faceKeyOfScore);
  expect(new Set(keys).size).toBe(keys.length);
  expect(new Set(keys)).toEqual(new Set(best.map((l) => faceKeyOfLabelled(hand, l))));
  return arrangements.length;
}

const HANDS_PER_DECK = 100_000;

describe('scoreHand against brute force (random 5-card hands)', () => {
  it.each<[DeckSetting, number[], number]>([
    ['challenging', [2, 4, 6], 101], // 1, 2 and 3 decks
    ['casual', [3, 5, 6], 202], // 2 and 3 decks
    ['trepenta', [2, 4, 6], 303], // 4, 6 and 8 suits
  ])(
    '§5.3, R18, R19: %s deck, players %j: minimal points and a valid arrangement',
    (deck, playerCounts, seed) => {
      const perCount = Math.ceil(HANDS_PER_DECK / playerCounts.length);
      let checked = 0;
      let withMelds = 0;
      for (const players of playerCounts) {
        const deal = dealer(canonicalDeck(deckComposition(deck, players)), seed + players);
        for (let i = 0; i < perCount; i++) {
          const hand = deal(5);
          const score = scoreHand(hand);
          const expected = bruteForcePoints(hand);
          if (score.points !== expected || problemWith(hand, score) !== null) {
            expect({ hand, score, problem: problemWith(hand, score) }).toEqual({ expected });
          }
          if (score.melds.length > 0) withMelds++;
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(HANDS_PER_DECK);
      expect(withMelds).toBeGreaterThan(0);
    },
  );
});

describe('scoreHand and meldArrangements against brute force (meld-rich hands)', () => {
  // A small stock of low and high ranks in a few suits, several copies: many melds, aces both
  // ways, duplicates and ties.
  const stock: Face[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of ['S', 'H', 'D', 'stars'] as const) {
      for (const rank of ['A', '2', '3', '4', 'J', 'Q', 'K'] as const) stock.push({ rank, suit });
    }
  }

  it.each([
    [5, 6000, 11],
    [6, 3000, 12],
    [7, 600, 13],
  ])(
    'R19, R19b: %i-card hands (%i of them): the R19 choice and every minimal arrangement',
    (size, hands, seed) => {
      const deal = dealer(stock, seed);
      let ties = 0;
      for (let i = 0; i < hands; i++) {
        if (crossCheck(deal(size)) > 1) ties++;
      }
      expect(ties).toBeGreaterThan(0);
    },
  );

  // Hands found by searching for each R19 step; random hands of this size rarely reach them.
  it.each([
    ['R19: equal points, more meld cards beat a set', '5C 4C 6C 2D 3C AD 3S 3D', 2],
    ['R19: equal points and meld cards, the set first', '10H JH QH QC QS', 2],
    ['R19: equal counts, card order puts the ace low', 'JS QS KS AS 2S 3S 4S', 2],
    ['R18: the ace high or low, whichever leaves less', 'AH 2H 3H QH KH', 1],
    ['R19b: duplicates counted once', '7H 7H 7C 8H 9H 7H', 1],
  ])('%s: %s (pinned)', (_name, text, arrangements) => {
    const hand = text.split(' ').map((card, i): Card => {
      const suit = card.slice(-1) as Card['suit'];
      return { id: `p${i}`, rank: card.slice(0, -1) as Card['rank'], suit };
    });
    expect(crossCheck(hand)).toBe(arrangements);
  });

  it('R19: the choice is a function of faces and input order, not of ids', () => {
    const deal = dealer(stock, 14);
    const random = mulberry32(15);
    for (let i = 0; i < 2000; i++) {
      const hand = deal(6);
      const renamed = hand.map((card) => ({ ...card, id: `r${Math.floor(random() * 1e9)}` }));
      expect(positionKey(renamed, scoreHand(renamed))).toBe(positionKey(hand, scoreHand(hand)));
    }
  });
});
