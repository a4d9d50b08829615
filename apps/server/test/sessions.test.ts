/**
 * Sessions over real sockets (docs/rules/trepenta.md §9, R23, R24): reconnects, tabs, hosts, hand-over, kicks,
 * spectators, the lobby, nicknames, rematch, idle expiry, chat and the turn timer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith, verifyGame } from '@trepenta/rules';
import type { Action, GameRecord, GameSettings, GameState } from '@trepenta/rules';
import type { ChatMessage, RoomView } from '@trepenta/protocol';
import type { GameHistory } from './trepenta';
import type { Client, TestServer } from './harness';
import { playUntilOver } from './harness';
import { RoomGone } from '../src/room';
import {
  Scope,
  act,
  actOk,
  chooseFields,
  connect,
  getJson,
  hashOf,
  idsIn,
  isTurnOf,
  openTable,
  playTurn,
  randomNonce,
  rejoin,
  seen,
  sleep,
  sync,
  turnSeat,
  waitFor,
} from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

const hostOf = (room: RoomView | null) => room?.hostId ?? null;
const historyOf = (client: Client) =>
  client.received.find((r) => r.event === 'game:history')?.args[0] as GameHistory | undefined;
/** The batches of events a client received live, as game:history gives them. */
const liveBatches = (client: Client): GameHistory['batches'] =>
  client.updates
    .filter((update) => update.events.length > 0)
    .map((update) => ({ version: update.view.version, events: update.events }));

describe('the heartbeat (docs/protocol.md)', () => {
  it('a ping every 10 s, answered within 8 s: a silent connection counts as gone within 18 s', async () => {
    const { url } = await scope.server({ MAX_MESSAGE_BYTES: 12_345 });
    // Engine.IO's open packet, as a client's first request receives it.
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text.startsWith('0{')).toBe(true);
    const open = JSON.parse(text.slice(1)) as Record<string, unknown>;
    expect(open).toMatchObject({ pingInterval: 10_000, pingTimeout: 8_000, maxPayload: 12_345 });
  });
});

