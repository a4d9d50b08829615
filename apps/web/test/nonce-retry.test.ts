/**
 * §8.2: this tab's nonce is sent until the server takes it. Since the server keeps nothing of a
 * nonce whose write failed (the last one's write is the deal's), a nonce answered UNAVAILABLE is
 * sent again, the same one, while the deal still waits; otherwise the deal at the deadline would
 * use a nonce of the server's while this tab kept its own, and Verify the deals would report a
 * mismatch for a game dealt fairly.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomView } from '@trepenta/protocol';
import { roomOf } from './fixtures';

type Handler = (...args: unknown[]) => void;
interface Emitted {
  event: string;
  payload: unknown;
  answer: (value: unknown) => void;
}

const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler[]>();
  const emitted: Emitted[] = [];
  const socket = {
    connected: false,
    active: true,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    timeout() {
      return {
        emit(
          event: string,
          payload: unknown,
          callback: (error: Error | null, answer: unknown) => void,
        ) {
          emitted.push({ event, payload, answer: (value) => callback(null, value) });
        },
      };
    },
    connect() {},
    disconnect() {},
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  return { socket, emitted };
});

vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const { connection, onRoomState } = await import('../src/net');
const { store } = await import('../src/store');

const COMMITMENT = 'c'.repeat(64);

function startingRoom(revision: number, gameId = 'gameAAAAAAAAAAAA'): RoomView {
  const commitments = [1, 2, 3, 4, 5].map(() => COMMITMENT);
  return roomOf(['Ana', 'Ben'], {
    status: 'starting',
    commit: { gameId, commitments, nonceDeadline: Date.now() + 3000 },
    revision,
  });
}

afterEach(() => {
  fake.emitted.length = 0;
});

describe('the nonce of a deal (§8.2)', () => {
  it('a nonce answered UNAVAILABLE is sent again while the deal still waits for it', async () => {
    // A tab in the room, connected (no token: the rejoin has nothing to do).
    store.set({
      code: 'BCDFGH',
      room: null,
      you: { memberId: 'm2', token: 't'.repeat(43), seat: 1, host: false },
      game: null,
    });
    connection();
    fake.socket.connected = true;
    fake.socket.fire('connect');
    await new Promise((resolve) => setTimeout(resolve, 0));

    onRoomState(startingRoom(10));
    await vi.waitFor(() => expect(fake.emitted.some((e) => e.event === 'game:nonce')).toBe(true));
    const first = fake.emitted.find((e) => e.event === 'game:nonce')!;
    const nonce = (first.payload as { nonce: string }).nonce;
    // The storage blinked: the server kept nothing of it.
    first.answer({ ok: false, code: 'UNAVAILABLE', message: 'unavailable' });

    // The deal still waits (another seat's nonce came in meanwhile, the room state says so).
    onRoomState(startingRoom(11));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const sent = fake.emitted.filter((e) => e.event === 'game:nonce');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect((sent[1]!.payload as { nonce: string }).nonce).toBe(nonce);
    expect(store.get().nonces['gameAAAAAAAAAAAA']).toBe(nonce);
  });

  it('a nonce the server did not keep (another tab of the seat sent one first) is not kept here either', async () => {
    onRoomState(startingRoom(20, 'gameBBBBBBBBBBBB'));
    await vi.waitFor(() => expect(fake.emitted.some((e) => e.event === 'game:nonce')).toBe(true));
    const sent = fake.emitted.find((e) => e.event === 'game:nonce')!;
    expect(store.get().nonces['gameBBBBBBBBBBBB']).toBe((sent.payload as { nonce: string }).nonce);
    sent.answer({ ok: true, kept: false });
    await vi.waitFor(() => expect(store.get().nonces['gameBBBBBBBBBBBB']).toBeUndefined());
    // Taken (ok): not sent again on the next room state.
    onRoomState(startingRoom(21, 'gameBBBBBBBBBBBB'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.emitted.filter((e) => e.event === 'game:nonce')).toHaveLength(1);
  });
});
