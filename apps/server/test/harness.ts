import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  applyGameUpdate,
  replacesRoomView,
  withLatency,
} from '@trepenta/protocol';
import type {
  Ack,
  ChatMessage,
  ClientEventName,
  ClientPayload,
  RoomView,
  You,
} from '@trepenta/protocol';
import type {
  AckPayloads,
  ClientToServerEvents,
  GameUpdate,
  ServerToClientEvents,
} from './trepenta';
import {
  chooseBotAction,
  sampleFieldChoice,
  legalActions,
  botRandom,
  trepenta,
} from '@trepenta/rules';
import type { BotLevel, GameView, PlayerAction } from '@trepenta/rules';
import { createServer } from '../src/app';
import { currentGame } from '../src/games';
import type { PlatformServer } from '../src/app';
import { testConfig } from '../src/config';
import type { Config } from '../src/config';

export interface TestServer {
  readonly server: PlatformServer;
  readonly url: string;
  readonly dataDir: string;
  /** The node's name (NODE_NAME), as a client sent to it names it. */
  readonly name: string;
  close(): Promise<void>;
}

/**
 * The nodes a test client can be sent to (a room served elsewhere, ELSEWHERE), by name: what the
 * load balancer does in a deployment (`?node=` the name). A node that is down is not reached: the
 * client then connects to another with the hint, as the load balancer would send it.
 */
const nodes = new Map<string, { url: string; down: boolean }>();
let nodeCount = 0;

export function registerNode(name: string, url: string): void {
  nodes.set(name, { url, down: false });
}

export function markNodeDown(name: string): void {
  const node = nodes.get(name);
  if (node) node.down = true;
}

/** A fresh node name for a test's server. */
export function nodeName(): string {
  return `t${process.pid}n${++nodeCount}`;
}

