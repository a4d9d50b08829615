/**
 * A move made while the connection is away: the table says what waits ("draw from the draw pile
 * will be sent when you are back"), a second press sends nothing that could conflict with it, and
 * back in the room the first move goes out once.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { newGame, playUntil, roomOf, viewOf } from './fixtures';

const fake = await vi.hoisted(async () => (await import('./fake-socket')).fakeSocket());
vi.mock('socket.io-client', () => ({ io: fake.io }));

history.replaceState(null, '', '/r/BCDFGH');
const { act, connection, joinRoom } = await import('../src/net');
const { store } = await import('../src/store');
const { ConnectionBanner } = await import('../src/App');

const TOKEN = 't'.repeat(43);
const room = roomOf(['Ana', 'Ben']);
const joined = () => ({
  ok: true,
  room,
  you: { memberId: 'm1', token: TOKEN, seat: 0, host: true },
  chat: [],
  serverTime: Date.now(),
});

function online(): void {
  fake.socket.connected = true;
  fake.socket.fire('connect');
}

const sent = (event: string) => fake.emitted.filter((e) => e.event === event);

describe('a move while the connection is away', () => {
  it('is shown as waiting, blocks a second move, and is sent once on return', async () => {
    connection();
    online();
    const joining = joinRoom('BCDFGH', { nickname: 'Ana', role: 'player' });
    await vi.waitFor(() => expect(sent('room:join')).toHaveLength(1));
    sent('room:join')[0]!.answer(joined());
    expect(await joining).toEqual({ ok: true });
    const state = playUntil(
      newGame([], 2, 3),
      (s) => s.phase === 'turns' && s.round.turn?.seat === 0 && s.round.turn.step === 'draw',
    )!;
    store.set({ game: viewOf(state, 0), room });
    render(<ConnectionBanner />);

    fake.socket.disconnect();
    const first = act({ type: 'draw', from: 'drawPile' });
    expect(store.get().queued).toBe('draw from the draw pile');
    expect(
      await screen.findByText(
        'Connection lost — reconnecting. Your seat is held. Your move (draw from the draw pile) will be sent when you are back.',
      ),
    ).toBeTruthy();

    // A second press: nothing sent, and the player is told why.
    expect(await act({ type: 'draw', from: 'discardPile' })).toBe(false);
    expect(store.get().notice?.text).toBe(
      'Your move (draw from the draw pile) is waiting for the connection; nothing else is sent before it.',
    );
    expect(sent('game:action')).toHaveLength(0);

    // Back: the rejoin first, then the one move.
    online();
    await vi.waitFor(() => expect(sent('room:join')).toHaveLength(2));
    sent('room:join')[1]!.answer(joined());
    await vi.waitFor(() => expect(sent('game:action')).toHaveLength(1));
    expect(sent('game:action')[0]!.payload).toMatchObject({
      action: { type: 'draw', from: 'drawPile' },
    });
    sent('game:action')[0]!.answer({ ok: true, version: state.version + 1 });
    expect(await first).toBe(true);
    expect(store.get().queued).toBeNull();
    expect(sent('game:action')).toHaveLength(1);
  });
});