describe('reconnecting (R23)', () => {
  it('R23: a player who drops mid-turn gets the same seat and view back, and plays on', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const seat = turnSeat(table.host.view);
    const mover = table.players[seat]!;
    const other = table.players[1 - seat]!;
    const token = mover.you!.token;
    const memberId = mover.you!.memberId;
    await actOk(mover, { type: 'draw', from: 'drawPile' });
    expect(mover.view!.turn!.step).toBe('act');
    const before = JSON.stringify(mover.view);

    mover.close();
    await other.until(
      () => other.room?.seats[seat]?.connected === false,
      5000,
      'the drop to be seen',
    );
    expect(other.room!.seats[seat]!.awaySince).not.toBeNull();

    const { client: back, ack } = await rejoin(scope, server.url, table.code, token);
    expect(ack.you.seat).toBe(seat);
    expect(ack.you.memberId).toBe(memberId);
    expect(JSON.stringify(back.view)).toBe(before);
    await other.until(() => other.room?.seats[seat]?.connected === true, 5000, 'the return');
    expect(other.room!.seats[seat]!.awaySince).toBeNull();

    const hand = back.view!.seats[seat]!.hand!;
    const version = await actOk(back, { type: 'discard', cardId: hand[0]!.id });
    await seen([other], version);
    expect(turnSeat(other.view)).toBe(1 - seat);
    expect(other.view!.seats[seat]!.handCount).toBe(5);
  });

  it('R23: a tab that closes while its join waits in the room’s line leaves nobody present', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    const token = guest.you!.token;
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');
    const sockets = () => server.server.io.of('/').sockets.size;
    const membersBefore = (await sync(host)).room.members.map((m) => m.nickname);

    // The room's line is held (as a slow write would hold it) while two tabs join and close: the
    // guest coming back with its token, and a newcomer.
    const room = server.server.rooms.get(table.code)!;
    let queued = 0;
    const run = room.run.bind(room);
    room.run = (operation) => {
      queued++;
      return run(operation);
    };
    let release!: () => void;
    const held = room.run(() => new Promise<void>((resolve) => (release = resolve)));
    const back = await connect(scope, server.url);
    const newcomer = await connect(scope, server.url);
    back.socket.emit('room:join', { code: table.code, token }, () => undefined);
    newcomer.socket.emit(
      'room:join',
      { code: table.code, nickname: 'Late', role: 'spectator' },
      () => undefined,
    );
    await waitFor(() => queued === 3, 5000, 'both joins to wait in the line');
    const open = sockets();
    back.close();
    newcomer.close();
    await waitFor(() => sockets() === open - 2, 5000, 'the server to see both tabs close');
    release();
    await held;

    const after = await sync(host);
    expect(after.room.seats[1]!.connected).toBe(false);
    expect(after.room.seats[1]!.awaySince).not.toBeNull();
    expect(after.room.members.map((m) => m.nickname)).toEqual(membersBefore);
    // R23: away, so the host may hand the seat to the stand-in once its time has come.
    expect(await host.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'TOO_EARLY',
    });
  });

  it('a room whose creator’s tab closed before the creation finished goes at once', async () => {
    const server = await scope.server();
    const store = server.server.store;
    const save = store.saveRoom.bind(store);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    store.saveRoom = async (record) => {
      saves++;
      await gate;
      return save(record);
    };
    const creator = await connect(scope, server.url);
    creator.socket.emit(
      'room:create',
      { nickname: 'Ann', settings: settingsWith([]), seatCount: 2 },
      () => undefined,
    );
    await waitFor(() => saves === 1, 5000, 'the creation to wait for the store');
    expect(server.server.rooms.size).toBe(1);
    creator.close();
    await waitFor(() => server.server.io.of('/').sockets.size === 0, 5000, 'the tab to close');
    store.saveRoom = save;
    release();
    await waitFor(() => server.server.rooms.size === 0, 5000, 'the empty room to go');
    expect(await store.loadRooms()).toEqual([]);
  });

  /**
   * The store's room writes after the next `skip` lose their race (as to another node: false),
   * `times` of them; the writes before and after are made.
   */
  function loseRaces(store: TestServer['server']['store'], skip: number, times = 1): () => number {
    const save = store.saveRoom.bind(store);
    let calls = 0;
    store.saveRoom = async (record) => {
      calls++;
      return calls > skip && calls <= skip + times ? false : save(record);
    };
    return () => calls;
  }
  const loseOneRace = (store: TestServer['server']['store'], skip: number) =>
    loseRaces(store, skip);

  it('a creation that loses its race five times fails and leaves no room behind', async () => {
    const server = await scope.server();
    // The creator is written (1); their presence loses five times (2–6).
    const calls = loseRaces(server.server.store, 1, 5);
    const creator = await connect(scope, server.url);
    expect(
      await creator.request('room:create', {
        nickname: 'Ann',
        settings: settingsWith([]),
        seatCount: 2,
      }),
    ).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(calls()).toBe(6);
    await waitFor(() => server.server.rooms.size === 0, 5000, 'the room to go');
    await waitFor(
      async () => (await server.server.store.loadRooms()).length === 0,
      5000,
      'its record to go',
    );
  });

  it('a join that loses its race five times fails, and the member it added goes again', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 1, seatCount: 3 });
    // The member is written (1); its presence loses five times (2–6); the removal is made (7).
    const calls = loseRaces(server.server.store, 1, 5);
    const guest = await connect(scope, server.url);
    expect(await guest.request('room:join', { code: table.code, nickname: 'Bea' })).toMatchObject({
      ok: false,
      code: 'INTERNAL',
    });
    expect(calls()).toBe(7);
    const { room } = await sync(table.host);
    expect(room.members.map((m) => m.nickname)).toEqual(['Host']);
    expect(room.seats[1]!.memberId).toBeNull();
    // The name is free again: the same friend tries once more and gets in.
    expect((await guest.ok('room:join', { code: table.code, nickname: 'Bea' })).you.seat).toBe(1);
  });

  it('a join whose presence write loses a race runs again: one member, seated, connected', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 1, seatCount: 3 });
    // The join's writes: the new member (1), then its presence (2), which loses.
    const calls = loseOneRace(server.server.store, 1);
    const guest = await connect(scope, server.url);
    const ack = await guest.ok('room:join', { code: table.code, nickname: 'Bea' });
    expect(calls()).toBe(3); // the member, its presence (lost), its presence again
    expect(ack.you.seat).toBe(1);
    const { room } = await sync(table.host);
    expect(room.members.map((m) => m.nickname)).toEqual(['Host', 'Bea']);
    expect(room.seats[1]).toMatchObject({ memberId: ack.you.memberId, connected: true });
    expect(room.seats[2]!.memberId).toBeNull();
  });

  it('a rejoin whose presence write loses a race still shows the player connected (R23)', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2 });
    const guest = table.players[1]!;
    const token = guest.you!.token;
    guest.close();
    await table.host.until(() => table.host.room?.seats[1]?.connected === false, 5000, 'the drop');
    const calls = loseOneRace(server.server.store, 0);
    const { ack } = await rejoin(scope, server.url, table.code, token);
    expect(calls()).toBe(2);
    expect(ack.you.seat).toBe(1);
    const { room } = await sync(table.host);
    expect(room.seats[1]).toMatchObject({ connected: true, awaySince: null });
  });

  it('R23/R8: a player who drops mid-setup (peek) sees the same piles and still chooses', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, {
      humans: 2,
      settings: settingsWith(['peek']),
      start: true,
    });
    const [host, guest] = table.players as [Client, Client];
    await chooseFields(table, [0]);
    expect(guest.view!.setup!.piles).not.toBeNull();
    const before = JSON.stringify((await sync(guest)).game!.view);
    const token = guest.you!.token;
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');

    const { client: back, ack } = await rejoin(scope, server.url, table.code, token);
    expect(ack.you.seat).toBe(1);
    expect(ack.room.status).toBe('playing');
    expect(JSON.stringify(back.view)).toBe(before);
    const piles = back.view!.setup!.piles!;
    const version = await actOk(back, {
      type: 'choosePeek',
      pile: 'B',
      order: [...piles.B].reverse().map((c) => c.id),
    });
    await seen([host, back], version);
    expect(host.view!.phase).toBe('turns');
    // R8: the chosen order shows to its owner, face down, and to nobody else.
    expect(back.view!.seats[1]!.field.map((slot) => (slot.card as { id: string }).id)).toEqual(
      [...piles.B].reverse().map((c) => c.id),
    );
    expect(host.view!.seats[1]!.field.every((slot) => slot.card === null)).toBe(true);
  });

  it('R23: a second tab with the same token: both stay live, both get updates, either acts', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const seat = turnSeat(table.host.view);
    const tab1 = table.players[seat]!;
    const other = table.players[1 - seat]!;
    const { client: tab2, ack } = await rejoin(scope, server.url, table.code, tab1.you!.token);
    expect(ack.you.memberId).toBe(tab1.you!.memberId);
    expect(ack.you.seat).toBe(seat);
    expect(ack.room.members).toHaveLength(2);
    expect(JSON.stringify(tab2.view)).toBe(JSON.stringify(tab1.view));

    // Acting from the second tab updates both tabs.
    const drawn = await actOk(tab2, { type: 'draw', from: 'drawPile' });
    await seen([tab1, tab2, other], drawn);
    expect(JSON.stringify(tab1.view)).toBe(JSON.stringify(tab2.view));
    // And the first tab finishes the turn.
    const hand = tab1.view!.seats[seat]!.hand!;
    const discarded = await actOk(tab1, { type: 'discard', cardId: hand[0]!.id });
    await seen([tab1, tab2, other], discarded);
    expect(JSON.stringify(tab1.view)).toBe(JSON.stringify(tab2.view));

    // Closing one tab leaves the player connected through the other.
    tab1.close();
    await sleep(100);
    const seenByOther = await sync(other);
    expect(seenByOther.room.seats[seat]!.connected).toBe(true);
    expect(seenByOther.room.seats[seat]!.awaySince).toBeNull();
    const next = await playTurn(other);
    await seen([tab2], next);
    expect(turnSeat(tab2.view)).toBe(seat);
  });

  it('R23/§7: another device and a late spectator get the move log so far, as it was sent live (game:history)', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, spectators: 1, start: true });
    await chooseFields(table);
    for (let turn = 0; turn < 3; turn++)
      await seen(table.everyone, await playTurn(table.players[turnSeat(table.host.view)]!));
    // A draw from the draw pile: the card shows only to its owner, live and in the history.
    const seat = turnSeat(table.host.view);
    const player = table.players[seat]!;
    const drawn = await actOk(player, { type: 'draw', from: 'drawPile' });
    await seen(table.everyone, drawn);

    const { client: device } = await rejoin(scope, server.url, table.code, player.you!.token, {
      history: true,
    });
    const late = await connect(scope, server.url);
    await late.ok('room:join', {
      code: table.code,
      nickname: 'Late',
      role: 'spectator',
      history: true,
    });
    await Promise.all(
      [device, late].map((c) => c.until(() => historyOf(c) !== undefined, 5000, 'the history')),
    );
    const history = historyOf(device)!;
    expect(history.code).toBe(table.code);
    expect(history.gameId).toBe(player.view!.fairness.gameId);
    expect(history.version).toBe(drawn);
    expect(history.batches.map((b) => b.version)).toContain(0);
    expect(history.batches).toEqual(liveBatches(player));
    expect(historyOf(late)!.batches).toEqual(liveBatches(table.spectators[0]!));
    const lastBatch = history.batches.at(-1)!;
    expect(lastBatch.version).toBe(drawn);
    expect(idsIn(lastBatch.events)).toHaveLength(1);
    expect(idsIn(historyOf(late))).toEqual([]);

    // The device plays on; its log goes on from the history.
    const hand = device.view!.seats[seat]!.hand!;
    const discarded = await actOk(device, { type: 'discard', cardId: hand[0]!.id });
    await seen([device, late], discarded);
    expect(device.updates.at(-1)!.events.length).toBeGreaterThan(0);
  });

  it('game:history only when asked (not on a reconnect), and at most 10 a minute per member', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const token = table.players[1]!.you!.token;
    // A tab that holds its log (a reconnect) does not ask: a restart's rejoins replay nothing.
    const { client: reconnected } = await rejoin(scope, server.url, table.code, token);
    await sync(reconnected);
    expect(historyOf(reconnected)).toBeUndefined();
    reconnected.close();
    const got: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      const { client } = await rejoin(scope, server.url, table.code, token, { history: true });
      await sync(client); // Its ack comes after anything the join sent.
      got.push(historyOf(client) !== undefined);
      client.close();
    }
    expect(got).toEqual([...Array<boolean>(10).fill(true), false, false]);
    // Another member is counted apart.
    const { client: host } = await rejoin(scope, server.url, table.code, table.host.you!.token, {
      history: true,
    });
    await host.until(() => historyOf(host) !== undefined, 5000, "the host's history");
  });

  it('game:history: at most 30 a minute from one address, whichever members ask', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, spectators: 2, start: true });
    await chooseFields(table);
    const tokens = table.everyone.map((client) => client.you!.token);
    const got: number[] = [];
    for (const token of tokens) {
      let count = 0;
      for (let i = 0; i < 10; i++) {
        const { client } = await rejoin(scope, server.url, table.code, token, { history: true });
        await sync(client);
        if (historyOf(client) !== undefined) count++;
        client.close();
      }
      got.push(count);
    }
    // Each member's own 10 a minute, until the address's 30 are spent.
    expect(got).toEqual([10, 10, 10, 0]);
  });

  it('R23: a socket that sends room:join twice still counts as one: closing it leaves the player away', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    // E.g. a client that joins again on the same socket (a double effect, a retry after a timeout).
    await guest.ok('room:join', { code: table.code, token: guest.you!.token });
    guest.close();
    await host.until(
      () => host.room?.seats[1]?.connected === false,
      3000,
      'the guest to be seen as away',
    );
  });

  it('R22/R23: a refresh during the commit phase keeps the commitments and takes the nonce', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 20_000 });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:start', {});
    await guest.until(() => guest.room?.status === 'starting', 5000, 'the commit phase');
    const commit = guest.room!.commit!;
    expect(commit.commitments).toHaveLength(5);
    const token = guest.you!.token;
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');

    const { client: back, ack } = await rejoin(scope, server.url, table.code, token);
    expect(ack.room.status).toBe('starting');
    expect(ack.room.commit).toEqual(commit);
    expect(back.view).toBeNull();
    const nonces = [randomNonce(), randomNonce()];
    const { gameId } = commit;
    expect(await back.request('game:nonce', { gameId, hash: hashOf(nonces[1]!) })).toEqual({
      ok: true,
      kept: true,
    });
    // A second hash for the same seat (another tab's) changes nothing, and is told so; the same
    // one again (a retry) is told it is the seat's.
    expect(await back.request('game:nonce', { gameId, hash: hashOf(randomNonce()) })).toEqual({
      ok: true,
      kept: false,
    });
    expect(await back.request('game:nonce', { gameId, hash: hashOf(nonces[1]!) })).toEqual({
      ok: true,
      kept: true,
    });
    const started = Date.now();
    await host.ok('game:nonce', { gameId, hash: hashOf(nonces[0]!) });
    await back.until(() => back.room?.commit?.step === 'nonces', 5000, 'the hashes published');
    expect(await back.request('game:nonce', { gameId, nonce: nonces[1]! })).toEqual({
      ok: true,
      kept: true,
    });
    await host.ok('game:nonce', { gameId, nonce: nonces[0]! });
    await Promise.all([host, back].map((c) => c.until(() => c.view !== null, 5000, 'the deal')));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(back.view!.fairness.nonces).toEqual(nonces);
    expect(back.view!.fairness.commitments).toEqual(commit.commitments);
    expect(back.view!.fairness.gameId).toBe(commit.gameId);
  });
});

