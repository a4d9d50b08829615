/**
 * §8.2, in two steps: this tab's hash, then its nonce, each sent until the server takes it.
 * Since the server keeps nothing of a step whose write failed, a step answered UNAVAILABLE is
 * sent again, the same, while the set still waits; otherwise the deal at the deadline would use
 * a nonce of the server's while this tab kept its own, and Verify the deals would report a
 * mismatch for a game dealt fairly.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomView } from '@trepenta/protocol';
import { roomOf } from './fixtures';

const fake = await vi.hoisted(async () => (await import('./fake-socket')).fakeSocket());

vi.mock('socket.io-client', () => ({ io: fake.io }));

const { connection, onRoomState } = await import('../src/net');
const { store } = await import('../src/store');

const COMMITMENT = 'c'.repeat(64);

function startingRoom(
  revision: number,
  gameId = 'gameAAAAAAAAAAAA',
  hashes: (string | null)[] | null = null,
): RoomView {
  const commitments = [1, 2, 3, 4, 5].map(() => COMMITMENT);
  return roomOf(['Ana', 'Ben'], {
    status: 'starting',
    commit: {
      gameId,
      commitments,
      epoch: 0,
      step: hashes ? 'nonces' : 'hashes',
      hashes,
      nonceDeadline: Date.now() + 3000,
    },
    revision,
  });
}

const hashOf = (nonce: string) =>
  createHash('sha256').update(Buffer.from(nonce, 'hex')).digest('hex');
const nonceSteps = () => fake.emitted.filter((e) => e.event === 'game:nonce');

afterEach(() => {
  fake.emitted.length = 0;
});

describe('the nonce of a deal (§8.2)', () => {
  it('a hash answered UNAVAILABLE is sent again while the set waits; then the nonce it hashes', async () => {
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
    await vi.waitFor(() => expect(nonceSteps().length).toBeGreaterThan(0));
    const first = nonceSteps()[0]!;
    const { hash } = first.payload as { hash: string };
    const nonce = store.get().nonces['gameAAAAAAAAAAAA']!;
    expect(hash).toBe(hashOf(nonce));
    // The storage blinked: the server kept nothing of it.
    first.answer({ ok: false, code: 'UNAVAILABLE', message: 'unavailable' });

    // The set still waits (another seat's hash came in meanwhile, the room state says so).
    onRoomState(startingRoom(11));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(nonceSteps().length).toBeGreaterThanOrEqual(2);
    expect((nonceSteps()[1]!.payload as { hash: string }).hash).toBe(hash);
    nonceSteps()[1]!.answer({ ok: true, kept: true });

    // The hashes are published, this tab's at its seat: the nonce goes.
    onRoomState(startingRoom(12, 'gameAAAAAAAAAAAA', [hashOf('a'.repeat(64)), hash]));
    await vi.waitFor(() =>
      expect(nonceSteps().some((e) => (e.payload as { nonce?: string }).nonce === nonce)).toBe(
        true,
      ),
    );
    expect(store.get().nonces['gameAAAAAAAAAAAA']).toBe(nonce);
  });

  it('a hash the server did not keep (another tab of the seat sent one first) is not kept here, and no nonce follows', async () => {
    fake.emitted.length = 0;
    onRoomState(startingRoom(20, 'gameBBBBBBBBBBBB'));
    await vi.waitFor(() => expect(nonceSteps().length).toBeGreaterThan(0));
    const sent = nonceSteps()[0]!;
    const nonce = store.get().nonces['gameBBBBBBBBBBBB']!;
    expect((sent.payload as { hash: string }).hash).toBe(hashOf(nonce));
    sent.answer({ ok: true, kept: false });
    await vi.waitFor(() => expect(store.get().nonces['gameBBBBBBBBBBBB']).toBeUndefined());
    // Taken (ok): not sent again on the next room state; and when the hashes are published
    // (another tab's at this seat), this tab has no nonce to give.
    onRoomState(startingRoom(21, 'gameBBBBBBBBBBBB'));
    onRoomState(startingRoom(22, 'gameBBBBBBBBBBBB', [null, hashOf('b'.repeat(64))]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nonceSteps()).toHaveLength(1);
  });
});
