/** The test cases of the rules' §12 (docs/rules/tressette.md, "Test cases"), one named test each. */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  canonicalDeck,
  combinations,
  dealFrom,
  declaredCards,
  greedyCard,
  pointsOf,
  tressette,
  trickWinner,
  viewFor,
  winningParties,
} from '../src/index';
import type { TressetteEvent, TressetteState } from '../src/index';
import { c, cards, fresh, scenario } from './helpers';

const plays = (shorts: string, from = 0, n = 4) =>
  cards(shorts).map((card, k) => ({ seat: (from - k + n) % n, card }));

describe('§12 test cases', () => {
  it.each([
    ['led 5♣; then K♣, 3♦, 2♣ → 2♣ wins (3♦ is off-suit)', '5B KB 3D 2B', 3],
    ['led A♠; then 4♠, J♠, 3♠ → 3♠ wins', 'AS 4S JS 3S', 3],
    ['led 7♦; the others play 3♠, 2♠, A♣ → 7♦ wins', '7D 3S 2S AB', 0],
  ])('T11: %s', (_name, shorts, winnerIndex) => {
    const trick = plays(shorts);
    expect(trickWinner(trick)).toBe(trick[winnerIndex]!.seat);
  });

  const swordsLed = (hand: string) =>
    scenario(4, {
      hands: [cards(hand), cards('5D'), cards('6D'), cards('7D')],
      turn: 0,
      trick: [{ seat: 1, card: c('KS') }],
    });

  it('T10: Swords led; hand {4♠, 3♣} → 3♣ refused, 4♠ accepted', () => {
    const state = swordsLed('4S 3B');
    const refused = applyAction(state, 0, { type: 'play', card: c('3B') });
    expect(refused.ok ? null : refused.error.code).toBe('MUST_FOLLOW');
    expect(applyAction(state, 0, { type: 'play', card: c('4S') }).ok).toBe(true);
  });

  it('T10: Swords led; hand {3♣, 2♦} → both legal', () => {
    const state = swordsLed('3B 2D');
    expect(applyAction(state, 0, { type: 'play', card: c('3B') }).ok).toBe(true);
    expect(applyAction(state, 0, { type: 'play', card: c('2D') }).ok).toBe(true);
  });

  it('T4: thirds 16 / 17 / 18 / 35 → 5 / 5 / 6 / 11', () => {
    expect([16, 17, 18, 35].map(pointsOf)).toEqual([5, 5, 6, 11]);
  });

  it('T4: any split a + (35 − a), a = 0…35 → floor(a/3) + floor((35−a)/3) = 11', () => {
    for (let a = 0; a <= 35; a++) expect(pointsOf(a) + pointsOf(35 - a), `a = ${a}`).toBe(11);
  });

  it('T14: dealt A♦ A♠ A♣ A♥ 3♦ 2♦ 7♦ 6♠ 5♣ 4♥ → four Aces 4 + napoletana of Coins 3 = 7', () => {
    const found = combinations(0, cards('AD AS AB AC 3D 2D 7D 6S 5B 4C'));
    expect(found.map((d) => [d.kind, d.rank, d.suit, d.points])).toEqual([
      ['four', 'A', null, 4],
      ['napoletana', null, 'coins', 3],
    ]);
    expect(found.reduce((sum, d) => sum + d.points, 0)).toBe(7);
  });

  it('T14: dealt 3♦ 3♠ 3♣ 2♦ 2♠ 2♣ K♥ Kn♥ J♥ 7♣ → three 3s "without Cups" + three 2s "without Cups" = 6', () => {
    const found = combinations(0, cards('3D 3S 3B 2D 2S 2B KC KnC JC 7B'));
    expect(found.map((d) => [d.kind, d.rank, d.suit, d.points])).toEqual([
      ['three', '2', 'cups', 3],
      ['three', '3', 'cups', 3],
    ]);
    expect(found.reduce((sum, d) => sum + d.points, 0)).toBe(6);
  });

  it('T14: dealt A♠ 2♠ 3♠ and nothing else declarable; the holder leads A♠ → napoletana of Swords counts; 2♠ and 3♠ become known cards', () => {
    const hand = cards('AS 2S 3S 4D 5D 6D 7D 4C 5C 6C');
    const state: TressetteState = {
      ...scenario(4, {
        hands: [hand, cards('KD'), cards('KnD'), cards('JD')],
        dealer: 1,
        turn: 0,
        settings: { declarations: true },
      }),
      announced: false,
      tricks: [],
      declarations: combinations(0, hand),
    };
    const step = applyAction(state, 0, { type: 'play', card: c('AS') });
    if (!step.ok) throw new Error(step.error.message);
    const declared = step.value.events.find((e) => e.type === 'declared');
    expect(declared?.type === 'declared' && declared.declarations[0]!.points).toBe(3);
    expect(viewFor(step.value.state, 1).seats[0]!.known).toEqual(cards('3S 2S'));
  });

  it('T17: T = 21; after the hand A 24, B 24; B won the last trick → B wins', () => {
    expect(winningParties([24, 24], 21, 1, [16, 19])).toEqual([1]);
  });

  it('T17: T = 21; after the hand A 22, B 19 / A 20, B 20 → A wins / another hand', () => {
    expect(winningParties([22, 19], 21, 1, [16, 19])).toEqual([0]);
    expect(winningParties([20, 20], 21, 0, [18, 17])).toBeNull();
  });

  it('T17: 3 seats; totals 22, 22, 15; the third player won the last trick; thirds this hand 13 and 12 → the party with 13 wins', () => {
    expect(winningParties([22, 22, 15], 21, 2, [13, 12, 10])).toEqual([0]);
    expect(winningParties([22, 22, 15], 21, 2, [12, 13, 10])).toEqual([1]);
  });

  it('T12: 2 seats, trick 1 won by the non-dealer → non-dealer draws stock[0], dealer stock[1], both shown; stock empty after trick 10; 20 tricks', () => {
    // The first seeded deal whose first trick the non-dealer wins (greedy play).
    for (let seed = 1; seed < 50; seed++) {
      let state = fresh(2, { target: 41 }, seed);
      const dealer = state.dealer;
      const stock = state.stock;
      const steps: { events: readonly TressetteEvent[]; state: TressetteState }[] = [];
      while (state.phase === 'play') {
        const seat = state.turn!;
        const step = applyAction(state, seat, {
          type: 'play',
          card: greedyCard(viewFor(state, seat)),
        });
        if (!step.ok) throw new Error(step.error.message);
        steps.push(step.value);
        state = step.value.state;
      }
      const tricks = steps.filter((s) => s.events.some((e) => e.type === 'trick'));
      const first = tricks[0]!.events;
      const trick = first.find((e) => e.type === 'trick')!;
      if (trick.type !== 'trick' || trick.winner === dealer) continue;
      expect(first.filter((e) => e.type === 'drew')).toEqual([
        { type: 'drew', seat: 1 - dealer, card: stock[0] },
        { type: 'drew', seat: dealer, card: stock[1] },
      ]);
      // Shown to both, and to spectators: every viewer gets the drawn card.
      for (const viewer of [0, 1, 'spectator'] as const)
        expect(
          tressette.eventFor(
            first.find((e) => e.type === 'drew')!,
            viewer,
          ),
        ).toEqual({
          type: 'drew',
          seat: 1 - dealer,
          card: stock[0],
        });
      expect(tricks[9]!.state.stock).toEqual([]);
      expect(tricks[8]!.state.stock).toHaveLength(2);
      expect(tricks).toHaveLength(20);
      return;
    }
    throw new Error('no seed where the non-dealer wins the first trick');
  });

  it('T7, T8: 4 seats, dealer 0 → seat 3 leads; next hand’s dealer is seat 3', () => {
    const state = fresh(4, { target: 41 });
    // Hand 1 of this seed, re-dealt by seat 0.
    let s: TressetteState = {
      ...state,
      dealer: 0,
      hands: dealFrom(state.hands.flat(), 4, 0).hands,
      turn: 3,
    };
    expect(s.turn).toBe(3);
    while (s.phase === 'play') {
      const step = applyAction(s, s.turn!, { type: 'play', card: greedyCard(viewFor(s, s.turn!)) });
      if (!step.ok) throw new Error(step.error.message);
      s = step.value.state;
    }
    for (let seat = 0; seat < 4; seat++) {
      const step = applyAction(s, seat, { type: 'ready' });
      if (!step.ok) throw new Error(step.error.message);
      s = step.value.state;
    }
    expect(s.dealer).toBe(3);
    expect(s.turn).toBe(2);
  });

  it('T8: 3 seats, dealer 0 / 2 seats, dealer 0 → the packets of the ruling', () => {
    const three = canonicalDeck(3);
    const range = (deck: readonly string[], from: number, to: number) => deck.slice(from, to + 1);
    const d3 = dealFrom(three, 3, 0);
    expect(d3.hands[2]).toEqual([
      ...range(three, 0, 4),
      ...range(three, 15, 19),
      ...range(three, 30, 32),
    ]);
    expect(d3.hands[1]).toEqual([
      ...range(three, 5, 9),
      ...range(three, 20, 24),
      ...range(three, 33, 35),
    ]);
    expect(d3.hands[0]).toEqual([
      ...range(three, 10, 14),
      ...range(three, 25, 29),
      ...range(three, 36, 38),
    ]);
    const two = canonicalDeck(2);
    const d2 = dealFrom(two, 2, 0);
    expect(d2.hands[1]).toEqual([...range(two, 0, 4), ...range(two, 10, 14)]);
    expect(d2.hands[0]).toEqual([...range(two, 5, 9), ...range(two, 15, 19)]);
    expect(d2.stock).toEqual(range(two, 20, 39));
  });

  it('T14: dealt A♦ A♠ A♣ 3♠ 2♠ … → "three Aces without Cups; napoletana of Swords": +6; known cards A♦ A♠ A♣ 3♠ 2♠ (A♠ once)', () => {
    const found = combinations(1, cards('AD AS AB 3S 2S 7C 6C 5C 4C KD'));
    expect(found.map((d) => [d.kind, d.rank, d.suit])).toEqual([
      ['three', 'A', 'cups'],
      ['napoletana', null, 'swords'],
    ]);
    expect(found.reduce((sum, d) => sum + d.points, 0)).toBe(6);
    expect([...declaredCards(found, 1)].sort()).toEqual(cards('AD AS AB 3S 2S').sort());
  });

  it.each([
    [
      '2 seats; the opponent led K♠; the bot holds 2♠, A♠, 4♠ → plays A♠ (the weakest card that beats)',
      2,
      { hands: [cards('2S AS 4S'), cards('5D 6D')], turn: 0, trick: [{ seat: 1, card: c('KS') }] },
      'AS',
    ],
    [
      'bot leads holding 3♣, A♦, 4♥, 5♥, 6♥; no higher ♦ or ♥ played yet → leads 3♣ (its only master card)',
      4,
      { hands: [cards('3B AD 4C 5C 6C'), cards('5D'), cards('6D'), cards('7D')], turn: 0 },
      '3B',
    ],
    [
      '4 seats; an opponent led 2♠; the bot, second, holds 3♠, A♠, 5♠ → plays 3♠ (A♠ is "master" but does not beat)',
      4,
      {
        hands: [cards('3S AS 5S'), cards('5D'), cards('6D'), cards('7D')],
        turn: 0,
        trick: [{ seat: 1, card: c('2S') }],
      },
      '3S',
    ],
    [
      '4 seats; partner winning with K♦ (not master); the bot, last, holds A♦, 5♦ → plays A♦ (loads)',
      4,
      {
        hands: [cards('AD 5D'), cards('4C'), cards('5C'), cards('6C')],
        turn: 0,
        trick: [
          { seat: 3, card: c('JD') },
          { seat: 2, card: c('KD') },
          { seat: 1, card: c('4D') },
        ],
      },
      'AD',
    ],
  ] as const)('T24: %s', (_name, seatCount, parts, expected) => {
    const state = scenario(seatCount, {
      hands: parts.hands.map((h) => [...h]),
      turn: parts.turn,
      trick: 'trick' in parts ? parts.trick.map((p) => ({ ...p })) : [],
    });
    expect(greedyCard(viewFor(state, 0))).toBe(c(expected));
  });
});