describe('restarts (R23, R26)', () => {
  it('R23: after a server restart a returning player gets the same seat and view, and plays on', async () => {
    const dir = scope.dir();
    const first = await scope.server({}, dir);
    const table = await openTable(scope, first, { humans: 2, start: true });
    await chooseFields(table);
    const seat = turnSeat(table.host.view);
    const mover = table.players[seat]!;
    const other = table.players[1 - seat]!;
    await actOk(mover, { type: 'draw', from: 'drawPile' });
    await seen([other], mover.view!.version);
    const views = [JSON.stringify(mover.view), JSON.stringify(other.view)];
    await first.close();

    const second = await scope.server({}, dir);
    const back = await rejoin(scope, second.url, table.code, mover.you!.token);
    expect(back.ack.you.seat).toBe(seat);
    expect(back.ack.room.paused).toBe(false);
    expect(JSON.stringify(back.client.view)).toBe(views[0]);
    const hand = back.client.view!.seats[seat]!.hand!;
    const version = await actOk(back.client, { type: 'discard', cardId: hand[0]!.id });
    const again = await rejoin(scope, second.url, table.code, other.you!.token);
    expect(again.client.view!.version).toBe(version);
    expect(turnSeat(again.client.view)).toBe(1 - seat);
    expect(views[1]).not.toBe(JSON.stringify(again.client.view));
  });

  it('R23: after a restart, a player not yet back is away since the restore, and that stays put', async () => {
    const dir = scope.dir();
    const first = await scope.server({}, dir);
    const table = await openTable(scope, first, { humans: 2, start: true });
    await chooseFields(table);
    const guestId = table.players[1]!.you!.memberId;
    await first.close();

    const restoredFrom = Date.now();
    const second = await scope.server({ HANDOVER_AFTER_MS: 60_000 }, dir);
    const { client: host } = await rejoin(scope, second.url, table.code, table.host.you!.token);
    const away = host.room!.seats[1]!;
    expect(away.memberId).toBe(guestId);
    expect(away.connected).toBe(false);
    expect(away.awaySince).toBeGreaterThanOrEqual(restoredFrom);
    expect(away.awaySince).toBeLessThanOrEqual(Date.now());
    expect(away.handOverAt).toBe(away.awaySince! + 60_000);
    // Changes of the room (here chat) do not move the time: the host's countdown holds.
    for (const text of ['still there?', 'hello?']) {
      await sleep(30);
      await host.ok('chat:send', { text });
      const seat = (await sync(host)).room.seats[1]!;
      expect([seat.awaySince, seat.handOverAt]).toEqual([away.awaySince, away.handOverAt]);
    }
  });

  it('a host who never returns after a restart passes the room on once a player is back', async () => {
    const dir = scope.dir();
    const first = await scope.server({ HOST_GRACE_MS: 200 }, dir);
    const table = await openTable(scope, first, { humans: 2 });
    const guestToken = table.players[1]!.you!.token;
    const guestId = table.players[1]!.you!.memberId;
    await first.close();
    const second = await scope.server({ HOST_GRACE_MS: 200 }, dir);
    const { client: guest } = await rejoin(scope, second.url, table.code, guestToken);
    await guest.until(() => hostOf(guest.room) === guestId, 3000, 'the host to pass on');
  });
});

