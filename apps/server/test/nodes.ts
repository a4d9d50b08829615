/**
 * Helpers for the multi-node failover suite: server nodes as child processes on one Redis of the
 * test's own, players whose sockets move to another node when theirs dies (rejoining with their
 * token), a record of every acknowledged action, and checks of the stored history against it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { settingsWith } from '@trepenta/rules';
import type { GameSettings, GameState, LogEntry, PlayerAction } from '@trepenta/rules';
import type { GameUpdate } from './trepenta';
import { RedisStore, redisClient } from '../src/store/redis';
import type { GameHeader, RoomRecord, StoredGame } from '../src/store/types';
import { Client, decide, markNodeDown, registerNode } from './harness';
import { freePort, killAll, spawnServer } from './processes';
import type { ServerProcess } from './processes';
import { TestRedis } from './redis';
import { engineView, replayByVersion } from './wire-checks';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Node settings for the failover tests: short leases, quick sweeps, millisecond timers. */
export const NODE_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  BOT_DELAY_MS: '40',
  TIMER_SCALE: '0.06',
  NODE_TTL_MS: '1500',
  NONCE_TIMEOUT_MS: '250',
  RESTART_GRACE_MS: '200',
};

export interface Node {
  readonly name: string;
  /** Its NODE_NAME: what a client sent to it (ELSEWHERE) is told. */
  readonly nodeName: string;
  readonly process: ServerProcess;
  readonly url: string;
  down: boolean;
}

/** Everything one test opened (Redis, nodes, clients, directories), closed in afterEach. */
export class Cluster {
  readonly nodes: Node[] = [];
  readonly clients: Client[] = [];
  private readonly dirs: string[] = [];
  private readonly stores: RedisStore[] = [];

  private constructor(
    readonly redis: TestRedis,
    readonly prefix: string,
  ) {}

  static async start(name: string): Promise<Cluster> {
    const redis = await TestRedis.start();
    const cluster = new Cluster(redis, `fo-${name}-${process.pid}:`);
    try {
      await cluster.watchWrites();
    } catch (error) {
      await cluster.cleanup();
      throw error;
    }
    return cluster;
  }

  /** Starts server nodes in parallel (child processes sharing the Redis and the prefix). */
  async startNodes(
    names: readonly string[],
    env: Record<string, string> = {},
    options: { settle: boolean } = { settle: true },
  ): Promise<Node[]> {
    const started = await Promise.all(
      names.map(async (name) => {
        const dir = mkdtempSync(join(tmpdir(), `trepenta-node-${name}-`));
        this.dirs.push(dir);
        const nodeName = env.NODE_NAME ?? `${this.prefix}${name}`.replace(/[^A-Za-z0-9_.-]/g, '-');
        const process = await spawnServer(await freePort(), dir, {
          ...NODE_ENV,
          REDIS_URL: this.redis.url,
          REDIS_PREFIX: this.prefix,
          NODE_NAME: nodeName,
          ...env,
        });
        registerNode(nodeName, process.url);
        const node: Node = { name, nodeName, process, url: process.url, down: false };
        this.nodes.push(node);
        return node;
      }),
    );
    this.nodeTtlMs = Number(env.NODE_TTL_MS ?? NODE_ENV.NODE_TTL_MS);
    if (options.settle) await this.settle();
    return started;
  }

  private nodeTtlMs = Number(NODE_ENV.NODE_TTL_MS);

  /**
   * Waits until every live node has a fresh heartbeat, then one heartbeat period more, so that
   * each node has read the others' (a node that has just started believes it is alone until
   * then: see the 'just started' test).
   */
  async settle(): Promise<void> {
    const store = await this.store();
    const period = Math.max(200, this.nodeTtlMs / 3);
    const deadline = Date.now() + 10_000 + period;
    for (;;) {
      const since = Date.now() - period - 200;
      const fresh = await store.client.zcount(`${this.prefix}nodes`, since, '+inf');
      if (fresh >= this.liveUrls().length) break;
      if (Date.now() > deadline) throw new Error(`only ${fresh} nodes beat`);
      await sleep(50);
    }
    await sleep(period + 200);
  }

  /** kill -9 of a node; resolves when it is gone. */
  async kill(node: Node): Promise<void> {
    node.down = true;
    markNodeDown(node.nodeName);
    const gone = node.process.exited;
    node.process.child.kill('SIGKILL');
    await gone;
  }

