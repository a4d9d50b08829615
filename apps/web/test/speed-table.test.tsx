/**
 * TrumPen Speed's table: circled suits (S1), dashed empty tableau places with names, wet ink that
 * says how long it has left on the controls it holds back (S5), and others' plays flying in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act as reactAct, fireEvent, render, screen } from '@testing-library/react';
import { speedSettingsSchema, trumpenSpeed } from '@trepenta/trumpen';
import type { SpeedAction, SpeedEvent, SpeedState, SpeedView } from '@trepenta/trumpen';
import type * as Net from '../src/net';
import { FLIGHT_MS, flyPlays, stackTopSelector } from '../src/games/trumpen-speed/flights';
import { roomOf } from './fixtures';
import { mockReducedMotion } from './motion';

const act = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock('../src/net', async (original) => ({ ...(await original<typeof Net>()), act }));
const { Table, inkText } = await import('../src/games/trumpen-speed/Table');

const room = roomOf(['Ada', 'Bea'], { game: 'trumpen-speed' });

/** A two-seat game after Go (stacks 7♠ and 3♥) with these moves applied, each at its stamp. */
function game(moves: [number, SpeedAction, number][]): { state: SpeedState; events: SpeedEvent[] } {
  const settings = speedSettingsSchema.parse({ inkSeconds: 1 });
  const created = trumpenSpeed.create(settings, 2, trumpenSpeed.exampleRandomness(settings, 2, 1));
  if (!created.ok) throw new Error(created.error.code);
  let state = created.value;
  const events: SpeedEvent[] = [];
  const all: [number | 'system', unknown, number][] = [
    [0, { type: 'start', value: 7 }, 0],
    [1, { type: 'start', value: 3 }, 0],
    ['system', { type: 'timeout', key: 'go', standIn: [] }, 0],
    ...moves,
  ];
  for (const [actor, action, stamp] of all) {
    const step = trumpenSpeed.apply(state, actor, action as SpeedAction, stamp);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
    events.push(...step.value.events);
  }
  return { state, events };
}

const viewOf = (state: SpeedState, viewer: number | 'spectator'): SpeedView =>
  trumpenSpeed.viewFor(state, viewer);

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'performance'] }));
afterEach(() => {
  vi.useRealTimers();
  act.mockClear();
});

describe('Speed table', () => {
  it('S1: every written card shows its owner’s suit circled', () => {
    const { state } = game([[0, { type: 'write', value: 8 }, 1000]]);
    const { container } = render(<Table game={viewOf(state, 0)} room={room} />);
    const circled = container.querySelectorAll('.tp-card .tp-suit.tp-circled');
    // Both stacks' tops and the held card.
    expect(circled).toHaveLength(3);
    expect(container.querySelectorAll('.tp-suit:not(.tp-circled)')).toHaveLength(0);
  });

  it('draws the empty tableau places dashed, each named; the next one takes the dry held card', () => {
    const { state } = game([
      [0, { type: 'write', value: 9 }, 1000],
      [0, { type: 'place' }, 3000],
      [0, { type: 'write', value: 10 }, 3000],
    ]);
    // Dry: the ink's second has passed by the stamp of the table.
    const dry = { ...viewOf(state, 0), at: 5000 };
    render(<Table game={dry} room={room} />);
    expect(screen.getByRole('button', { name: /^1\b/ })).toBeTruthy();
    const next = screen.getByRole('button', {
      name: 'Tableau place 2, empty: put your held card here',
    });
    expect(next.querySelector('.sp-place-mark')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Tableau place 3, empty' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tableau place 4, empty' })).toBeTruthy();
    fireEvent.click(next);
    expect(act).toHaveBeenCalledWith({ type: 'place' });
  });

  it('S5: while the held card is wet, Put on tableau and the stacks say how long the ink has left', async () => {
    const { state } = game([[0, { type: 'write', value: 8 }, 1000]]);
    const view = viewOf(state, 0);
    render(<Table game={view} room={room} />);
    const put = screen.getByRole<HTMLButtonElement>('button', { name: 'Put on tableau' });
    expect(put.disabled).toBe(true);
    expect(put.title).toBe('Ink still wet: 1.0 s');
    const why = document.getElementById(put.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('Ink still wet: 1.0 s');
    expect(document.querySelector('.sp-held .sp-ink-wet')).not.toBeNull();

    // The wet held card may be chosen; the stacks wait for it and say why.
    fireEvent.click(screen.getByRole('button', { name: /^Held/ }));
    const stacks = [...document.querySelectorAll<HTMLButtonElement>('.sp-stack')];
    expect(stacks.map((s) => s.disabled)).toEqual([true, true]);
    expect(stacks.map((s) => s.querySelector('.sp-why')?.textContent)).toEqual([
      'Ink still wet: 1.0 s',
      'Ink still wet: 1.0 s',
    ]);
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Tableau place 1, empty' });
    expect([next.disabled, next.title]).toEqual([true, 'Ink still wet: 1.0 s']);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'p' });
    expect(act).not.toHaveBeenCalled();

    await reactAct(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(why.textContent).toBe('Ink still wet: 0.7 s');
    await reactAct(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(put.disabled).toBe(false);
    expect(put.title).toBe('');
    expect(document.querySelector('.sp-why')).toBeNull();
    expect(document.querySelector('.sp-held .sp-ink-wet')).toBeNull();
    expect(stacks.map((s) => s.disabled)).toEqual([false, false]);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(act).toHaveBeenCalledWith({ type: 'play', source: 'held', stack: 0, height: 1 });
  });

  it('inkText rounds up to the tenth, so a wet card never reads 0.0 s', () => {
    expect(inkText(1000)).toBe('Ink still wet: 1.0 s');
    expect(inkText(801)).toBe('Ink still wet: 0.9 s');
    expect(inkText(20)).toBe('Ink still wet: 0.1 s');
  });
});

describe('Speed flights', () => {
  const { state, events } = game([
    [1, { type: 'write', value: 4 }, 1000],
    [1, { type: 'play', source: 'held', stack: 1, height: 1 }, 3000],
  ]);
  const played = events.filter((e) => e.type === 'played');
  let animate: ReturnType<typeof vi.fn>;

  afterEach(() => vi.restoreAllMocks());

  beforeEach(() => {
    animate = vi.fn(() => ({}) as Animation);
    vi.spyOn(HTMLElement.prototype, 'animate').mockImplementation(
      animate as unknown as HTMLElement['animate'],
    );
  });

  it('another seat’s play flies from its seat to the stack: transform and opacity, ≤ 400 ms', () => {
    mockReducedMotion(false);
    render(<Table game={viewOf(state, 0)} room={room} />);
    expect(flyPlays(played, 0)).toHaveLength(1);
    expect(animate.mock.instances[0]).toBe(document.querySelector(stackTopSelector(1)));
    const [frames, timing] = animate.mock.calls[0] as [Keyframe[], KeyframeAnimationOptions];
    for (const frame of frames) expect(Object.keys(frame).sort()).toEqual(['opacity', 'transform']);
    expect(frames[0]!.transform).toMatch(/^translate\(/);
    expect(timing.duration).toBe(FLIGHT_MS);
    expect(FLIGHT_MS).toBeLessThanOrEqual(400);
  });

  it('the viewer’s own play does not fly (it showed at once), nor anything under reduced motion', () => {
    mockReducedMotion(false);
    render(<Table game={viewOf(state, 1)} room={room} />);
    expect(flyPlays(played, 1)).toEqual([]);
    mockReducedMotion(true);
    expect(flyPlays(played, 0)).toEqual([]);
    expect(animate).not.toHaveBeenCalled();
  });
});
