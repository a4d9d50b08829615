/**
 * Trefeltromp's betting keys: F folds, C checks or calls, B or R goes to the amount, where the
 * arrows step through legal amounts only and Enter bets or raises (F9's amounts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { myOptions, timerOf, trefeltromp } from '@trepenta/trefeltromp';
import type { GameState, Settings, View } from '@trepenta/trefeltromp';
import { store } from '../src/store';
import type * as Net from '../src/net';
import { stepAmount } from '../src/games/trefeltromp/keys';
import { roomOf } from './fixtures';

const act = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock('../src/net', async (original) => ({ ...(await original<typeof Net>()), act }));
const { Table } = await import('../src/games/trefeltromp/Table');

const room = roomOf(['Ada', 'Bea', 'Cyd'], { game: 'trefeltromp' });

/** The first hand dealt, seen by whoever opens the first call. */
function firstCall(settings: Partial<Settings> = {}): View {
  const full = { ...trefeltromp.defaultSettings, ...settings };
  const made = trefeltromp.create(full, 3, trefeltromp.exampleRandomness(full, 3, 7));
  if (!made.ok) throw new Error(made.error.message);
  const key = timerOf(made.value)!.key;
  const dealt = trefeltromp.apply(made.value, 'system', { type: 'timeout', key, standIn: [] });
  if (!dealt.ok) throw new Error(dealt.error.code);
  const state: GameState = dealt.value.state;
  const turn = trefeltromp.viewFor(state, 'spectator').turn!;
  return trefeltromp.viewFor(state, turn);
}

function amount(): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('spinbutton');
}

beforeEach(() => store.set({ pending: false }));
afterEach(() => act.mockClear());

describe('Trefeltromp betting from the keyboard', () => {
  it('F9: B goes to the amount; arrows, Page keys, Home and End stay within the legal amounts; Enter bets', () => {
    const view = firstCall({ betting: 'no-limit', ante: 10 });
    const wager = myOptions(view)!.wager!;
    expect(wager.kind).toBe('bet');
    render(<Table game={view} room={room} />);
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(document.activeElement).toBe(amount());
    expect(amount().value).toBe(String(wager.min));
    fireEvent.keyDown(amount(), { key: 'ArrowDown' });
    expect(amount().value).toBe(String(wager.min));
    fireEvent.keyDown(amount(), { key: 'ArrowUp' });
    expect(amount().value).toBe(String(wager.min + 10));
    fireEvent.keyDown(amount(), { key: 'PageUp' });
    expect(amount().value).toBe(String(wager.min + 110));
    fireEvent.keyDown(amount(), { key: 'End' });
    expect(amount().value).toBe(String(wager.max));
    fireEvent.keyDown(amount(), { key: 'ArrowUp' });
    expect(amount().value).toBe(String(wager.max));
    fireEvent.keyDown(amount(), { key: 'Home' });
    fireEvent.keyDown(amount(), { key: 'ArrowUp' });
    fireEvent.keyDown(amount(), { key: 'Enter' });
    expect(act).toHaveBeenCalledWith({ type: 'bet', to: wager.min + 10 });
  });

  it('F9: fixed-limit has one amount; R or B still reaches it and Enter confirms it', () => {
    const view = firstCall({ betting: 'fixed-limit', ante: 10 });
    const wager = myOptions(view)!.wager!;
    expect(wager.min).toBe(wager.max);
    render(<Table game={view} room={room} />);
    fireEvent.keyDown(document.body, { key: 'R' });
    expect(document.activeElement).toBe(amount());
    fireEvent.keyDown(amount(), { key: 'ArrowUp' });
    expect(amount().value).toBe(String(wager.min));
    fireEvent.keyDown(amount(), { key: 'Enter' });
    expect(act).toHaveBeenCalledWith({ type: 'bet', to: wager.min });
  });

  it('F and C fold and check; the controls announce their keys', () => {
    const view = firstCall();
    render(<Table game={view} room={room} />);
    expect(screen.getByRole('button', { name: /^Fold/ }).getAttribute('aria-keyshortcuts')).toBe(
      'f',
    );
    expect(screen.getByRole('button', { name: /^Bet/ }).getAttribute('aria-keyshortcuts')).toBe(
      'b',
    );
    expect(amount().getAttribute('aria-keyshortcuts')).toBe('b');
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(act).toHaveBeenLastCalledWith({ type: 'check' });
    fireEvent.keyDown(document.body, { key: 'f' });
    expect(act).toHaveBeenLastCalledWith({ type: 'fold' });
    // Typing in the amount is never a shortcut.
    act.mockClear();
    fireEvent.keyDown(amount(), { key: 'f' });
    expect(act).not.toHaveBeenCalled();
  });

  it('stepAmount: every step lands on a legal amount, other keys are not its own', () => {
    const wager = { min: 20, max: 95 };
    expect(stepAmount('ArrowUp', 90, wager, 10)).toBe(95);
    expect(stepAmount('ArrowDown', 25, wager, 10)).toBe(20);
    expect(stepAmount('PageDown', 95, wager, 10)).toBe(20);
    expect(stepAmount('ArrowUp', Number.NaN, wager, 10)).toBe(30);
    expect(stepAmount('Enter', 30, wager, 10)).toBeNull();
  });
});
