/**
 * The host's "Close the table" in the shell's top bar: offered for a session game (the module's
 * `sessions`) to its host only, asked first, gone once the table is closed (F18).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { timerOf, trefeltromp } from '@trepenta/trefeltromp';
import { store } from '../src/store';
import type * as Net from '../src/net';
import { roomOf, search, viewOf } from './fixtures';

const requestOrNotify = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock('../src/net', async (original) => ({
  ...(await original<typeof Net>()),
  requestOrNotify,
}));
const { Table } = await import('../src/games/trefeltromp/Table');
const { Table: TrepentaTable } = await import('../src/games/trepenta/Table');

function session(closed = false) {
  const s = trefeltromp.defaultSettings;
  const made = trefeltromp.create(s, 2, trefeltromp.exampleRandomness(s, 2, 3));
  if (!made.ok) throw new Error(made.error.message);
  const key = timerOf(made.value)!.key;
  const dealt = trefeltromp.apply(made.value, 'system', { type: 'timeout', key, standIn: [] });
  if (!dealt.ok) throw new Error(dealt.error.code);
  let state = dealt.value.state;
  if (closed) {
    const done = trefeltromp.apply(state, 'system', { type: 'close' });
    if (!done.ok) throw new Error(done.error.code);
    state = done.value.state;
  }
  return trefeltromp.viewFor(state, 0);
}

const room = roomOf(['Ada', 'Bea'], { game: 'trefeltromp' });
const host = (yes: boolean) =>
  store.set({ you: { memberId: 'm1', token: 't'.repeat(43), seat: 0, host: yes } });
const closeButton = () => screen.queryByRole('button', { name: 'Close the table' });

afterEach(() => requestOrNotify.mockClear());

describe('Close the table', () => {
  it('F18: the host closes a session from the top bar after confirming', () => {
    host(true);
    render(<Table game={session()} room={room} />);
    fireEvent.click(closeButton()!);
    expect(requestOrNotify).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Close the table?' });
    fireEvent.click(dialog.querySelector('button.danger')!);
    expect(requestOrNotify).toHaveBeenCalledWith('room:close', {});
  });

  it('F18: "Keep playing" sends nothing', () => {
    host(true);
    render(<Table game={session()} room={room} />);
    fireEvent.click(closeButton()!);
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestOrNotify).not.toHaveBeenCalled();
  });

  it('is not offered to a guest, once closed, or in a game without sessions', () => {
    host(false);
    const { unmount } = render(<Table game={session()} room={room} />);
    expect(closeButton()).toBeNull();
    unmount();
    host(true);
    const closed = render(<Table game={session(true)} room={room} />);
    expect(closeButton()).toBeNull();
    closed.unmount();
    const trepenta = search([], 2, (s) => s.phase === 'turns');
    render(<TrepentaTable game={viewOf(trepenta, 0)} room={roomOf(['Ada', 'Bea'])} />);
    expect(closeButton()).toBeNull();
  });
});
