import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsWith } from '@trepenta/rules';
import { Client, playUntilOver, startServer } from './harness';
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

  it('players who come in through either node are served by the room’s node; a full game, each getting only its own view', async () => {
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
    // Bea came in through b: the room is a's, so she was sent there (ELSEWHERE), once.
    expect([bea.moves, bea.url]).toEqual([1, a.url]);
    expect([cyd.moves, cyd.url]).toEqual([0, a.url]);
    expect(b.server.rooms.has(created.room.code)).toBe(false);
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

  it('idle rooms expire on the node that serves them, and through another node when theirs has stopped; the creator may open rooms again', async () => {
    redis = await TestRedis.start();
    const idle = 600;
    const ttl = 600;
    // One liveness window for all (as a deployment must have it: a node with a shorter one
    // would count the others gone between their heartbeats and take their rooms).
    const a = await node({
      ROOM_IDLE_MS: idle,
      SWEEP_INTERVAL_MS: 50,
      ROOMS_PER_ADDRESS: 1,
      NODE_TTL_MS: ttl,
    });
    const b = await node({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 50, NODE_TTL_MS: ttl });
    const c = await node({ ROOM_IDLE_MS: idle, SWEEP_INTERVAL_MS: 86_400_000, NODE_TTL_MS: ttl });
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
    // A room on c, a node that never sweeps and then stops without letting its rooms go (as a
    // crash would leave them): b takes it over once c has been silent, and expires it.
    const orphan = await open(c, 'Cyd');
    const store = c.server.store;
    store.release = () => Promise.resolve();
    orphan.client.close();
    await c.close();
    nodes.splice(nodes.indexOf(c), 1);

    const left = Date.now();
    gone.client.close();
    await waitFor(
      async () => (await a.server.store.loadRoom(gone.code)) === null,
      10_000,
      'a to expire its room',
    );
    expect(Date.now() - left).toBeGreaterThanOrEqual(idle - 50);
    expect(await roomAt(a, gone.code), 'the summary on a').toBe(404);
    expect(await roomAt(b, gone.code), 'the summary on b').toBe(404);
    const back = client(b);
    await back.connected();
    expect(await back.request('room:join', { code: gone.code, token: gone.token })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
    await waitFor(
      async () => (await b.server.store.loadRoom(orphan.code)) === null,
      10_000,
      'b to expire the room of the stopped node',
    );
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

  it('a room is served by one node at a time: a join, a summary and an idle sweep through another node write nothing to it', async () => {
    redis = await TestRedis.start();
    const a = await node({ ROOM_IDLE_MS: 300 });
    const b = await node({ ROOM_IDLE_MS: 300, SWEEP_INTERVAL_MS: 50 });
    const { client: ana, code, token } = await open(a, 'Ana');
    ana.close();
    const store = b.server.store as RedisStore;
    const writes: string[] = [];
    for (const method of ['saveRoom', 'appendAction', 'startGame', 'deleteRoom'] as const) {
      const original = (store[method] as (...args: unknown[]) => Promise<boolean>).bind(store);
      (store as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        writes.push(method);
        return original(...args);
      };
    }
    // b looks at the room (a summary) and sends a returning player to a.
    expect((await getJson(`${b.url}/api/rooms/${code}`)).status).toBe(200);
    const back = client(b);
    await back.connected();
    expect(await back.request('room:join', { code, token })).toMatchObject({ ok: true });
    expect(back.url).toBe(a.url);
    // Idle on a (its sweep is a day away): b's sweeps, many of them, leave it to a.
    back.close();
    await sleep(1000);
    expect(writes).toEqual([]);
    expect(b.server.rooms.has(code)).toBe(false);
    expect(await store.client.hget(store.key.room(code), 'owner')).toMatch(/~/);
    expect(await store.loadRoom(code)).not.toBeNull();
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
   * A node that stops answering (a long pause) for the liveness window loses its rooms: another
   * node takes a room over when a player comes back through it, and when the paused node wakes,
   * its writes to that room are refused (fenced by the owner in every write script): its copy
   * goes and its sockets are disconnected, to come back to the room's new node.
   */
  it('a node silent for the liveness window loses its room to another; its writes are refused after, and its players are sent to the new node', async () => {
    redis = await TestRedis.start();
    const ttl = 600;
    const a = await node({ NODE_TTL_MS: ttl });
    const b = await node({ NODE_TTL_MS: ttl });
    const { client: ana, code, token } = await open(a, 'Ana');
    // Ben sits down on a too.
    const ben = client(a);
    await ben.connected();
    await ben.ok('room:join', { code, nickname: 'Ben' });
    // a falls silent: no heartbeat (its coordinator stopped), but its sockets stay open.
    await a.server.coordinator.close();
    await sleep(ttl + 300);
    // Ana's other tab comes in through b: a is silent, so b takes the room over.
    const tab = client(b);
    await tab.connected();
    expect(await tab.request('room:join', { code, token })).toMatchObject({ ok: true });
    expect(tab.url).toBe(b.url);
    expect(b.server.rooms.has(code)).toBe(true);
    const before = await b.server.store.loadRoom(code);
    // Ana's first tab, still on a, locks the room: a's write is refused, nothing is written, and
    // a lets the room go and disconnects her there.
    expect(await ana.request('room:lock', { locked: true })).toMatchObject({
      ok: false,
      code: 'UNAVAILABLE',
    });
    await ana.until(() => !ana.socket.connected, 5000, 'the tab on a disconnected');
    expect(a.server.rooms.has(code)).toBe(false);
    const after = await b.server.store.loadRoom(code);
    expect(after!.room.revision).toBe(before!.room.revision);
    expect(after!.room.locked).toBe(false);
    // Through b (the room's node now) the same request goes through.
    expect(await tab.request('room:lock', { locked: true })).toEqual({ ok: true });

    // a is heard of again (its heartbeat written, as a node back from a pause would): Ben, whose
    // socket was on a and went with the room, is away on b, not connected through a live node.
    await ben.until(() => !ben.socket.connected, 5000, 'Ben disconnected from a');
    const store = b.server.store as RedisStore;
    const beat = setInterval(
      () => void store.client.zadd(store.key.nodes(), Date.now(), a.server.coordinator.nodeId),
      100,
    );
    try {
      await waitFor(
        () => b.server.coordinator.liveNodes().has(a.server.coordinator.nodeId),
        5000,
        'b to hear a again',
      );
      const members = b.server.rooms.get(code)!.view().members;
      expect(members.map((m) => [m.nickname, m.connected])).toEqual([
        ['Ana', true],
        ['Ben', false],
      ]);
    } finally {
      clearInterval(beat);
    }
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
