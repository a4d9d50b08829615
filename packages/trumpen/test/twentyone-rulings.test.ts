/** One test per ruling of 21 (V1–V9), and 21's test cases, each by name. */
import { describe, expect, it } from 'vitest';
import { exampleRandomness } from '@trepenta/engine';
import {
  asDraft,
  bestTotal,
  greedyOffer,
  greedyTakes,
  greedyWrite,
  roundPoints,
  trumpen21,
  twentyOneSettingsSchema,
  twentyOneStandIn,
  twentyOneTimer,
} from '../src/index';
import type { TwentyOneAction, TwentyOneSettings, TwentyOneState } from '../src/index';

function game(seats: number, change: Partial<TwentyOneSettings> = {}, first?: number) {
  const created = trumpen21.create(
    twentyOneSettingsSchema.parse(change),
    seats,
    exampleRandomness(1, seats, 7),
  );
  if (!created.ok) throw new Error(created.error.message);
  const state = created.value;
  return first === undefined ? state : { ...state, firstStarter: first, starter: first };
}

function must(state: TwentyOneState, actor: number | 'system', action: unknown) {
  const step = trumpen21.apply(state, actor, action as TwentyOneAction);
  if (!step.ok) throw new Error(`${String(actor)} ${JSON.stringify(action)}: ${step.error.code}`);
  return step.value;
}

const draft = (values: number[]) => asDraft(values.map((value) => ({ value, suit: null })));

/** Every seat writes its four values and presses Done. */
function written(state: TwentyOneState, hands: number[][]): TwentyOneState {
  let s = state;
  hands.forEach((hand, seat) => (s = must(s, seat, { type: 'write', cards: draft(hand) }).state));
  hands.forEach((hand, seat) => (s = must(s, seat, { type: 'done', cards: draft(hand) }).state));
  return s;
}

/** Plays every deal of a round: each start player offers its first card, everyone passes. */
function passRound(state: TwentyOneState): { state: TwentyOneState; starters: number[] } {
  let s = state;
  const starters: number[] = [];
  while (s.phase === 'offer' || s.phase === 'respond') {
    if (s.phase === 'offer') {
      starters.push(s.starter);
      s = must(s, s.starter, { type: 'offer', value: s.hands[s.starter]![0]! }).state;
    } else s = must(s, trumpen21.pendingSeats(s)[0]!, { type: 'pass' }).state;
  }
  return { state: s, starters };
}

const view = (state: TwentyOneState, viewer: number | 'spectator') =>
  trumpen21.viewFor(state, viewer);

