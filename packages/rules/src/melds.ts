import { RANKS, SUITS, cardValue, faceKey, rankIndex } from './cards';
import type { Card, Face, Suit } from './cards';

export type MeldKind = 'set' | 'run';

/** Run cards are ordered low to high (Q K A: the ace last; A 2 3: the ace first); set cards in card order. */
export interface Meld<C extends Face = Card> {
  readonly kind: MeldKind;
  readonly cards: readonly C[];
}

/** A hand's melds (in card order of their first card), its deadwood (in input order) and its points. */
export interface HandScore<C extends Face = Card> {
  readonly points: number;
  readonly melds: readonly Meld<C>[];
  readonly deadwood: readonly C[];
}

/** Rival Sets: where a card may be laid onto a meld. */
export type LayOffEnd = 'set' | 'low' | 'high';

const SUIT_INDEX = Object.fromEntries(SUITS.map((suit, index) => [suit, index])) as Record<
  Suit,
  number
>;
const VALUE_BY_RANK_INDEX: readonly number[] = RANKS.map((rank) => cardValue({ rank, suit: 'S' }));
/** R18: the ace's position when it is high; the low ace is 0. */
const ACE_HIGH = RANKS.length;
const MAX_RUN = RANKS.length;
const ACE_BIT = 1;
const TWO_BIT = 1 << 1;
const KING_BIT = 1 << (RANKS.length - 1);

/** Only a bug could ask for more: a hand holds 5 cards between turns, 6 during one. */
const MAX_CARDS = 20;

