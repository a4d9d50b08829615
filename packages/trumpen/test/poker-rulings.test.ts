/**
 * One test per ruling of the common part (C) and of Poker (P), and the test cases of Poker in the
 * rules' table of cases, each by name. docs/rules/trumpen.md and docs/rules/trumpen-poker.md.
 */
import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToHex, hexToBytes } from '@trepenta/engine';
import {
  POKER_ERRORS,
  SUITS,
  asDraft,
  cardText,
  checkCommitments,
  classify,
  greedyHand,
  randomHand,
  handText,
  pokerStandIn,
  pokerTimer,
  resolveShowdown,
  saltOf,
  trumpenPoker,
  valueName,
} from '../src/index';
import type { PokerState } from '../src/index';
import { act, cards, everyoneReady, must, playRound, pokerGame } from './scenario';

const view = (state: PokerState, viewer: number | 'spectator') =>
  trumpenPoker.viewFor(state, viewer);
const ex = (...hands: string[]) => hands.map(cards);

describe('common rulings (C), played through Poker', () => {
  it('C1: a card exists when its seat writes it; the box’s 54 never binds', () => {
    // Six seats all writing the same straight flush: 30 cards, duplicates between players allowed.
    const hand = '5♠6♠7♠8♠9♠';
    const { state } = playRound(pokerGame(6), Array(6).fill(hand));
    expect(state.rounds[0]!.hands.every((h) => handText(h) === handText(cards(hand)))).toBe(true);
  });

  it('C2: four suits S H D C in display order; values A=1 … K=13', () => {
    expect(SUITS).toEqual(['S', 'H', 'D', 'C']);
    expect([1, 10, 11, 12, 13].map(valueName)).toEqual(['A', '10', 'J', 'Q', 'K']);
    expect(cardText({ value: 10, suit: 'S' })).toBe('10S');
    expect(handText(cards('10♠7♦A♠7♥'))).toBe('1S,7H,7D,10S');
  });

  it('C3: drafts are private and kept on the server; Done is public and may be withdrawn until the last Done', () => {
    let state = pokerGame(3);
    const before = [view(state, 1), view(state, 'spectator')];
    state = must(state, 0, {
      type: 'write',
      cards: asDraft(cards('A♠2♠3♠4♠')).concat({ value: null, suit: null }),
    }).state;
    // The writer's view restores the draft (a reload); nobody else sees that it changed, not
    // even a version step (a draft edit is the platform's private draft).
    expect(view(state, 0).draft![0]).toEqual({ value: 1, suit: 'S' });
    expect(trumpenPoker.drafts!.isDraft({ type: 'write', cards: [] })).toBe(true);
    expect([view(state, 1), view(state, 'spectator')]).toEqual(before);
    expect(act(state, 0, { type: 'done', cards: view(state, 0).draft! })).toMatchObject({
      error: { code: 'INCOMPLETE' },
    });
    state = must(state, 0, { type: 'write', cards: asDraft(cards('A♠2♠3♠4♠5♠')) }).state;
    const done = must(state, 0, { type: 'done', cards: asDraft(cards('A♠2♠3♠4♠5♠')) });
    expect(done.events).toEqual([{ type: 'done', seat: 0 }]);
    expect(view(done.state, 2).done).toEqual([true, false, false]);
    expect(
      act(done.state, 0, { type: 'write', cards: asDraft(cards('A♥2♠3♠4♠5♠')) }),
    ).toMatchObject({
      error: { code: 'ALREADY_DONE' },
    });
    state = must(done.state, 0, { type: 'withdraw' }).state;
    expect(view(state, 1).done).toEqual([false, false, false]);
    // The phase closes with the last Done; a closed hand never changes.
    const { state: closed } = playRound(state, Array(3).fill('A♠2♥3♦4♣6♠'));
    expect(closed.phase).not.toBe('writing');
    expect(act(closed, 0, { type: 'withdraw' })).toMatchObject({ error: { code: 'WRONG_PHASE' } });
  });

  it('C4: the write commitment is published at close; own salt at once, all salts at the end', () => {
    const hands = ['A♠2♠3♠4♠5♠', 'A♠2♥3♦4♣6♠', '6♥6♦6♣2♥2♦'];
    const { state, events } = playRound(pokerGame(3), hands);
    const closed = events.find((e) => e.type === 'closed');
    const gameId = state.randomness.gameId;
    const salt = saltOf(state.randomness, 1, 1);
    // Recomputed here byte by byte: "trumpen/write/1" ‖ gameId ‖ round ‖ seat ‖ hand ‖ salt.
    const expected = bytesToHex(
      sha256(
        new Uint8Array([
          ...utf8ToBytes('trumpen/write/1'),
          ...utf8ToBytes(gameId),
          1,
          1,
          ...utf8ToBytes('1S,2H,3D,4C,6S'),
          ...hexToBytes(salt),
        ]),
      ),
    );
    expect(closed).toMatchObject({ type: 'closed', round: 1 });
    expect(closed?.type === 'closed' && closed.commitments[1]).toBe(expected);
    expect(view(state, 1).rounds[0]!.salts).toEqual([null, salt, null]);
    expect(view(state, 'spectator').rounds[0]!.salts).toEqual([null, null, null]);
    const over = must(state, 'system', { type: 'abandon' }).state;
    const salts = view(over, 'spectator').rounds[0]!.salts as string[];
    expect(salts.every((s) => /^[0-9a-f]{64}$/.test(s))).toBe(true);
    const shown = view(over, 'spectator').rounds[0]!.hands as never;
    expect(checkCommitments(gameId, 1, shown, salts, view(over, 2).rounds[0]!.commitments)).toBe(
      true,
    );
  });

  it('C5: the value range is fixed from the seats at the start', () => {
    for (const seats of [3, 4, 5, 6]) expect(view(pokerGame(seats), 0).maxValue).toBe(seats + 3);
  });

  it('C6: one committed secret; c = SHA-256("trumpen/1" ‖ gameId ‖ variant ‖ s); salts from the stream "salt/r/seat" of k', () => {
    const state = pokerGame(3);
    const { gameId, secrets, nonces } = state.randomness;
    const c = bytesToHex(
      sha256(
        new Uint8Array([
          ...utf8ToBytes('trumpen/1'),
          ...utf8ToBytes(gameId),
          ...utf8ToBytes('poker'),
          ...hexToBytes(secrets[0]!),
        ]),
      ),
    );
    expect(trumpenPoker.fairness.commitment(gameId, 0, secrets[0]!)).toBe(c);
    const k = hmac(sha256, hexToBytes(secrets[0]!), hexToBytes(nonces.join('')));
    const block = hmac(sha256, k, new Uint8Array([...utf8ToBytes('salt/2/1'), 0, 0, 0, 0]));
    expect(saltOf(state.randomness, 2, 1)).toBe(bytesToHex(block));
    // s is revealed at the end only.
    expect(view(state, 0).secret).toBeNull();
    expect(view(must(state, 'system', { type: 'abandon' }).state, 0).secret).toBe(secrets[0]);
  });

  it('C7: the writing timer is always on; the stand-in completes an unfinished draft and the log says so', () => {
    let state = pokerGame(4, { writingSeconds: 30 });
    expect(pokerTimer(state)).toEqual({ key: 'write/1', seconds: 30 });
    state = must(state, 2, {
      type: 'write',
      cards: asDraft(cards('7♠7♥7♦')).concat([
        { value: null, suit: 'S' },
        { value: 7, suit: null },
      ]),
    }).state;
    const standIn = pokerStandIn(state, 'write/1');
    expect(standIn).toHaveLength(4);
    // Seat 2's complete cards are kept; the blanks are filled.
    const written = standIn[2]!.type === 'write' ? standIn[2]!.cards : [];
    expect(written).toContainEqual({ value: 7, suit: 'S' });
    for (const card of cards('7♠7♥7♦')) expect(written).toContainEqual(card);
    const step = must(state, 'system', { type: 'timeout', key: 'write/1', standIn });
    expect(step.events).toContainEqual(
      expect.objectContaining({ type: 'closed', standIn: [0, 1, 2, 3] }),
    );
    expect(act(state, 'system', { type: 'timeout', key: 'write/1', standIn: [] })).toMatchObject({
      error: { code: 'BAD_STAND_IN' },
    });
  });

  it('C8: tied players share the victory', () => {
    const { state } = playRound(pokerGame(3), ['2♠3♠4♠5♠6♠', '2♥3♥4♥5♥6♥', 'A♦A♣2♦2♣3♦']);
    expect(trumpenPoker.result(state)).toEqual({ places: [[0, 1], [2]], abandoned: false });
  });

  it('C9: a countdown between rounds, skipped when everyone has pressed Ready', () => {
    const { state } = playRound(pokerGame(3), ['A♠2♥3♦4♣6♠', 'A♥2♦3♠4♥6♦', 'A♦2♣3♥4♦6♣']);
    expect(state.phase).toBe('between');
    expect(pokerTimer(state)).toEqual({ key: 'next/1', seconds: 10 });
    const next = everyoneReady(state);
    expect(next.phase).toBe('writing');
    expect(next.round).toBe(2);
    const timedOut = must(state, 'system', { type: 'timeout', key: 'next/1', standIn: [] }).state;
    expect(timedOut.round).toBe(2);
  });
});

