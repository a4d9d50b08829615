/**
 * Writes that fail (the store unreachable for a moment) change nothing in memory either: a kick
 * whose write fails keeps the member's open sockets counted, so the first of two tabs to close
 * does not mark them away (R23: the host could hand a connected player's seat over); a departure
 * whose write fails is written again once the store is back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client, TestServer } from './harness';
import { Scope, openTable, rejoin, sleep, sync, waitFor } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

/** The store's next room write fails (the storage unreachable for a moment); `failed()` says when it has. */
function failNextRoomWrite(server: TestServer): { failed: () => boolean } {
  const store = server.server.store;
  const save = store.saveRoom.bind(store);
  let pending = true;
  store.saveRoom = async (record) => {
    if (pending) {
      pending = false;
      throw new Error('storage unreachable');
    }
    return save(record);
  };
  return { failed: () => !pending };
}

describe('a kick whose write fails', () => {
  it('R23: leaves the member connected while one of their tabs is open', async () => {
    const server = await scope.server({ HANDOVER_AFTER_MS: 200 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    // The guest has a second tab.
    const { client: second } = await rejoin(scope, server.url, table.code, guest.you!.token);

    // The kick's write fails once (the storage was unreachable for a moment).
    failNextRoomWrite(server);
    const kick = await host.request('room:kick', { memberId: guest.you!.memberId });
    expect(kick).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
    // Nothing changed: the guest is still a member, seated and connected.
    expect((await sync(host)).room.seats[1]).toMatchObject({ connected: true, standIn: false });

    // The guest closes their second tab; the first stays open.
    const open = server.server.io.of('/').sockets.size;
    second.close();
    await waitFor(() => server.server.io.of('/').sockets.size === open - 1, 5000, 'the close');
    await sleep(300);
    expect((await sync(guest)).room.seats[1]!.connected).toBe(true);
    // So the host may not hand their seat over.
    expect(await host.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'SEAT_CONNECTED',
    });
  });
});

describe('a departure whose write fails', () => {
  it('R23: a player whose only tab closed while the storage blinked is not connected for good', async () => {
    const server = await scope.server({ HANDOVER_AFTER_MS: 200 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    const write = failNextRoomWrite(server);
    // The guest's tab closes just as the storage is unreachable for one write.
    guest.close();
    await waitFor(() => write.failed(), 5000, 'the failed write');
    // The storage is back; the room goes on (the host plays, chats, the room is written again).
    await sleep(300);
    expect((await host.request('chat:send', { text: 'still there?' })).ok).toBe(true);
    await sleep(300);
    // Nobody holds seat 1 open any more: it is away, and may be handed over in time.
    expect((await sync(host)).room.seats[1]!.connected).toBe(false);
    expect(await host.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
  });
});
