/**
 * room:leave is read as the member the socket was when it arrived, and runs in the room's line. A
 * room:join or room:create on the same socket may run first and make the socket another member:
 * the leave then removes the member it was sent as and leaves the socket's new identity alone, so
 * that member's sockets are still counted and its disconnect is recorded (otherwise it would stay
 * "connected" for good: no pause, no expiry, SEAT_CONNECTED forever).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from './harness';
import type { Config } from '../src/config';
import type { Room } from '../src/room';
import { Scope, connect, openTable, sleep, sync, waitFor } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

/**
 * Keeps the room's line busy (as a slow write or a bot move does) until `release`, counting the
 * operations queued in it, this one first.
 */
function holdLine(room: Room) {
  let queued = 0;
  const run = room.run.bind(room);
  room.run = (operation) => {
    queued++;
    return run(operation);
  };
  let open!: () => void;
  const held = room.run(() => new Promise<void>((resolve) => (open = resolve)));
  return {
    queued: () => queued,
    release: async () => {
      open();
      await held;
    },
  };
}

describe('room:leave racing a join on the same socket', () => {
  /**
   * A table whose guest dropped: the watcher's socket (member W) comes back as the guest with the
   * guest's seat link while the room's line is busy (as a slow write or a bot move keeps it), and
   * sends `next` at once, before the join is answered.
   */
  async function joinAsGuestThen(
    config: Partial<Config>,
    next: (watcher: Client) => Promise<unknown>,
  ) {
    const server = await scope.server(config);
    const table = await openTable(scope, server, { humans: 2, spectators: 1, start: true });
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');
    const room = server.server.rooms.get(table.code)!;
    const line = holdLine(room);
    const joined = watcher.request('room:join', { code: table.code, token: guest.you!.token });
    await waitFor(() => line.queued() === 2, 5000, 'the join to wait in the line');
    const second = next(watcher);
    await waitFor(() => line.queued() === 3, 5000, 'the next request to wait in the line');
    await line.release();
    expect(await joined).toMatchObject({ ok: true });
    return { server, host, guest, watcher, room, answer: await second };
  }

  it('R23: the member the socket joined as is away once that socket closes', async () => {
    // The leave meant W to go.
    const { server, host, watcher, answer } = await joinAsGuestThen(
      { HANDOVER_AFTER_MS: 300 },
      (watcher) => watcher.request('room:leave', {}),
    );
    expect(answer).toMatchObject({ ok: true });

    // The socket closes: nobody is connected to seat 1 any more.
    const open = server.server.io.of('/').sockets.size;
    watcher.close();
    await waitFor(() => server.server.io.of('/').sockets.size === open - 1, 5000, 'the close');
    await sleep(200);
    const after = await sync(host);
    expect(after.room.seats[1]!.connected).toBe(false);
    await sleep(400);
    // R23: the host may now hand the seat over (it was SEAT_CONNECTED for good).
    expect(await host.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
  });

  it('a request sent as the member the socket was, answered after a join made it another: refused, not made for either', async () => {
    const { guest, watcher, room, answer } = await joinAsGuestThen({}, (watcher) =>
      watcher.request('chat:send', { text: 'sent as the watcher' }),
    );
    expect(answer).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
    expect(room.record.chat.some((m) => m.text === 'sent as the watcher')).toBe(false);
    // The socket is the guest now, and acts as the guest.
    expect(await watcher.request('chat:send', { text: 'now the guest' })).toEqual({ ok: true });
    const last = room.record.chat.at(-1)!;
    expect(last.text).toBe('now the guest');
    expect(last.memberId).toBe(guest.you!.memberId);
  });

  it('a room:create sent with a leave of the old room: the new room is not held present for good', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2 });
    const guest = table.players[1]!;
    const room = server.server.rooms.get(table.code)!;
    const line = holdLine(room);
    // The old room's line is busy; the new room's is not.
    const created = guest.request('room:create', {
      nickname: 'Solo',
      settings: table.host.room!.settings,
      seatCount: 1,
    });
    const left = guest.request('room:leave', {});
    const answer = await created;
    expect(answer).toMatchObject({ ok: true });
    await line.release();
    expect(await left).toMatchObject({ ok: true });
    const code = (answer as { room: { code: string } }).room.code;
    // The guest is the new room's only member; its socket closes.
    const open = server.server.io.of('/').sockets.size;
    guest.close();
    await waitFor(() => server.server.io.of('/').sockets.size === open - 1, 5000, 'the close');
    await sleep(200);
    const other = await connect(scope, server.url);
    const peek = await other.request('room:join', { code, nickname: 'Peek', role: 'spectator' });
    expect(peek.ok).toBe(true);
    const solo = (
      peek as { room: { members: { nickname: string; connected: boolean }[] } }
    ).room.members.find((m) => m.nickname === 'Solo')!;
    expect(solo.connected).toBe(false);
  });

  it('the web client: a leave whose ack is slow (it gives up after 3 s), then a new room: the player is in it', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2 });
    const guest = table.players[1]!;
    const room = server.server.rooms.get(table.code)!;
    const line = holdLine(room);
    // Leave (apps/web/src/net.ts leaveRoom: waits 3 s for the ack, then goes home anyway) ...
    const left = guest.request('room:leave', {});
    await sleep(100);
    // ... and the player opens a new room on the same connection.
    const created = await guest.request('room:create', {
      nickname: 'Solo',
      settings: table.host.room!.settings,
      seatCount: 2,
    });
    expect(created).toMatchObject({ ok: true });
    // The old room's line moves on; the leave is made.
    await line.release();
    expect(await left).toMatchObject({ ok: true });
    // The player is in the new room: their requests there are answered.
    expect(await guest.request('chat:send', { text: 'hello' })).toEqual({ ok: true });
    expect(await guest.request('room:setBot', { seat: 1, level: 'greedy' })).toEqual({ ok: true });
  });
});