/** Index of the lowest set bit. */
function lowBitIndex(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** True when `bits` is `count` adjacent one bits. */
function isConsecutive(bits: number, count: number): boolean {
  return bits === (bits & -bits) * ((1 << count) - 1);
}

/** R18: span of distinct ranks (bit 0 = ace … bit 12 = king) as positions 0..13, or null. */
function spanOfRankBits(bits: number, count: number): { low: number; high: number } | null {
  if (count < 3 || count > MAX_RUN) return null;
  // The low ace is tried first, so the full A..K run counts as ace low.
  if (isConsecutive(bits, count)) {
    const low = lowBitIndex(bits);
    return { low, high: low + count - 1 };
  }
  if ((bits & ACE_BIT) !== 0) {
    const aceHigh = (bits ^ ACE_BIT) | (1 << ACE_HIGH);
    if (isConsecutive(aceHigh, count)) return { low: ACE_HIGH - count + 1, high: ACE_HIGH };
  }
  return null;
}

/** A set: 3 or more cards of one rank, any suits, duplicates allowed (rules §5.2). */
export function isSet(cards: readonly Face[]): boolean {
  const first = cards[0];
  if (first === undefined || cards.length < 3) return false;
  return cards.every((card) => card.rank === first.rank);
}

/** R18: a run's span as positions 0..13 where the ace is 0 (low) or 13 (high); null if not a run. */
export function runSpan(cards: readonly Face[]): { suit: Suit; low: number; high: number } | null {
  const first = cards[0];
  if (first === undefined || cards.length < 3 || cards.length > MAX_RUN) return null;
  let bits = 0;
  for (const card of cards) {
    const bit = 1 << rankIndex(card.rank);
    if (card.suit !== first.suit || (bits & bit) !== 0) return null;
    bits |= bit;
  }
  const span = spanOfRankBits(bits, cards.length);
  return span === null ? null : { suit: first.suit, ...span };
}

/** A run: 3 to 13 cards of one suit with consecutive ranks, in any order; R18: no wrap. */
export function isRun(cards: readonly Face[]): boolean {
  return runSpan(cards) !== null;
}

// Scratch space for the solver, reused across calls so that scoring a 5-card hand allocates
// almost nothing. The solver never calls out while it works, so sharing it is safe.
const sortKey = new Int32Array(MAX_CARDS);
const inputIndexAt = new Int32Array(MAX_CARDS);
const rankAt = new Int32Array(MAX_CARDS);
const valueAt = new Int32Array(MAX_CARDS);
const meldsFrom = new Int32Array(MAX_CARDS + 1);
let capacity = 0;
let sameRank = new Int8Array(0);
let sameSuit = new Int8Array(0);
let rankBits = new Int16Array(0);
let kindOf = new Uint8Array(0);
let meldList = new Int32Array(0);
let meldsByLowCard = new Int32Array(0);
let bestCost = new Int32Array(0);
let bestChoice = new Int32Array(0);

const NOT_A_MELD = 0;
const SET = 1;
const RUN = 2;

function ensureCapacity(masks: number): void {
  if (masks <= capacity) return;
  capacity = masks;
  sameRank = new Int8Array(masks);
  sameSuit = new Int8Array(masks);
  rankBits = new Int16Array(masks);
  kindOf = new Uint8Array(masks);
  meldList = new Int32Array(masks);
  meldsByLowCard = new Int32Array(masks);
  bestCost = new Int32Array(masks);
  bestChoice = new Int32Array(masks);
}

/**
 * Puts the cards in card order (rank index, suit index, input position: bit j of a mask is the
 * j-th card in that order) and lists every meld in the hand as a mask, grouped by its lowest
 * card: meldsByLowCard[meldsFrom[j] .. meldsFrom[j + 1]). Returns the number of melds.
 */
function prepare(cards: readonly Face[]): number {
  const n = cards.length;
  if (n > MAX_CARDS) throw new RangeError(`a hand of ${n} cards is beyond ${MAX_CARDS}`);
  for (let i = 0; i < n; i++) {
    const card = cards[i] as Face;
    const key = (((rankIndex(card.rank) << 3) | SUIT_INDEX[card.suit]) << 5) | i;
    let j = i;
    for (; j > 0 && (sortKey[j - 1] as number) > key; j--) sortKey[j] = sortKey[j - 1] as number;
    sortKey[j] = key;
  }
  for (let j = 0; j < n; j++) {
    const key = sortKey[j] as number;
    inputIndexAt[j] = key & 31;
    rankAt[j] = key >> 8;
    valueAt[j] = VALUE_BY_RANK_INDEX[key >> 8] as number;
  }
  const masks = 1 << n;
  ensureCapacity(masks);
  let melds = 0;
  for (let mask = 1; mask < masks; mask++) {
    const low = mask & -mask;
    const j = lowBitIndex(low);
    const rest = mask ^ low;
    const rank = rankAt[j] as number;
    const suit = ((sortKey[j] as number) >> 5) & 7;
    const rankBit = 1 << rank;
    kindOf[mask] = NOT_A_MELD;
    if (rest === 0) {
      sameRank[mask] = rank;
      sameSuit[mask] = suit;
      rankBits[mask] = rankBit;
      continue;
    }
    sameRank[mask] = sameRank[rest] === rank ? rank : -1;
    sameSuit[mask] = sameSuit[rest] === suit ? suit : -1;
    const restBits = rankBits[rest] as number;
    const bits = restBits < 0 || (restBits & rankBit) !== 0 ? -1 : restBits | rankBit;
    rankBits[mask] = bits;
    if ((rest & (rest - 1)) === 0) continue; // fewer than 3 cards
    if ((sameRank[mask] as number) >= 0) {
      kindOf[mask] = SET;
    } else if (
      (sameSuit[mask] as number) >= 0 &&
      bits >= 0 &&
      spanOfRankBits(bits, popCount(mask)) !== null
    ) {
      kindOf[mask] = RUN;
    } else {
      continue;
    }
    meldList[melds++] = mask;
  }
  // Group the melds by their lowest card (a counting sort keeps each group in mask order).
  meldsFrom.fill(0, 0, n + 1);
  for (let k = 0; k < melds; k++) {
    const low = lowBitIndex(meldList[k] as number);
    meldsFrom[low + 1] = (meldsFrom[low + 1] as number) + 1;
  }
  for (let j = 0; j < n; j++)
    meldsFrom[j + 1] = (meldsFrom[j + 1] as number) + (meldsFrom[j] as number);
  for (let k = 0; k < melds; k++) {
    const mask = meldList[k] as number;
    const low = lowBitIndex(mask);
    meldsByLowCard[meldsFrom[low] as number] = mask;
    meldsFrom[low] = (meldsFrom[low] as number) + 1;
  }
  for (let j = n; j > 0; j--) meldsFrom[j] = meldsFrom[j - 1] as number;
  meldsFrom[0] = 0;
  return melds;
}

/**
 * The last R19 tie-break, between two groups that start with the same card (a deadwood card is a
 * group of one): the group holding the earliest card, in card order, that the other lacks.
 */
function isPreferred(group: number, other: number): boolean {
  const difference = group ^ other;
  return (group & difference & -difference) !== 0;
}

// R19 as one number to minimise: points first, then more cards in melds, then more cards in
// sets. Exact while a hand has fewer than 256 cards.
const POINTS_WEIGHT = 1 << 16;
const MELD_CARD_WEIGHT = 1 << 8;

function meldOf<C extends Face>(cards: readonly C[], mask: number): Meld<C> {
  const members: C[] = [];
  for (let rest = mask; rest !== 0; rest &= rest - 1) {
    members.push(cards[inputIndexAt[lowBitIndex(rest)] as number] as C);
  }
  if (kindOf[mask] === SET) return { kind: 'set', cards: members };
  const bits = rankBits[mask] as number;
  // Card order puts the ace first; a Q-K-A run (ace and king, no two) shows it last.
  if ((bits & ACE_BIT) !== 0 && (bits & KING_BIT) !== 0 && (bits & TWO_BIT) === 0) {
    members.push(members.shift() as C);
  }
  return { kind: 'run', cards: members };
}

function handScoreOf<C extends Face>(
  cards: readonly C[],
  meldMasks: readonly number[],
  deadwoodMask: number,
): HandScore<C> {
  const melds = meldMasks.map((mask) => meldOf(cards, mask));
  const deadwoodInputIndexes: number[] = [];
  let points = 0;
  for (let rest = deadwoodMask; rest !== 0; rest &= rest - 1) {
    const j = lowBitIndex(rest);
    points += valueAt[j] as number;
    deadwoodInputIndexes.push(inputIndexAt[j] as number);
  }
  deadwoodInputIndexes.sort((a, b) => a - b);
  return { points, melds, deadwood: deadwoodInputIndexes.map((i) => cards[i] as C) };
}

/**
 * Minimal deadwood (rules §5.3). R19 among arrangements with the same minimal points: more cards
 * in melds, then more cards in sets, then a fixed card order. That order sorts the cards by (rank
 * index, suit index, input position) and reads an arrangement as its groups (each meld, and each
 * deadwood card alone) ordered by their first card; group by group, the group holding the earliest
 * card the other lacks wins (so a meld beats leaving its first card as deadwood). The result
 * depends on faces and input order only, never on ids.
 */
export function scoreHand<C extends Face>(cards: readonly C[]): HandScore<C> {
  const n = cards.length;
  if (prepare(cards) === 0) {
    let points = 0;
    for (let j = 0; j < n; j++) points += valueAt[j] as number;
    return { points, melds: [], deadwood: cards.slice() };
  }
  const full = (1 << n) - 1;
  bestCost[0] = 0;
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const j = lowBitIndex(low);
    let cost = (valueAt[j] as number) * POINTS_WEIGHT + (bestCost[mask ^ low] as number);
    let choice = low;
    const end = meldsFrom[j + 1] as number;
    for (let k = meldsFrom[j] as number; k < end; k++) {
      const meld = meldsByLowCard[k] as number;
      if ((meld & mask) !== meld) continue;
      const size = popCount(meld);
      const withMeld =
        (bestCost[mask ^ meld] as number) -
        size * MELD_CARD_WEIGHT -
        (kindOf[meld] === SET ? size : 0);
      if (withMeld < cost || (withMeld === cost && isPreferred(meld, choice))) {
        cost = withMeld;
        choice = meld;
      }
    }
    bestCost[mask] = cost;
    bestChoice[mask] = choice;
  }
  const meldMasks: number[] = [];
  let deadwoodMask = 0;
  for (let mask = full; mask !== 0;) {
    const choice = bestChoice[mask] as number;
    if ((choice & (choice - 1)) === 0) deadwoodMask |= choice;
    else meldMasks.push(choice);
    mask ^= choice;
  }
  return handScoreOf(cards, meldMasks, deadwoodMask);
}

