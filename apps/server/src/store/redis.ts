import { Redis } from 'ioredis';
import type { LogEntry } from '@trepenta/engine';
import { LocalCoordinator, NotOwner, actionKey, usableSnapshot } from './types';
import type {
  GameHeader,
  LoadedGame,
  LoadedRoom,
  RoomRecord,
  RoomStamp,
  RoomStore,
  StoredDraft,
  StoredGame,
} from './types';

const DAY_MS = 86_400_000;

/**
 * Rooms in Redis, for several server nodes. A room is served by one node at a time, its owner (the
 * room hash's `owner` field, a node's NODE_NAME): a node claims a room before it loads it, and
 * takes it over only from a node silent for the liveness window (docs/architecture.md). Every
 * write is one Lua script, so it is atomic, and fenced: it is refused (-1, `NotOwner`) when the
 * room's owner is another node. It is also a compare-and-set: a room record is written only over
 * the revision it was read at, and a log entry only at the log's current length (its version).
 *
 * Keys (under the prefix): room:{code} hash {record, revision, game, version, owner};
 * game:{code}:{n} hash {header, snapshot, snapshotVersion, finished}; log:{code}:{n} list of
 * entries (index = version); ids:{code}:{n} hash "seat:actionId" → version; activity zset (code →
 * its last activity, or when it was last found in use: the idle sweep's index); nodes zset (node →
 * its last heartbeat).
 */
/** The fence every write starts with: another node's room is not written. */
const FENCE = (me: string) => `
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ${me} then return -1 end`;

const SAVE_ROOM = `${FENCE('ARGV[5]')}
local current = tonumber(redis.call('HGET', KEYS[1], 'revision') or '0')
if current ~= tonumber(ARGV[2]) - 1 then return 0 end
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'revision', ARGV[2])
-- A new room is its creator's; any other comes to a node through a claim (a room let go stays so).
if current == 0 then redis.call('HSET', KEYS[1], 'owner', ARGV[5]) end
redis.call('ZADD', KEYS[2], tonumber(ARGV[4]), ARGV[3])
return 1`;

const START_GAME = `${FENCE('ARGV[9]')}
local current = tonumber(redis.call('HGET', KEYS[1], 'revision') or '0')
if current ~= tonumber(ARGV[2]) - 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[2], 'header', ARGV[3], 'snapshot', ARGV[4], 'snapshotVersion', ARGV[5], 'finished', '0')
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'revision', ARGV[2], 'game', ARGV[6], 'version', ARGV[5])
redis.call('ZADD', KEYS[5], tonumber(ARGV[7]), ARGV[8])
return 1`;

const APPEND = `${FENCE('ARGV[11]')}
if redis.call('LLEN', KEYS[3]) ~= tonumber(ARGV[1]) then return 0 end
local current = tonumber(redis.call('HGET', KEYS[1], 'revision') or '0')
if ARGV[7] ~= '' then
  if current ~= tonumber(ARGV[8]) - 1 then return 0 end
  redis.call('HSET', KEYS[1], 'record', ARGV[7], 'revision', ARGV[8])
  redis.call('ZADD', KEYS[5], tonumber(ARGV[9]), ARGV[10])
elseif current ~= tonumber(ARGV[8]) then return 0 end
redis.call('RPUSH', KEYS[3], ARGV[2])
redis.call('HSET', KEYS[4], ARGV[3], ARGV[1])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[2], 'snapshot', ARGV[4], 'snapshotVersion', ARGV[5]) end
if ARGV[6] == '1' then redis.call('HSET', KEYS[2], 'finished', '1') end
redis.call('HSET', KEYS[1], 'version', tonumber(ARGV[1]) + 1)
return 1`;

/** Deletes the live room, only over the given revision (or any, given ''); one already gone counts. */
const DELETE_ROOM = `${FENCE('ARGV[3]')}
local current = redis.call('HGET', KEYS[1], 'revision')
if current and ARGV[1] ~= '' and tonumber(current) ~= tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
return 1`;

