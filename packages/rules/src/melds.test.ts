import { describe, expect, it } from 'vitest';
import { RANKS, cardValue } from './cards';
import type { Card, Face, Rank, Suit } from './cards';
import {
  extendMeld,
  isRun,
  isSet,
  layOffEnds,
  meldArrangements,
  runSpan,
  scoreHand,
} from './melds';
import type { HandScore, LayOffEnd, Meld, MeldKind } from './melds';

const SUIT_BY_SYMBOL: Readonly<Record<string, Suit>> = {
  '♠': 'S',
  '♥': 'H',
  '♦': 'D',
  '♣': 'C',
  '★': 'stars',
  '☾': 'moons',
  '☀': 'suns',
  '❦': 'leaves',
};
const SYMBOL_BY_SUIT = Object.fromEntries(
  Object.entries(SUIT_BY_SYMBOL).map(([symbol, suit]) => [suit, symbol]),
) as Record<Suit, string>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** '10♥' → { rank: '10', suit: 'H' } */
function face(text: string): Face {
  const suit = SUIT_BY_SYMBOL[text.slice(-1)];
  const rank = text.slice(0, -1);
  if (suit === undefined || !(RANKS as readonly string[]).includes(rank)) {
    throw new Error(`bad card '${text}'`);
  }
  return deepFreeze({ rank: rank as Rank, suit });
}

/** A frozen hand of physical cards with ids c0, c1, …: '7♥ 7♥ 7♣'. */
function hand(text: string): readonly Card[] {
  return deepFreeze(text.split(' ').map((card, i) => ({ id: `c${i}`, ...face(card) })));
}

function faces(text: string): readonly Face[] {
  return deepFreeze(text.split(' ').map(face));
}

function show(cards: readonly Face[]): string {
  return cards.map((card) => `${card.rank}${SYMBOL_BY_SUIT[card.suit]}`).join(' ');
}

function meld(kind: MeldKind, text: string): Meld<Face> {
  return deepFreeze({ kind, cards: faces(text) });
}

function summary(score: HandScore<Face>): { points: number; melds: string[]; deadwood: string } {
  return {
    points: score.points,
    melds: score.melds.map((m) => `${m.kind} ${show(m.cards)}`),
    deadwood: show(score.deadwood),
  };
}

describe('R3 card values', () => {
  it.each([
    ['A', 1],
    ['2', 2],
    ['5', 5],
    ['9', 9],
    ['10', 10],
    ['J', 10],
    ['Q', 10],
    ['K', 10],
  ] as const)('R3: %s is worth %i', (rank, value) => {
    expect(cardValue({ rank, suit: 'H' })).toBe(value);
  });
});

describe('isSet', () => {
  it.each([
    ['7♥ 7♣ 7♠', true],
    ['7♥ 7♥ 7♣', true], // duplicates from several decks
    ['7♥ 7♥ 7♥', true],
    ['Q♠ Q♥ Q♦ Q♣ Q★ Q❦', true],
    ['7♥ 7♣', false],
    ['7♥ 7♣ 8♥', false],
    ['7♥ 8♥ 9♥', false],
  ])('§5.2 set: %s → %s', (text, expected) => {
    expect(isSet(faces(text))).toBe(expected);
  });

  it('§5.2 set: no cards is not a set', () => {
    expect(isSet([])).toBe(false);
  });
});

describe('isRun', () => {
  it.each([
    ['R18: A-2-3 is a run (ace low)', 'A♥ 2♥ 3♥', true],
    ['R18: Q-K-A is a run (ace high)', 'Q♥ K♥ A♥', true],
    ['R18: J-Q-K-A is a run', 'A♠ J♠ K♠ Q♠', true],
    ['R18: K-A-2 is not a run', 'K♥ A♥ 2♥', false],
    ['R18: Q-K-A-2 is not a run (double wrap)', 'Q♥ K♥ A♥ 2♥', false],
    ['R18: a run has no repeated rank', '7♥ 7♥ 8♥ 9♥', false],
    [
      'R18: a run has no repeated rank, even as a full A..K plus an ace',
      'A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥',
      false,
    ],
    ['§5.2 run: one suit only', '7♥ 8♣ 9♥', false],
    ['§5.2 run: ranks must be consecutive', '5♦ 6♦ 8♦', false],
    ['§5.2 run: any input order', '9♣ 7♣ 8♣', true],
    ['§5.2 run: two cards are not a run', '8♥ 9♥', false],
    ['§5.2 run: Trepenta suits', '10★ J★ Q★', true],
    ['R18: 13-card A..K is a run', 'A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥', true],
    ['R18: 13-card 2..A is a run', '2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥', true],
  ])('%s', (_name, text, expected) => {
    expect(isRun(faces(text))).toBe(expected);
  });

  it('§5.2 run: no cards is not a run', () => {
    expect(isRun([])).toBe(false);
  });
});