/**
 * R19b: every distinct arrangement reaching the minimal points, R19's choice first, then in R19's
 * order. Arrangements that differ only by which of two identical-looking cards they use count once.
 */
export function meldArrangements<C extends Face>(cards: readonly C[]): HandScore<C>[] {
  const n = cards.length;
  prepare(cards);
  const full = (1 << n) - 1;
  const minPoints = new Int32Array(full + 1);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const j = lowBitIndex(low);
    let points = (valueAt[j] as number) + (minPoints[mask ^ low] as number);
    for (let k = meldsFrom[j] as number; k < (meldsFrom[j + 1] as number); k++) {
      const meld = meldsByLowCard[k] as number;
      if ((meld & mask) === meld) points = Math.min(points, minPoints[mask ^ meld] as number);
    }
    minPoints[mask] = points;
  }

  // Depth-first over the choices for the lowest unplaced card, best first: the arrangements come
  // out in the card order of R19's last tie-break.
  const found: { meldMasks: number[]; deadwoodMask: number }[] = [];
  const meldMasks: number[] = [];
  const visit = (mask: number, deadwoodMask: number): void => {
    if (mask === 0) {
      found.push({ meldMasks: meldMasks.slice(), deadwoodMask });
      return;
    }
    const low = mask & -mask;
    const j = lowBitIndex(low);
    const target = minPoints[mask] as number;
    const groups: number[] = [];
    for (let k = meldsFrom[j] as number; k < (meldsFrom[j + 1] as number); k++) {
      const meld = meldsByLowCard[k] as number;
      if ((meld & mask) === meld && minPoints[mask ^ meld] === target) groups.push(meld);
    }
    groups.sort((a, b) => (isPreferred(a, b) ? -1 : 1));
    for (const meld of groups) {
      meldMasks.push(meld);
      visit(mask ^ meld, deadwoodMask);
      meldMasks.pop();
    }
    if ((valueAt[j] as number) + (minPoints[mask ^ low] as number) === target) {
      visit(mask ^ low, deadwoodMask | low);
    }
  };
  visit(full, 0);

  const seen = new Set<string>();
  const ranked: { score: HandScore<C>; meldCards: number; setCards: number }[] = [];
  for (const { meldMasks: masks, deadwoodMask } of found) {
    const key = arrangementKey(cards, masks, deadwoodMask);
    if (seen.has(key)) continue;
    seen.add(key);
    let meldCards = 0;
    let setCards = 0;
    for (const mask of masks) {
      const size = popCount(mask);
      meldCards += size;
      if (kindOf[mask] === SET) setCards += size;
    }
    ranked.push({ score: handScoreOf(cards, masks, deadwoodMask), meldCards, setCards });
  }
  // Stable: equal counts keep the card order of the search.
  ranked.sort((a, b) => b.meldCards - a.meldCards || b.setCards - a.setCards);
  return ranked.map(({ score }) => score);
}

