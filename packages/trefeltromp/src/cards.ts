/**
 * The tarot deck (F1) and card strength (F2). A single deck has no duplicates, so a card's code is
 * its identity: 'fool', 'trump:1'…'trump:21', 'wands:A', 'cups:10', 'swords:P', 'coins:K'. Codes
 * appear in a view only where the viewer may know the card's face.
 */
export const SUITS = ['wands', 'cups', 'swords', 'coins'] as const;
export type Suit = (typeof SUITS)[number];
/** Pips and courts in the order F22 breaks ties in (Page, Knight, Queen, King). */
export const SUIT_RANKS = [
  'A',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'P',
  'N',
  'Q',
  'K',
] as const;
export type SuitRank = (typeof SUIT_RANKS)[number];
export const COURTS = ['P', 'N', 'Q', 'K'] as const;

export type Card = string;

/** The canonical order F20 shuffles: the Fool, I–XXI, then each suit Ace, 2–10, Page, Knight, Queen, King. */
export const CANONICAL_DECK: readonly Card[] = [
  'fool',
  ...Array.from({ length: 21 }, (_, i) => `trump:${i + 1}`),
  ...SUITS.flatMap((suit) => SUIT_RANKS.map((rank) => `${suit}:${rank}`)),
];

const KNOWN = new Set(CANONICAL_DECK);
export function isCard(text: unknown): text is Card {
  return typeof text === 'string' && KNOWN.has(text);
}

export type Face =
  | { readonly kind: 'fool' }
  | { readonly kind: 'trump'; readonly number: number }
  | { readonly kind: 'suit'; readonly suit: Suit; readonly rank: SuitRank };

export function faceOf(card: Card): Face {
  if (card === 'fool') return { kind: 'fool' };
  const [head, tail] = card.split(':') as [string, string];
  if (head === 'trump') return { kind: 'trump', number: Number(tail) };
  return { kind: 'suit', suit: head as Suit, rank: tail as SuitRank };
}

/** F2: pip n → n; court → 11; Ace → 12; Fool → 13; trump n → 13 + n. */
export function strength(card: Card): number {
  const face = faceOf(card);
  if (face.kind === 'fool') return 13;
  if (face.kind === 'trump') return 13 + face.number;
  if (face.rank === 'A') return 12;
  if ((COURTS as readonly string[]).includes(face.rank)) return 11;
  return Number(face.rank);
}

export function isTrump(card: Card): boolean {
  return card.startsWith('trump:');
}

export function trumpNumber(card: Card): number | null {
  return isTrump(card) ? Number(card.slice(6)) : null;
}

/**
 * F22's total order for its own choices: strength, then suit (Wands, Cups, Swords, Coins), then
 * court (Page, Knight, Queen, King). Negative when `a` is weaker.
 */
export function compareForBot(a: Card, b: Card): number {
  const byStrength = strength(a) - strength(b);
  if (byStrength !== 0) return byStrength;
  const fa = faceOf(a);
  const fb = faceOf(b);
  if (fa.kind !== 'suit' || fb.kind !== 'suit') return 0;
  const bySuit = SUITS.indexOf(fa.suit) - SUITS.indexOf(fb.suit);
  if (bySuit !== 0) return bySuit;
  return SUIT_RANKS.indexOf(fa.rank) - SUIT_RANKS.indexOf(fb.rank);
}

/** F2: the unique highest strength among these cards wins; a shared highest strength: nobody. */
export function winnerOf<K>(entries: readonly (readonly [K, Card])[]): {
  winner: K | null;
  tied: K[];
} {
  let best = -1;
  let holders: K[] = [];
  for (const [who, card] of entries) {
    const s = strength(card);
    if (s > best) {
      best = s;
      holders = [who];
    } else if (s === best) holders.push(who);
  }
  return holders.length === 1 ? { winner: holders[0]!, tied: [] } : { winner: null, tied: holders };
}

const ROMAN = [
  '',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
  'XXI',
];
export function roman(n: number): string {
  return ROMAN[n] ?? String(n);
}
