/** TrumPen Speed: a test per ruling (S1–S14) and every Speed case of the rules' test table. */
import { describe, expect, it } from 'vitest';
import {
  SPEED_BUDGET,
  speedBotPace,
  speedChooseBot,
  speedLegalActions,
  speedSettingsSchema,
  speedViewFor,
  trumpenSpeed,
} from '../src/index';
import type { SpeedAction, SpeedEvent, SpeedSettings, SpeedState, StackCard } from '../src/index';

const m = trumpenSpeed;

function created(seatCount: number, change: object = {}, seed = 1): SpeedState {
  const settings: SpeedSettings = speedSettingsSchema.parse(change);
  const result = m.create(settings, seatCount, m.exampleRandomness(settings, seatCount, seed));
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

function step(state: SpeedState, actor: number | 'system', action: unknown, at?: number) {
  const result = m.apply(state, actor, action as SpeedAction, at);
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.code}`);
  return result.value;
}

function refused(state: SpeedState, actor: number, action: SpeedAction, at?: number): string {
  const result = m.apply(state, actor, action, at);
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted`);
  return result.error.code;
}

/** A game after Go at `at` ms, starting cards `left` and `right`. */
function started(seatCount = 2, left = 7, right = 3, change: object = {}, at = 0): SpeedState {
  let state = created(seatCount, change);
  state = step(state, state.starters[0], { type: 'start', value: left }).state;
  state = step(state, state.starters[1], { type: 'start', value: right }).state;
  return step(state, 'system', { type: 'timeout', key: 'go', standIn: [] }, at).state;
}

/** A table set up directly: seat 0 holds `held` (dry), the stacks have these values. */
function table(
  stacks: [number[], number[]],
  seats: Partial<SpeedState['seats'][number]>[] = [],
): SpeedState {
  const base = started(2, 7, 3);
  const card = (value: number): StackCard => ({ value, suit: 'S' });
  return {
    ...base,
    stacks: [stacks[0].map(card), stacks[1].map(card)] as [StackCard[], StackCard[]],
    seats: base.seats.map((seat, s) => ({ ...seat, ...seats[s] })),
  };
}

const play = (source: 'held' | number, stack: 0 | 1, height: number): SpeedAction => ({
  type: 'play',
  source,
  stack,
  height,
});
const dry = (value: number) => ({ value, wetUntil: 0 });

