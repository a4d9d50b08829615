/** R24: the player on turn is warned ten seconds before the stand-in would move for them. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { HURRY_MS, useHurryWarning } from '../src/table/hurry';
import { m } from '../src/games/trepenta/messages';
import { store } from '../src/store';

const NOW = 1_700_000_000_000;

describe('the hurry warning (R24)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    store.set({ announcement: { id: 0, text: '' } });
  });
  afterEach(() => vi.useRealTimers());

  it('comes ten seconds before the own deadline, once', () => {
    renderHook(() => useHurryWarning(NOW + 30_000, true));
    vi.advanceTimersByTime(30_000 - HURRY_MS - 1);
    expect(store.get().announcement.text).toBe('');
    vi.advanceTimersByTime(1);
    expect(store.get().announcement.text).toBe(m.table.hurry);
    const id = store.get().announcement.id;
    vi.advanceTimersByTime(30_000);
    expect(store.get().announcement.id).toBe(id);
  });

  it('not for another player’s turn, nor when less than ten seconds are left already', () => {
    renderHook(() => useHurryWarning(NOW + 30_000, false));
    renderHook(() => useHurryWarning(NOW + HURRY_MS - 1, true));
    vi.advanceTimersByTime(60_000);
    expect(store.get().announcement.text).toBe('');
  });

  it('a new deadline (the turn moved on) cancels the old warning', () => {
    const { rerender, unmount } = renderHook(({ at }) => useHurryWarning(at, true), {
      initialProps: { at: NOW + 30_000 },
    });
    rerender({ at: NOW + 60_000 });
    vi.advanceTimersByTime(30_000 - HURRY_MS);
    expect(store.get().announcement.text).toBe('');
    vi.advanceTimersByTime(30_000);
    expect(store.get().announcement.text).toBe(m.table.hurry);
    unmount();
  });
});
