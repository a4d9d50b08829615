import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, applyGameUpdate, replacesRoomView } from '@trepenta/protocol';
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
  close(): Promise<void>;
}

/** A real server on port 0 with its own data directory and millisecond timers. */
export async function startServer(
  overrides: Partial<Config> = {},
  dataDir?: string,
): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'trepenta-test-'));
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
      ...overrides,
    }),
  );
  const { url } = await server.listen();
  return {
    server,
    url,
    dataDir: dir,
    async close() {
      await server.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client that remembers what it received. */
export class Client {
  readonly socket: ClientSocket;
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

  constructor(url: string, options: { protocolVersion?: number; autoConnect?: boolean } = {}) {
    this.socket = connectSocket(url, {
      transports: ['websocket'],
      auth: { protocolVersion: options.protocolVersion ?? PROTOCOL_VERSION },
      reconnection: false,
      forceNew: true,
      autoConnect: options.autoConnect ?? true,
    });
    this.socket.onAny((event: string, ...args: unknown[]) => {
      this.received.push({ event, args });
      this.notify();
    });
    this.socket.on('room:state', (room) => this.takeRoom(room));
    this.socket.on('game:update', (update) => {
      this.updates.push(update);
      this.take(update);
    });
    this.socket.on('chat:message', (message) => this.chat.push(message));
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

  request<E extends ClientEventName>(
    event: E,
    payload: unknown,
    timeoutMs = 5000,
  ): Promise<Ack<AckPayloads[E]>> {
    // Tests send malformed payloads on purpose, so the payload is untyped here.
    const socket = this.socket as unknown as {
      timeout(ms: number): {
        emitWithAck(event: string, payload: unknown): Promise<Ack<AckPayloads[E]>>;
      };
    };
    return socket.timeout(timeoutMs).emitWithAck(event, payload);
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