describe('the host', () => {
  it('a host who leaves hands the room to the next seated human clockwise', async () => {
    const server = await scope.server();
    const host = await connect(scope, server.url);
    const created = await host.ok('room:create', {
      nickname: 'Host',
      settings: settingsWith([]),
      seatCount: 3,
      bots: [],
    });
    const code = created.room.code;
    const watcher = await connect(scope, server.url);
    await watcher.ok('room:join', { code, nickname: 'Watcher', role: 'spectator' });
    await host.ok('room:sit', { seat: 1 });
    const left = await connect(scope, server.url);
    expect((await left.ok('room:join', { code, nickname: 'Left' })).you.seat).toBe(0);
    const right = await connect(scope, server.url);
    expect((await right.ok('room:join', { code, nickname: 'Right' })).you.seat).toBe(2);

    await host.ok('room:leave', {});
    // Clockwise from seat 1 is seat 2: not the earliest member (the spectator), not seat 0.
    await right.until(() => hostOf(right.room) === right.you!.memberId, 5000, 'the new host');
    const room = right.room!;
    expect(room.members.find((m) => m.host)?.nickname).toBe('Right');
    expect(room.seats[1]!.kind).toBe('empty');
    expect(room.members.map((m) => m.nickname)).not.toContain('Host');
    expect(await right.request('room:lock', { locked: true })).toEqual({ ok: true });
  });

  it('R23: a host who leaves mid-game: the stand-in takes the seat, the host passes on', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    const token = host.you!.token;
    await host.ok('room:leave', {});
    await guest.until(() => hostOf(guest.room) === guest.you!.memberId, 5000, 'the new host');
    expect(guest.room!.seats[0]!.standIn).toBe(true);
    // The seat keeps its player's name (score sheet, winner line), though they are gone.
    expect(guest.room!.seats[0]!.nickname).toBe('Host');
    expect(guest.room!.members.map((m) => m.nickname)).toEqual(['Player 1']);
    // Nobody else may join under that name while the seat shows it.
    const namesake = await connect(scope, server.url);
    expect(
      await namesake.request('room:join', {
        code: table.code,
        nickname: 'host',
        role: 'spectator',
      }),
    ).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
    // The stand-in makes the seat's field choice; the guest chooses; play goes through seat 0.
    await chooseFields(table, [1], [guest]);
    await guest.until(
      () => isTurnOf(guest.view, 1),
      5000,
      "the guest's turn (the stand-in playing seat 0 before it if need be)",
    );
    const version = await playTurn(guest);
    await guest.until(
      () => (guest.view?.version ?? 0) > version + 1 && isTurnOf(guest.view, 1),
      5000,
      'the stand-in to play seat 0',
    );
    const back = await connect(scope, server.url);
    const refused = await back.request('room:join', { code: table.code, token });
    expect(refused).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
  });

  it('R23: a player who leaves while the deal waits for nonces keeps their name on the seat, reserved', async () => {
    const server = await scope.server({ NONCE_TIMEOUT_MS: 800 });
    const table = await openTable(scope, server, { humans: 3 });
    const [host, , cyd] = table.players as [Client, Client, Client];
    await host.ok('room:start', {});
    await host.until(() => host.room?.status === 'starting', 5000, 'the deal to wait for nonces');
    expect(await cyd.request('room:leave', {})).toEqual({ ok: true });
    // Named while the deal waits, by the deal, and after it, as a player who leaves later is.
    await host.until(() => host.room?.seats[2]?.nickname === 'Player 2', 5000, 'the seat named');
    expect(host.room!.status).toBe('starting');
    await host.until(() => host.room?.status === 'playing', 5000, 'the deal');
    expect(host.room!.seats[2]).toMatchObject({ nickname: 'Player 2', standIn: true });
    const newcomer = await connect(scope, server.url);
    const join = (nickname: string) =>
      newcomer.request('room:join', { code: table.code, nickname, role: 'spectator' });
    expect(await join('Player 2')).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
    // "Player", the name a seat had when nobody's name was known, is nobody's.
    expect(await join('Player')).toMatchObject({ ok: true });
  });

  it('a player who goes home from the final score sheet keeps their name on it until the rematch', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, bea] = table.players as [Client, Client];
    await Promise.all([playUntilOver(host, 'greedy'), playUntilOver(bea, 'greedy')]);
    await host.until(() => host.room?.status === 'finished', 5000, 'the end');
    const name = host.room!.seats[1]!.nickname!;
    expect(await bea.request('room:leave', {})).toEqual({ ok: true });
    await host.until(() => host.room!.members.length === 1, 5000, 'the leave');
    expect(host.room!.seats[1]).toMatchObject({ kind: 'human', nickname: name, connected: false });
    // The name is still shown, so it is still taken.
    const newcomer = await connect(scope, server.url);
    expect(
      await newcomer.request('room:join', { code: table.code, nickname: name, role: 'spectator' }),
    ).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
    // The rematch frees the seat.
    expect(await host.request('room:rematch', {})).toEqual({ ok: true });
    await host.until(() => host.room?.status === 'lobby', 5000, 'the lobby');
    expect(host.room!.seats[1]).toMatchObject({ kind: 'empty', nickname: null });
  });

  it('a disconnected host passes the room to the next connected human after HOST_GRACE_MS', async () => {
    const grace = 400;
    const server = await scope.server({ HOST_GRACE_MS: grace });
    const table = await openTable(scope, server, { humans: 3 });
    const [host, away, stays] = table.players as [Client, Client, Client];
    const hostId = host.you!.memberId;
    away.close();
    await stays.until(() => stays.room?.seats[1]?.connected === false, 5000, 'the first drop');
    const dropped = Date.now();
    host.close();
    await stays.until(() => stays.room?.seats[0]?.connected === false, 5000, 'the host drop');
    expect(hostOf(stays.room)).toBe(hostId);
    // Seat 1 is next clockwise but away: the host goes to seat 2.
    await stays.until(() => hostOf(stays.room) === stays.you!.memberId, 5000, 'the new host');
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(grace - 50);
    expect(await stays.request('room:lock', { locked: true })).toEqual({ ok: true });
  });

  it('a host still away when the first player returns passes the room on to that player', async () => {
    const grace = 200;
    const server = await scope.server({ HOST_GRACE_MS: grace });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the guest drop');
    host.close();
    // Nobody is connected when the grace period ends.
    await sleep(grace * 2);
    const { client: back } = await rejoin(scope, server.url, table.code, guest.you!.token);
    await back.until(() => hostOf(back.room) === guest.you!.memberId, 3000, 'the host to pass on');
  });

  it('a host who leaves while nobody else is connected: the first member back becomes host', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 3 });
    const [host, guest, third] = table.players as [Client, Client, Client];
    guest.close();
    third.close();
    await host.until(
      () => host.room?.seats[1]?.connected === false && host.room?.seats[2]?.connected === false,
      5000,
      'the others to drop',
    );
    expect(await host.request('room:leave', {})).toEqual({ ok: true });
    const { client: back } = await rejoin(scope, server.url, table.code, third.you!.token);
    await back.until(() => hostOf(back.room) === third.you!.memberId, 3000, 'a host again');
    // The host's powers come with it.
    expect((await back.request('room:lock', { locked: true })).ok).toBe(true);
  });

  it('a host back within HOST_GRACE_MS stays host', async () => {
    const grace = 300;
    const server = await scope.server({ HOST_GRACE_MS: grace });
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    const hostId = host.you!.memberId;
    host.close();
    await guest.until(() => guest.room?.seats[0]?.connected === false, 5000, 'the drop');
    const { client: back } = await rejoin(scope, server.url, table.code, host.you!.token);
    await sleep(grace * 2);
    expect(hostOf((await sync(guest)).room)).toBe(hostId);
    expect(await back.request('room:lock', { locked: true })).toEqual({ ok: true });
    expect(await guest.request('room:lock', { locked: false })).toMatchObject({
      ok: false,
      code: 'NOT_HOST',
    });
  });
});

describe('pausing', () => {
  it('with no human connected the game pauses, and resumes when one returns', async () => {
    const server = await scope.server({
      TIMER_SCALE: 0.02,
      RESTART_GRACE_MS: 50,
      BOT_DELAY_MS: 5,
    });
    const table = await openTable(scope, server, {
      humans: 2,
      bots: [{ seat: 2, level: 'greedy' }],
      settings: settingsWith([], { turnTimerSeconds: 5, setupTimerSeconds: 5 }),
      start: true,
    });
    const [host, guest] = table.players as [Client, Client];
    const room = server.server.rooms.get(table.code)!;
    expect(room.view().paused).toBe(false);
    host.close();
    guest.close();
    await waitFor(() => room.view().paused, 5000, 'the pause');
    await sleep(50);
    const state = () => room.game!.state as GameState;
    const version = state().version;
    // Timers of 100 ms and a bot would move the game several times over in this wait.
    await sleep(600);
    expect(state().version).toBe(version);
    expect(state().phase).not.toBe('gameOver');

    const { ack } = await rejoin(scope, server.url, table.code, guest.you!.token);
    expect(ack.room.paused).toBe(false);
    await waitFor(() => state().version > version, 5000, 'the game to move on');
  });
});

describe('R23: hand-over to the stand-in', () => {
  it('refused while connected and too early, accepted after; the player takes the seat back', async () => {
    const after = 700;
    const server = await scope.server({ HANDOVER_AFTER_MS: after, BOT_DELAY_MS: 0 });
    const table = await openTable(scope, server, { humans: 2, spectators: 1, start: true });
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    await chooseFields(table);

    expect(await host.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'SEAT_CONNECTED',
    });
    expect(host.room!.seats.map((seat) => seat.handOverAt)).toEqual([null, null]);
    const token = guest.you!.token;
    guest.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');
    const awaySince = host.room!.seats[1]!.awaySince!;
    // The room says from when the hand-over is taken, so the table can count down to it.
    expect(host.room!.seats[1]!.handOverAt).toBe(awaySince + after);
    await watcher.until(
      () => watcher.room?.seats[1]?.handOverAt === awaySince + after,
      5000,
      'the hand-over time, for everyone',
    );
    expect(await host.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'TOO_EARLY',
    });
    expect(await watcher.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_HOST',
    });
    await sleep(awaySince + after + 20 - Date.now());
    expect(await host.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    await host.until(() => host.room?.seats[1]?.standIn === true, 5000, 'the stand-in');
    expect(host.room!.seats[1]!.handOverAt).toBeNull();

    // The stand-in plays seat 1's turns; the host plays seat 0's.
    const turnsBefore = host.view!.turn!.number;
    for (let i = 0; i < 2; i++) {
      await host.until(() => isTurnOf(host.view, 0), 5000, "the host's turn");
      await playTurn(host);
    }
    await host.until(() => isTurnOf(host.view, 0), 5000, "the host's turn again");
    expect(host.view!.turn!.number).toBeGreaterThanOrEqual(turnsBefore + 3);

    // The player returns and takes the seat back: the stand-in stops.
    const { client: back, ack } = await rejoin(scope, server.url, table.code, token);
    expect(ack.room.seats[1]!.standIn).toBe(false);
    await host.until(() => host.room?.seats[1]?.standIn === false, 5000, 'the seat taken back');
    const handed = await playTurn(host);
    await seen([back], handed);
    expect(turnSeat(back.view)).toBe(1);
    await sleep(300);
    expect((await sync(host)).game!.view.version).toBe(handed);
    const mine = await playTurn(back);
    await seen([host], mine);
    expect(turnSeat(host.view)).toBe(0);
  });

  it('R23: a player may ask for the stand-in themselves, while connected; a network blip does not end it', async () => {
    const server = await scope.server({ HANDOVER_AFTER_MS: 60_000, BOT_DELAY_MS: 0 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, first] = table.players as [Client, Client];
    await chooseFields(table);
    expect(await first.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    await host.until(() => host.room?.seats[1]?.standIn === true, 5000, 'the stand-in');
    // The player's connection drops and comes back (a phone put away, a network blip): they
    // stepped away, so coming back on a new socket is not taking the seat back.
    first.close();
    await host.until(() => host.room?.seats[1]?.connected === false, 5000, 'the drop');
    const { client: guest, ack } = await rejoin(scope, server.url, table.code, first.you!.token);
    expect(ack.room.seats[1]!.standIn).toBe(true);
    await host.until(() => host.room?.seats[1]?.connected === true, 5000, 'the return');
    expect(host.room!.seats[1]!.standIn).toBe(true);
    await host.until(() => isTurnOf(host.view, 0), 5000, "the host's turn");
    const version = await playTurn(host);
    await host.until(
      () => host.view!.version > version && isTurnOf(host.view, 0),
      5000,
      'the stand-in to play seat 1',
    );
    // Still connected, the player takes the seat back by acting (even out of turn).
    await seen([guest], host.view!.version);
    expect(await act(guest, { type: 'draw', from: 'drawPile' })).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_TURN',
    });
    await host.until(() => host.room?.seats[1]?.standIn === false, 5000, 'the seat taken back');
    const handed = await playTurn(host);
    await sleep(300);
    expect((await sync(host)).game!.view.version).toBe(handed);
    await seen([guest], handed);
    await playTurn(guest);
  });

  it('R23: a player takes the seat back with room:takeBack, without acting', async () => {
    const server = await scope.server({ HANDOVER_AFTER_MS: 60_000, BOT_DELAY_MS: 0 });
    const table = await openTable(scope, server, { humans: 2, spectators: 1, start: true });
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    await chooseFields(table);
    expect(await watcher.request('room:takeBack', {})).toMatchObject({
      ok: false,
      code: 'NOT_SEATED',
    });
    // Not handed over: nothing to take back, and nothing changes.
    const revision = host.room!.revision;
    expect(await guest.request('room:takeBack', {})).toEqual({ ok: true });
    await sleep(100);
    expect(host.room!.revision).toBe(revision);

    expect(await guest.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    await host.until(() => host.room?.seats[1]?.standIn === true, 5000, 'the stand-in');
    // Asking again (a double click) is answered the same.
    expect(await guest.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    expect(await guest.request('room:takeBack', {})).toEqual({ ok: true });
    await host.until(() => host.room?.seats[1]?.standIn === false, 5000, 'the seat taken back');
    // A retry is answered the same and changes nothing.
    const after = host.room!.revision;
    expect(await guest.request('room:takeBack', {})).toEqual({ ok: true });
    await sleep(100);
    expect(host.room!.revision).toBe(after);
    // The player plays on: the stand-in no longer moves for seat 1.
    // (Taken back mid-turn, the player finishes the turn the stand-in began.)
    await sync(guest);
    if (turnSeat(guest.view) === 1) {
      const version =
        guest.view!.turn!.step === 'draw'
          ? await playTurn(guest)
          : await actOk(guest, {
              type: 'discard',
              cardId: guest.view!.seats[1]!.hand![0]!.id,
            });
      await seen([host], version);
    }
    const handed = await playTurn(host);
    await seen([guest], handed);
    await sleep(300);
    expect((await sync(host)).game!.view.version).toBe(handed);
    await playTurn(guest);
  });
});

