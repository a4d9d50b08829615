/** One test per ruling of Trick Taking (K1–K9), and its test cases, each by name. */
import { describe, expect, it } from 'vitest';
import { exampleRandomness } from '@trepenta/engine';
import {
  asDraft,
  completes,
  greedyPlay,
  leadAfter,
  legalPlays,
  trickWinner,
  tricksGreedyWrite,
  tricksMaxValue,
  tricksSettingsSchema,
  tricksStandIn,
  tricksTimer,
  trumpenTricks,
} from '../src/index';
import type { Played, Suit, TricksAction, TricksState } from '../src/index';

const c = (text: string): Played => {
  const suit = ({ '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' } as Record<string, Suit>)[
    text.slice(-1)
  ]!;
  const raw = text.slice(0, -1);
  return { value: raw === 'A' ? 1 : Number(raw), suit };
};
const cs = (text: string) => text.split(' ').filter(Boolean).map(c);

function game(seats: number, leader: number, grid: Played[] = [], round = 1): TricksState {
  const created = trumpenTricks.create(
    tricksSettingsSchema.parse({}),
    seats,
    exampleRandomness(1, seats, 5),
  );
  if (!created.ok) throw new Error(created.error.message);
  return {
    ...created.value,
    leader,
    grid,
    round,
    points: Array.from({ length: round - 1 }, () => Array.from({ length: seats }, () => 0)),
    rounds: [],
  };
}

function must(state: TricksState, actor: number | 'system', action: unknown) {
  const step = trumpenTricks.apply(state, actor, action as TricksAction);
  if (!step.ok) throw new Error(`${String(actor)} ${JSON.stringify(action)}: ${step.error.code}`);
  return step.value;
}