describe('21 rulings (V)', () => {
  it('V1: 2 to 6 players', () => {
    expect(trumpen21.seats).toEqual({ min: 2, max: 6 });
    expect(trumpen21.create(trumpen21.defaultSettings, 7, exampleRandomness(1, 7, 1)).ok).toBe(
      false,
    );
  });

  it('V2: four values A–K each round, duplicates allowed, no suits; a 60 s timer', () => {
    const state = game(3);
    expect(twentyOneTimer(state)).toEqual({ key: 'write/1', seconds: 60 });
    const dup = must(state, 0, { type: 'write', cards: draft([13, 13, 13, 13]) }).state;
    expect(trumpen21.apply(dup, 0, { type: 'done', cards: draft([13, 13, 13, 13]) }).ok).toBe(true);
    const suited = trumpen21.apply(state, 0, {
      type: 'write',
      cards: [{ value: 5, suit: 'S' }, ...draft([1, 2, 3])],
    });
    expect(suited).toMatchObject({ error: { code: 'SUIT_NOT_USED' } });
  });

  it('V3: the first start player is drawn; it passes left each deal; each starts 3 times a round; rounds 2–3 start with the last start player', () => {
    const first = game(4).firstStarter;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(4);
    let state = written(game(4, {}, 2), [
      [2, 3, 4, 5],
      [2, 3, 4, 5],
      [2, 3, 4, 5],
      [2, 3, 4, 5],
    ]);
    const one = passRound(state);
    expect(one.starters).toEqual([2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    state = must(one.state, 'system', { type: 'timeout', key: 'next/1', standIn: [] }).state;
    state = written(
      state,
      Array.from({ length: 4 }, () => [6, 7, 8, 9]),
    );
    expect(passRound(state).starters[0]).toBe(1);
  });

  it('V4: the offer is face down; the first to take gets it face up; if all pass the start player takes it', () => {
    let state = written(game(3, {}, 0), [
      [10, 9, 8, 7],
      [2, 3, 4, 5],
      [6, 6, 6, 6],
    ]);
    const offered = must(state, 0, { type: 'offer', value: 10 });
    expect(view(offered.state, 1).offer).toEqual({ from: 0, value: null, passed: [] });
    expect(view(offered.state, 0).offer?.value).toBe(10);
    expect(trumpen21.eventFor(offered.events[0]!, 2)).toEqual({
      type: 'offered',
      seat: 0,
      value: null,
    });
    state = must(offered.state, 1, { type: 'take' }).state;
    expect(state.faceUp[1]).toEqual([10]);
    expect(state.starter).toBe(1);
  });

  it('V5: after the last deal everyone reveals their remaining card', () => {
    const state = written(game(2, {}, 0), [
      [10, 9, 8, 7],
      [2, 3, 4, 5],
    ]);
    const end = passRound(state).state;
    expect(end.phase).toBe('between');
    expect(end.rounds[0]!.finals).toHaveLength(2);
    expect(view(end, 1).rounds[0]!.written[0]).toEqual([7, 8, 9, 10]);
  });

  it('V6: A counts 1 or 11 for the best total; 21 → 6, 20 → 3, 19 → 2, 18 → 1; a final A scores 0', () => {
    expect(bestTotal([1, 1, 9])).toBe(21);
    expect(bestTotal([1, 8, 13])).toBe(19);
    expect(roundPoints([10, 8], 1)).toBe(0);
    expect(roundPoints([1, 8], 13)).toBe(2);
  });

  it('V7: the game ends after round 3; the highest total wins, ties share', () => {
    let state = game(2, {}, 0);
    for (let round = 1; round <= 3; round++) {
      state = written(state, [
        [2, 2, 2, 2],
        [2, 2, 2, 2],
      ]);
      state = passRound(state).state;
      if (round < 3)
        state = must(state, 'system', { type: 'timeout', key: `next/${round}`, standIn: [] }).state;
    }
    expect(state.phase).toBe('over');
    expect(trumpen21.result(state)?.places[0]).toEqual([0, 1]);
  });

  it('V8: at the writing timeout the stand-in fills blank cards; the turn timer is off by default, and its stand-in ends the turn', () => {
    let state = game(3, {}, 0);
    state = must(state, 1, {
      type: 'write',
      cards: [
        { value: 9, suit: null },
        ...draft([]),
        { value: null, suit: null },
        { value: null, suit: null },
        { value: null, suit: null },
      ],
    }).state;
    const standIn = twentyOneStandIn(state, 'write/1');
    expect(standIn).toHaveLength(3);
    expect(standIn[1]).toMatchObject({ type: 'write' });
    const cards = standIn[1]!.type === 'write' ? standIn[1]!.cards.map((c) => c.value) : [];
    expect(cards).toContain(9);
    state = must(state, 'system', { type: 'timeout', key: 'write/1', standIn }).state;
    expect(state.phase).toBe('offer');
    expect(twentyOneTimer(state)).toBeNull();
    const timed = { ...state, settings: { ...state.settings, turnSeconds: 20 } };
    const key = twentyOneTimer(timed)!.key;
    const moves = twentyOneStandIn(timed, key);
    const after = must(timed, 'system', { type: 'timeout', key, standIn: moves }).state;
    expect(after.phase).toBe('respond');
  });

  it('V9: greedy writes low, middle, high, high; keeps its closer, offers its highest other card; takes when total + 6 + smallest ≤ 17', () => {
    let seed = 3;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const hand = greedyWrite(random);
    expect(hand[0]).toBeGreaterThanOrEqual(2);
    expect(hand[0]).toBeLessThanOrEqual(4);
    expect(hand[1]).toBeGreaterThanOrEqual(5);
    expect(hand[1]).toBeLessThanOrEqual(7);
    expect(hand[2]).toBeGreaterThanOrEqual(8);
    expect(hand[3]).toBeGreaterThanOrEqual(8);
    // Face up 10: the closer is the K (20, nearest 21); it offers the 9, the highest other.
    expect(greedyOffer([3, 9, 13], [10])).toBe(9);
    // Face up 10 and 8: only the 3 fits (21); the K goes.
    expect(greedyOffer([3, 9, 13], [10, 8])).toBe(13);
    expect(greedyTakes([2], [5])).toBe(true); // 5 + 6 + 2 = 13
    expect(greedyTakes([5], [10])).toBe(false); // 10 + 6 + 5 = 21
  });
});

describe('21 test cases', () => {
  it.each([
    [[10, 6], 5, 6],
    [[1, 8], 13, 2],
    [[1, 1], 9, 6],
    [[9, 9, 4], 2, 0],
    [[10, 8], 1, 0],
    [[], 7, 0],
    [[5, 5, 5], 5, 3],
    [[1, 7], 13, 1],
    [[9, 9], 3, 6],
    [[9, 9], 4, 0],
    [[1], 8, 2],
  ])('%j + %i → %i', (faceUp, final, points) => {
    expect(roundPoints(faceUp, final)).toBe(points);
  });

  it('four players, first start seat 2: round 1 start players 2 3 0 1 …; round 2 starts with 1, round 3 with 0', () => {
    let state = written(
      game(4, {}, 2),
      Array.from({ length: 4 }, () => [2, 3, 4, 5]),
    );
    const starts: number[][] = [];
    for (let round = 1; round <= 3; round++) {
      const played = passRound(state);
      starts.push(played.starters);
      state = played.state;
      if (round < 3) {
        state = must(state, 'system', { type: 'timeout', key: `next/${round}`, standIn: [] }).state;
        state = written(
          state,
          Array.from({ length: 4 }, () => [2, 3, 4, 5]),
        );
      }
    }
    expect(starts[0]).toEqual([2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    expect(starts[1]![0]).toBe(1);
    expect(starts[2]![0]).toBe(0);
  });

  it('three players, seat 0 offers: seat 1 takes → seat 2 is not asked; seats 1 and 2 pass → seat 0 takes it face up', () => {
    let state = written(
      game(3, {}, 0),
      Array.from({ length: 3 }, () => [2, 3, 4, 5]),
    );
    state = must(state, 0, { type: 'offer', value: 5 }).state;
    const taken = must(state, 1, { type: 'take' });
    expect(taken.events.some((e) => e.type === 'passed')).toBe(false);
    expect(taken.state.starter).toBe(1);
    expect(trumpen21.apply(taken.state, 2, { type: 'take' }).ok).toBe(false);
    state = must(state, 1, { type: 'pass' }).state;
    const all = must(state, 2, { type: 'pass' });
    expect(all.events).toContainEqual({ type: 'taken', seat: 0, value: 5, allPassed: true });
    expect(all.state.faceUp[0]).toEqual([5]);
  });

  it('another seat’s view of an offer has no value until it is taken', () => {
    let state = written(
      game(3, {}, 0),
      Array.from({ length: 3 }, () => [2, 3, 4, 13]),
    );
    state = must(state, 0, { type: 'offer', value: 13 }).state;
    for (const viewer of [1, 2, 'spectator'] as const)
      expect(view(state, viewer).offer?.value).toBeNull();
    const other = { ...state, offer: { ...state.offer!, value: 7 } };
    expect(view(other, 'spectator')).toEqual(view(state, 'spectator'));
    expect(view(other, 2)).toEqual(view(state, 2));
    state = must(state, 1, { type: 'take' }).state;
    expect(view(state, 'spectator').faceUp[1]).toEqual([13]);
  });
});
