/** Coming back to a room by its link with a stored token: a refusal that may pass keeps the seat. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { m } from '../src/games/trepenta/messages';
import { tokens } from '../src/storage';
import type * as Net from '../src/net';

const joinRoom = vi.hoisted(() => vi.fn());
vi.mock('../src/net', async (original) => ({
  ...(await original<typeof Net>()),
  joinRoom,
}));
const { RoomScreen } = await import('../src/screens/Room');

afterEach(() => {
  joinRoom.mockReset();
  tokens.clear('BCDFGH');
});

describe('coming back with a stored token', () => {
  it('a rate limit keeps the token and offers to try again, which comes back in', async () => {
    tokens.set('BCDFGH', 'T'.repeat(43));
    const busy = 'Too many returns to this room in a minute; try again shortly.';
    joinRoom.mockResolvedValueOnce({ ok: false, code: 'RATE_LIMITED', message: busy });
    render(<RoomScreen code="BCDFGH" token={null} />);
    expect(await screen.findByText(busy)).toBeDefined();
    expect(tokens.get('BCDFGH')).toBe('T'.repeat(43));
    joinRoom.mockResolvedValueOnce({ ok: true });
    fireEvent.click(screen.getByRole('button', { name: m.join.retry }));
    expect(joinRoom).toHaveBeenCalledTimes(2);
    expect(joinRoom).toHaveBeenLastCalledWith('BCDFGH', { token: 'T'.repeat(43) });
    expect(await screen.findByText(m.conn.connecting)).toBeDefined();
  });

  it('a token the room no longer knows is forgotten, and the page asks how to join', async () => {
    tokens.set('BCDFGH', 'T'.repeat(43));
    joinRoom.mockResolvedValueOnce({ ok: false, code: 'BAD_TOKEN', message: 'x' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 503 }))),
    );
    render(<RoomScreen code="BCDFGH" token={null} />);
    expect(await screen.findByText(m.join.lookUpFailed)).toBeDefined();
    expect(tokens.get('BCDFGH')).toBeNull();
    vi.unstubAllGlobals();
  });
});