describe('Poker rulings (P)', () => {
  it('P1: values A up to players + 3, any suit; above is OUT_OF_RANGE', () => {
    const state = pokerGame(3);
    expect(
      act(state, 0, {
        type: 'write',
        cards: asDraft(cards('7♠')).concat(Array(4).fill({ value: null, suit: null })),
      }),
    ).toMatchObject({
      error: { code: 'OUT_OF_RANGE' },
    });
    expect(
      act(state, 0, {
        type: 'write',
        cards: asDraft(cards('6♣')).concat(Array(4).fill({ value: null, suit: null })),
      }).ok,
    ).toBe(true);
  });

  it('P2: no two identical cards in a hand; duplicates between players are the game', () => {
    const state = must(pokerGame(3), 0, {
      type: 'write',
      cards: asDraft(cards('A♠A♠2♥3♦4♣')),
    }).state;
    expect(act(state, 0, { type: 'done', cards: asDraft(cards('A♠A♠2♥3♦4♣')) })).toMatchObject({
      error: { code: 'DUPLICATE_IN_HAND' },
    });
  });

  it('P3: the server classifies every hand by the points table (A low only, no wrap)', () => {
    expect(classify(cards('A♠2♥3♦4♣5♠'))).toMatchObject({ category: 'straight', points: 3 });
    expect(classify(cards('7♠A♥2♦3♣4♠'))).toMatchObject({ category: 'highCard', points: 1 });
    expect(classify(cards('7♠7♥7♦7♣A♦')).category).toBe('fourOfAKind');
  });

  it('P4: a round is a writing phase with a 90 s timer by default; the round counter is public', () => {
    const state = pokerGame(5);
    expect(pokerTimer(state)).toEqual({ key: 'write/1', seconds: 90 });
    expect(view(state, 'spectator').round).toBe(1);
  });

  it('P5: level by level from the strongest; a declarer sharing a card with anyone alive is out; the eliminated count against no one after', () => {
    const showdown = resolveShowdown(ex('2♠3♠4♠5♠6♠', '6♠6♥6♦2♥2♦', 'A♥A♦3♥4♥5♦'), false);
    expect(showdown.levels[0]).toEqual({
      category: 'straightFlush',
      declarers: [0],
      matches: [{ seat: 1, cards: cards('6♠') }],
      eliminated: [0],
    });
    expect(showdown.levels[1]).toMatchObject({ category: 'fourOfAKind', declarers: [] });
    expect(showdown.decidedAt).toBe('fullHouse');
    expect(showdown.winners).toEqual([1]);
  });

  it('P6: every survivor at the deciding level wins; at High card the best values win; Poker order option', () => {
    const hands = ex('3♠4♠5♠6♠7♠', '2♥3♥4♥5♥6♥', 'A♦A♣2♦2♣3♦', '4♦4♣5♦5♣6♦');
    expect(resolveShowdown(hands, false).winners).toEqual([0, 1]);
    expect(resolveShowdown(hands, true).winners).toEqual([0]);
    const high = resolveShowdown(ex('A♠2♥4♦5♣6♠', 'A♥2♦3♠5♥6♦', '2♥3♥4♥5♥6♥'), false);
    expect(high.winners).toEqual([0]);
    // Equal values share, suits never count.
    const equal = resolveShowdown(ex('A♠2♥4♦5♣6♠', 'A♥2♦4♠5♥6♦', '2♣3♣4♣5♣6♣'), false);
    expect(equal.winners).toEqual([0, 1]);
  });

  it('P7: the game ends after a round in which someone reached 5, or after round 9; highest total wins', () => {
    let state = pokerGame(3);
    // Three identical hands: all out at High card, nobody scores, the game runs to round 9.
    const dull = Array(3).fill('A♠2♥3♦4♣6♠');
    for (let round = 1; round <= 9; round++) {
      state = playRound(state, dull).state;
      if (round < 9) state = everyoneReady(state);
    }
    expect(state.phase).toBe('over');
    expect(state.round).toBe(9);
    expect(trumpenPoker.result(state)).toEqual({ places: [[0, 1, 2]], abandoned: false });
  });

  it('P8: revealed hands public at once; the rest at round end with Show all hands, else at game end', () => {
    const hands = ['2♠3♠4♠5♠6♠', '6♠6♥6♦2♥2♦', 'A♥A♦3♥4♥5♦'];
    const on = playRound(pokerGame(3), hands).state;
    expect(view(on, 0).rounds[0]!.hands[2]).toEqual(cards('A♥A♦3♥4♥5♦'));
    const off = playRound(pokerGame(3, { showAllHands: false }), hands).state;
    expect(view(off, 0).rounds[0]!.hands).toEqual([cards(hands[0]!), cards(hands[1]!), null]);
    expect(view(off, 2).rounds[0]!.hands[2]).toEqual(cards(hands[2]!));
    const over = must(off, 'system', { type: 'abandon' }).state;
    expect(view(over, 0).rounds[0]!.hands[2]).toEqual(cards(hands[2]!));
  });

  it('P9: no randomness in the rules: the same hands give the same round whatever the secret', () => {
    const hands = ['2♠3♠4♠5♠6♠', '6♠6♥6♦2♥2♦', 'A♥A♦3♥4♥5♦'];
    const a = playRound(pokerGame(3, {}, 1), hands).state.rounds[0]!.showdown;
    const b = playRound(pokerGame(3, {}, 2), hands).state.rounds[0]!.showdown;
    expect(a).toEqual(b);
  });

  it('P10: the stand-in keeps a draft’s complete, distinct, in-range cards and fills the rest', () => {
    let state = pokerGame(3);
    state = must(state, 1, {
      type: 'write',
      cards: asDraft(cards('5♥5♥2♣')).concat([
        { value: 4, suit: null },
        { value: null, suit: null },
      ]),
    }).state;
    const standIn = pokerStandIn(state, 'write/1')[1]!;
    const hand = standIn.type === 'write' ? standIn.cards : [];
    expect(hand).toHaveLength(5);
    expect(hand).toContainEqual({ value: 5, suit: 'H' });
    expect(hand).toContainEqual({ value: 2, suit: 'C' });
    expect(new Set(hand.map((c) => `${c.value}${c.suit}`)).size).toBe(5);
    // Drawn from the committed stream: the same state gives the same hand.
    expect(pokerStandIn(state, 'write/1')[1]).toEqual(standIn);
  });

  it('P11: the greedy bot writes a legal hand, deterministic for its random source, and beats random writers', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const hand = greedyHand(7, 4, 0, false, random);
    expect(new Set(hand.map(cardText)).size).toBe(5);
    expect(hand.every((c) => c.value >= 1 && c.value <= 7)).toBe(true);
    seed = 7;
    expect(greedyHand(7, 4, 0, false, random)).toEqual(hand);
    // 120 rounds at a 3-seat table, the greedy bot in seat 0 and two random writers.
    const totals = [0, 0, 0];
    for (let round = 0; round < 120; round++) {
      const hands = [
        greedyHand(6, 3, 0, false, random),
        randomHand(6, random),
        randomHand(6, random),
      ];
      resolveShowdown(hands, false).points.forEach((points, s) => (totals[s]! += points));
    }
    expect(totals[0]).toBeGreaterThan(1.5 * Math.max(totals[1]!, totals[2]!));
  });

  it('refusal codes are stable and listed', () => {
    for (const code of [
      'OUT_OF_RANGE',
      'DUPLICATE_IN_HAND',
      'INCOMPLETE',
      'ALREADY_DONE',
      'NOT_DONE',
    ])
      expect(POKER_ERRORS).toHaveProperty(code);
  });
});