/**
 * Takes a room for ARGV[1] unless its owner is another node seen alive within the last ARGV[3] ms
 * (ARGV[2] is now), or any other node when ARGV[4] is '0' (the claimer may not take rooms over):
 * '' when taken (or no such room), else the owner's name.
 */
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then return '' end
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner and owner ~= ARGV[1] then
  if ARGV[4] ~= '1' then return owner end
  local seen = redis.call('ZSCORE', KEYS[2], owner)
  if seen and tonumber(seen) > tonumber(ARGV[2]) - tonumber(ARGV[3]) then return owner end
end
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
return ''`;

/** Lets go of the rooms (KEYS) that ARGV[1] owns. */
const RELEASE = `
for _, key in ipairs(KEYS) do
  if redis.call('HGET', key, 'owner') == ARGV[1] then redis.call('HDEL', key, 'owner') end
end
return 1`;

/**
 * Takes up to ARGV[3] rooms whose activity is at or before ARGV[1], marking each as looked at
 * ARGV[2]: one node looks at each, and a room found in use is not looked at again for a while.
 */
const CLAIM_IDLE = `
local codes = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]), 'LIMIT', 0, tonumber(ARGV[3]))
for _, code in ipairs(codes) do
  redis.call('ZADD', KEYS[1], tonumber(ARGV[2]), code)