describe('kicks', () => {
  it('R23: a member kicked mid-game is refused with KICKED; the stand-in plays the seat', async () => {
    const server = await scope.server({ BOT_DELAY_MS: 0 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    await chooseFields(table);
    const closed = new Promise<unknown>((resolve) => guest.socket.once('room:closed', resolve));
    expect(await host.request('room:kick', { memberId: guest.you!.memberId })).toEqual({
      ok: true,
    });
    expect(await closed).toEqual({ code: table.code, reason: 'kicked' });
    await host.until(() => host.room?.seats[1]?.standIn === true, 5000, 'the stand-in');
    expect(host.room!.members.map((m) => m.id)).not.toContain(guest.you!.memberId);

    const again = await connect(scope, server.url);
    expect(
      await again.request('room:join', { code: table.code, token: guest.you!.token }),
    ).toMatchObject({ ok: false, code: 'KICKED' });

    await host.until(() => isTurnOf(host.view, 0), 5000, "the host's turn");
    const version = await playTurn(host);
    await host.until(
      () => host.view!.version > version && isTurnOf(host.view, 0),
      5000,
      'the stand-in to play seat 1',
    );
    // The kicked player's name is free again.
    const newcomer = await connect(scope, server.url);
    await newcomer.ok('room:join', { code: table.code, nickname: 'Player 1', role: 'spectator' });
  });

  it('the room keeps only the latest 20 kicked members: joining and kicking again does not grow it', async () => {
    const server = await scope.server({ JOINS_PER_MINUTE: 100 });
    const table = await openTable(scope, server, { humans: 1 });
    const host = table.host;
    const join = async (nickname: string) => {
      const client = await connect(scope, server.url);
      const joined = await client.ok('room:join', {
        code: table.code,
        nickname,
        role: 'spectator',
      });
      return { client, ...joined.you };
    };
    const early = await join('Early');
    const kicked: string[] = [];
    for (let i = 0; i < 20; i++) {
      const guest = await join(`Guest ${i}`);
      // Away first: the room notes since when, and forgets it with the member.
      guest.client.close();
      await host.until(
        () => host.room?.members.find((m) => m.id === guest.memberId)?.connected === false,
        5000,
        `${guest.memberId} away`,
      );
      await host.ok('room:kick', { memberId: guest.memberId });
      kicked.push(guest.token);
    }
    // The latest kicked is kept, though it joined first; the earliest kicked goes.
    await host.ok('room:kick', { memberId: early.memberId });
    const stored = (await server.server.store.loadRoom(table.code))!.room;
    expect(stored.members.filter((m) => m.kicked)).toHaveLength(20);
    expect(stored.members.filter((m) => !m.kicked).map((m) => m.id)).toEqual([host.you!.memberId]);
    expect(Object.keys(stored.awaySince)).toEqual([]);
    expect(Object.keys(stored.presence)).toEqual([host.you!.memberId]);
    const again = await connect(scope, server.url);
    expect(await again.request('room:join', { code: table.code, token: kicked[0]! })).toMatchObject(
      { ok: false, code: 'BAD_TOKEN' },
    );
    for (const token of [kicked[1]!, early.token])
      expect(await again.request('room:join', { code: table.code, token })).toMatchObject({
        ok: false,
        code: 'KICKED',
      });
  });
});

describe('spectators', () => {
  it('§7: spectators join and leave at any time and see only public information', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, spectators: 1 });
    const [host, guest] = table.players as [Client, Client];
    const early = table.spectators[0]!;
    expect(early.you!.seat).toBeNull();
    expect(early.room!.spectators).toBe(1);
    await host.ok('room:start', {});
    await Promise.all([host, guest, early].map((c) => c.until(() => c.view !== null)));
    expect(early.view!.viewer).toBe('spectator');
    expect(idsIn(early.view)).toEqual([]);
    await chooseFields(table);

    const late = await connect(scope, server.url);
    const joined = await late.ok('room:join', {
      code: table.code,
      nickname: 'Late',
      role: 'spectator',
    });
    expect(joined.you.seat).toBeNull();
    expect(joined.room.spectators).toBe(2);
    await late.until(() => late.view !== null, 5000, 'the spectator view');
    expect(late.view!.viewer).toBe('spectator');
    expect(JSON.stringify(late.view)).toBe(JSON.stringify(early.view));

    expect(await early.request('room:leave', {})).toEqual({ ok: true });
    await host.until(() => host.room?.spectators === 1, 5000, 'the spectator to leave');
    const earlyCount = early.updates.length;
    const seat = turnSeat(host.view);
    const version = await playTurn(table.players[seat]!);
    await seen([late, host, guest], version);
    expect(early.updates.length).toBe(earlyCount);
    for (const update of late.updates) {
      expect(update.view.viewer).toBe('spectator');
      expect(idsIn(update)).toEqual([]);
    }
    // A card drawn from the draw pile is not shown to spectators.
    const drew = late.updates.flatMap((u) => u.events).find((e) => e.type === 'drew');
    expect(drew).toBeDefined();
    expect(JSON.stringify(drew)).not.toContain('"rank"');
  });
});