/** Faces only, so duplicates that look the same give the same key. */
function arrangementKey(cards: readonly Face[], meldMasks: readonly number[], deadwood: number) {
  const facesOf = (mask: number): string => {
    const keys: string[] = [];
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      keys.push(faceKey(cards[inputIndexAt[lowBitIndex(rest)] as number] as Face));
    }
    return keys.join(',');
  };
  const melds = meldMasks.map((mask) => `${kindOf[mask]}:${facesOf(mask)}`).sort();
  return `${melds.join('|')}/${facesOf(deadwood)}`;
}

/**
 * Rival Sets lay-off: where a card may be laid onto a meld. R18 still holds: a run never wraps
 * both ways, never exceeds 13 ranks and never repeats a rank.
 */
export function layOffEnds(meld: Meld<Face>, card: Face): LayOffEnd[] {
  if (meld.kind === 'set') {
    return isSet(meld.cards) && meld.cards[0]?.rank === card.rank ? ['set'] : [];
  }
  const span = runSpan(meld.cards);
  if (span === null || span.suit !== card.suit || span.high - span.low + 1 >= MAX_RUN) return [];
  const position = rankIndex(card.rank);
  const ends: LayOffEnd[] = [];
  if (position === span.low - 1) ends.push('low');
  // Past the king only the ace fits, as the high ace (13).
  if (
    span.high < ACE_HIGH &&
    (span.high + 1 === ACE_HIGH ? position === 0 : position === span.high + 1)
  ) {
    ends.push('high');
  }
  return ends;
}

/** The meld after laying the card at that end (set: appended). Precondition: `end` is in layOffEnds. */
export function extendMeld<C extends Face>(meld: Meld<C>, card: C, end: LayOffEnd): Meld<C> {
  if (!layOffEnds(meld, card).includes(end)) {
    throw new Error(`extendMeld: ${faceKey(card)} does not fit the ${meld.kind} at '${end}'`);
  }
  switch (end) {
    case 'set':
    case 'high':
      return { kind: meld.kind, cards: [...meld.cards, card] };
    case 'low':
      return { kind: meld.kind, cards: [card, ...meld.cards] };
  }
}