describe('Poker hands (test cases)', () => {
  it.each([
    ['3♠4♠5♠6♠7♠', 'straightFlush', 5],
    ['A♠2♠3♠4♠5♠', 'straightFlush', 5],
    ['7♠A♥2♦3♣4♠', 'highCard', 1],
    ['A♠2♥3♦4♣5♠', 'straight', 3],
    ['7♠7♥7♦7♣A♦', 'fourOfAKind', 4],
    ['2♠2♥2♦5♣5♠', 'fullHouse', 4],
    ['A♦2♦3♦4♦6♦', 'flush', 3],
    ['4♠4♥4♦A♣6♠', 'threeOfAKind', 2],
    ['3♠3♥5♦5♣6♠', 'twoPair', 2],
    ['6♠6♥A♦2♣4♠', 'pair', 1],
  ])('%s → %s %i', (hand, category, points) => {
    expect(classify(cards(hand))).toMatchObject({ category, points });
  });

  it('draft A♠A♠2♥3♦4♣ → Done refused DUPLICATE_IN_HAND', () => {
    const state = must(pokerGame(3), 0, {
      type: 'write',
      cards: asDraft(cards('A♠A♠2♥3♦4♣')),
    }).state;
    expect(act(state, 0, { type: 'done', cards: asDraft(cards('A♠A♠2♥3♦4♣')) })).toMatchObject({
      error: { code: 'DUPLICATE_IN_HAND' },
    });
  });

  it('4 players, 8♠ → OUT_OF_RANGE', () => {
    const draft = asDraft(cards('8♠')).concat(Array(4).fill({ value: null, suit: null }));
    expect(act(pokerGame(4), 0, { type: 'write', cards: draft })).toMatchObject({
      error: { code: 'OUT_OF_RANGE' },
    });
  });
});