describe('the lobby', () => {
  it('sit, stand, setBot, configure and lock', async () => {
    const server = await scope.server();
    const host = await connect(scope, server.url);
    const { room } = await host.ok('room:create', {
      nickname: 'Host',
      settings: settingsWith([]),
      seatCount: 3,
      bots: [],
    });
    const code = room.code;
    const guest = await connect(scope, server.url);
    expect((await guest.ok('room:join', { code, nickname: 'Guest' })).you.seat).toBe(1);

    expect(await guest.request('room:sit', { seat: 2 })).toEqual({ ok: true, seat: 2 });
    await host.until(() => host.room?.seats[2]?.memberId === guest.you!.memberId);
    expect(host.room!.seats[1]!.kind).toBe('empty');
    expect(await guest.request('room:sit', { seat: 0 })).toMatchObject({ code: 'SEAT_TAKEN' });
    expect(await guest.request('room:sit', { seat: 4 })).toMatchObject({
      code: 'NO_SUCH_SEAT',
    });
    expect(await guest.request('room:stand', {})).toEqual({ ok: true, seat: null });
    await host.until(() => host.room?.seats[2]?.kind === 'empty');
    expect(host.room!.spectators).toBe(1);
    expect(await guest.request('room:sit', { seat: 1 })).toEqual({ ok: true, seat: 1 });

    expect(await host.request('room:setBot', { seat: 2, level: 'greedy' })).toEqual({ ok: true });
    await host.until(() => host.room?.seats[2]?.kind === 'bot');
    expect(host.room!.seats[2]!.botLevel).toBe('greedy');
    expect(await host.request('room:setBot', { seat: 1, level: 'random' })).toMatchObject({
      code: 'SEAT_TAKEN',
    });
    expect(await guest.request('room:setBot', { seat: 2, level: null })).toMatchObject({
      code: 'NOT_HOST',
    });
    expect(await guest.request('room:sit', { seat: 2 })).toMatchObject({ code: 'SEAT_TAKEN' });
    expect(await host.request('room:setBot', { seat: 2, level: null })).toEqual({ ok: true });
    await host.until(() => host.room?.seats[2]?.kind === 'empty');
    expect(await host.request('room:start', {})).toMatchObject({ code: 'SEATS_NOT_READY' });

    const settings = settingsWith(['peek', 'rivalSets'], { turnTimerSeconds: 30 });
    expect(await host.request('room:configure', { settings, seatCount: 2 })).toEqual({
      ok: true,
    });
    await guest.until(() => guest.room?.seatCount === 2);
    expect(guest.room!.settings).toEqual(settings);
    expect(guest.room!.seats).toHaveLength(2);
    // A change names only what changes; everything else keeps its value.
    expect(
      await host.request('room:configure', {
        settings: { deck: 'trepenta', houseRules: { peek: false, openField: true } },
      }),
    ).toEqual({ ok: true });
    const settingsOf = (client: typeof guest) => client.room?.settings as GameSettings | undefined;
    await guest.until(() => settingsOf(guest)?.deck === 'trepenta');
    expect(guest.room!.settings).toEqual({
      ...settings,
      deck: 'trepenta',
      houseRules: { ...settings.houseRules, peek: false, openField: true },
    });
    expect(await host.request('room:configure', { settings: { turnTimerSeconds: null } })).toEqual({
      ok: true,
    });
    await guest.until(() => settingsOf(guest)?.turnTimerSeconds === null);
    expect(settingsOf(guest)!.houseRules.rivalSets).toBe(true);
    for (const bad of [
      { deck: 'pinochle' },
      { houseRules: { jokers: true } },
      { turnTimerSeconds: 1 },
    ])
      expect(await host.request('room:configure', { settings: bad })).toMatchObject({
        code: 'BAD_REQUEST',
      });
    // The whole object, as the web app sends it, sets everything back.
    expect(await host.request('room:configure', { settings })).toEqual({ ok: true });
    await guest.until(() => settingsOf(guest)?.deck === settings.deck);
    expect(guest.room!.settings).toEqual(settings);

    expect(await host.request('room:lock', { locked: true })).toEqual({ ok: true });
    await guest.until(() => guest.room?.locked === true);
    const late = await connect(scope, server.url);
    expect(await late.request('room:join', { code, nickname: 'Late' })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });
    const watcher = await connect(scope, server.url);
    await watcher.ok('room:join', { code, nickname: 'Watcher', role: 'spectator' });
    // A member coming back with their token is not a new player.
    const guestTab = await rejoin(scope, server.url, code, guest.you!.token);
    expect(guestTab.ack.you.seat).toBe(1);
    guestTab.client.close();
    expect((await getJson(`${server.url}/api/rooms/${code}`)).body).toMatchObject({
      locked: true,
      spectators: 1,
      freeSeats: 0,
    });
    expect(await host.request('room:lock', { locked: false })).toEqual({ ok: true });
    const later = await connect(scope, server.url);
    await later.ok('room:join', { code, nickname: 'Later' });

    // Everything settled: the game starts with these settings for the two seated members.
    await host.ok('room:start', {});
    await Promise.all([host, guest, watcher].map((c) => c.until(() => c.view !== null)));
    expect(guest.view!.settings).toEqual(settings);
    expect(guest.view!.viewer).toBe(1);
    expect(watcher.view!.viewer).toBe('spectator');
    expect(await guest.request('room:sit', { seat: 0 })).toMatchObject({ code: 'WRONG_STATUS' });
  });

  it('a locked room keeps spectators from taking a free seat (they would be new players)', async () => {
    const server = await scope.server();
    const host = await connect(scope, server.url);
    const { room } = await host.ok('room:create', {
      nickname: 'Host',
      settings: settingsWith([]),
      seatCount: 2,
      bots: [],
    });
    const watcher = await connect(scope, server.url);
    await watcher.ok('room:join', { code: room.code, nickname: 'Watcher', role: 'spectator' });
    await host.ok('room:lock', { locked: true });
    expect(await watcher.request('room:sit', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });
  });

  it('MAX_SPECTATORS and MAX_MEMBERS are enforced', async () => {
    const server = await scope.server({ MAX_SPECTATORS: 1, MAX_MEMBERS: 3 });
    const table = await openTable(scope, server, { humans: 1, seatCount: 3 });
    const join = async (nickname: string, role: 'player' | 'spectator') =>
      (await connect(scope, server.url)).request('room:join', { code: table.code, nickname, role });
    expect(await join('S1', 'spectator')).toMatchObject({ ok: true });
    expect(await join('S2', 'spectator')).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });
    expect(await join('P1', 'player')).toMatchObject({ ok: true });
    expect(await join('P2', 'player')).toMatchObject({ ok: false, code: 'ROOM_FULL' });
    expect((await sync(table.host)).room.members).toHaveLength(3);
  });

  it('a player who finds no seat free counts against MAX_SPECTATORS', async () => {
    const server = await scope.server({ MAX_SPECTATORS: 1 });
    const table = await openTable(scope, server, { humans: 2, seatCount: 2 });
    const join = async (nickname: string, role: 'player' | 'spectator') =>
      (await connect(scope, server.url)).request('room:join', { code: table.code, nickname, role });
    expect(await join('P3', 'player')).toMatchObject({ ok: true, you: { seat: null } });
    expect(await join('P4', 'player')).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });
    expect(await join('S1', 'spectator')).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });
    expect((await sync(table.host)).room.members.map((m) => m.seat)).toEqual([0, 1, null]);
  });

  it('standing up, or fewer seats, cannot take the spectators past MAX_SPECTATORS', async () => {
    const server = await scope.server({ MAX_SPECTATORS: 1 });
    const table = await openTable(scope, server, { humans: 3, seatCount: 3 });
    const [host, second, third] = table.players as [Client, Client, Client];
    const seats = async () => (await sync(host)).room.members.map((m) => m.seat);
    expect(await second.request('room:stand', {})).toMatchObject({ ok: true, seat: null });
    const before = JSON.stringify((await sync(host)).room);
    expect(await third.request('room:stand', {})).toMatchObject({
      ok: false,
      code: 'SPECTATORS_FULL',
    });
    expect(await host.request('room:configure', { seatCount: 2 })).toMatchObject({
      ok: false,
      code: 'SPECTATORS_FULL',
    });
    expect(JSON.stringify((await sync(host)).room)).toBe(before);
    // Once the spectator sits again, there is room for one more.
    expect(await second.request('room:sit', { seat: 1 })).toMatchObject({ ok: true });
    expect(await host.request('room:configure', { seatCount: 2 })).toMatchObject({ ok: true });
    expect(await seats()).toEqual([0, 1, null]);
  });

  it('configure with fewer seats moves their players to the spectators, sockets and all', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2 });
    const [host, guest] = table.players as [Client, Client];
    await host.ok('room:configure', { seatCount: 1 });
    await guest.until(() => guest.room?.seatCount === 1);
    expect(guest.room!.members.find((m) => m.id === guest.you!.memberId)!.seat).toBeNull();
    await host.ok('room:start', {});
    await Promise.all([host, guest].map((c) => c.until(() => c.view !== null)));
    expect(guest.view!.viewer).toBe('spectator');
    expect(idsIn(guest.view)).toEqual([]);
  });

  it('nicknames are trimmed, cleaned of control characters and unique however they are written', async () => {
    const server = await scope.server();
    const host = await connect(scope, server.url);
    const { room, you } = await host.ok('room:create', {
      nickname: '  Ana\u0007\u200b  ',
      settings: settingsWith([]),
      seatCount: 4,
      bots: [],
    });
    expect(room.members.find((m) => m.id === you.memberId)!.nickname).toBe('Ana');
    const code = room.code;
    const tryJoin = async (nickname: string, role: 'player' | 'spectator' = 'player') => {
      const client = await connect(scope, server.url);
      return client.request('room:join', { code, nickname, role });
    };
    // The same name in another case, with an invisible, accented, full-width or in look-alike
    // Cyrillic letters reads as Ana: each is taken.
    for (const taken of ['ana', 'ANA', ' a\u0000na ', 'A\u200dna', 'Ána', 'Ａｎａ', 'Аnа']) {
      expect(await tryJoin(taken)).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
    }
    expect(await tryJoin('aNa', 'spectator')).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
    for (const bad of ['', '   ', '\u0000\u0007\u200b', 'x'.repeat(25)]) {
      expect(await tryJoin(bad)).toMatchObject({ ok: false, code: 'BAD_NICKNAME' });
      const creator = await connect(scope, server.url);
      expect(
        await creator.request('room:create', {
          nickname: bad,
          settings: settingsWith([]),
          seatCount: 2,
          bots: [],
        }),
      ).toMatchObject({ ok: false, code: 'BAD_NICKNAME' });
    }
    const joined = await tryJoin('\tBo \n  b\u0085 ');
    expect(joined.ok).toBe(true);
    const full = await tryJoin('y'.repeat(24));
    expect(full.ok).toBe(true);
    const names = (await sync(host)).room.members.map((m) => m.nickname);
    expect(names).toEqual(['Ana', 'Bo b', 'y'.repeat(24)]);
    expect(await tryJoin('bo B')).toMatchObject({ ok: false, code: 'NICKNAME_TAKEN' });
  });
});

