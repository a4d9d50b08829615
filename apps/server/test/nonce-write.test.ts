/**
 * The nonces of a deal, in two steps (docs/fairness.md): each seat's hash, then, the hashes
 * published, its nonce. The last missing nonce goes into the room's record only with the deal's
 * write: when that write fails, the nonce is refused (UNAVAILABLE) and not kept in memory, so sent
 * again it is written, not answered `ok` from memory alone, and a restart before the deadline
 * cannot deal with a nonce of the server's where the player was told theirs was taken. A second
 * tab's hash is answered with `kept: false`; a deal whose write fails at the deadline is made once
 * the storage is back; a nonce that is not the one hashed is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { serverNonce } from '@trepenta/engine';
import { SERVER_ERRORS } from '@trepenta/protocol';
import type { Client } from './harness';
import { Scope, hashOf, openTable, randomNonce, rejoin, sleep } from './support';

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
    const mine = randomNonce();
    await Promise.all([
      host.ok('game:nonce', { gameId, hash: hashOf(randomNonce()) }),
      guest.ok('game:nonce', { gameId, hash: hashOf(mine) }),
    ]);
    await guest.until(() => guest.room?.commit?.step === 'nonces', 5000, 'the hashes published');
    expect(guest.room!.commit!.hashes![1]).toBe(hashOf(mine));

    // The guest's nonce is taken; the host's, still awaited, never comes.
    expect(await guest.request('game:nonce', { gameId, nonce: mine })).toMatchObject({
      ok: true,
      kept: true,
    });
    // The server restarts before the deal (a deploy, a crash).
    await first.close();
    const second = await scope.server({ NONCE_TIMEOUT_MS: 2000 }, dir);
    const back = await rejoin(scope, second.url, table.code, guest.you!.token);
    await rejoin(scope, second.url, table.code, host.you!.token);
    await back.client.until(() => back.client.view !== null, 15_000, 'the deal');
    // The nonce the player was told was taken is the one at their seat.
    expect(back.client.view!.fairness.nonces[1]).toBe(mine);
  });

  it('§8.2: the last nonce is written with the deal: refused UNAVAILABLE when that fails, taken when sent again', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 3000 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;
    const [hostNonce, mine] = [randomNonce(), randomNonce()];
    await Promise.all([
      host.ok('game:nonce', { gameId, hash: hashOf(hostNonce) }),
      guest.ok('game:nonce', { gameId, hash: hashOf(mine) }),
    ]);
    await guest.until(() => guest.room?.commit?.step === 'nonces', 5000, 'the hashes published');
    await host.ok('game:nonce', { gameId, nonce: hostNonce });
    const store = server.server.store;
    const startGame = store.startGame.bind(store);
    let fail = true;
    store.startGame = async (room, header, state) => {
      if (fail) {
        fail = false;
        throw new Error('storage unreachable');
      }
      return startGame(room, header, state);
    };
    expect(await guest.request('game:nonce', { gameId, nonce: mine })).toMatchObject({
      ok: false,
      code: 'UNAVAILABLE',
    });
    expect(await guest.request('game:nonce', { gameId, nonce: mine })).toEqual({
      ok: true,
      kept: true,
    });
    await guest.until(() => guest.view !== null, 5000, 'the deal');
    expect(guest.view!.fairness.nonces).toEqual([hostNonce, mine]);
  });

  it('§8.2: a hash acknowledged ok is the seat’s, for every tab of the seat; another nonce is refused', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 3000 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    const { client: secondTab } = await rejoin(scope, server.url, table.code, guest.you!.token);
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;

    // Each tab of the guest sends the hash of the nonce it drew; both are told ok, the second that
    // its hash is not the seat's (the web client then sends no nonce: another tab's is used).
    const first = randomNonce();
    const second = randomNonce();
    const answers = [
      await guest.request('game:nonce', { gameId, hash: hashOf(first) }),
      await secondTab.request('game:nonce', { gameId, hash: hashOf(second) }),
    ];
    expect(answers).toEqual([
      { ok: true, kept: true },
      { ok: true, kept: false },
    ]);
    const hostNonce = randomNonce();
    await host.ok('game:nonce', { gameId, hash: hashOf(hostNonce) });
    await guest.until(() => guest.room?.commit?.step === 'nonces', 5000, 'the hashes published');
    // A nonce that is not the one hashed is refused, and changes nothing.
    expect(await secondTab.request('game:nonce', { gameId, nonce: second })).toMatchObject({
      ok: false,
      code: 'WRONG_NONCE',
    });
    expect(await guest.request('game:nonce', { gameId, nonce: first })).toEqual({
      ok: true,
      kept: true,
    });
    // The hash step is over: a hash now is refused.
    expect(await host.request('game:nonce', { gameId, hash: hashOf(hostNonce) })).toMatchObject({
      ok: false,
      code: 'WRONG_STATUS',
    });
    await host.ok('game:nonce', { gameId, nonce: hostNonce });
    await guest.until(() => guest.view !== null, 5000, 'the deal');
    expect(guest.view!.fairness.nonces).toEqual([hostNonce, first]);
  });

  it('T22: a seat that sends no hash, or no nonce after its hash, gets the nonce the secret fixes', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 300 });
    const table = await openTable(scope, server, { humans: 3 });
    const [host, guest, third] = table.players as [Client, Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;
    const hostNonce = randomNonce();
    // The host gives both steps; the guest only its hash; the third seat nothing.
    await host.ok('game:nonce', { gameId, hash: hashOf(hostNonce) });
    await guest.ok('game:nonce', { gameId, hash: hashOf(randomNonce()) });
    await host.until(() => host.room?.commit?.step === 'nonces', 5000, 'the hashes published');
    expect(host.room!.commit!.hashes![2]).toBeNull();
    await host.ok('game:nonce', { gameId, nonce: hostNonce });
    const secret = server.server.rooms.get(table.code)!.record.commit!.secrets[0]!;
    await third.until(() => third.view !== null, 5000, 'the deal at the deadline');
    const { nonces } = third.view!.fairness;
    expect(nonces[0]).toBe(hostNonce);
    expect(nonces[1]).toBe(serverNonce(secret, 0, 1));
    expect(nonces[2]).toBe(serverNonce(secret, 0, 2));
    // What the deal publishes says which seats' nonces were their own.
    expect(third.room!.commit!.hashes).toEqual([hashOf(hostNonce), null, null]);
  });

  it('§8.2: a deal whose write fails at the nonce deadline is made once the storage is back', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 300 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = host.room!.commit!;
    // The host's hash comes in, then no nonce; the guest's tab is asleep and sends nothing.
    await host.ok('game:nonce', { gameId, hash: hashOf(randomNonce()) });

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

  it('a spectator’s nonce: WRONG_STATUS unless a set is being collected, then NOT_SEATED', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 5000 });
    const table = await openTable(scope, server, { humans: 2, spectators: 1 });
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    const noDeal = { ok: false, code: 'WRONG_STATUS', message: 'No deal is waiting for a nonce.' };
    const notSeated = { ok: false, code: 'NOT_SEATED', message: SERVER_ERRORS.NOT_SEATED };
    const nonce = randomNonce();
    // In the lobby no set is being collected: the status is checked before the seat.
    expect(await watcher.request('game:nonce', { gameId: 'g', hash: hashOf(nonce) })).toEqual(
      noDeal,
    );
    await host.ok('room:start', {});
    await watcher.until(() => watcher.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = watcher.room!.commit!;
    // While the hashes are collected: another game id or set is still WRONG_STATUS; the current
    // one, NOT_SEATED, whichever step the request is for (the step is checked after the seat).
    expect(await watcher.request('game:nonce', { gameId: 'other', hash: hashOf(nonce) })).toEqual(
      noDeal,
    );
    expect(await watcher.request('game:nonce', { gameId, epoch: 1, hash: hashOf(nonce) })).toEqual(
      noDeal,
    );
    expect(await watcher.request('game:nonce', { gameId, hash: hashOf(nonce) })).toEqual(notSeated);
    expect(await watcher.request('game:nonce', { gameId, nonce })).toEqual(notSeated);
    const [hostNonce, guestNonce] = [randomNonce(), randomNonce()];
    await host.ok('game:nonce', { gameId, hash: hashOf(hostNonce) });
    await guest.ok('game:nonce', { gameId, hash: hashOf(guestNonce) });
    await watcher.until(
      () => watcher.room?.commit?.step === 'nonces',
      5000,
      'the hashes published',
    );
    // While the nonces are collected: NOT_SEATED too, a hash included.
    expect(await watcher.request('game:nonce', { gameId, nonce })).toEqual(notSeated);
    expect(await watcher.request('game:nonce', { gameId, hash: hashOf(nonce) })).toEqual(notSeated);
    await host.ok('game:nonce', { gameId, nonce: hostNonce });
    await guest.ok('game:nonce', { gameId, nonce: guestNonce });
    await watcher.until(() => watcher.view !== null, 5000, 'the deal');
    // Dealt: nothing is being collected any more.
    expect(await watcher.request('game:nonce', { gameId, nonce })).toEqual(noDeal);
  });

  it('R26: a restart during the nonce window gives it RESTART_GRACE_MS more once a player is back', async () => {
    const dir = scope.dir();
    const first = await scope.server({ NONCE_TIMEOUT_MS: 400, RESTART_GRACE_MS: 2000 }, dir);
    const table = await openTable(scope, first, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const { gameId } = guest.room!.commit!;
    // The server goes down at once, and stays down past the hashes' deadline.
    await first.close();
    await sleep(800);
    const second = await scope.server({ NONCE_TIMEOUT_MS: 400, RESTART_GRACE_MS: 2000 }, dir);
    const back = await rejoin(scope, second.url, table.code, guest.you!.token);
    const returned = Date.now();
    // Back in the room: the window is open again, for the grace, not dealt at its old deadline.
    expect(back.ack.room.status).toBe('starting');
    expect(back.ack.room.commit!.step).toBe('hashes');
    expect(back.ack.room.commit!.nonceDeadline).toBeGreaterThanOrEqual(returned + 1500);
    const mine = randomNonce();
    expect(await back.client.request('game:nonce', { gameId, hash: hashOf(mine) })).toEqual({
      ok: true,
      kept: true,
    });
    await back.client.until(
      () => back.client.room?.commit?.step === 'nonces',
      5000,
      'the hashes published',
    );
    await back.client.ok('game:nonce', { gameId, nonce: mine });
    await back.client.until(() => back.client.view !== null, 5000, 'the deal');
    expect(back.client.view!.fairness.nonces[1]).toBe(mine);
  });
});
