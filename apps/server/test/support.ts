import { createHash } from 'node:crypto';
/**
 * Helpers for the session, refusal and bad-input suites, on top of harness.ts: a scope that
 * closes every client and server a test opened, ready-made tables, state snapshots taken over the
 * protocol itself, raw emits that need no ack, and small HTTP helpers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import type { Socket, SocketOptions, ManagerOptions } from 'socket.io-client';
import type { Ack, RoomView } from '@trepenta/protocol';
import type { AckPayloads, GameUpdate } from './trepenta';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import type { BotLevel, GameSettings, GameView, PlayerAction } from '@trepenta/rules';
import { Client, decide, startServer } from './harness';
import type { TestServer } from './harness';
import type { Config } from '../src/config';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Everything a test opened, closed again in afterEach. */
export class Scope {
  private readonly servers: TestServer[] = [];
  private readonly clients: Client[] = [];
  private readonly sockets: Socket[] = [];
  private readonly dirs: string[] = [];

  /** A server; give it a data directory (see dir()) to restart on the same data. */
  async server(overrides: Partial<Config> = {}, dataDir?: string): Promise<TestServer> {
    const server = await startServer(overrides, dataDir);
    this.servers.push(server);
    return server;
  }

  /** A temporary data directory, removed at cleanup. */
  dir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-support-'));
    this.dirs.push(dir);
    return dir;
  }

  client(url: string, options: { protocolVersion?: number; autoConnect?: boolean } = {}): Client {
    const client = new Client(url, options);
    this.clients.push(client);
    return client;
  }

  /** A bare socket with any options (headers, transports, auth) for handshake tests. */
  socket(url: string, options: Partial<ManagerOptions & SocketOptions>): Socket {
    const socket = connectSocket(url, { reconnection: false, forceNew: true, ...options });
    this.sockets.push(socket);
    return socket;
  }

  async cleanup(): Promise<void> {
    for (const client of this.clients.splice(0)) client.close();
    for (const socket of this.sockets.splice(0)) socket.close();
    for (const server of this.servers.splice(0)) await server.close();
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves when the (possibly async) predicate holds; polls every 20 ms. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

export interface TableOptions {
  /** Seated humans: the host at seat 0, then one client per further seat in order. */
  humans?: number;
  bots?: { seat: number; level: BotLevel }[];
  seatCount?: number;
  settings?: GameSettings;
  spectators?: number;
  /** Start the game and wait until every client has its first view. */
  start?: boolean;
}

export interface Table {
  readonly server: TestServer;
  readonly code: string;
  readonly host: Client;
  /** Seated clients, index = seat (bots' seats are undefined). */
  readonly players: Client[];
  readonly spectators: Client[];
  readonly everyone: Client[];
}

export async function connect(scope: Scope, url: string): Promise<Client> {
  const client = scope.client(url);
  await client.connected();
  return client;
}

/** A room with humans (and bots, spectators) seated in order; started when asked. */
export async function openTable(
  scope: Scope,
  server: TestServer,
  options: TableOptions = {},
): Promise<Table> {
  const humans = options.humans ?? 2;
  const bots = options.bots ?? [];
  const seatCount = options.seatCount ?? humans + bots.length;
  const host = await connect(scope, server.url);
  const created = await host.ok('room:create', {
    nickname: 'Host',
    settings: options.settings ?? DEFAULT_SETTINGS,
    seatCount,
    bots,
  });
  const code = created.room.code;
  const players: Client[] = [host];
  for (let i = 1; i < humans; i++) {
    const player = await connect(scope, server.url);
    const joined = await player.ok('room:join', { code, nickname: `Player ${i}` });
    if (joined.you.seat !== i) throw new Error(`Player ${i} sat at ${joined.you.seat}`);
    players[i] = player;
  }
  const spectators: Client[] = [];
  for (let i = 0; i < (options.spectators ?? 0); i++) {
    const spectator = await connect(scope, server.url);
    await spectator.ok('room:join', { code, nickname: `Watcher ${i}`, role: 'spectator' });
    spectators.push(spectator);
  }
  const everyone = [...players.filter(Boolean), ...spectators];
  if (options.start) {
    await host.ok('room:start', {});
    await Promise.all(everyone.map((c) => c.until(() => c.view !== null, 5000, 'first view')));
  }
  return { server, code, host, players, spectators, everyone };
}

let actionSeq = 0;
export function actionId(): string {
  return `s${process.pid}-${++actionSeq}`;
}

/** Sends one game action against the client's current version (or the one given). */
export function act(
  client: Client,
  action: PlayerAction,
  options: { version?: number; id?: string } = {},
): Promise<Ack<AckPayloads['game:action']>> {
  return client.request('game:action', {
    version: options.version ?? client.view!.version,
    actionId: options.id ?? actionId(),
    action,
  });
}

/** Like act, but throws on a refusal. */
export async function actOk(client: Client, action: PlayerAction): Promise<number> {
  const answer = await act(client, action);
  if (!answer.ok) throw new Error(`${action.type} refused: ${answer.code} ${answer.message}`);
  return answer.version;
}

/** Waits until every client has seen at least this game version. */
export async function seen(clients: readonly Client[], version: number): Promise<void> {
  await Promise.all(
    clients.map((c) =>
      c.until(() => (c.view?.version ?? -1) >= version, 5000, `version ${version}`),
    ),
  );
}

/**
 * Seated clients choose their fields (as a bot would): all of them, or the seats given. Resolves
 * once the watchers (default: everyone at the table) have seen the last choice.
 */
export async function chooseFields(
  table: Table,
  seats?: readonly number[],
  watchers: readonly Client[] = table.everyone,
): Promise<void> {
  const chosen = seats ?? table.players.map((_, seat) => seat).filter((s) => table.players[s]);
  let last = 0;
  for (const seat of chosen) {
    const client = table.players[seat]!;
    const action = decide(client.view!, 'greedy', seat + 1);
    if (!action) throw new Error(`Seat ${seat} has no field choice to make`);
    last = await actOk(client, action);
  }
  await seen(watchers, last);
}

/** The seat whose turn it is, from a client's view. */
export function turnSeat(view: GameView | null): number {
  const seat = view?.turn?.seat;
  if (seat === undefined) throw new Error(`No turn in phase ${view?.phase}`);
  return seat;
}

/** Whether it is this seat's turn in the view (false outside the turns phase). */
export function isTurnOf(view: GameView | null, seat: number): boolean {
  return view?.phase === 'turns' && view.turn?.seat === seat;
}

/** Plays one plain turn for the client: draw from the draw pile, discard the first card. */
export async function playTurn(client: Client): Promise<number> {
  await actOk(client, { type: 'draw', from: 'drawPile' });
  const hand = client.view!.seats[turnSeat(client.view)]!.hand!;
  return actOk(client, { type: 'discard', cardId: hand[0]!.id });
}

/** A new socket joining with a member's token (a refresh, or a second tab). */
export async function rejoin(
  scope: Scope,
  url: string,
  code: string,
  token: string,
  options: { history?: boolean } = {},
): Promise<{ client: Client; ack: AckPayloads['room:join'] }> {
  const client = await connect(scope, url);
  const ack = await client.ok('room:join', { code, token, ...options });
  if (ack.room.status === 'playing' || ack.room.status === 'finished') {
    await client.until(() => client.view !== null, 5000, 'the view after joining');
  }
  return { client, ack };
}

export interface Synced {
  readonly room: RoomView;
  readonly game: GameUpdate | null;
}

export async function sync(client: Client): Promise<Synced> {
  const answer = await client.request('game:sync', {});
  if (!answer.ok) throw new Error(`game:sync refused: ${answer.code}`);
  return { room: answer.room, game: answer.game };
}

/**
 * The room view and each client's own game view, as JSON, fetched over the protocol. A game:sync
 * round trip also flushes every event the server sent that client before it.
 */
export async function snapshot(clients: readonly Client[]): Promise<string[]> {
  const synced = await Promise.all(clients.map(sync));
  return synced.map((s) => JSON.stringify(s));
}

/** How many server events each client has received so far. */
export function eventCounts(clients: readonly Client[]): number[] {
  return clients.map((c) => c.received.length);
}

export const NO_ACK = Symbol('no ack');
export const DROPPED = Symbol('dropped');

/**
 * Emits an event with any arguments and, unless `ack` is false, an ack callback last. Resolves
 * with the answer, NO_ACK when none came in time, or DROPPED when the socket closed first.
 */
export function emitRaw(
  socket: Socket,
  event: string,
  args: readonly unknown[],
  options: { ack?: boolean; timeoutMs?: number } = {},
): Promise<unknown> {
  const raw = socket as unknown as { emit(event: string, ...args: unknown[]): void };
  if (options.ack === false) {
    raw.emit(event, ...args);
    return Promise.resolve(NO_ACK);
  }
  return new Promise((resolve) => {
    const done = (value: unknown) => {
      clearTimeout(timer);
      socket.off('disconnect', onDisconnect);
      resolve(value);
    };
    const onDisconnect = () => done(DROPPED);
    const timer = setTimeout(() => done(NO_ACK), options.timeoutMs ?? 2000);
    socket.on('disconnect', onDisconnect);
    raw.emit(event, ...args, (answer: unknown) => done(answer));
  });
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function randomNonce(): string {
  return randomBytes(32).toString('hex');
}

/** The hash a seat publishes of its nonce (the first of the two steps). */
export function hashOf(nonce: string): string {
  return createHash('sha256').update(Buffer.from(nonce, 'hex')).digest('hex');
}

/**
 * Gives a seated client's nonce sets as a client does, one call per look at the room: the hash
 * of a nonce it draws while hashes are collected, then that nonce once the hashes are published
 * (if its hash is the seat's). `taken` gets each nonce the server acknowledged as the seat's.
 */
export class NonceGiver {
  private readonly sent = new Set<string>();
  private readonly drawn = new Map<string, string>();
  readonly taken = new Map<string, string>();

  async step(client: Client): Promise<void> {
    const commit = client.room?.commit;
    const seat = client.you?.seat;
    if (!commit || seat == null || (commit.step !== 'hashes' && commit.step !== 'nonces')) return;
    const set = `${commit.gameId}/${commit.epoch}`;
    const key = `${set}/${commit.step}`;
    if (this.sent.has(key)) return;
    this.sent.add(key);
    let nonce = this.drawn.get(set);
    if (!nonce) this.drawn.set(set, (nonce = randomNonce()));
    const target = { gameId: commit.gameId, epoch: commit.epoch };
    if (commit.step === 'hashes') {
      await client.request('game:nonce', { ...target, hash: hashOf(nonce) }).catch(() => null);
      return;
    }
    if (commit.hashes?.[seat] !== hashOf(nonce)) return;
    const answer = await client.request('game:nonce', { ...target, nonce }).catch(() => null);
    if (answer?.ok && answer.kept) this.taken.set(set, nonce);
  }
}

/**
 * A seat's nonce the way a client gives it: its hash, then (once the room publishes the hashes)
 * the nonce; resolves with both answers.
 */
export async function giveNonce(
  client: Client,
  nonce: string,
): Promise<[Ack<AckPayloads['game:nonce']>, Ack<AckPayloads['game:nonce']> | null]> {
  const { gameId, epoch } = client.room!.commit!;
  const hashed = await client.request('game:nonce', { gameId, epoch, hash: hashOf(nonce) });
  if (!hashed.ok) return [hashed, null];
  await client.until(() => client.room?.commit?.step !== 'hashes', 10_000, 'the hashes published');
  if (client.room?.commit?.step !== 'nonces') return [hashed, null];
  return [hashed, await client.request('game:nonce', { gameId, epoch, nonce })];
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: unknown; type: string | null }> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (e.g. /metrics): keep the text.
  }
  return { status: response.status, body, type: response.headers.get('content-type') };
}

/** The value of one Prometheus sample, e.g. metric(text, 'trepenta_errors_total', {code: 'X'}). */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)) found[pair[1]!] = pair[2]!;
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

/** JSON text never holds a card id (the "id" key) outside what the viewer may hold. */
export function idsIn(value: unknown): string[] {
  const ids: string[] = [];
  JSON.stringify(value, (key, inner: unknown) => {
    if (key === 'id' && typeof inner === 'string') ids.push(inner);
    return inner;
  });
  return ids;
}