/** A real server on port 0 with its own data directory and millisecond timers. */
export async function startServer(
  overrides: Partial<Config> = {},
  dataDir?: string,
): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'trepenta-test-'));
  const name = overrides.NODE_NAME ?? nodeName();
  const server = await createServer(
    testConfig({
      PORT: 0,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      BOT_DELAY_MS: 0,
      NONCE_TIMEOUT_MS: 200,
      RATE_PER_SECOND: 1000,
      RATE_BURST: 2000,
      JOINS_PER_MINUTE: 1000,
      REJOINS_PER_MINUTE: 1000,
      API_PER_MINUTE: 100_000,
      NODE_NAME: name,
      ...overrides,
    }),
  );
  const { url } = await server.listen();
  registerNode(name, url);
  return {
    server,
    url,
    dataDir: dir,
    name,
    async close() {
      markNodeDown(name);
      await server.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client that remembers what it received. */
export class Client {
  socket: ClientSocket;
  /** The node it is connected to; another when a join is sent elsewhere (ELSEWHERE). */
  url: string;
  /** How many times a join sent it to another node. */
  moves = 0;
  private readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];
  private readonly protocolVersion: number;
  room: RoomView | null = null;
  /** This client's game view, kept from the updates it received. */
  view: GameView | null = null;
  /** How often it had to fetch the whole view again. */
  resyncs = 0;
  you: You | null = null;
  readonly updates: GameUpdate[] = [];
  readonly chat: ChatMessage[] = [];
  readonly received: { event: string; args: unknown[] }[] = [];
  private waiters: (() => void)[] = [];

  /** The query its connection was opened with (`room`, `node`: where it is aimed). */
  query: Record<string, string>;
  /** Behind a load balancer: a join sent elsewhere reconnects to the same URL, aimed anew. */
  private readonly balancer: boolean;
  /** How long it takes to answer the server's round-trip pings (ms), or null: it never does. */
  pingDelayMs: number | null;

  constructor(
    url: string,
    options: {
      protocolVersion?: number;
      autoConnect?: boolean;
      query?: Record<string, string>;
      balancer?: boolean;
      pingDelayMs?: number | null;
    } = {},
  ) {
    this.url = url;
    this.pingDelayMs = options.pingDelayMs === undefined ? 0 : options.pingDelayMs;
    this.protocolVersion = options.protocolVersion ?? PROTOCOL_VERSION;
    this.balancer = options.balancer ?? false;
    this.query = options.query ?? {};
    this.socket = this.open(url, this.query, options.autoConnect ?? true);
  }

  private open(url: string, query: Record<string, string>, autoConnect = true): ClientSocket {
    const socket: ClientSocket = connectSocket(url, {
      transports: ['websocket'],
      auth: { protocolVersion: this.protocolVersion },
      query,
      reconnection: false,
      forceNew: true,
      autoConnect,
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      this.received.push({ event, args });
      for (const listener of this.anyListeners) listener(event, ...args);
      this.notify();
    });
    socket.on('room:state', (room) => this.takeRoom(room));
    socket.on('room:latency', (latency) => {
      if (this.room) this.room = withLatency(this.room, latency);
    });
    socket.on('room:ping', (answer) => {
      if (this.pingDelayMs === null) return;
      if (this.pingDelayMs === 0) answer();
      else setTimeout(answer, this.pingDelayMs);
    });
    socket.on('game:update', (update) => {
      this.updates.push(update);
      this.take(update);
    });
    socket.on('chat:message', (message) => this.chat.push(message));
    return socket;
  }

  /** Every event this client receives, on its socket now and on those it moves to. */
  onAny(listener: (event: string, ...args: unknown[]) => void): void {
    this.anyListeners.push(listener);
  }

  /**
   * Goes where a join was sent (ELSEWHERE): a new connection to the named node, or, when that
   * node is down, to this one again with the name as a hint, as a load balancer would send it.
   */
  async moveTo(node: string, room: string): Promise<void> {
    const target = this.balancer ? undefined : nodes.get(node);
    const url = target && !target.down ? target.url : this.url;
    this.socket.close();
    this.moves++;
    this.url = url;
    this.query = { room, node };
    this.socket = this.open(url, this.query);
    await this.connected();
  }

  /**
   * A room view from a push or an ack, kept unless it is older than the one held; `you` follows
   * the room held, as in the web app.
   */
  takeRoom(room: RoomView): void {
    if (replacesRoomView(this.room, room)) this.room = room;
    const me = this.you && this.room?.members.find((m) => m.id === this.you!.memberId);
    if (me && this.you) this.you = { ...this.you, seat: me.seat, host: me.host };
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * An update onto the view held, as the web app does it; a patch to a view this client does not
   * hold (it joined between an action and its broadcast) makes it fetch the whole view.
   */
  take(update: GameUpdate): void {
    // The room's game (a test may play a module registered for it), Trepenta by default.
    const module = currentGame(this.room?.game) ?? trepenta;
    const view = applyGameUpdate(module, this.view, update) as GameView | null;
    if (view) {
      this.view = view;
      return;
    }
    this.resyncs++;
    this.request('game:sync', {})
      .then((answer) => {
        if (answer.ok && answer.game) this.take(answer.game);
      })
      .catch(() => undefined);
  }

  async connected(): Promise<void> {
    if (this.socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  async request<E extends ClientEventName>(
    event: E,
    payload: unknown,
    timeoutMs = 5000,
  ): Promise<Ack<AckPayloads[E]>> {
    for (let moves = 0; ; moves++) {
      // Tests send malformed payloads on purpose, so the payload is untyped here.
      const socket = this.socket as unknown as {
        timeout(ms: number): {
          emitWithAck(event: string, payload: unknown): Promise<Ack<AckPayloads[E]>>;
        };
      };
      const answer = await socket.timeout(timeoutMs).emitWithAck(event, payload);
      // A room served by another node: the join goes there (as a browser's does).
      const code = (payload as { code?: unknown } | null)?.code;
      if (
        answer.ok ||
        answer.code !== 'ELSEWHERE' ||
        event !== 'room:join' ||
        typeof code !== 'string' ||
        moves >= 3
      )
        return answer;
      await this.moveTo(answer.node!, code);
    }
  }

  /** Like request, but throws on a refusal. */
  async ok<E extends ClientEventName>(
    event: E,
    payload: ClientPayload<E>,
  ): Promise<AckPayloads[E]> {
    const answer = await this.request(event, payload);
    if (!answer.ok) throw new Error(`${event} refused: ${answer.code} ${answer.message}`);
    if ('you' in answer) this.you = answer.you;
    if ('room' in answer) this.takeRoom(answer.room);
    return answer;
  }

  /** Resolves when the predicate holds on this client's state, or rejects after the timeout. */
  async until(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

/** One decision for this client's seat from its own view, like a bot would, or null. */
export function decide(view: GameView, level: BotLevel, seed: number): PlayerAction | null {
  const legal = legalActions(view);
  if (legal.fieldChoice) return sampleFieldChoice(legal.fieldChoice, botRandom(seed));
  return chooseBotAction(view, level, seed);
}

let actionCounter = 0;

/**
 * Plays this client's seat until the game is over: whenever its view offers an action, it sends
 * one (stale answers are fine: the next update brings a fresh view).
 */
export async function playUntilOver(
  client: Client,
  level: BotLevel = 'random',
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let decidedAt = -1;
  let lastAttempt = 0;
  while (client.view?.phase !== 'gameOver') {
    if (Date.now() > deadline)
      throw new Error(`Game did not finish in time (at version ${client.view?.version})`);
    const view = client.view;
    // Decide once per version; retry a refused or lost move after a pause.
    if (view && (view.version !== decidedAt || Date.now() - lastAttempt > 500)) {
      decidedAt = view.version;
      const action = decide(
        view,
        level,
        view.version * 13 + (typeof view.viewer === 'number' ? view.viewer : 0),
      );
      if (action) {
        lastAttempt = Date.now();
        const answer = await client.request('game:action', {
          version: view.version,
          actionId: `t${process.pid}-${++actionCounter}`,
          action,
        });
        if (!answer.ok && !RETRYABLE.includes(answer.code)) {
          throw new Error(`Action refused: ${JSON.stringify(action)} → ${answer.code}`);
        }
        continue;
      }
    }
    await client
      .until(
        () => (client.view?.version ?? -1) !== decidedAt || client.view?.phase === 'gameOver',
        600,
      )
      .catch(() => undefined);
  }
}

/** Refusals a player may meet by racing the table (a timer or a bot moved first). */
const RETRYABLE = ['STALE_VERSION', 'WRONG_PHASE', 'NOT_YOUR_TURN', 'ALREADY_CHOSEN', 'WRONG_STEP'];