describe('rematch', () => {
  it('a rematch after a finished game keeps every seat', async () => {
    const server = await scope.server({ TIMER_SCALE: 0.05 });
    const table = await openTable(scope, server, {
      humans: 2,
      bots: [{ seat: 2, level: 'greedy' }],
      start: true,
    });
    const [host, guest] = table.players as [Client, Client];
    expect(await host.request('room:rematch', {})).toMatchObject({ code: 'WRONG_STATUS' });
    const seatsBefore = host.room!.seats.map((s) => [s.kind, s.memberId, s.botLevel]);
    const firstGame = host.view!.fairness.gameId;
    await Promise.all([playUntilOver(host, 'greedy'), playUntilOver(guest, 'greedy')]);
    await host.until(() => host.room?.status === 'finished', 5000, 'the finished room');
    expect(await guest.request('room:rematch', {})).toMatchObject({ code: 'NOT_HOST' });
    expect(await host.request('room:rematch', {})).toEqual({ ok: true });
    await guest.until(() => guest.room?.status === 'lobby', 5000, 'the lobby again');
    expect(guest.room!.seats.map((s) => [s.kind, s.memberId, s.botLevel])).toEqual(seatsBefore);
    expect(guest.room!.seats.every((s) => !s.standIn)).toBe(true);
    expect(guest.room!.gameNumber).toBe(1);

    const viewsBefore = [host.updates.length, guest.updates.length];
    await host.ok('room:start', {});
    await host.until(() => host.updates.length > viewsBefore[0]!, 5000, 'the new deal');
    await guest.until(() => guest.updates.length > viewsBefore[1]!, 5000, 'the new deal');
    expect(host.room!.gameNumber).toBe(2);
    expect(host.view!.fairness.gameId).not.toBe(firstGame);
    // The new deal comes whole, at version 0 (a bot that opens may have moved since).
    const deal = host.updates[viewsBefore[0]!]!;
    expect(deal.base).toBeNull();
    expect(deal.view.version).toBe(0);
    expect(deal.view.fairness?.gameId).toBe(host.view!.fairness.gameId);
    expect([host.view!.viewer, guest.view!.viewer]).toEqual([0, 1]);
  });
});

