import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsWith } from '@trepenta/rules';
import type { Action } from '@trepenta/rules';
import { Client, decide, playUntilOver, startServer } from './harness';
import type { TestServer } from './harness';
import type { Config } from '../src/config';
import type { RedisStore } from '../src/store/redis';
import type { RoomRecord } from '../src/store/types';
import { getJson, sleep, waitFor } from './support';
import { TestRedis, redisAvailable } from './redis';

const runIt = redisAvailable() ? describe : describe.skip;

runIt('two server nodes on one Redis', () => {
  let redis: TestRedis | null = null;
  const nodes: TestServer[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const node of nodes.splice(0)) await node.close();
    await redis?.stop();
    redis = null;
  });

  async function node(overrides: Partial<Config> = {}): Promise<TestServer> {
    const server = await startServer({
      REDIS_URL: redis!.url,
      REDIS_PREFIX: 'test:',
      TIMER_SCALE: 0.05,
      ...overrides,
    });
    nodes.push(server);
    return server;
  }

  function client(server: TestServer): Client {
    const c = new Client(server.url);
    clients.push(c);
    return c;
  }

  /** A 2-seat room of no house rules, opened on `server` by a new client. */
  async function open(
    server: TestServer,
    nickname: string,
    bots: { seat: number; level: 'greedy' }[] = [],
  ) {
    const c = client(server);
    await c.connected();
    const created = await c.ok('room:create', {
      nickname,
      settings: settingsWith([]),
      seatCount: 2,
      bots,
    });
    return {
      client: c,
      code: created.room.code,
      token: created.you.token,
      memberId: created.you.memberId,
    };
  }

  it('a full game with players spread across both nodes; each gets only its own view', async () => {
    redis = await TestRedis.start();
    const [a, b] = [await node(), await node()];
    const host = client(a);
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith(['openField', 'rivalSets']),
      seatCount: 4,
      bots: [{ seat: 3, level: 'greedy' }],
    });
    const bea = client(b);
    const cyd = client(a);
    await Promise.all([bea.connected(), cyd.connected()]);
    await bea.ok('room:join', { code: created.room.code, nickname: 'Bea' });
    await cyd.ok('room:join', { code: created.room.code, nickname: 'Cyd' });
    await host.until(() => host.room?.members.length === 3, 5000, 'everyone in the lobby');
    await host.ok('room:start', {});
    const players = [host, bea, cyd];
    await Promise.all(players.map((p) => p.until(() => p.view !== null, 10_000, 'first view')));
    expect(players.map((p) => p.view!.viewer)).toEqual([0, 1, 2]);
    await Promise.all(players.map((p) => playUntilOver(p, 'greedy', 120_000)));
    for (const p of players) {
      expect(p.view!.phase).toBe('gameOver');
      expect(p.view!.scores).toHaveLength(5);
      // Every update this client got was its own seat's.
      expect(p.updates.every((u) => u.view.viewer === p.view!.viewer)).toBe(true);
    }
    expect(bea.view!.totals).toEqual(host.view!.totals);
  });

  it('idle rooms expire although the node holding them never sweeps; copies elsewhere answer as gone; the creator may open rooms again', async () => {
    redis = await TestRedis.start();
    const idle = 600;
    // Node a never sweeps (its sweep is a day away): the rooms it holds must expire through b.
    const a = await node({
      ROOM_IDLE_MS: idle,
      SWEEP_INTERVAL_MS: 86_400_000,
      ROOMS_PER_ADDRESS: 1,
    });
    const b = await node({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 50 });
    const settings = settingsWith([]);
    const roomAt = async (server: TestServer, code: string) =>
      (await getJson(`${server.url}/api/rooms/${code}`)).status;

    const gone = await open(a, 'Ana');
    // Another room from the same address on a is over its ROOMS_PER_ADDRESS (1).
    const refused = client(a);
    await refused.connected();
    expect(
      await refused.request('room:create', { nickname: 'Bo', settings, seatCount: 2, bots: [] }),
    ).toMatchObject({ ok: false, code: 'TOO_MANY_ROOMS' });
    // One kept in use, quietly, on b for longer than the idle time.
    const kept = await open(b, 'Kim');
    // b never loads the room a holds: only the store's index of activity leads it there.
    expect(await roomAt(a, gone.code)).toBe(200);

    const left = Date.now();
    gone.client.close();
    await waitFor(
      async () => (await b.server.store.loadRoom(gone.code)) === null,
      10_000,
      'b to expire the room a holds',
    );
    expect(Date.now() - left).toBeGreaterThanOrEqual(idle - 50);
    // a's copy is stale: asked, it finds the room gone, for the API and for a returning token.
    expect(await roomAt(a, gone.code)).toBe(404);
    expect(await roomAt(b, gone.code)).toBe(404);
    const back = client(a);
    await back.connected();
    expect(await back.request('room:join', { code: gone.code, token: gone.token })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
    // The room kept in use (its member connected to a live node) is still there and works.
    expect(Date.now() - left).toBeGreaterThan(idle);
    expect(await roomAt(a, kept.code)).toBe(200);
    expect(await kept.client.request('room:lock', { locked: true })).toEqual({ ok: true });
    // The expired room no longer counts against its creator's address on a.
    await waitFor(
      async () =>
        (
          await refused.request('room:create', {
            nickname: 'Bo',
            settings,
            seatCount: 2,
            bots: [],
          })
        ).ok,
      5000,
      'a room to be allowed again',
    );
  });

  it('§8.4: a game whose room expires on Redis is abandoned, its record written over the revision the abandon left', async () => {
    redis = await TestRedis.start();
    const a = await node({ ROOM_IDLE_MS: 300, SWEEP_INTERVAL_MS: 50 });
    const { client: host, code } = await open(a, 'Ana', [{ seat: 1, level: 'greedy' }]);
    await host.ok('room:start', {});
    await host.until(() => host.view !== null, 10_000, 'the deal');
    host.close();
    await waitFor(
      async () => (await a.server.store.loadRoom(code)) === null,
      10_000,
      'the room to expire',
    );
    const replay = await getJson(`${a.url}/api/rooms/${code}/games/1/replay`);
    expect(replay.status).toBe(200);
    expect((replay.body as { log: { action: { type: string } }[] }).log.at(-1)!.action.type).toBe(
      'abandon',
    );
  });

  it('presence entries of a node the cluster has forgotten (silent over a day) are dropped, after the same ten minutes as any', async () => {
    redis = await TestRedis.start();
    const a = await node();
    const { coordinator } = a.server;
    const store = a.server.store as RedisStore;
    // A node the nodes set does not list is silent from when it was first asked about...
    const now = Date.now();
    expect(coordinator.silentFor('fresh0000001', now)).toBe(0);
    expect(coordinator.silentFor('fresh0000001', now + 5000)).toBe(5000);
    // ...unless it shows up there: then from when it last beat.
    await store.client.zadd(store.key.nodes(), now - 2000, 'fresh0000001');
    await waitFor(
      () => Promise.resolve(coordinator.lastSeen('fresh0000001') !== undefined),
      5000,
      'a heartbeat to see the new node',
    );
    expect(coordinator.silentFor('fresh0000001', now)).toBe(2000);

    const { client: ana, code, memberId } = await open(a, 'Ana');
    // Ana was also connected through a node that died two days ago, which the nodes set has
    // forgotten; this node was first asked about it 11 minutes ago.
    coordinator.silentFor('deadbeef0001', Date.now() - 11 * 60_000);
    const key = store.key.room(code);
    const presenceOf = async () =>
      (JSON.parse((await store.client.hget(key, 'record'))!) as RoomRecord).presence[memberId];
    const record = JSON.parse((await store.client.hget(key, 'record'))!) as RoomRecord;
    const revision = record.revision + 1;
    const planted = { ...record, revision, presence: { [memberId]: ['deadbeef0001'] } };
    await store.client.hset(key, 'record', JSON.stringify(planted), 'revision', revision);
    ana.close();
    await waitFor(
      async () => (await presenceOf())?.includes('deadbeef0001') === false,
      5000,
      'the entry to be dropped when Ana’s presence is next written',
    );
    expect(await presenceOf()).toEqual([]);
  });

  it('a join that waited in the line of a room dropped from memory meanwhile puts the copy back, and is counted', async () => {
    redis = await TestRedis.start();
    const a = await node();
    const { client: ana, code, token } = await open(a, 'Ana');
    ana.close();
    const room = a.server.rooms.get(code)!;
    // The room's line is busy; meanwhile Ana returns, and the copy leaves memory (as the sweep
    // drops a room quiet for 10 minutes) before her join runs.
    let release = () => {};
    const busy = room.run(() => new Promise<void>((resolve) => (release = resolve)));
    const back = client(a);
    await back.connected();
    const joined = back.request('room:join', { code, token });
    await sleep(100);
    a.server.rooms.delete(code);
    release();
    await busy;
    expect(await joined).toMatchObject({ ok: true });
    expect(a.server.rooms.get(code)).toBe(room);
    // Her requests find the room, and her presence is this copy's to clear when she goes.
    expect(await back.request('room:lock', { locked: true })).toEqual({ ok: true });
    expect(room.localSockets).toBe(1);
    back.close();
    await waitFor(
      () => Promise.resolve(room.localSockets === 0),
      5000,
      'her socket to be detached',
    );
  });

  it('an idle room is not deleted under a player who comes back through another node meanwhile', async () => {
    redis = await TestRedis.start();
    const idle = 300;
    const a = await node({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 86_400_000 });
    const b = await node({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 50 });
    const { client: ana, code, token } = await open(a, 'Ana');
    ana.close();

    // b decides the room has been idle long enough; just before its delete is written, Ana comes
    // back through a (the race the delete's compare-and-set closes).
    const back = client(a);
    const store = b.server.store;
    const deleteRoom = store.deleteRoom.bind(store);
    let raced = 0;
    store.deleteRoom = async (target, revision) => {
      if (target === code && raced++ === 0) {
        await back.connected();
        await back.ok('room:join', { code, token });
      }
      return deleteRoom(target, revision);
    };
    await waitFor(() => Promise.resolve(raced > 0), 10_000, 'b to try to expire the room');
    await sleep(4 * idle);
    // The room stays, with Ana back in it, and answers her.
    expect(await store.loadRoom(code)).not.toBeNull();
    expect((await getJson(`${b.url}/api/rooms/${code}`)).status).toBe(200);
    expect(await back.request('room:lock', { locked: true })).toEqual({ ok: true });
    await back.until(() => back.room?.locked === true, 5000, 'the room locked, for everyone in it');
  });

  /**
   * A join that waited in the line of a copy the sweep dropped from memory, while another copy was
   * loaded (a wake-up, a room look-up or another join), runs again on that copy, so that the socket
   * is counted where its requests and its disconnect go: otherwise the player's other tab closing
   * there marks them away, and that copy may be dropped while the socket is open.
   */
  it('R23: a join that waited in a dropped copy while another was loaded: the player stays connected while a tab is open', async () => {
    redis = await TestRedis.start();
    const a = await node();
    const ana = client(a);
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith([]),
      seatCount: 2,
    });
    const code = created.room.code;
    const token = created.you.token;
    ana.close();
    const dropped = a.server.rooms.get(code)!;
    await waitFor(() => Promise.resolve(dropped.localSockets === 0), 5000, 'Ana away');

    // The room's line is busy; Ana comes back in a first tab, and the copy leaves memory (as the
    // sweep drops a room quiet for 10 minutes) before her join runs.
    let release = () => {};
    const busy = dropped.run(() => new Promise<void>((resolve) => (release = resolve)));
    const first = client(a);
    const joined = first.request('room:join', { code, token });
    await sleep(100);
    a.server.rooms.delete(code);
    // Meanwhile the room is looked up (a wake-up, the lobby's room summary, another player's
    // join): a fresh copy is loaded.
    expect((await getJson(`${a.url}/api/rooms/${code}`)).status).toBe(200);
    release();
    await busy;
    expect(await joined).toMatchObject({ ok: true });

    // A second tab of Ana's.
    const second = client(a);
    await second.ok('room:join', { code, token });
    // The first tab closes; the second is still open.
    first.close();
    await sleep(500);
    const synced = await second.request('game:sync', {});
    expect(synced.ok).toBe(true);
    const me = (synced as { room: { members: { id: string; connected: boolean }[] } }).room
      .members[0]!;
    expect(me.connected).toBe(true);
  });

  /**
   * A game action is appended only over the room revision it was decided on, also when it leaves
   * the room record as it is (store/redis.ts APPEND): a node that read the room before another
   * node changed it (a seat taken back from the stand-in, a member kicked) reloads and decides
   * again. Here the stand-in makes no move for a player after they were told the seat is theirs.
   */
  it('R23: after room:takeBack is acknowledged, the stand-in makes no move in that seat', async () => {
    redis = await TestRedis.start();
    const a = await node({ BOT_DELAY_MS: 0 });
    const b = await node({ BOT_DELAY_MS: 0 });
    const ana = client(a);
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith([]),
      seatCount: 2,
    });
    const code = created.room.code;
    const bea = client(b);
    const joined = await bea.ok('room:join', { code, nickname: 'Bea' });
    await ana.until(() => ana.room?.members.length === 2, 5000, 'both in the lobby');
    await ana.ok('room:start', {});
    await Promise.all([ana, bea].map((c) => c.until(() => c.view !== null, 10_000, 'first view')));

    // The stand-in's first draw in Bea's seat is held in the store (a slow write), on whichever
    // node makes it; the other node stays free (a draw it makes meanwhile is stored at once).
    const held: { node: TestServer; version: number; release: () => void }[] = [];
    for (const server of [a, b]) {
      const store = server.server.store;
      const append = store.appendAction.bind(store);
      store.appendAction = async (room, entry, snapshot, finished, roomChanged) => {
        if (
          held.length === 0 &&
          entry.seat === 1 &&
          entry.actionId.startsWith('bot:') &&
          (entry.action as Action).type === 'draw'
        ) {
          await new Promise<void>((release) =>
            held.push({ node: server, version: entry.version, release }),
          );
        }
        return append(room, entry, snapshot, finished, roomChanged);
      };
    }

    // Bea steps away: the stand-in plays her seat. Ana chooses her field and plays her turns.
    expect(await bea.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    const anaField = decide(ana.view!, 'greedy', 1)!;
    await ana.ok('game:action', { version: ana.view!.version, actionId: 'f0', action: anaField });
    let n = 0;
    while (held.length === 0) {
      await ana.until(
        () => held.length > 0 || (ana.view?.phase === 'turns' && ana.view.turn?.seat === 0),
        10_000,
        "Ana's turn or the stand-in's",
      );
      if (held.length > 0) break;
      const drawn = await ana.ok('game:action', {
        version: ana.view!.version,
        actionId: `d${n}`,
        action: { type: 'draw', from: 'drawPile' },
      });
      await ana.until(() => ana.view!.version >= drawn.version, 5000, 'the draw seen');
      const hand = ana.view!.seats[0]!.hand!;
      await ana.ok('game:action', {
        version: ana.view!.version,
        actionId: `x${n++}`,
        action: { type: 'discard', cardId: hand[0]!.id },
      });
      await sleep(50);
    }
    await waitFor(() => held.length > 0, 10_000, "the stand-in's draw");
    const [draw] = held;
    let storedBefore: number;
    try {
      // Meanwhile Bea takes her seat back through the other node, and is told she has it.
      const other = draw!.node === a ? b : a;
      const back = client(other);
      await back.ok('room:join', { code, token: joined.you.token });
      expect(await back.request('room:takeBack', {})).toEqual({ ok: true });
      await back.until(() => back.room?.seats[1]?.standIn === false, 5000, 'the seat back');
      storedBefore = (await other.server.store.loadGame(code, 1))!.log.length;
    } finally {
      // The held write goes on.
      draw!.release();
    }
    await sleep(1000);
    const stored = await a.server.store.loadGame(code, 1);
    const standInMoves = stored!.log.filter(
      (e) => e.seat === 1 && e.actionId.startsWith('bot:') && e.version >= storedBefore,
    );
    // The seat was Bea's again before that move was stored: the stand-in must not have made it.
    expect(standInMoves).toEqual([]);
    expect(stored!.log.length).toBeGreaterThanOrEqual(storedBefore);
  });
  /**
   * A departure whose write reached Redis but whose answer was lost (the connection dropped after
   * the command was sent: ioredis rejects it, Redis ran it) leaves the socket counted while the
   * store says "away"; the player back on this node before the retry has their presence written
   * again, so they are not shown away for good with a tab open (R23: SEAT_CONNECTED).
   */
  it('R23: a player back on the same node before the retry is connected, not away for good', async () => {
    redis = await TestRedis.start();
    const a = await node({ HANDOVER_AFTER_MS: 200 });
    const ana = client(a);
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      settings: DEFAULT_SETTINGS,
      seatCount: 2,
      bots: [],
    });
    const code = created.room.code;
    const ben = client(a);
    const joined = await ben.ok('room:join', { code, nickname: 'Ben' });
    await ana.ok('room:start', {});
    await ben.until(() => ben.view !== null, 5000, 'the deal');

    // Ben's phone is about to come back on a new socket (already connected, not yet joined).
    const back = client(a);

    // The next room write reaches Redis, but its answer is lost.
    const store = a.server.store;
    const save = store.saveRoom.bind(store);
    let lose = true;
    store.saveRoom = async (record) => {
      const saved = await save(record);
      if (lose) {
        lose = false;
        throw new Error('Connection is closed.');
      }
      return saved;
    };
    ben.close();
    await waitFor(() => !lose, 5000, 'the departure write');
    // Ben is back at once (before the 0.1 s retry).
    expect(await back.request('room:join', { code, token: joined.you.token })).toMatchObject({
      ok: true,
    });
    await sleep(600);

    const synced = await ana.request('game:sync', {});
    if (!synced.ok) throw new Error(synced.code);
    // Ben has a tab open on this node.
    expect(synced.room.seats[1]!.connected).toBe(true);
    expect(await ana.request('room:handOver', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'SEAT_CONNECTED',
    });
  });
});