describe('runSpan', () => {
  it.each([
    ['R18: A-2-3 spans 0..2 (ace low is 0)', 'A♥ 3♥ 2♥', { suit: 'H', low: 0, high: 2 }],
    ['R18: Q-K-A spans 11..13 (ace high is 13)', 'A♣ Q♣ K♣', { suit: 'C', low: 11, high: 13 }],
    ['R18: 5-6-7 spans 4..6', '7☾ 5☾ 6☾', { suit: 'moons', low: 4, high: 6 }],
    [
      'R18: the full A..K counts as ace low',
      'K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♥',
      { suit: 'H', low: 0, high: 12 },
    ],
    ['R18: K-A-2 has no span', 'K♥ A♥ 2♥', null],
  ])('%s', (_name, text, expected) => {
    expect(runSpan(faces(text))).toEqual(expected);
  });
});

describe('scoreHand', () => {
  it.each([
    [
      '§5.3: a run beats a set when it leaves less deadwood',
      '7♥ 7♣ 7♠ 8♥ 9♥',
      { points: 14, melds: ['run 7♥ 8♥ 9♥'], deadwood: '7♣ 7♠' },
    ],
    [
      '§5.3: a set beats a run when it leaves less deadwood',
      '7♥ 7♣ 7♠ 5♥ 6♥',
      { points: 11, melds: ['set 7♠ 7♥ 7♣'], deadwood: '5♥ 6♥' },
    ],
    [
      'R19: equal points and meld cards → the set of queens, not the run',
      '10♥ J♥ Q♥ Q♣ Q♠',
      { points: 20, melds: ['set Q♠ Q♥ Q♣'], deadwood: '10♥ J♥' },
    ],
    [
      'R19: equal points → more cards in melds wins, even over a set',
      '5♣ 4♣ 6♣ 2♦ 3♣ A♦ 3♠ 3♦',
      { points: 3, melds: ['run A♦ 2♦ 3♦', 'run 3♣ 4♣ 5♣ 6♣'], deadwood: '3♠' },
    ],
    [
      'R19: equal counts → card order: the ace goes low (A-2-3-4 before J-Q-K-A)',
      'J♠ Q♠ K♠ A♠ 2♠ 3♠ 4♠',
      { points: 0, melds: ['run A♠ 2♠ 3♠ 4♠', 'run J♠ Q♠ K♠'], deadwood: '' },
    ],
    [
      '§5.3: a 5-card run scores 0',
      '5♦ 3♦ 7♦ 4♦ 6♦',
      { points: 0, melds: ['run 3♦ 4♦ 5♦ 6♦ 7♦'], deadwood: '' },
    ],
    [
      '§5.2: two duplicate 7♥ and a 7♣ make a set',
      '7♥ 2♦ 7♥ K♠ 7♣',
      { points: 12, melds: ['set 7♥ 7♥ 7♣'], deadwood: '2♦ K♠' },
    ],
    [
      'R18: with A♥ 2♥ 3♥ Q♥ K♥ the ace goes high (Q-K-A), leaving 2 + 3',
      'A♥ 2♥ 3♥ Q♥ K♥',
      { points: 5, melds: ['run Q♥ K♥ A♥'], deadwood: '2♥ 3♥' },
    ],
    [
      'R18: the ace is low when that is cheaper (A-2-3 leaves 9 + 10)',
      'A♥ 2♥ 3♥ 9♣ K♥',
      { points: 19, melds: ['run A♥ 2♥ 3♥'], deadwood: '9♣ K♥' },
    ],
    [
      'R18: one 7♥ in a run, its duplicate in a set',
      '7♥ 8♥ 9♥ 7♥ 7♣ 7♠',
      { points: 0, melds: ['set 7♠ 7♥ 7♣', 'run 7♥ 8♥ 9♥'], deadwood: '' },
    ],
    [
      '§5.2: a card belongs to at most one meld',
      '7♥ 8♥ 9♥ 7♣ 7♠',
      { points: 14, melds: ['run 7♥ 8♥ 9♥'], deadwood: '7♣ 7♠' },
    ],
    [
      '§5.3: a hand with no meld scores every card (deadwood in hand order)',
      'K♥ A♠ 9♣ 3♥ 5♦',
      { points: 28, melds: [], deadwood: 'K♥ A♠ 9♣ 3♥ 5♦' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(summary(scoreHand(hand(text)))).toEqual(expected);
  });

  it('§5.3: an empty hand scores 0', () => {
    expect(scoreHand([])).toEqual({ points: 0, melds: [], deadwood: [] });
  });

  it('R19: of two identical 7♥ the run takes the one that comes first in the hand', () => {
    const cards = hand('7♥ 7♥ 7♣ 8♥ 9♥');
    const score = scoreHand(cards);
    expect(summary(score)).toEqual({ points: 14, melds: ['run 7♥ 8♥ 9♥'], deadwood: '7♥ 7♣' });
    expect(score.melds[0]?.cards[0]).toBe(cards[0]);
    expect(score.deadwood[0]).toBe(cards[1]);
  });

  it('R19: the choice depends on faces and order, not on card ids', () => {
    const cards = hand('Q♣ 10♥ Q♥ J♥ Q♠ Q♥');
    const renamed = deepFreeze(cards.map((card, i) => ({ ...card, id: `other-${9 - i}` })));
    const positions = (score: HandScore<Card>, of: readonly Card[]): number[][] =>
      score.melds.map((m) => m.cards.map((card) => of.indexOf(card)));
    expect(positions(scoreHand(renamed), renamed)).toEqual(positions(scoreHand(cards), cards));
  });

  it('R19: a Q-K-A run lists the ace last, an A-2-3 run first', () => {
    expect(show(scoreHand(hand('A♦ K♦ Q♦')).melds[0]?.cards ?? [])).toBe('Q♦ K♦ A♦');
    expect(show(scoreHand(hand('3♦ A♦ 2♦')).melds[0]?.cards ?? [])).toBe('A♦ 2♦ 3♦');
  });

  it('§5.3: the result holds the very card objects of the hand', () => {
    const cards = hand('3♠ 4♠ 5♠ 9♥ 9♦');
    const score = scoreHand(cards);
    const used = [...score.melds.flatMap((m) => m.cards), ...score.deadwood];
    expect(new Set(used)).toEqual(new Set(cards));
  });

  it('scoreHand never mutates its input (the hand is deep-frozen)', () => {
    const cards = hand('A♥ 2♥ 3♥ Q♥ K♥ 7♣');
    const before = structuredClone(cards);
    scoreHand(cards);
    meldArrangements(cards);
    expect(cards).toEqual(before);
  });

  it('§5.3: handles a 12-card hand', () => {
    const score = scoreHand(hand('7♥ 8♥ 9♥ 7♣ 8♣ 9♣ 7♠ 8♠ 9♠ 7♦ 8♦ K♦'));
    expect(score.points).toBe(10);
    expect(score.deadwood.map((card) => card.rank)).toEqual(['K']);
  });
});

describe('meldArrangements', () => {
  it('R19b: the R19 tie returns both arrangements, R19 default first', () => {
    const all = meldArrangements(hand('10♥ J♥ Q♥ Q♣ Q♠')).map(summary);
    expect(all).toEqual([
      { points: 20, melds: ['set Q♠ Q♥ Q♣'], deadwood: '10♥ J♥' },
      { points: 20, melds: ['run 10♥ J♥ Q♥'], deadwood: 'Q♣ Q♠' },
    ]);
  });

  it('R19b: only arrangements with the minimal points count', () => {
    // The set of 7s would leave 17 points; only the run reaches 14.
    expect(meldArrangements(hand('7♥ 7♣ 7♠ 8♥ 9♥')).map(summary)).toEqual([
      { points: 14, melds: ['run 7♥ 8♥ 9♥'], deadwood: '7♣ 7♠' },
    ]);
  });

  it('R19b: a unique arrangement is returned once', () => {
    expect(meldArrangements(hand('3♠ 4♠ 5♠ 6♠ 7♠')).map(summary)).toEqual([
      { points: 0, melds: ['run 3♠ 4♠ 5♠ 6♠ 7♠'], deadwood: '' },
    ]);
  });

  it('R19b: a hand with no meld has one arrangement, all deadwood', () => {
    expect(meldArrangements(hand('K♥ A♠ 9♣ 3♥ 5♦')).map(summary)).toEqual([
      { points: 28, melds: [], deadwood: 'K♥ A♠ 9♣ 3♥ 5♦' },
    ]);
  });

  it('R19b: arrangements differing only by which duplicate 7♥ they use count once', () => {
    expect(meldArrangements(hand('7♥ 7♥ 7♣ 8♥ 9♥'))).toHaveLength(1);
  });

  it('R19b: arrangements with equal points but fewer meld cards come after', () => {
    const all = meldArrangements(hand('5♣ 4♣ 6♣ 2♦ 3♣ A♦ 3♠ 3♦')).map(summary);
    expect(all).toEqual([
      { points: 3, melds: ['run A♦ 2♦ 3♦', 'run 3♣ 4♣ 5♣ 6♣'], deadwood: '3♠' },
      { points: 3, melds: ['set 3♠ 3♦ 3♣', 'run 4♣ 5♣ 6♣'], deadwood: '2♦ A♦' },
    ]);
  });

  it('R19b: in a 9-card hand, the 7 meld cards come before the 6', () => {
    const all = meldArrangements(hand('2♥ 3♥ 4♥ 5♥ 6♥ 5♠ 5♦ 2♠ 2♦')).map(summary);
    expect(all).toEqual([
      { points: 10, melds: ['set 2♠ 2♥ 2♦', 'run 3♥ 4♥ 5♥ 6♥'], deadwood: '5♠ 5♦' },
      { points: 10, melds: ['run 2♥ 3♥ 4♥', 'set 5♠ 5♥ 5♦'], deadwood: '6♥ 2♠ 2♦' },
    ]);
  });

  it('R19b: the ace low or high, both shown, R19 (ace low) first', () => {
    const all = meldArrangements(hand('J♠ Q♠ K♠ A♠ 2♠ 3♠ 4♠')).map(summary);
    expect(all).toEqual([
      { points: 0, melds: ['run A♠ 2♠ 3♠ 4♠', 'run J♠ Q♠ K♠'], deadwood: '' },
      { points: 0, melds: ['run J♠ Q♠ K♠ A♠', 'run 2♠ 3♠ 4♠'], deadwood: '' },
    ]);
  });

  it('R19b: the first arrangement is scoreHand, card for card', () => {
    const cards = hand('10♥ J♥ Q♥ Q♣ Q♠ Q♥');
    expect(meldArrangements(cards)[0]).toStrictEqual(scoreHand(cards));
  });
});

describe('layOffEnds (Rival Sets)', () => {
  it.each<[string, Meld<Face>, string, LayOffEnd[]]>([
    ['Rival Sets: a 7 onto a set of 7s', meld('set', '7♠ 7♥ 7♣'), '7♦', ['set']],
    ['Rival Sets: a duplicate 7♥ onto a set holding a 7♥', meld('set', '7♠ 7♥ 7♣'), '7♥', ['set']],
    ['Rival Sets: an 8 does not go onto a set of 7s', meld('set', '7♠ 7♥ 7♣'), '8♠', []],
    ['Rival Sets: 8♥ extends 5-6-7♥ at the high end', meld('run', '5♥ 6♥ 7♥'), '8♥', ['high']],
    ['Rival Sets: 4♥ extends 5-6-7♥ at the low end', meld('run', '5♥ 6♥ 7♥'), '4♥', ['low']],
    ['Rival Sets: a run takes only its own suit', meld('run', '5♥ 6♥ 7♥'), '8♣', []],
    ['Rival Sets: a run card must touch an end', meld('run', '5♥ 6♥ 7♥'), '9♥', []],
    ['R18: a run never repeats a rank', meld('run', '5♥ 6♥ 7♥'), '6♥', []],
    ['R18: A♥ onto J-Q-K♥ at the high end', meld('run', 'J♥ Q♥ K♥'), 'A♥', ['high']],
    ['R18: A♥ onto 2-3-4♥ at the low end', meld('run', '2♥ 3♥ 4♥'), 'A♥', ['low']],
    ['R18: 2♥ does not go onto Q-K-A♥ (no wrap)', meld('run', 'Q♥ K♥ A♥'), '2♥', []],
    ['R18: K♥ does not go onto A-2-3♥ (no wrap)', meld('run', 'A♥ 2♥ 3♥'), 'K♥', []],
    ['R18: J♥ onto Q-K-A♥ at the low end', meld('run', 'Q♥ K♥ A♥'), 'J♥', ['low']],
    ['R18: 4♥ onto A-2-3♥ at the high end', meld('run', 'A♥ 2♥ 3♥'), '4♥', ['high']],
    [
      'R18: A♥ does not go onto A..K♥ (13 ranks at most)',
      meld('run', 'A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥'),
      'A♥',
      [],
    ],
    [
      'R18: A♥ completes 2..K♥ at either end',
      meld('run', '2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥'),
      'A♥',
      ['low', 'high'],
    ],
    ['R18: nothing goes onto J-Q-A♥, which is no run', meld('run', 'J♥ Q♥ A♥'), 'K♥', []],
    ['Rival Sets: a Trepenta-suit run', meld('run', '9❦ 10❦ J❦'), 'Q❦', ['high']],
  ])('%s', (_name, target, card, expected) => {
    expect(layOffEnds(target, face(card))).toEqual(expected);
  });
});

describe('extendMeld (Rival Sets)', () => {
  it('Rival Sets: a card laid on a set is appended', () => {
    const extended = extendMeld(meld('set', '7♠ 7♥ 7♣'), face('7♦'), 'set');
    expect(extended.kind).toBe('set');
    expect(show(extended.cards)).toBe('7♠ 7♥ 7♣ 7♦');
  });

  it('Rival Sets: runs stay ordered low to high at both ends', () => {
    const run = meld('run', '5♥ 6♥ 7♥');
    const higher = extendMeld(run, face('8♥'), 'high');
    const both = extendMeld(higher, face('4♥'), 'low');
    expect(show(both.cards)).toBe('4♥ 5♥ 6♥ 7♥ 8♥');
    expect(both.kind).toBe('run');
    expect(show(run.cards)).toBe('5♥ 6♥ 7♥');
  });

  it('R18: the high ace goes last, the low ace first', () => {
    expect(show(extendMeld(meld('run', 'J♥ Q♥ K♥'), face('A♥'), 'high').cards)).toBe('J♥ Q♥ K♥ A♥');
    expect(show(extendMeld(meld('run', '2♥ 3♥ 4♥'), face('A♥'), 'low').cards)).toBe('A♥ 2♥ 3♥ 4♥');
  });

  it('Rival Sets: later cards may extend the extended meld (until 13 ranks)', () => {
    let run = meld('run', 'J♥ Q♥ K♥');
    for (const rank of ['10', '9', '8', '7', '6', '5', '4', '3', '2'] as const) {
      run = extendMeld(run, face(`${rank}♥`), 'low');
    }
    expect(layOffEnds(run, face('A♥'))).toEqual(['low', 'high']);
    run = extendMeld(run, face('A♥'), 'high');
    expect(isRun(run.cards)).toBe(true);
    expect(layOffEnds(run, face('A♥'))).toEqual([]);
  });

  it('extendMeld refuses an end that layOffEnds does not offer (a bug in the caller)', () => {
    expect(() => extendMeld(meld('run', '5♥ 6♥ 7♥'), face('8♥'), 'low')).toThrow();
    expect(() => extendMeld(meld('set', '7♠ 7♥ 7♣'), face('8♥'), 'set')).toThrow();
  });
});