describe('idle rooms', () => {
  it('a room nobody is in expires after ROOM_IDLE_MS; a room in use does not', async () => {
    const server = await scope.server({ ROOM_IDLE_MS: 400, SWEEP_INTERVAL_MS: 50 });
    const kept = await openTable(scope, server, { humans: 1, bots: [] });
    const gone = await openTable(scope, server, { humans: 1, bots: [] });
    const token = gone.host.you!.token;
    const copy = server.server.rooms.get(gone.code)!;
    const left = Date.now();
    gone.host.close();
    await waitFor(
      async () => (await getJson(`${server.url}/api/rooms/${gone.code}`)).status === 404,
      5000,
      'the idle room to expire',
    );
    expect(Date.now() - left).toBeGreaterThanOrEqual(350);
    const again = await connect(scope, server.url);
    expect(await again.request('room:join', { code: gone.code, token })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
    expect(await server.server.store.loadRoom(gone.code)).toBeNull();
    // Whatever still holds the deleted room (a request that waited in its line) runs nothing
    // and so writes nothing back.
    let ran = false;
    await expect(copy.run(() => (ran = true))).rejects.toBeInstanceOf(RoomGone);
    expect(ran).toBe(false);
    expect(await server.server.store.loadRoom(gone.code)).toBeNull();
    expect((await getJson(`${server.url}/api/rooms/${kept.code}`)).status).toBe(200);
    expect(await kept.host.request('room:lock', { locked: true })).toEqual({ ok: true });
  });
});

describe('idle rooms, abandoned games', () => {
  it('§8.4: a game whose room expires is abandoned and its full record, secrets and all, stays verifiable', async () => {
    const server = await scope.server({ ROOM_IDLE_MS: 300, SWEEP_INTERVAL_MS: 50 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const commitments = table.host.view!.fairness.commitments;
    for (const client of table.players) client.close();
    const base = `${server.url}/api/rooms/${table.code}`;
    await waitFor(async () => (await getJson(base)).status === 404, 5000, 'the room to expire');
    const replay = await getJson(`${base}/games/1/replay`);
    expect(replay.status).toBe(200);
    const record = replay.body as GameRecord & { commitments: string[] };
    expect(record.commitments).toEqual(commitments);
    expect(record.randomness.secrets).toHaveLength(5);
    expect(record.log.at(-1)).toMatchObject({ seat: 'system', action: { type: 'abandon' } });
    expect(verifyGame(record, commitments).problems).toEqual([]);
  });
});

describe('idle rooms, an abandon that cannot be written', () => {
  it('§8.4: the room stays (its secrets unrevealed would be lost) until the abandon is written', async () => {
    const server = await scope.server({ ROOM_IDLE_MS: 300, SWEEP_INTERVAL_MS: 50 });
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const store = server.server.store;
    const append = store.appendAction.bind(store);
    let refused = 0;
    store.appendAction = (room, entry, ...rest) => {
      if ((entry.action as Action).type === 'abandon' && refused < 2) {
        refused++;
        return Promise.reject(new Error('disk full'));
      }
      return append(room, entry, ...rest);
    };
    for (const client of table.players) client.close();
    await waitFor(() => Promise.resolve(refused === 1), 5000, 'an expiry to try');
    expect(await store.loadRoom(table.code)).not.toBeNull();
    const base = `${server.url}/api/rooms/${table.code}`;
    await waitFor(async () => (await getJson(base)).status === 404, 5000, 'the room to expire');
    expect(refused).toBe(2);
    const replay = await getJson(`${base}/games/1/replay`);
    expect((replay.body as GameRecord).log.at(-1)).toMatchObject({ action: { type: 'abandon' } });
  });
});

describe('idle rooms, continued', () => {
  it('a long-open room survives a quick refresh of its only member', async () => {
    const idle = 300;
    const server = await scope.server({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 20 });
    const table = await openTable(scope, server, { humans: 1 });
    // The member stays connected, quietly, for longer than the idle limit.
    await sleep(idle + 200);
    expect((await getJson(`${server.url}/api/rooms/${table.code}`)).status).toBe(200);
    table.host.close();
    // A refresh: back after a few sweeps, long before the room was empty for ROOM_IDLE_MS.
    await sleep(100);
    const again = await connect(scope, server.url);
    const answer = await again.request('room:join', {
      code: table.code,
      token: table.host.you!.token,
    });
    expect(answer.ok ? 'joined' : answer.code).toBe('joined');
  });

  it('a shutdown waits for an idle sweep in progress, which stops: nothing reaches the store once closed', async () => {
    const server = await scope.server({ ROOM_IDLE_MS: 300, SWEEP_INTERVAL_MS: 20 });
    const store = server.server.store;
    const calls: string[] = [];
    const close = store.close.bind(store);
    store.close = () => {
      calls.push('close');
      return close();
    };
    for (const name of ['loadRoom', 'deleteRoom', 'saveRoom', 'stamp'] as const) {
      const method = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
      (store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        calls.push(name);
        return method(...args);
      };
    }
    // The sweep is held in its claim of idle rooms, which then names a room this node does not
    // hold (so expiring it would load and delete through the store).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let claims = 0;
    store.claimIdleRooms = async () => {
      if (claims++ > 0) return [];
      await held;
      return ['ZZZZZZ'];
    };
    await waitFor(() => Promise.resolve(claims > 0), 5000, 'a sweep to start');
    let closed = false;
    const closing = server.server.close().then(() => (closed = true));
    await sleep(100);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(calls.at(-1)).toBe('close');
  });
});

describe('chat', () => {
  it('text and emotes reach everyone in the room; each member is rate-limited', async () => {
    const server = await scope.server({ CHAT_PER_10S: 3 });
    const table = await openTable(scope, server, { humans: 2, spectators: 1 });
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    const everyone = [host, guest, watcher];
    const outsider = await openTable(scope, server, { humans: 1 });

    expect(await host.request('chat:send', { text: '  hello\u0007 there ' })).toEqual({ ok: true });
    expect(await watcher.request('chat:send', { emote: '🎉' })).toEqual({ ok: true });
    await Promise.all(everyone.map((c) => c.until(() => c.chat.length === 2, 5000, 'chat')));
    for (const client of everyone) {
      expect(client.chat.map((m: ChatMessage) => [m.nickname, m.text, m.emote])).toEqual([
        ['Host', 'hello there', null],
        ['Watcher 0', null, '🎉'],
      ]);
    }
    expect(outsider.host.chat).toEqual([]);

    for (const bad of [{ text: '' }, { text: '\u0000 ' }, { text: 'x'.repeat(281) }]) {
      expect(await guest.request('chat:send', bad)).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await guest.request('chat:send', { emote: '💩' })).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await guest.request('chat:send', { text: 'hi', emote: '👍' })).toMatchObject({
      code: 'BAD_REQUEST',
    });

    expect(await host.request('chat:send', { emote: '👍' })).toEqual({ ok: true });
    expect(await host.request('chat:send', { text: 'x'.repeat(280) })).toEqual({ ok: true });
    expect(await host.request('chat:send', { text: 'one too many' })).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
    });
    expect(await guest.request('chat:send', { text: 'still fine' })).toEqual({ ok: true });
    await Promise.all(everyone.map((c) => c.until(() => c.chat.length === 5, 5000, 'chat')));
    expect(watcher.chat.map((m) => m.text)).not.toContain('one too many');

    const late = await connect(scope, server.url);
    const joined = await late.ok('room:join', { code: table.code, nickname: 'Late' });
    expect(joined.chat.map((m) => m.text ?? m.emote)).toEqual([
      'hello there',
      '🎉',
      '👍',
      'x'.repeat(280),
      'still fine',
    ]);
    const stranger = await connect(scope, server.url);
    expect(await stranger.request('chat:send', { text: 'hi' })).toMatchObject({
      code: 'NOT_IN_ROOM',
    });
  });
});

describe('R24: the turn timer', () => {
  it("R24: the stand-in finishes a silent player's turns, the log says so, the game goes on", async () => {
    const server = await scope.server({ TIMER_SCALE: 0.01 });
    const table = await openTable(scope, server, {
      humans: 2,
      settings: settingsWith([], { turnTimerSeconds: 5 }),
      start: true,
    });
    const [host, silent] = table.players as [Client, Client];
    await playUntilOver(host, 'greedy', 50_000);
    await silent.until(() => silent.view?.phase === 'gameOver', 5000, 'the end of the game');
    const timedOut = silent.updates
      .flatMap((u) => u.events)
      .filter((e) => e.type === 'timedOut' && e.key.startsWith('turn/'));
    // Every turn of the silent seat was finished by the stand-in, and only by it.
    const silentTurns = silent.updates
      .flatMap((u) => u.events)
      .filter((e) => e.type === 'turnStarted' && e.seat === 1).length;
    expect(silentTurns).toBeGreaterThan(5);
    expect(timedOut.filter((e) => e.type === 'timedOut' && e.seat === 1)).toHaveLength(silentTurns);
    expect(silent.view!.scores).toHaveLength(5);

    const replay = await getJson(`${server.url}/api/rooms/${table.code}/games/1/replay`);
    expect(replay.status).toBe(200);
    const record = replay.body as GameRecord & { commitments: string[] };
    const timeouts = record.log.filter(
      (entry) =>
        entry.seat === 'system' &&
        entry.action.type === 'timeout' &&
        entry.action.key.startsWith('turn/'),
    );
    expect(timeouts.length).toBe(timedOut.length);
    for (const entry of timeouts) {
      expect(entry.action.type === 'timeout' && entry.action.standIn.length).toBeGreaterThan(0);
    }
    expect(verifyGame(record, record.commitments).problems).toEqual([]);
  });

  it("R26: a player's own draw does not restart their turn timer", async () => {
    const server = await scope.server({ TIMER_SCALE: 0.1 });
    const table = await openTable(scope, server, {
      humans: 2,
      settings: settingsWith([], { turnTimerSeconds: 5, setupTimerSeconds: 600 }),
      start: true,
    });
    await chooseFields(table);
    const seat = turnSeat(table.host.view);
    const mover = table.players[seat]!;
    const turn = mover.view!.turn!.number;
    const deadline = (await sync(mover)).room.deadline!;
    expect(deadline.key).toBe(`turn/1/${turn}`);
    await sleep(250);
    await actOk(mover, { type: 'draw', from: 'drawPile' });
    const drewAt = Date.now();
    expect((await sync(mover)).room.deadline).toEqual(deadline);
    // 500 ms per turn: the timer that started with the turn ends it, not a fresh one.
    await mover.until(() => mover.view!.turn!.number > turn, 5000, 'the timeout');
    expect(Date.now() - drewAt).toBeLessThan(450);
    const events = mover.updates.flatMap((u) => u.events);
    expect(events).toContainEqual({ type: 'timedOut', key: `turn/1/${turn}`, seat });
    expect(mover.view!.seats[seat]!.handCount).toBe(5);
  });

  it('R26: each new timer’s deadline reaches every client with the update that starts it', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, {
      humans: 2,
      settings: settingsWith([], { turnTimerSeconds: 60, setupTimerSeconds: 600 }),
      start: true,
    });
    await chooseFields(table);
    for (let turns = 0; turns < 3; turns++) {
      const seat = turnSeat(table.host.view);
      const watcher = table.players[1 - seat]!;
      const before = watcher.received.length;
      const version = await playTurn(table.players[seat]!);
      await watcher.until(() => watcher.view!.version >= version, 5000, 'the turn');
      const key = watcher.view!.timer!.key;
      const update = watcher.updates.at(-1)!;
      // In the update itself, and in a room:state, both before the next turn.
      expect(update.deadline?.key).toBe(key);
      await watcher.until(() => watcher.room?.deadline?.key === key, 5000, 'the room state');
      const pushed = watcher.received.slice(before).filter((p) => p.event === 'room:state');
      expect(pushed.length).toBeGreaterThan(0);
      expect(watcher.room!.deadline).toEqual(update.deadline);
    }
  });
});