end
return codes`;

interface Scripts {
  saveRoom(
    room: string,
    activity: string,
    record: string,
    revision: number,
    code: string,
    lastActivity: number,
    node: string,
  ): Promise<number>;
  startGame(
    room: string,
    game: string,
    log: string,
    ids: string,
    activity: string,
    record: string,
    revision: number,
    header: string,
    snapshot: string,
    version: number,
    gameNumber: number,
    lastActivity: number,
    code: string,
    node: string,
  ): Promise<number>;
  appendEntry(
    room: string,
    game: string,
    log: string,
    ids: string,
    activity: string,
    version: number,
    entry: string,
    idKey: string,
    snapshot: string,
    snapshotVersion: number,
    finished: string,
    record: string,
    revision: number,
    lastActivity: number,
    code: string,
    node: string,
  ): Promise<number>;
  claimIdle(activity: string, before: number, now: number, limit: number): Promise<string[]>;
  deleteRoom(
    room: string,
    activity: string,
    revision: number | '',
    code: string,
    node: string,
  ): Promise<number>;
  claimOwner(
    room: string,
    nodes: string,
    node: string,
    now: number,
    ttl: number,
    takeOver: '1' | '0',
  ): Promise<string>;
}

export function redisClient(url: string, options: { failFast: boolean }): Redis {
  return new Redis(url, {
    // Fail fast while Redis is away, so a player gets a clear error instead of a hung move.
    enableOfflineQueue: !options.failFast,
    maxRetriesPerRequest: options.failFast ? 0 : null,
    retryStrategy: (times) => Math.min(50 * times, 1000),
    lazyConnect: false,
  });
}

export class RedisStore implements RoomStore {
  readonly kind = 'redis';
  readonly soleWriter = false;
  private readonly scripts: Scripts;
  /** This node's name: the owner its writes are fenced with. */
  readonly node: string;
  private readonly nodeTtlMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: { node?: string; nodeTtlMs?: number } = {},
  ) {
    this.node = options.node ?? 'node';
    this.nodeTtlMs = options.nodeTtlMs ?? 6000;
    redis.defineCommand('saveRoom', { numberOfKeys: 2, lua: SAVE_ROOM });
    redis.defineCommand('startGame', { numberOfKeys: 5, lua: START_GAME });
    redis.defineCommand('appendEntry', { numberOfKeys: 5, lua: APPEND });
    redis.defineCommand('claimIdle', { numberOfKeys: 1, lua: CLAIM_IDLE });
    redis.defineCommand('deleteRoom', { numberOfKeys: 2, lua: DELETE_ROOM });
    redis.defineCommand('claimOwner', { numberOfKeys: 2, lua: CLAIM });
    this.scripts = redis as unknown as Scripts;
  }

  /** A write's answer: 1 written, 0 a lost compare-and-set, -1 another node's room. */
  private fenced(code: string, answer: number): boolean {
    if (answer === -1) throw new NotOwner(code);
    return answer === 1;
  }

  async claim(code: string, node: string, takeOver = true): Promise<string | null> {
    const owner = await this.scripts.claimOwner(
      this.key.room(code),
      this.key.nodes(),
      node,
      Date.now(),
      this.nodeTtlMs,
      takeOver ? '1' : '0',
    );
    return owner === '' ? null : owner;
  }

  async release(codes: readonly string[], node: string): Promise<void> {
    for (let i = 0; i < codes.length; i += 500) {
      const keys = codes.slice(i, i + 500).map((code) => this.key.room(code));
      await this.redis.eval(RELEASE, keys.length, ...keys, node);
    }
  }

  async lost(codes: readonly string[], node: string): Promise<string[]> {
    const lost: string[] = [];
    for (let i = 0; i < codes.length; i += 500) {
      const batch = codes.slice(i, i + 500);
      const pipeline = this.redis.pipeline();
      for (const code of batch) pipeline.hget(this.key.room(code), 'owner');
      const owners = (await pipeline.exec()) ?? [];
      batch.forEach((code, j) => {
        const [error, owner] = owners[j] ?? [null, null];
        if (!error && owner !== null && owner !== node) lost.push(code);
      });
    }
    return lost;
  }

  key = {
    room: (code: string) => `${this.prefix}room:${code}`,
    game: (code: string, n: number) => `${this.prefix}game:${code}:${n}`,
    log: (code: string, n: number) => `${this.prefix}log:${code}:${n}`,
    ids: (code: string, n: number) => `${this.prefix}ids:${code}:${n}`,
    drafts: (code: string, n: number) => `${this.prefix}drafts:${code}:${n}`,
    activity: () => `${this.prefix}activity`,
    legacyRooms: () => `${this.prefix}rooms`,
    nodes: () => `${this.prefix}nodes`,
  };

  get client(): Redis {
    return this.redis;
  }

  /** Rooms load lazily, on the first request or wake-up that names them. */
  loadRooms(): Promise<LoadedRoom[]> {
    return Promise.resolve([]);
  }

  async stamp(code: string): Promise<RoomStamp | null> {
    const [revision, version] = await this.redis.hmget(this.key.room(code), 'revision', 'version');
    if (revision === null || revision === undefined) return null;
    return { revision: Number(revision), version: version === null ? null : Number(version) };
  }

  async loadRoom(code: string): Promise<LoadedRoom | null> {
    const record = await this.redis.hget(this.key.room(code), 'record');
    if (record === null) return null;
    const room = JSON.parse(record) as RoomRecord;
    return { room, game: await this.loadGameFor(room) };
  }

  private async loadGameFor(room: RoomRecord): Promise<LoadedGame | null> {
    if (room.status !== 'playing' && room.status !== 'finished') return null;
    const n = room.gameNumber;
    const [header, snapshot, snapshotVersion] = await this.redis.hmget(
      this.key.game(room.code, n),
      'header',
      'snapshot',
      'snapshotVersion',
    );
    if (!header) return null;
    const parsed = JSON.parse(header) as GameHeader;
    const usable = usableSnapshot(snapshot, parsed);
    const from = usable ? Number(snapshotVersion ?? 0) : 0;
    const [tail, ids, drafts] = await Promise.all([
      this.redis.lrange(this.key.log(room.code, n), from, -1),
      this.redis.hgetall(this.key.ids(room.code, n)),
      this.redis.hgetall(this.key.drafts(room.code, n)),
    ]);
    const actionIds = new Map<string, number>();
    for (const [key, version] of Object.entries(ids)) actionIds.set(key, Number(version));
    return {
      header: parsed,
      snapshot: usable,
      tail: tail.map((entry) => JSON.parse(entry) as LogEntry),
      actionIds,
      drafts: new Map(
        Object.entries(drafts).map(([seat, draft]) => [
          Number(seat),
          JSON.parse(draft) as StoredDraft,
        ]),
      ),
    };
  }

  async saveRoom(room: RoomRecord): Promise<boolean> {
    const saved = await this.scripts.saveRoom(
      this.key.room(room.code),
      this.key.activity(),
      JSON.stringify(room),
      room.revision,
      room.code,
      room.lastActivity,
      this.node,
    );
    return this.fenced(room.code, saved);
  }

  async claimIdleRooms(before: number, now: number, limit: number): Promise<string[]> {
    await this.adoptLegacyRooms();
    return this.scripts.claimIdle(this.key.activity(), before, now, limit);
  }

  /**
   * Servers before the activity index kept only a set of room codes (`rooms`), and still write it
   * during a rolling upgrade: its rooms join the index (by their last activity) and leave the set,
   * at most 2,000 a sweep.
   */
  private async adoptLegacyRooms(): Promise<void> {
    const legacy = this.key.legacyRooms();
    for (let batch = 0; batch < 20; batch++) {
      const codes = await this.redis.srandmember(legacy, 100);
      if (codes.length === 0) return;
      const records = await Promise.all(
        codes.map((code) => this.redis.hget(this.key.room(code), 'record')),
      );
      const adopt = this.redis.multi();
      codes.forEach((code, i) => {
        const record = records[i];
        if (record) {
          const { lastActivity } = JSON.parse(record) as RoomRecord;
          adopt.zadd(this.key.activity(), 'NX', lastActivity, code);
        }
        adopt.srem(legacy, code);
      });
      await adopt.exec();
    }
  }

  async codeTaken(code: string): Promise<boolean> {
    return (await this.redis.exists(this.key.room(code), this.key.game(code, 1))) > 0;
  }

  async deleteRoom(code: string, revision?: number): Promise<boolean> {
    // Finished games' logs stay, as replays; the live room goes.
    const deleted = await this.scripts.deleteRoom(
      this.key.room(code),
      this.key.activity(),
      revision ?? '',
      code,
      this.node,
    );
    return this.fenced(code, deleted);
  }

  async startGame(room: RoomRecord, header: GameHeader, state: unknown): Promise<boolean> {
    const n = room.gameNumber;
    const started = await this.scripts.startGame(
      this.key.room(room.code),
      this.key.game(room.code, n),
      this.key.log(room.code, n),
      this.key.ids(room.code, n),
      this.key.activity(),
      JSON.stringify(room),
      room.revision,
      JSON.stringify(header),
      JSON.stringify(state),
      // Every game starts at version 0 (the engine's contract).
      0,
      n,
      room.lastActivity,
      room.code,
      this.node,
    );
    return this.fenced(room.code, started);
  }

  async appendAction(
    room: RoomRecord,
    entry: LogEntry,
    snapshot: unknown,
    finished: boolean,
    roomChanged: boolean,
  ): Promise<boolean> {
    const n = room.gameNumber;
    const appended = await this.scripts.appendEntry(
      this.key.room(room.code),
      this.key.game(room.code, n),
      this.key.log(room.code, n),
      this.key.ids(room.code, n),
      this.key.activity(),
      entry.version,
      JSON.stringify(entry),
      actionKey(entry.seat, entry.actionId),
      snapshot ? JSON.stringify(snapshot) : '',
      // The snapshot is the state after this entry.
      snapshot ? entry.version + 1 : 0,
      finished ? '1' : '0',
      roomChanged ? JSON.stringify(room) : '',
      room.revision,
      room.lastActivity,
      room.code,
      this.node,
    );
    // A finished game's drafts are nobody's business any more.
    if (finished && appended === 1) await this.redis.del(this.key.drafts(room.code, n));
    return this.fenced(room.code, appended);
  }

  /**
   * A seat's draft, over the one before, in a hash that expires a day after its last write (a
   * game's drafts matter only while it is played).
   */
  async saveDraft(
    code: string,
    gameNumber: number,
    seat: number,
    draft: StoredDraft,
  ): Promise<void> {
    const key = this.key.drafts(code, gameNumber);
    await this.redis
      .multi()
      .hset(key, String(seat), JSON.stringify(draft))
      .pexpire(key, DAY_MS)
      .exec();
  }

  async loadGame(code: string, gameNumber: number): Promise<StoredGame | null> {
    const [[header, finished], log] = await Promise.all([
      this.redis.hmget(this.key.game(code, gameNumber), 'header', 'finished'),
      this.redis.lrange(this.key.log(code, gameNumber), 0, -1),
    ]);
    if (!header) return null;
    return {
      header: JSON.parse(header) as GameHeader,
      log: log.map((entry) => JSON.parse(entry) as LogEntry),
      finished: finished === '1',
    };
  }

  async loadEntry(code: string, gameNumber: number, version: number): Promise<LogEntry | null> {
    // The log is a list whose index is the entry's version (appendEntry checks its length).
    const entry = await this.redis.lindex(this.key.log(code, gameNumber), version);
    return entry === null ? null : (JSON.parse(entry) as LogEntry);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Liveness across nodes, and this node's wake-ups. Each node writes a heartbeat into a sorted set
 * and reads when the others were last heard: a room whose owner has been silent for NODE_TTL_MS
 * may be taken over, and its members who were on that node are away since it was last heard. A room's timers and bot moves run
 * on its owner alone, in local timers: a node that takes a room over re-arms them from the stored
 * deadlines, as after a restart.
 */
export class RedisCoordinator extends LocalCoordinator {
  private live: ReadonlySet<string>;
  private seen = new Map<string, number>();
  /** Nodes asked about that the nodes set does not list, and when each was first asked about. */
  private readonly unheardOf = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private recoveredHandler: () => void = () => undefined;
  /** Since when this node's heartbeats have been written without a failure (null: failing now). */
  private steadySince: number | null = null;
  private lastOk: number | null = null;

  constructor(
    private readonly store: RedisStore,
    nodeId: string,
    private readonly options: { nodeTtlMs: number },
  ) {
    super(nodeId);
    this.live = new Set([nodeId]);
  }

  /**
   * Joins the cluster: a first heartbeat and a first look at when the others were last heard,
   * before this node claims any room.
   */
  async start(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await this.beat())) {
      if (Date.now() > deadline) throw new Error('Redis did not answer within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    this.heartbeat = setInterval(() => void this.beat(), Math.max(200, this.options.nodeTtlMs / 3));
    this.heartbeat.unref();
    // Back from an outage: a heartbeat at once, not at the next tick.
    this.store.client.on('ready', () => void this.beat());
  }

  private async beat(): Promise<boolean> {
    const now = Date.now();
    try {
      const redis = this.store.client;
      const key = this.store.key.nodes();
      await redis.zadd(key, now, this.nodeId);
      // Nodes silent for a day are forgotten; the rest tell when each was last seen.
      await redis.zremrangebyscore(key, '-inf', now - 86_400_000);
      const flat = await redis.zrange(key, 0, -1, 'WITHSCORES');
      const seen = new Map<string, number>();
      for (let i = 0; i + 1 < flat.length; i += 2) seen.set(flat[i]!, Number(flat[i + 1]));
      this.seen = seen;
      for (const [node, since] of this.unheardOf) {
        if (seen.has(node) || since < now - 86_400_000) this.unheardOf.delete(node);
      }
      const live = new Set([
        ...[...seen].filter(([, at]) => at > now - this.options.nodeTtlMs).map(([node]) => node),
        this.nodeId,
      ]);
      this.live = live;
      const recovered = this.steadySince === null && this.lastOk !== null;
      if (this.steadySince === null || now - (this.lastOk ?? now) > this.options.nodeTtlMs)
        this.steadySince = now;
      this.lastOk = now;
      if (recovered) this.recoveredHandler();
      return true;
    } catch {
      // Redis away: keep the last known view; presence is re-read when it returns.
      this.steadySince = null;
      return false;
    }
  }

  /** How long this node's heartbeats have been written without a failure (0: failing now). */
  override steadyFor(now: number): number {
    return this.steadySince === null ? 0 : Math.max(0, now - this.steadySince);
  }

  /** Called at the first heartbeat written after one that failed (Redis, or the link, was away). */
  override onRecovered(handler: () => void): void {
    this.recoveredHandler = handler;
  }

  override liveNodes(): ReadonlySet<string> {
    return this.live;
  }

  override lastSeen(nodeId: string): number | undefined {
    return nodeId === this.nodeId ? Date.now() : this.seen.get(nodeId);
  }

  override silentFor(nodeId: string, now: number): number {
    const seen = this.lastSeen(nodeId);
    if (seen !== undefined) return Math.max(0, now - seen);
    // A node started since the last heartbeat shows up at the next; one forgotten never does.
    let since = this.unheardOf.get(nodeId);
    if (since === undefined) this.unheardOf.set(nodeId, (since = now));
    return now - since;
  }

  override close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    return super.close();
  }
}
