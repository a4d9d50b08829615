import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { m } from '../src/games/trepenta/messages';
import { appendLog, replaceLog, store } from '../src/store';
import { GameLog } from '../src/table/SidePanel';

const lines = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ text: `Move ${from + i}`, own: false }));

describe('the move log', () => {
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  afterEach(() => {
    act(() => store.set({ log: [] }));
    scrolled.mockClear();
  });

  it('keeps its newest 400 lines and follows each new one, also once it is full', () => {
    act(() => replaceLog(lines(1, 450)));
    render(<GameLog />);
    const items = () => Array.from(document.querySelectorAll('.game-log li:not(.log-end)'));
    expect(items()).toHaveLength(400);
    expect(items()[0]!.textContent).toBe('Move 51');
    const before = scrolled.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    // The log is full: its length no longer changes, but the newest line does.
    act(() => appendLog(lines(451, 1)));
    expect(items()).toHaveLength(400);
    expect(screen.getByText('Move 451')).toBeTruthy();
    expect(scrolled.mock.calls.length).toBe(before + 1);
    act(() => appendLog(lines(452, 3)));
    expect(items()[399]!.textContent).toBe('Move 454');
    expect(scrolled.mock.calls.length).toBe(before + 2);
  });

  it('in a closed sheet it waits, and opens at the newest line', () => {
    act(() => replaceLog(lines(1, 30)));
    const { rerender } = render(<GameLog shown={false} />);
    act(() => appendLog(lines(31, 1)));
    expect(scrolled).not.toHaveBeenCalled();
    rerender(<GameLog shown />);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(document.querySelector('.log-end'));
  });

  it('says so while empty', () => {
    render(<GameLog />);
    expect(document.querySelector('.game-log')).toBeNull();
    expect(screen.getByText(m.panel.emptyLog)).toBeTruthy();
    expect(scrolled).not.toHaveBeenCalled();
  });
});