  liveUrls(): string[] {
    return this.nodes.filter((n) => !n.down).map((n) => n.url);
  }

  nodeOf(url: string): string {
    return this.nodes.find((n) => n.url === url)?.name ?? url;
  }

  client(url: string): Client {
    const client = new Client(url);
    this.clients.push(client);
    return client;
  }

  /** A store of the test's own on the same Redis and prefix, to read what the nodes wrote. */
  async store(): Promise<RedisStore> {
    const client = redisClient(this.redis.url, { failFast: true });
    // Redis may be killed while this client is open (the Redis-crash test): errors are expected.
    client.on('error', () => undefined);
    await ready(client).catch((error: unknown) => {
      client.disconnect();
      throw error;
    });
    const store = new RedisStore(client, this.prefix);
    this.stores.push(store);
    return store;
  }

  /** The room writes and claims Redis ran, as MONITOR saw them (see watchWrites). */
  readonly writeLog: string[] = [];
  private monitor: Socket | null = null;

  /**
   * Records every script call (room writes, claims), for a failure's message. The
   * MONITOR runs on a plain socket: ioredis switches a connection into monitor mode only a tick
   * after MONITOR's OK, so a command line arriving in the same chunk as the OK made it throw
   * "Command queue state error" and fail the test before it began.
   */
  async watchWrites(): Promise<void> {
    this.monitor?.destroy();
    const { hostname, port } = new URL(this.redis.url);
    const socket = connect(Number(port), hostname);
    this.monitor = socket;
    socket.setEncoding('utf8');
    const start = Date.now();
    let pending = '';
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('MONITOR did not start')), 10_000);
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\r\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '+OK') {
            clearTimeout(timer);
            resolve();
            continue;
          }
          if (line.startsWith('-')) {
            clearTimeout(timer);
            reject(new Error(`MONITOR refused: ${line.slice(1)}`));
            return;
          }
          const seen = parseMonitorLine(line);
          const described = seen && describeCommand(seen.args);
          if (!seen || described === null) continue;
          this.writeLog.push(
            `+${Math.round(seen.time * 1000 - start)}ms ${seen.source} ${described}`,
          );
          if (this.writeLog.length > 400) this.writeLog.shift();
        }
      });
      socket.write('MONITOR\r\n');
    });
    try {
      await started;
    } catch (error) {
      socket.destroy();
      this.monitor = null;
      throw error;
    }
    socket.on('error', () => undefined);
  }

  /** What Redis holds about a room's owner and the nodes' liveness, for a failure's message. */
  async diagnose(code: string): Promise<string> {
    try {
      const store = await this.store();
      const redis = store.client;
      const now = Date.now();
      const [record, stamp, owner, nodes] = await Promise.all([
        redis.hget(`${this.prefix}room:${code}`, 'record'),
        store.stamp(code),
        redis.hget(`${this.prefix}room:${code}`, 'owner'),
        redis.zrange(`${this.prefix}nodes`, 0, -1, 'WITHSCORES'),
      ]);
      const room = record ? (JSON.parse(record) as RoomRecord) : null;
      const beats: string[] = [];
      for (let i = 0; i < nodes.length; i += 2)
        beats.push(`${nodes[i]}: ${now - Number(nodes[i + 1])} ms ago`);
      return [
        `room ${code}: ${JSON.stringify(stamp)} status ${room?.status}`,
        `deadline ${room?.deadline ? `${room.deadline.key} in ${room.deadline.at - now} ms` : null}`,
        `presence ${JSON.stringify(room?.presence)} awaySince ${JSON.stringify(room?.awaySince)}`,
        `owner ${owner ?? 'none'}; node beats ${beats.join(', ')}`,
      ].join('; ');
    } catch (error) {
      return `(diagnosis failed: ${String(error)})`;
    }
  }

  /** Every node's recent output, for a failure's message. */
  output(): string {
    return this.nodes
      .map((n) => `--- node ${n.name}${n.down ? ' (killed)' : ''}:\n${n.process.output.join('')}`)
      .join('\n');
  }

  /** Set by cleanup: players still looping (after a failure) stop instead of reconnecting. */
  closed = false;

  async cleanup(): Promise<void> {
    this.closed = true;
    for (const node of this.nodes) node.down = true;
    this.monitor?.destroy();
    this.monitor = null;
    for (const client of this.clients.splice(0)) client.close();
    for (const store of this.stores.splice(0)) await store.close().catch(() => undefined);
    await killAll();
    await this.redis.stop();
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

/** One MONITOR line (`+1700000000.123456 [0 127.0.0.1:5000] "zadd" "key" ...`), or null. */
function parseMonitorLine(line: string): { time: number; source: string; args: string[] } | null {
  const head = /^\+(\d+\.\d+) \[\d+ ([^\]]+)\] /.exec(line);
  if (!head) return null;
  const args = [...line.slice(head[0].length).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    (m[1] ?? '').replace(/\\(["\\])/g, '$1'),
  );
  return { time: Number(head[1]), source: head[2] ?? '', args };
}

/**
 * One line for a script call (a room write or a claim: every room write is one), null for the
 * rest (heartbeats, reads). The scripts are told apart by their number of keys and arguments.
 */
function describeCommand(args: readonly string[]): string | null {
  const [name = '', ...rest] = args;
  if (name.toLowerCase() !== 'evalsha') return null;
  const keys = Number(rest[1]);
  const argv = rest.slice(2 + keys);
  const room = rest[2] ?? '';
  if (keys === 2 && argv.length === 3) return `claim ${room} for ${argv[0]}`;
  if (keys === 2 && argv.length === 5) return `saveRoom ${room} revision ${argv[1]} by ${argv[4]}`;
  if (keys === 2) return `deleteRoom ${room}`;
  if (keys === 5 && argv.length === 9) return `startGame ${room} revision ${argv[1]}`;
  if (keys === 5) {
    const entry = argv[1] ?? '';
    return `append v${argv[0]} ${entry.slice(0, 60)}${argv[6] ? ` +room revision ${argv[7]}` : ''} by ${argv[10]}`;
  }
  return null;
}

export function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not get ready')), 10_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// ------------------------------------------------------------------ players

export interface Payload {
  readonly version: number;
  readonly actionId: string;
  readonly action: PlayerAction;
}

export interface Acked {
  readonly seat: number;
  readonly actionId: string;
  /** The version the ack named (the game's version after the action). */
  readonly version: number;
  readonly action: PlayerAction;
  /** The node that answered. */
  readonly node: string;
  /** What was sent, to send it again. */
  readonly payload: Payload;
}

export interface Player {
  readonly seat: number;
  readonly token: string;
  client: Client;
  url: string;
  /** A second socket with the same token on another node: every action goes through both. */
  twin: Client | null;
  /**
   * For a twin: whether a move goes out with the same actionId on both sockets (a retry that
   * reached two nodes) or with two ids (two different requests for one turn), by send count.
   */
  twinMode: (payload: Payload, n: number) => 'same' | 'distinct';
  /** Every socket this player used. */
  readonly sockets: Client[];
  /** A move whose answer did not come (node gone, storage away): sent again, same id. */
  pending: Payload | null;
  sent: number;
  rejoins: number;
}

export interface TwinAnswer {
  readonly seat: number;
  readonly mode: 'same' | 'distinct';
  /** The actionIds sent, per socket. */
  readonly actionIds: readonly string[];
  readonly action: PlayerAction;
  readonly answers: readonly string[];
}

export interface Table {
  readonly cluster: Cluster;
  readonly code: string;
  readonly players: Player[];
  readonly acked: Acked[];
  /** Refusals and errors the players met, by code. */
  readonly errors: Map<string, number>;
  /** What twin sends were answered: 'ok@version' or the refusal's code, per socket. */
  readonly twins: TwinAnswer[];
  /** Resent moves (their first answer was lost) and how they were answered in the end. */
  readonly resent: string[];
  /** Called after each acknowledged action. */
  onAck: (player: Player, acked: Acked) => void;
  /** While true, players keep their pending moves and wait (used while storage is away). */
  hold: boolean;
}

/** Refusals a player may meet by racing the table (a timer or a bot moved first). */
const RETRYABLE = [
  'STALE_VERSION',
  'WRONG_PHASE',
  'NOT_YOUR_TURN',
  'ALREADY_CHOSEN',
  'WRONG_STEP',
  'NO_GAME',
];
/** Answers after which the move may or may not have been stored: send it again, same id. */
const UNSURE = ['UNAVAILABLE', 'INTERNAL'];

function count(table: Table, code: string): void {
  table.errors.set(code, (table.errors.get(code) ?? 0) + 1);
}

export async function createTable(
  cluster: Cluster,
  urls: readonly string[],
  options: { seats: number; bots: number[]; settings?: GameSettings },
): Promise<Table> {
  const humans = Array.from({ length: options.seats }, (_, s) => s).filter(
    (s) => !options.bots.includes(s),
  );
  const host = cluster.client(urls[0]!);
  await host.connected();
  const created = await host.ok('room:create', {
    nickname: 'P0',
    settings: options.settings ?? settingsWith(['openField', 'rivalSets']),
    seatCount: options.seats,
    bots: options.bots.map((seat) => ({ seat, level: 'greedy' as const })),
  });
  const code = created.room.code;
  const players: Player[] = [];
  const add = (seat: number, token: string, client: Client, url: string) =>
    players.push({
      seat,
      token,
      client,
      url,
      twin: null,
      twinMode: () => 'same',
      sockets: [client],
      pending: null,
      sent: 0,
      rejoins: 0,
    });
  add(created.you.seat!, created.you.token, host, host.url);
  for (const [i, seat] of humans.slice(1).entries()) {
    const url = urls[(i + 1) % urls.length]!;
    const client = cluster.client(url);
    await client.connected();
    const joined = await client.ok('room:join', { code, nickname: `P${seat}` });
    if (joined.you.seat !== seat) throw new Error(`P${seat} sat at ${joined.you.seat}`);
    // Served where the room is: a join through another node was sent there.
    add(seat, joined.you.token, client, client.url);
  }
  await host.until(
    () => host.room?.members.length === humans.length,
    10_000,
    'everyone in the lobby',
  );
  return {
    cluster,
    code,
    players,
    acked: [],
    errors: new Map(),
    twins: [],
    resent: [],
    onAck: () => undefined,
    hold: false,
  };
}

/** A socket on `url` that rejoined the room with the player's token (and has its view, mid-game). */
export async function joinWithToken(
  table: Table,
  player: Player,
  url: string,
  options: { view: boolean } = { view: true },
): Promise<Client> {
  const client = table.cluster.client(url);
  try {
    await withTimeout(client.connected(), 3000, 'connect');
    const joined = await client.request('room:join', { code: table.code, token: player.token });
    if (!joined.ok) throw new Error(`rejoin refused: ${joined.code}`);
    if (joined.you.seat !== player.seat)
      throw new Error(`seat ${player.seat} came back at ${joined.you.seat}`);
    client.you = joined.you;
    client.takeRoom(joined.room);
    if (options.view)
      await client.until(() => client.view !== null, 5000, `seat ${player.seat}: the resync`);
    return client;
  } catch (error) {
    client.close();
    throw error;
  }
}

/** The player's socket died: after `delayMs`, back on a live node (another one first). */
async function reconnect(table: Table, player: Player, delayMs: number): Promise<void> {
  await sleep(delayMs);
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const live = table.cluster.liveUrls();
    if (live.length === 0) throw new Error('no node is left');
    const others = live.filter((u) => u !== player.url);
    const order = [...others, ...live.filter((u) => u === player.url)];
    const url = order[attempt % order.length]!;
    try {
      const client = await joinWithToken(table, player, url);
      player.client = client;
      // Where it was served: the join may have been sent to the room's node.
      player.url = client.url;
      player.sockets.push(client);
      player.rejoins++;
      return;
    } catch (error) {
      lastError = error;
      await sleep(200);
    }
  }
  throw new Error(`seat ${player.seat}: could not rejoin: ${String(lastError)}`);
}

type Sent = 'done' | 'again';

async function send(table: Table, player: Player, payload: Payload): Promise<Sent> {
  const resending = player.pending === payload;
  player.pending = payload;
  const mode = player.twin ? player.twinMode(payload, table.twins.length) : 'same';
  // Through the player's socket, and through its twin (same id, or a second id of its own).
  const sends: { socket: Client; payload: Payload }[] = [{ socket: player.client, payload }];
  if (player.twin) {
    const actionId = mode === 'same' ? payload.actionId : `${payload.actionId}x`;
    sends.push({ socket: player.twin, payload: { ...payload, actionId } });
  }
  const answers = await Promise.all(
    sends.map(({ socket, payload: sent }) =>
      socket.request('game:action', sent, 5000).catch((error: unknown) => ({
        ok: false as const,
        code: 'NO_ANSWER',
        message: String(error),
      })),
    ),
  );
  if (player.twin) {
    table.twins.push({
      seat: player.seat,
      mode,
      actionIds: sends.map((s) => s.payload.actionId),
      action: payload.action,
      answers: answers.map((a) => (a.ok ? `ok@${a.version}` : a.code)),
    });
  }
  // Every ok answer is an acknowledgement the store must keep.
  let acked = false;
  for (const [i, answer] of answers.entries()) {
    if (!answer.ok) continue;
    if (acked && mode === 'same') continue;
    acked = true;
    const record: Acked = {
      seat: player.seat,
      actionId: sends[i]!.payload.actionId,
      version: answer.version,
      action: payload.action,
      node: table.cluster.nodeOf(i === 0 ? player.url : '(twin)'),
      payload: sends[i]!.payload,
    };
    table.acked.push(record);
    table.onAck(player, record);
  }
  const answer = answers.find((a) => a.ok) ?? answers[0]!;
  if (!answer.ok) count(table, answer.code);
  if (answer.ok || !(UNSURE.includes(answer.code) || answer.code === 'NO_ANSWER')) {
    player.pending = null;
    if (resending)
      table.resent.push(`${player.seat}:${payload.actionId} → ${answer.ok ? 'ok' : answer.code}`);
  }
  if (answer.ok) return 'done';
  if (player.pending) return 'again';
  if (!RETRYABLE.includes(answer.code))
    throw new Error(
      `seat ${player.seat}: ${JSON.stringify(payload.action)} refused: ${answer.code}`,
    );
  return 'done';
}

/**
 * Plays one seat to the end of the game. When its socket dies it waits `reconnectDelayMs`, then
 * rejoins on another live node with its token and sends again what was left unanswered.
 */
export async function playSeat(
  table: Table,
  player: Player,
  options: {
    deadline: number;
    reconnectDelayMs?: number;
    seed?: number;
    /** Stop playing (before deciding a move) once this holds. */
    stopWhen?: () => boolean;
  },
): Promise<void> {
  let decidedAt = -1;
  let lastAttempt = 0;
  let lastChange = Date.now();
  let seenVersion = -1;
  let n = 0;
  for (let loops = 0; loops < 20_000; loops++) {
    if (Date.now() > options.deadline)
      throw new Error(
        `seat ${player.seat}: out of time at version ${player.client.view?.version} (${player.client.view?.phase})`,
      );
    if (table.cluster.closed) throw new Error(`seat ${player.seat}: the test is over`);
    const client = player.client;
    // Told to stop: stop before reconnecting too (a test may want this player gone).
    if (options.stopWhen?.() && !player.pending) return;
    if (!client.socket.connected) {
      await reconnect(table, player, options.reconnectDelayMs ?? 0);
      decidedAt = -1;
      continue;
    }
    const view = client.view;
    if (view?.phase === 'gameOver') return;
    if (view && view.version !== seenVersion) {
      seenVersion = view.version;
      lastChange = Date.now();
    }
    if (table.hold) {
      await sleep(50);
      continue;
    }
    if (player.pending) {
      if ((await send(table, player, player.pending)) === 'again') await sleep(150);
      continue;
    }
    if (view && (view.version !== decidedAt || Date.now() - lastAttempt > 400)) {
      decidedAt = view.version;
      const action = decide(view, 'greedy', (options.seed ?? 1) * 7919 + ++n);
      if (action) {
        lastAttempt = Date.now();
        const payload = {
          version: view.version,
          actionId: `s${player.seat}a${++player.sent}`,
          action,
        };
        if ((await send(table, player, payload)) === 'again') await sleep(150);
        continue;
      }
    }
    // Nothing to do for a while: ask for the state (an update may have been lost while the
    // storage was away). Counted, so a test can tell how often this was needed.
    if (Date.now() - lastChange > 2500) {
      lastChange = Date.now();
      const answer = await client.request('game:sync', {}, 3000).catch(() => null);
      count(table, answer?.ok ? 'SYNC' : `SYNC_${answer ? answer.code : 'NO_ANSWER'}`);
      if (answer?.ok && answer.game && answer.game.view.version > (client.view?.version ?? -1)) {
        count(table, 'SYNC_BROUGHT_NEWER');
        client.take(answer.game);
      }
      continue;
    }
    await client
      .until(
        () =>
          !client.socket.connected ||
          table.hold ||
          (client.view?.version ?? -1) !== decidedAt ||
          client.view?.phase === 'gameOver',
        400,
      )
      .catch(() => undefined);
  }
  throw new Error(`seat ${player.seat}: too many loops`);
}

/** Plays every seat to the end (or until `stopWhen`); a failure says what Redis and the nodes knew. */
export async function playAll(
  table: Table,
  options: { deadline: number; reconnectDelayMs?: number; seed: number; stopWhen?: () => boolean },
  players: readonly Player[] = table.players,
): Promise<void> {
  try {
    await Promise.all(
      players.map((p, i) => playSeat(table, p, { ...options, seed: options.seed + i })),
    );
  } catch (error) {
    const diagnosis = await table.cluster.diagnose(table.code);
    const writes = table.cluster.writeLog.slice(-80).join('\n');
    throw new Error(`${String(error)}\n${diagnosis}\n${writes}\n${table.cluster.output()}`, {
      cause: error,
    });
  }
}

/** Starts the game and waits for every player's first view. */
export async function startGame(table: Table): Promise<void> {
  await table.players[0]!.client.ok('room:start', {});
  await Promise.all(
    table.players.map((p) => p.client.until(() => p.client.view !== null, 15_000, 'the deal')),
  );
}

// ------------------------------------------------------------------ checking the history

export interface Replay {
  readonly log: LogEntry[];
  readonly header: GameHeader;
}

export async function fetchReplay(url: string, code: string): Promise<Replay> {
  const response = await fetch(`${url}/api/rooms/${code}/games/1/replay`);
  if (response.status !== 200)
    throw new Error(`replay: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { log: LogEntry[] } & GameHeader;
  return {
    log: body.log,
    header: {
      settings: body.settings,
      seatCount: body.seatCount,
      randomness: body.randomness,
      commitments: body.commitments,
      names: body.names,
    },
  };
}

/** What is wrong with the stored game, given what the players were told; [] when nothing. */
export function historyProblems(table: Table, stored: StoredGame): string[] {
  const problems: string[] = [];
  const { log } = stored;
  if (!stored.finished) problems.push('the stored game is not finished');
  log.forEach((entry, i) => {
    if (entry.version !== i) problems.push(`entry ${i} has version ${entry.version}`);
  });
  const seen = new Map<string, number>();
  for (const entry of log) {
    const key = `${entry.seat}:${entry.actionId}`;
    if (seen.has(key))
      problems.push(`${key} stored twice (versions ${seen.get(key)} and ${entry.version})`);
    seen.set(key, entry.version);
  }
  for (const ack of table.acked) {
    const key = `${ack.seat}:${ack.actionId}`;
    const version = seen.get(key);
    if (version === undefined)
      problems.push(`${key} acked at ${ack.version} by node ${ack.node} is not stored`);
    else if (version !== ack.version - 1)
      problems.push(`${key} acked at ${ack.version} is stored at version ${version}`);
    else if (JSON.stringify(log[version]!.action) !== JSON.stringify(ack.action))
      problems.push(`${key} is stored with another move`);
  }
  // Every view a player was shown is a state of the stored history.
  let states: GameState[] = [];
  try {
    states = [...replayByVersion(stored.header, log).states];
  } catch (error) {
    problems.push(String(error));
  }
  const final = states.at(-1);
  if (final && final.phase !== 'gameOver') problems.push(`the log ends in ${final.phase}`);
  for (const p of table.players) {
    for (const socket of [...p.sockets, ...(p.twin ? [p.twin] : [])]) {
      for (const { event, args } of socket.received) {
        if (event !== 'game:update') continue;
        const update = args[0] as GameUpdate;
        const version = update.view.version;
        if (!states[version]) problems.push(`seat ${p.seat} saw version ${version}, never stored`);
        else if (JSON.stringify(update.view) !== engineView({ states }, update, p.seat))
          problems.push(`seat ${p.seat} saw a version ${version} the store does not replay to`);
      }
    }
  }
  return problems.slice(0, 20);
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
    }),
  ]);
}