describe('TrumPen Speed rulings', () => {
  it('S1: each seat has 13 blank cards and the suit of its seat order; A is one above K', () => {
    const state = started(4, 13, 12);
    expect(state.seats.map((s) => s.deck)).toEqual([13, 13, 13, 13]);
    const view = speedViewFor(state, 'spectator');
    expect(view.seats.map((s) => s.suit)).toEqual(['S', 'H', 'D', 'C']);
    const after = step(state, 0, { type: 'write', value: 1 }, 5000).state;
    const left = after.stacks[0].length;
    const played = step(after, 0, play('held', 0, left), 7000);
    expect(played.events[0]).toMatchObject({ type: 'played', card: { value: 1, suit: 'S' } });
  });

  it('S2: two seats both start, the lower on the left; three or four draw two starters', () => {
    expect(created(2).starters).toEqual([0, 1]);
    const drawn = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const s = created(4, {}, seed).starters;
      expect(s[0]).not.toBe(s[1]);
      drawn.add(s.join());
    }
    expect(drawn.size).toBeGreaterThan(1);
    let state = created(3);
    const [a, b] = state.starters;
    const other = [0, 1, 2].find((s) => s !== a && s !== b)!;
    expect(refused(state, other, { type: 'start', value: 5 })).toBe('NOT_A_STARTER');
    state = step(state, a, { type: 'start', value: 5 }).state;
    expect(refused(state, a, { type: 'start', value: 6 })).toBe('ALREADY_WRITTEN');
    // The other starter is silent: the stand-in writes for it when the 15 s run out.
    expect(m.timer(state)).toEqual({ key: 'starters', seconds: 15 });
    const standIn = m.standIn(state, 'starters', 0);
    expect(standIn).toHaveLength(1);
    state = step(state, 'system', { type: 'timeout', key: 'starters', standIn }).state;
    expect(state.phase).toBe('countdown');
    expect(m.timer(state)).toEqual({ key: 'go', seconds: 3 });
    // Hidden until Go, then the bases of the stacks.
    expect(speedViewFor(state, other).starterCard).toBeNull();
    expect(speedViewFor(state, a).starterCard).toBe(5);
    const go = step(state, 'system', { type: 'timeout', key: 'go', standIn: [] }, 100);
    expect(go.state.stacks[0]).toEqual([{ value: 5, suit: ['S', 'H', 'D'][a] }]);
    expect(go.events[0]!.type).toBe('go');
  });

  it('S3: a seat has a deck count, at most one held card and a tableau of up to four', () => {
    const state = started();
    let s = step(state, 0, { type: 'write', value: 9 }, 1000).state;
    expect(s.seats[0]).toMatchObject({ deck: 12, held: { value: 9 }, tableau: [] });
    s = step(s, 0, { type: 'place' }, 2000).state;
    expect(s.seats[0]).toMatchObject({ deck: 12, held: null, tableau: [9] });
  });

  it('S4: write rewrites the held card, else draws; with the deck empty it picks up a named tableau card', () => {
    let s = table([[7], [3]], [{ deck: 0, held: null, tableau: [10, 11] }]);
    expect(refused(s, 0, { type: 'write', value: 5 })).toBe('NO_CARD');
    s = step(s, 0, { type: 'write', value: 6, slot: 1 }, 1000).state;
    expect(s.seats[0]).toMatchObject({ deck: 0, held: { value: 6 }, tableau: [10] });
    expect(refused(s, 0, { type: 'write', value: 5, slot: 0 }, 1000)).toBe('HOLDING');
    s = step(s, 0, { type: 'write', value: 8 }, 1500).state;
    expect(s.seats[0]!.held!.value).toBe(8);
    expect(refused(s, 0, { type: 'write', value: 5, slot: 3 }, 1500)).toBe('HOLDING');
    // The checks' order: the source, the ink, the height, then the value.
    const wet = table([[7], [3]], [{ held: { value: 8, wetUntil: 5000 } }]);
    expect(refused(wet, 0, play(2, 0, 9), 0)).toBe('NO_CARD');
    expect(refused(wet, 0, play('held', 0, 9), 0)).toBe('INK_WET');
    expect(refused(wet, 0, play('held', 0, 9), 5000)).toBe('STACK_CHANGED');
  });

  it('S5: a written card is wet for the ink time from the server’s stamp; tableau cards play meanwhile', () => {
    const s = table([[7], [3]], [{ tableau: [4] }]);
    const written = step(s, 0, { type: 'write', value: 8 }, 10_000).state;
    expect(written.seats[0]!.held!.wetUntil).toBe(11_000);
    expect(refused(written, 0, { type: 'place' }, 10_999)).toBe('INK_WET');
    expect(step(written, 0, play(0, 1, 1), 10_100).state.stacks[1]).toHaveLength(2);
    const noInk = table([[7], [3]]);
    const instant = step(
      { ...noInk, settings: { ...noInk.settings, inkSeconds: 0 } },
      0,
      {
        type: 'write',
        value: 8,
      },
      500,
    ).state;
    expect(step(instant, 0, play('held', 0, 1), 500).state.plays).toBe(1);
  });

  it('S6: a play names the stack height it was made against; another height is STACK_CHANGED, the card stays', () => {
    const s = table([[3, 4, 5, 6, 7], [2]], [{ held: dry(8) }, { held: dry(6) }]);
    const x = step(s, 0, play('held', 0, 5), 1000);
    expect(x.state.stacks[0].map((c) => c.value)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(refused(x.state, 1, play('held', 0, 5), 1001)).toBe('STACK_CHANGED');
    expect(x.state.seats[1]!.held!.value).toBe(6);
    // A height not reached yet is stale too, even when the value fits.
    expect(refused(s, 1, play('held', 0, 7), 1001)).toBe('STACK_CHANGED');
    expect(m.realTime!.staleCodes).toEqual(['STACK_CHANGED']);
    expect(m.checksVersion(play('held', 0, 5))).toBe(false);
    // Announced to every viewer.
    for (const viewer of [0, 1, 'spectator'] as const) {
      expect(m.eventFor(x.events[0]!, viewer)).toMatchObject({
        type: 'played',
        card: { value: 8 },
      });
    }
  });

  it('S7: no lag compensation: the order of arrival judges, the earlier stamp gains nothing', () => {
    const s = table([[7], [2]], [{ held: dry(8) }, { held: dry(6) }]);
    // Seat 1 clicked first but arrived second: its play is judged against the moved stack.
    const first = step(s, 0, play('held', 0, 1), 2000).state;
    expect(refused(first, 1, play('held', 0, 1), 1500)).toBe('STACK_CHANGED');
  });

  it('S8: each seat’s budget is 10 actions at once, refilled at 10 a second, applied before the engine', () => {
    expect(m.realTime!.budget).toEqual(SPEED_BUDGET);
    expect(SPEED_BUDGET).toEqual({ burst: 10, perSecond: 10 });
    expect(Object.keys(m.errors)).not.toContain('TOO_FAST');
  });

  it('S9: the first with no cards wins at once; the rest by cards left, equal counts sharing', () => {
    const four: SpeedState = {
      ...started(4, 7, 2),
      seats: [
        { deck: 0, held: dry(8), tableau: [] },
        { deck: 3, held: null, tableau: [] },
        { deck: 1, held: dry(4), tableau: [5] },
        { deck: 2, held: null, tableau: [] },
      ],
    };
    const won = step(four, 0, play('held', 0, 1), 3000);
    expect(won.state.phase).toBe('over');
    expect(m.result(won.state)).toEqual({ places: [[0], [3], [1, 2]], abandoned: false });
    expect(won.events.at(-1)).toMatchObject({ type: 'ended', idle: false });
    expect(refused(won.state, 1, { type: 'write', value: 3 }, 3001)).toBe('GAME_OVER');
  });

  it('S10: no card onto a stack for the idle time ends the game, fewest cards left winning; the key is the play count', () => {
    let s = started(2, 7, 3, { idleSeconds: 60 });
    expect(m.timer(s)).toEqual({ key: 'idle/0', seconds: 60 });
    s = step(s, 0, { type: 'write', value: 8 }, 1000).state;
    // Writing is not playing: the key stays.
    expect(m.timer(s)?.key).toBe('idle/0');
    s = step(s, 0, play('held', 0, 1), 2000).state;
    expect(m.timer(s)?.key).toBe('idle/1');
    expect(m.apply(s, 'system', { type: 'timeout', key: 'idle/0', standIn: [] }).ok).toBe(false);
    const ended = step(s, 'system', { type: 'timeout', key: 'idle/1', standIn: [] }, 62_000);
    expect(m.result(ended.state)).toEqual({ places: [[0], [1]], abandoned: false });
    expect(ended.state.idleEnd).toBe(true);
  });

  it('S11: the engine counts ink on the logged stamp, never running backwards', () => {
    const s = step(table([[7], [3]]), 0, { type: 'write', value: 8 }, 5000).state;
    // A stamp earlier than the last one applied counts as the last one.
    const later = step(s, 1, { type: 'write', value: 2 }, 4000).state;
    expect(later.lastAt).toBe(5000);
    expect(later.seats[1]!.held!.wetUntil).toBe(6000);
  });

  it('S12: a held value is its owner’s; wetness, tableaux and deck counts are public', () => {
    const s = step(table([[7], [3]], [{ tableau: [4] }]), 0, { type: 'write', value: 8 }, 1000);
    const other = speedViewFor(s.state, 1).seats[0]!;
    expect(other).toMatchObject({ held: { value: null, wetUntil: 2000 }, tableau: [4], deck: 12 });
    expect(speedViewFor(s.state, 0).seats[0]!.held!.value).toBe(8);
    expect(m.eventFor(s.events[0]!, 1)).toMatchObject({ type: 'written', value: null });
    expect(m.eventFor(s.events[0]!, 0)).toMatchObject({ type: 'written', value: 8 });
  });

  it('S13: the starters are drawn from the game’s key; no write commitment is published', () => {
    const a = created(4, {}, 5);
    const b = created(4, {}, 5);
    expect(a.starters).toEqual(b.starters);
    const events: SpeedEvent[] = step(started(), 0, { type: 'write', value: 2 }, 1)
      .events as SpeedEvent[];
    expect(JSON.stringify(events)).not.toContain('commit');
  });

  it('S14: the greedy bot plays a tableau card before its held card, the left stack first; waits out its ink', () => {
    const s = table([[7], [7]], [{ held: dry(8), tableau: [6] }]);
    expect(speedChooseBot(speedViewFor(s, 0), 'greedy', 1)).toEqual(play(0, 0, 1));
    // Nothing fits: a dry held card goes to the tableau while the deck has cards.
    const none = table([[7], [7]], [{ held: dry(2), tableau: [] }]);
    expect(speedChooseBot(speedViewFor(none, 0), 'greedy', 1)).toEqual({ type: 'place' });
    // Full tableau: rewrite the held card to a value that fits.
    const full = table([[7], [7]], [{ held: dry(2), tableau: [1, 2, 3, 4] }]);
    const rewrite = speedChooseBot(speedViewFor(full, 0), 'greedy', 1);
    expect(rewrite?.type).toBe('write');
    if (rewrite?.type === 'write') expect([6, 8]).toContain(rewrite.value);
    // Its pace: the level's reaction time ±25 %, never before its held card is dry.
    const view = speedViewFor(
      {
        ...full,
        lastAt: 0,
        seats: full.seats.map((x, i) =>
          i === 0 ? { ...x, held: { value: 2, wetUntil: 2900 } } : x,
        ),
      },
      0,
    );
    const pace = speedBotPace(view, 'greedy');
    expect(pace).toEqual({ ms: 2900 });
    const relaxed = speedBotPace(speedViewFor(none, 1), 'random') as { ms: number };
    expect(relaxed.ms).toBeGreaterThanOrEqual(1500);
    expect(relaxed.ms).toBeLessThanOrEqual(2500);
    const fast = speedBotPace(
      speedViewFor({ ...none, settings: { ...none.settings, botPace: 'fast' } }, 1),
      'greedy',
    ) as { ms: number };
    expect(fast.ms).toBeLessThanOrEqual(875);
    expect(fast.ms).toBeGreaterThanOrEqual(1000 / SPEED_BUDGET.perSecond);
    // Every bot move is legal in its own view.
    const chosen = speedChooseBot(speedViewFor(full, 0), 'random', 3)!;
    expect(JSON.stringify(speedLegalActions(speedViewFor(full, 0)).actions)).toContain(
      JSON.stringify(chosen),
    );
  });
});