/** Every seat writes its numbers and presses Done: the first trick starts. */
function written(state: TricksState, hands: number[][]) {
  let s = state;
  hands.forEach((hand, seat) => {
    s = must(s, seat, {
      type: 'write',
      cards: asDraft(hand.map((value) => ({ value, suit: null }))),
    }).state;
  });
  const events = [];
  for (let seat = 0; seat < hands.length; seat++) {
    const cards = asDraft(hands[seat]!.map((value) => ({ value, suit: null })));
    const step = must(s, seat, { type: 'done', cards });
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

const play = (state: TricksState, seat: number, text: string) => {
  const card = c(text);
  return must(state, seat, { type: 'play', value: card.value, suit: card.suit });
};

describe('Trick Taking rulings (K)', () => {
  it('K1: values A up to 2 × players + 1; three rounds of three tricks', () => {
    expect([3, 4, 5].map(tricksMaxValue)).toEqual([7, 9, 11]);
    expect(trumpenTricks.seats).toEqual({ min: 3, max: 5 });
    const over = trumpenTricks.apply(game(3, 0), 0, {
      type: 'write',
      cards: asDraft([{ value: 8, suit: null }]).concat([
        { value: null, suit: null },
        { value: null, suit: null },
      ]),
    });
    expect(over).toMatchObject({ ok: false, error: { code: 'OUT_OF_RANGE' } });
  });

  it('K2: three numbers each round, no suits, duplicates allowed; a 45 s timer; the first lead is drawn', () => {
    const state = game(3, 0);
    expect(tricksTimer(state)).toEqual({ key: 'write/1', seconds: 45 });
    const drawn = trumpenTricks.create(
      tricksSettingsSchema.parse({}),
      4,
      exampleRandomness(1, 4, 9),
    );
    expect(drawn.ok && drawn.value.leader).toBeGreaterThanOrEqual(0);
    const { state: playing } = written(state, [
      [5, 5, 5],
      [2, 3, 4],
      [7, 7, 1],
    ]);
    expect(playing.phase).toBe('play');
  });

  it('K3: every card played stays on the grid for the whole game and can never be played again', () => {
    let { state } = written(game(3, 0), [
      [5, 2, 3],
      [5, 4, 6],
      [5, 7, 1],
    ]);
    state = play(state, 0, '5♠').state;
    expect(state.grid).toEqual([c('5♠')]);
    expect(trumpenTricks.apply(state, 1, { type: 'play', value: 5, suit: 'S' })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_PLAY' },
    });
  });

  it('K4: the leader chooses; follows are the lead suit or the last number (changing the lead); else off-suit; else a pass', () => {
    expect(legalPlays([5], [], { lead: null, last: null })).toHaveLength(4);
    expect(legalPlays([5, 8], cs('8♠'), { lead: 'S', last: 8 })).toEqual(cs('5♠ 8♥ 8♦ 8♣'));
    expect(leadAfter({ lead: 'S', last: 8 }, c('8♥'))).toBe('H');
    expect(legalPlays([3], cs('3♠ 8♠'), { lead: 'S', last: 8 })).toEqual(cs('3♥ 3♦ 3♣'));
    expect(legalPlays([3], cs('3♠ 3♥ 3♦ 3♣'), { lead: 'S', last: 8 })).toEqual([]);
  });

  it('K5: the highest card of the final lead suit wins, 2 points (3 in round 3); the winner leads next', () => {
    let { state } = written(game(4, 0), [
      [8, 1, 2],
      [5, 1, 2],
      [5, 1, 2],
      [2, 1, 3],
    ]);
    state = play(state, 0, '8♠').state;
    state = play(state, 1, '5♠').state;
    state = play(state, 2, '5♥').state;
    const last = play(state, 3, '2♥');
    expect(last.events).toContainEqual({ type: 'trickWon', trick: 1, winner: 2, points: 2 });
    expect(last.state.trick?.leader).toBe(2);
  });

  it('K6: completing a number scores −1, completing a suit +2, one card both', () => {
    expect(completes(cs('7♥ 7♦ 7♣ A♠ 2♠ 3♠ 4♠ 5♠ 6♠'), c('7♠'), 7)).toEqual({
      number: true,
      suit: true,
    });
    expect(completes(cs('7♥ 7♦'), c('7♠'), 7)).toEqual({ number: false, suit: false });
  });

  it('K7: a round ends after its third trick, unplayable cards shown; after round 3 the highest total wins', () => {
    let { state } = written(game(3, 0), [
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    while (state.phase === 'play') {
      const seat = trumpenTricks.pendingSeats(state)[0]!;
      const action = trumpenTricks.legalActions(trumpenTricks.viewFor(state, seat)).actions[0]!;
      state = must(state, seat, action).state;
    }
    expect(state.phase).toBe('between');
    expect(state.rounds[0]!.unplayed).toHaveLength(3);
    expect(
      trumpenTricks.viewFor(state, 'spectator').rounds[0]!.written.every((h) => h !== null),
    ).toBe(true);
  });

  it('K8: writing timeout → the stand-in writes; the turn timer (off by default) → the greedy bot plays', () => {
    const state = game(3, 0);
    const standIn = tricksStandIn(state, 'write/1');
    expect(standIn).toHaveLength(3);
    const { state: playing } = written(state, [
      [5, 2, 3],
      [5, 4, 6],
      [5, 7, 1],
    ]);
    expect(tricksTimer(playing)).toBeNull();
    const timed = { ...playing, settings: { ...playing.settings, turnSeconds: 10 } };
    const key = tricksTimer(timed)!.key;
    const after = must(timed, 'system', {
      type: 'timeout',
      key,
      standIn: tricksStandIn(timed, key),
    });
    expect(after.events.some((e) => e.type === 'played')).toBe(true);
  });

  it('K9: greedy writes from the upper half of the open numbers; leads its highest; follows with the lowest winning play', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    // 3 players, A–7; 7 has one free suit left, so the open numbers are 1–6, the upper half 4–6.
    const values = tricksGreedyWrite(cs('7♠ 7♥ 7♦'), 7, random);
    expect(values.every((v) => v >= 4 && v <= 6)).toBe(true);
    const lead = greedyPlay(
      0,
      [2, 6],
      [],
      { number: 1, leader: 0, plays: [], lead: null, last: null },
      7,
    );
    expect(lead?.value).toBe(6);
    const trick = {
      number: 1,
      leader: 0,
      plays: [{ seat: 0, card: c('4♠') }],
      lead: 'S' as Suit,
      last: 4,
    };
    expect(greedyPlay(1, [2, 5, 6], cs('4♠'), trick, 7)).toEqual(c('5♠'));
  });
});

describe('Trick Taking test cases', () => {
  it('1: empty grid, N led 8♠, hand {5, 8} → legal 5♠, 8♥, 8♦, 8♣', () => {
    expect(legalPlays([5, 8], cs('8♠'), { lead: 'S', last: 8 })).toEqual(cs('5♠ 8♥ 8♦ 8♣'));
  });

  it('2: grid 8♥ 8♦, N led 8♠, hand {8} → only 8♣ (lead → ♣)', () => {
    expect(legalPlays([8], cs('8♥ 8♦ 8♠'), { lead: 'S', last: 8 })).toEqual(cs('8♣'));
    expect(leadAfter({ lead: 'S', last: 8 }, c('8♣'))).toBe('C');
  });

  it('3: grid 3♠, lead ♠, last number 8, hand {3} → no follow; 3♥ 3♦ 3♣', () => {
    expect(legalPlays([3], cs('3♠ 8♠'), { lead: 'S', last: 8 })).toEqual(cs('3♥ 3♦ 3♣'));
  });

  it('4: grid 3♠ 3♥ 3♦ 3♣, hand {3} → automatic pass, −2', () => {
    let { state } = written(game(3, 0, cs('3♠ 3♥ 3♦ 3♣')), [
      [5, 1, 1],
      [3, 3, 3],
      [5, 1, 1],
    ]);
    const step = play(state, 0, '5♠');
    expect(step.events).toContainEqual({ type: 'passed', seat: 1, points: -2 });
    state = step.state;
    expect(state.points[0]![1]).toBe(-2);
  });

  it('5: the worked tricks → S +2; with W 5♣ → W; N 6♠ E 6♥ S 2♥ W 2♠ → N', () => {
    const run = (cards: string) => {
      let trick = { lead: null as Suit | null, last: null as number | null };
      const plays = cs(cards).map((card, seat) => {
        trick = { lead: leadAfter(trick, card), last: card.value };
        return { seat, card };
      });
      return trickWinner(plays, trick.lead);
    };
    expect(run('8♠ 5♠ 5♥ 2♥')).toBe(2);
    expect(run('8♠ 5♠ 5♥ 5♣')).toBe(3);
    expect(run('6♠ 6♥ 2♥ 2♠')).toBe(0);
  });

  it('6: N leads 4♦; E (9♦ on the grid) plays 9♣ off-suit; S 2♦; W 2♣ (→ ♣) → E wins with 9♣', () => {
    let { state } = written(game(4, 0, cs('9♦')), [
      [4, 1, 1],
      [9, 9, 9],
      [2, 1, 1],
      [2, 1, 1],
    ]);
    state = play(state, 0, '4♦').state;
    expect(legalPlays(state.hands[1]!, state.grid, state.trick!)).toEqual(cs('9♠ 9♥ 9♣'));
    state = play(state, 1, '9♣').state;
    state = play(state, 2, '2♦').state;
    const last = play(state, 3, '2♣');
    expect(last.events).toContainEqual({ type: 'trickWon', trick: 1, winner: 1, points: 2 });
  });

  it('7: the leader has only dead cards → passes (−2); the next player plays 3♥ and leads (L ♥)', () => {
    const dead = cs('5♠ 5♥ 5♦ 5♣');
    const { state, events } = written(game(3, 0, dead), [
      [5, 5, 5],
      [3, 3, 3],
      [4, 4, 4],
    ]);
    expect(events).toContainEqual({ type: 'passed', seat: 0, points: -2 });
    const next = play(state, 1, '3♥').state;
    expect(next.trick?.lead).toBe('H');
  });

  it('8: grid 7♥ 7♦ 7♣ and A♠–6♠ (3 players); 7♠ played → that player −1 +2', () => {
    const grid = cs('7♥ 7♦ 7♣ A♠ 2♠ 3♠ 4♠ 5♠ 6♠');
    const { state } = written(game(3, 0, grid), [
      [7, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    const step = play(state, 0, '7♠');
    const all = [...step.events];
    let s = step.state;
    while (s.trick && s.trick.number === 1 && s.phase === 'play') {
      const seat = trumpenTricks.pendingSeats(s)[0]!;
      const action = trumpenTricks.legalActions(trumpenTricks.viewFor(s, seat)).actions[0]!;
      const next = must(s, seat, action);
      all.push(...next.events);
      s = next.state;
    }
    expect(all).toContainEqual({
      type: 'completed',
      seat: 0,
      card: c('7♠'),
      number: true,
      suit: true,
      points: 1,
    });
  });

  it('9: everyone passes → each −2, no trick points, the same leader leads again', () => {
    const grid = cs('5♠ 5♥ 5♦ 5♣');
    const { state, events } = written(game(3, 1, grid), [
      [5, 5, 5],
      [5, 5, 5],
      [5, 5, 5],
    ]);
    expect(events.filter((e) => e.type === 'passed')).toHaveLength(9);
    expect(events).toContainEqual({ type: 'trickWon', trick: 1, winner: null, points: 0 });
    expect(
      events
        .filter((e) => e.type === 'trickStarted')
        .map((e) => e.type === 'trickStarted' && e.leader),
    ).toEqual([1, 1, 1]);
    expect(state.points[0]).toEqual([-6, -6, -6]);
  });

  it('10: a trick won in round 3 → +3', () => {
    let { state } = written(game(3, 0, [], 3), [
      [7, 1, 1],
      [2, 1, 1],
      [3, 1, 1],
    ]);
    state = play(state, 0, '7♠').state;
    state = play(state, 1, '2♠').state;
    const last = play(state, 2, '3♠');
    expect(last.events).toContainEqual({ type: 'trickWon', trick: 1, winner: 0, points: 3 });
  });
});
