/**
 * §8.2, durability: the last missing nonce goes into the room's record only with the deal's write.
 * When that write fails, the nonce is refused (UNAVAILABLE) and not kept in memory: sent again it
 * is written, not answered `ok` from memory alone, so a restart before the deadline cannot deal
 * with a nonce of the server's where the player was told theirs was taken (§12: "Check that your
 * nonce is at your seat's index").
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from './harness';
import { Scope, openTable, randomNonce, rejoin } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

describe('a nonce whose deal could not be written', () => {
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
});