describe('TrumPen Speed test cases', () => {
  it('top 7: 6 fits, 8 fits, 7 DUPLICATE, 9 NOT_ADJACENT', () => {
    for (const [value, code] of [
      [6, null],
      [8, null],
      [7, 'DUPLICATE'],
      [9, 'NOT_ADJACENT'],
    ] as const) {
      const s = table([[7], [3]], [{ held: dry(value) }]);
      const result = m.apply(s, 0, play('held', 0, 1), 100);
      expect(result.ok ? null : result.error.code, `${value}`).toBe(code);
    }
  });

  it('top K: A and Q fit; top A: K and 2 fit', () => {
    for (const [top, value] of [
      [13, 1],
      [13, 12],
      [1, 13],
      [1, 2],
    ]) {
      const s = table([[top!], [5]], [{ held: dry(value!) }]);
      expect(m.apply(s, 0, play('held', 0, 1), 100).ok, `${top} ${value}`).toBe(true);
    }
  });

  it('left stack height 5 top 7: X plays 8 (h 5), Y 6 (h 5) STACK_CHANGED and keeps it; Y 9 (h 6) accepted', () => {
    const s = table([[3, 4, 5, 6, 7], [2]], [{ held: dry(8) }, { held: dry(6), tableau: [9] }]);
    const x = step(s, 0, play('held', 0, 5), 1000).state;
    expect(x.stacks[0]).toHaveLength(6);
    expect(refused(x, 1, play('held', 0, 5), 1000)).toBe('STACK_CHANGED');
    expect(x.seats[1]).toMatchObject({ held: { value: 6 }, tableau: [9] });
    const y = step(x, 1, play(0, 0, 6), 1001).state;
    expect(y.stacks[0].map((c) => c.value).slice(-2)).toEqual([8, 9]);
  });

  it('from height 5 top 7: Y plays 6 on the left (h 5) after X played on the right: accepted; naming h 7: STACK_CHANGED', () => {
    const s = table([[3, 4, 5, 6, 7], [2]], [{ held: dry(3) }, { held: dry(6) }]);
    const x = step(s, 0, play('held', 1, 1), 1000).state;
    expect(refused(x, 1, play('held', 0, 7), 1000)).toBe('STACK_CHANGED');
    expect(step(x, 1, play('held', 0, 5), 1000).state.stacks[0]).toHaveLength(6);
  });

  it('ink 1.0 s, write at 10.0 s: a play at 10.6 s INK_WET, at 11.0 s accepted', () => {
    const s = step(table([[7], [3]]), 0, { type: 'write', value: 8 }, 10_000).state;
    expect(refused(s, 0, play('held', 0, 1), 10_600)).toBe('INK_WET');
    expect(step(s, 0, play('held', 0, 1), 11_000).state.plays).toBe(1);
  });

  it('tableau 4 and a dry held card: place TABLEAU_FULL; write rewrites the held card; a tableau card named with cards in the deck DECK_NOT_EMPTY', () => {
    const s = table([[7], [3]], [{ held: dry(2), tableau: [1, 2, 3, 4] }]);
    expect(refused(s, 0, { type: 'place' }, 100)).toBe('TABLEAU_FULL');
    expect(step(s, 0, { type: 'write', value: 9 }, 100).state.seats[0]).toMatchObject({
      held: { value: 9 },
      deck: 13,
    });
    expect(refused(s, 0, { type: 'write', value: 9, slot: 0 }, 100)).toBe('DECK_NOT_EMPTY');
  });

  it('an action before Go: NOT_STARTED', () => {
    const s = created(2);
    expect(refused(s, 0, { type: 'write', value: 4 })).toBe('NOT_STARTED');
    expect(refused(s, 0, play(0, 0, 0))).toBe('NOT_STARTED');
  });

  it('the last card played: game over, later actions GAME_OVER', () => {
    const s = table([[7], [3]], [{ deck: 0, held: dry(8) }]);
    const over = step(s, 0, play('held', 0, 1), 100).state;
    expect(m.result(over)?.places[0]).toEqual([0]);
    expect(refused(over, 1, { type: 'write', value: 4 }, 200)).toBe('GAME_OVER');
  });

  it('60 s without a stack play: game over, fewest cards left win', () => {
    const s = table([[7], [3]], [{ deck: 10 }, { deck: 10 }]);
    const ended = step(s, 'system', { type: 'timeout', key: 'idle/0', standIn: [] }, 60_000);
    expect(m.result(ended.state)).toEqual({ places: [[0, 1]], abandoned: false });
  });
});
