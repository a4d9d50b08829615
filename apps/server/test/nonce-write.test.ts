/**
 * §8.2: the nonces of a deal. The last missing nonce goes into the room's record only with the
 * deal's write: when that write fails, the nonce is refused (UNAVAILABLE) and not kept in memory,
 * so sent again it is written, not answered `ok` from memory alone, and a restart before the
 * deadline cannot deal with a nonce of the server's where the player was told theirs was taken
 * (§12: "Check that your nonce is at your seat's index"). A second tab's nonce is answered with
 * `kept: false`; a deal whose write fails at the deadline is made once the storage is back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from './harness';
import { Scope, openTable, randomNonce, rejoin, sleep } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

describe('the nonces of a deal', () => {
  it('§8.2: a nonce acknowledged ok is the one the deal uses, also after a restart', async () => {
    const dir = scope.dir();
    const first = await scope.server({ NONCE_TIMEOUT_MS: 2000 }, dir);
    const table = await openTable(scope, first, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;
    await host.ok('game:nonce', { gameId, nonce: randomNonce() });

    // The deal's write fails once (the storage was unreachable for a moment).
    const store = first.server.store;
    const startGame = store.startGame.bind(store);
    let fail = true;
    store.startGame = async (room, header, state) => {
      if (fail) {
        fail = false;
        throw new Error('storage unreachable');
      }
      return startGame(room, header, state);
    };
    const mine = randomNonce();
    expect(await guest.request('game:nonce', { gameId, nonce: mine })).toMatchObject({
      ok: false,
      code: 'UNAVAILABLE',
    });
    // The client sends it again, and is told it is in.
    const again = await guest.request('game:nonce', { gameId, nonce: mine });
    if (!again.ok) return; // refused: nothing was promised (the behaviour a fix may choose)
    // The server restarts before the deal (a deploy, a crash).
    await first.close();
    const second = await scope.server({ NONCE_TIMEOUT_MS: 2000 }, dir);
    const back = await rejoin(scope, second.url, table.code, guest.you!.token);
    await rejoin(scope, second.url, table.code, host.you!.token);
    await back.client.until(() => back.client.view !== null, 10_000, 'the deal');
    // The nonce the player was told was taken is the one at their seat.
    expect(back.client.view!.fairness.nonces[1]).toBe(mine);
  });
  it('§8.2: a nonce acknowledged ok is the one the deal uses, for every tab of the seat', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 3000 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    const { client: secondTab } = await rejoin(scope, server.url, table.code, guest.you!.token);
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;

    // Each tab of the guest sends the nonce it drew; both are told ok, the second that its nonce
    // is not the seat's (the web client then does not check it: another tab's is used).
    const first = randomNonce();
    const second = randomNonce();
    const answers = [
      await guest.request('game:nonce', { gameId, nonce: first }),
      await secondTab.request('game:nonce', { gameId, nonce: second }),
    ];
    await host.ok('game:nonce', { gameId, nonce: randomNonce() });
    await guest.until(() => guest.view !== null, 5000, 'the deal');
    const used = guest.view!.fairness.nonces[1];
    expect(answers).toEqual([
      { ok: true, kept: true },
      { ok: true, kept: false },
    ]);
    // Every tab told its nonce was kept finds it at its seat.
    const kept = [first, second].filter((_, i) => (answers[i] as { kept?: boolean }).kept);
    expect(kept).toEqual([first]);
    for (const nonce of kept) expect(used).toBe(nonce);
  });
  it('§8.2: a deal whose write fails at the nonce deadline is made once the storage is back', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 300 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = host.room!.commit!;
    // The host's nonce comes in; the guest's tab is asleep and sends none.
    await host.ok('game:nonce', { gameId, nonce: randomNonce() });

    // At the deadline, the deal's write fails once.
    const store = server.server.store;
    const startGame = store.startGame.bind(store);
    let failed = false;
    store.startGame = async (room, header, state) => {
      if (!failed) {
        failed = true;
        throw new Error('storage unreachable');
      }
      return startGame(room, header, state);
    };
    await host.until(() => failed, 5000, 'the failed deal');
    // The storage is back at once; the table waits (nobody does anything but wait).
    await sleep(3000);
    const synced = await host.request('game:sync', {});
    if (!synced.ok) throw new Error(synced.code);
    expect(synced.room.status).toBe('playing');
  });
});