describe('Poker rounds (test cases)', () => {
  it('round 1: the worked example → Dev +3; all four hands public in the showdown, matches marked', () => {
    const hands = ['3♠4♠5♠6♠7♠', '3♥4♥5♥6♥7♥', '7♠7♥7♦7♣A♦', 'A♦2♦3♦4♦6♦'];
    for (const showAllHands of [true, false]) {
      const { state, events } = playRound(pokerGame(4, { showAllHands }), hands);
      expect(state.scores).toEqual([0, 0, 0, 3]);
      const levels = events.flatMap((e) => (e.type === 'level' ? [e.level] : []));
      expect(levels[0]).toEqual({
        category: 'straightFlush',
        declarers: [0, 1],
        matches: [{ seat: 2, cards: cards('7♠7♥') }],
        eliminated: [0, 1],
      });
      expect(levels[1]).toEqual({
        category: 'fourOfAKind',
        declarers: [2],
        matches: [{ seat: 3, cards: cards('A♦') }],
        eliminated: [2],
      });
      expect(levels[2]).toMatchObject({ category: 'fullHouse', declarers: [] });
      expect(levels[3]).toMatchObject({ category: 'flush', declarers: [3], eliminated: [] });
      // Show all hands changes nothing: every hand was revealed in the showdown.
      expect(view(state, 'spectator').rounds[0]!.hands.every((h) => h !== null)).toBe(true);
    }
  });

  it('round 2: P1 and P2 out together; P3 +4', () => {
    const { state } = playRound(pokerGame(3), ['2♠3♠4♠5♠6♠', 'A♠2♠3♠4♠5♠', '2♥2♦2♣6♥6♦']);
    expect(state.rounds[0]!.showdown.levels[0]!.eliminated).toEqual([0, 1]);
    expect(state.scores).toEqual([0, 0, 4]);
  });

  it('round 3: P1 out (6♠); P2 +4; P3 reveals nothing, shown at round end only with Show all hands', () => {
    const hands = ['2♠3♠4♠5♠6♠', '6♠6♥6♦2♥2♦', 'A♥A♦3♥4♥5♦'];
    const off = playRound(pokerGame(3, { showAllHands: false }), hands).state;
    expect(off.scores).toEqual([0, 4, 0]);
    expect(view(off, 0).rounds[0]!.revealed[2]).toEqual([]);
    expect(view(off, 0).rounds[0]!.hands[2]).toBeNull();
    const on = playRound(pokerGame(3), hands).state;
    expect(view(on, 0).rounds[0]!.hands[2]).toEqual(cards(hands[2]!));
  });

  it('round 4: default P1 and P2 +5 each, game over, shared; with Poker order P1 +5 only', () => {
    const hands = ['3♠4♠5♠6♠7♠', '2♥3♥4♥5♥6♥', 'A♦A♣2♦2♣3♦', '4♦4♣5♦5♣6♦'];
    const plain = playRound(pokerGame(4), hands).state;
    expect(plain.scores).toEqual([5, 5, 0, 0]);
    expect(plain.phase).toBe('over');
    expect(trumpenPoker.result(plain)!.places[0]).toEqual([0, 1]);
    const ordered = playRound(pokerGame(4, { pokerOrder: true }), hands).state;
    expect(ordered.scores).toEqual([5, 0, 0, 0]);
  });

  it('round 5: P3 out; high card P1 (6 5 4 2 1) beats P2 (6 5 3 2 1): P1 +1', () => {
    const { state } = playRound(pokerGame(3), ['A♠2♥4♦5♣6♠', 'A♥2♦3♠5♥6♦', '2♥3♥4♥5♥6♥']);
    expect(state.scores).toEqual([1, 0, 0]);
  });

  it('round 6: P1 and P3 identical, P2 A–5♠ → all out, no points', () => {
    const { state } = playRound(pokerGame(3), ['2♠3♠4♠5♠6♠', 'A♠2♠3♠4♠5♠', '2♠3♠4♠5♠6♠']);
    expect(state.scores).toEqual([0, 0, 0]);
    expect(state.rounds[0]!.showdown.decidedAt).toBeNull();
  });

  it('round 7: 4 + a pair → 5 ends the game; 4 and 4 → 5 and 5 share; round 9 with nobody at 5 → highest wins', () => {
    const withScores = (scores: number[]): PokerState => ({ ...pokerGame(3), scores });
    // Seat 0 alone survives at pair; seats 1 and 2 are eliminated before.
    const pairWin = ['6♠6♥A♦2♣4♠', '2♥3♥4♥5♥6♥', '2♥3♥4♥5♥6♥'];
    const one = playRound(withScores([4, 3, 0]), pairWin).state;
    expect(one.phase).toBe('over');
    expect(trumpenPoker.result(one)!.places[0]).toEqual([0]);
    const both = playRound(withScores([4, 4, 0]), ['6♠6♥A♦2♣4♠', '5♠5♥A♣2♦4♥', '2♥3♥4♥5♥6♥']).state;
    expect(both.scores).toEqual([5, 5, 0]);
    expect(trumpenPoker.result(both)!.places[0]).toEqual([0, 1]);
    let state: PokerState = { ...pokerGame(3), round: 9, scores: [3, 2, 4] };
    state = playRound(state, ['A♠2♥3♦4♣6♠', 'A♥2♦3♠4♥6♦', 'A♦2♣3♥4♦6♣']).state;
    expect(state.phase).toBe('over');
    expect(trumpenPoker.result(state)!.places[0]).toEqual([2]);
  });
});
