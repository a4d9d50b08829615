// A load-generating client process: plays its share of rooms over real sockets and reports the
// latency from sending an action to the last seat of the room receiving the resulting update.
import { createHash, randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, applyGameUpdate } from '@trepenta/protocol';
import type { GameUpdate as AnyGameUpdate, RoomView } from '@trepenta/protocol';
import { GAMES } from '@trepenta/games';
import type { AnyGameModule } from '@trepenta/engine';

type GameUpdate = AnyGameUpdate;

export interface WorkerOrders {
  /** The game server, or the bare Socket.IO server replaying its recorded updates. */
  target: 'server' | 'bare';
  /** The game the rooms play (the registry's id). */
  game: string;
  urls: string[];
  /** Several nodes: each node's name (NODE_NAME) and URL, where a join answered ELSEWHERE goes. */
  nodes?: Record<string, string>;
  rooms: number;
  /** Index of this worker's first room, for distinct names and seeds. */
  offset: number;
  /** Rooms over all workers: at a fixed load, their actions are spread evenly over each second. */
  totalRooms: number;
  mode: 'fixed' | 'saturate';
}

export interface WorkerReport {
  latencies: number[];
  completed: number;
  errors: number;
  /** This client process's event-loop delay while measuring, p99 (ms): its own stalls. */
  loopDelayP99: number;
  /** Seats whose join was sent to the room's node (several nodes). */
  moved: number;
}

type Msg =
  | { phase: 'connect' }
  | { phase: 'rooms' }
  | { phase: 'run'; warmupMs: number; durationMs: number };

const SEATS = 4;
const INTERVAL_MS = 1000;
let measuring = false;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
const latencies: number[] = [];
let completed = 0;
let errors = 0;
/** Seats whose join was sent to the room's node (ELSEWHERE). */
let moved = 0;
let orders: WorkerOrders;
const sockets: Socket[] = [];
const tables: Table[] = [];

function connect(url: string, query: Record<string, string> = {}): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: { protocolVersion: PROTOCOL_VERSION },
    query,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The rooms' game. */
let module: AnyGameModule;

/** A seat's move, as the game's random bot would choose it from the seat's own view. */
function decide(view: unknown, seed: number): unknown {
  return module.chooseBot(view, 'random', seed);
}

/** Whether a view shows the game over. */
function over(view: unknown): boolean {
  const sheet = module.sheet(view);
  return sheet.winners !== null || sheet.abandoned;
}

/** The version an update brings the viewer to. */
function versionOf(update: GameUpdate): number {
  return update.base !== null && module.patches
    ? module.patches.patchVersion(update.view)
    : module.viewHead(update.view).version;
}

interface InFlight {
  sentAt: number;
  target: number;
  received: Set<number>;
}

/** One room: four seats, one action in flight at a time. */
class Table {
  views: unknown[] = Array.from({ length: SEATS }, () => null);
  inFlight: InFlight | null = null;
  nextAt = 0;
  code = '';
  private counter = 0;
  private timer: NodeJS.Timeout | null = null;
  private restarting = false;

  constructor(
    readonly index: number,
    readonly seats: Socket[],
  ) {}

  async setUp(): Promise<void> {
    if (orders.target === 'bare') {
      this.code = `r${this.index}`;
      await Promise.all(
        this.seats.map((socket, seat) =>
          socket.timeout(30_000).emitWithAck('join', { room: this.code, seat }),
        ),
      );
      this.seats.forEach((socket, seat) =>
        socket.on('update', (message: { version: number; update: GameUpdate }) =>
          this.update(seat, message.update, message.version),
        ),
      );
      return;
    }
    const [host, ...others] = this.seats as [Socket, ...Socket[]];
    const created = (await host.timeout(30_000).emitWithAck('room:create', {
      nickname: `P${this.index}-0`,
      game: orders.game,
      settings: module.defaultSettings,
      seatCount: SEATS,
      bots: [],
    })) as { ok: boolean; room: RoomView; code?: string };
    if (!created.ok) throw new Error(`room:create refused: ${JSON.stringify(created)}`);
    this.code = created.room.code;
    for (const [i, entered] of others.entries()) {
      let socket = entered;
      const join = () =>
        socket.timeout(30_000).emitWithAck('room:join', {
          code: this.code,
          nickname: `P${this.index}-${i + 1}`,
        }) as Promise<{ ok: boolean; code?: string; node?: string }>;
      let joined = await join();
      // Several nodes: a seat that came in through another node goes to the room's, as a
      // browser does (reconnecting with ?room= and ?node=, which a load balancer routes by).
      if (!joined.ok && joined.code === 'ELSEWHERE' && joined.node) {
        const url = orders.nodes?.[joined.node];
        if (!url) throw new Error(`sent to ${joined.node}, a node this client does not know`);
        socket.close();
        socket = await connect(url, { room: this.code, node: joined.node });
        this.seats[i + 1] = socket;
        moved++;
        joined = await join();
      }
      if (!joined.ok) throw new Error(`room:join refused: ${JSON.stringify(joined)}`);
    }
    this.seats.forEach((socket, seat) => {
      socket.on('game:update', (update: GameUpdate) => this.update(seat, update));
      // Real-time games: the server times each seat's round trip; a browser answers at once.
      socket.on('room:ping', (answer: () => void) => answer());
      // Each seat gives its nonce in two steps: its hash, then (the hashes published) the nonce.
      const nonce = randomBytes(32);
      const sent = new Set<string>();
      socket.on('room:state', (room: RoomView) => {
        const commit = room.commit;
        if (!commit || (commit.step !== 'hashes' && commit.step !== 'nonces')) return;
        const key = `${commit.gameId}/${commit.epoch}/${commit.step}`;
        if (sent.has(key)) return;
        sent.add(key);
        const target = { gameId: commit.gameId, epoch: commit.epoch };
        const payload =
          commit.step === 'hashes'
            ? { ...target, hash: createHash('sha256').update(nonce).digest('hex') }
            : { ...target, nonce: nonce.toString('hex') };
        socket.emit('game:nonce', payload, () => undefined);
      });
    });
    await this.start();
  }

  private async start(): Promise<void> {
    const answer = (await this.seats[0]!.timeout(30_000).emitWithAck('room:start', {})) as {
      ok: boolean;
    };
    if (!answer.ok) throw new Error(`room:start refused: ${JSON.stringify(answer)}`);
    const deadline = Date.now() + 30_000;
    while (this.views.some((view) => view === null || over(view))) {
      if (Date.now() > deadline) throw new Error('no views after start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * A seat's update (`version`: the bare server's count, which its recorded updates do not
   * carry). Its arrival, decoded, is what is measured; putting the patch onto the view the seat
   * holds comes after, before the next move is chosen (setImmediate runs before any timer).
   */
  private update(seat: number, update: GameUpdate, version = versionOf(update)): void {
    this.received(seat, version);
    setImmediate(() => this.apply(seat, update));
  }

  /**
   * The update onto the view the seat holds; one that does not fit makes it fetch the whole (the
   * bare server has nothing to fetch: its recorded updates always fit).
   */
  private apply(seat: number, update: GameUpdate): void {
    const view = applyGameUpdate(module, this.views[seat] ?? null, update);
    if (view) {
      this.views[seat] = view;
      return;
    }
    if (orders.target === 'bare') {
      // Its recorded updates always fit; one that does not would quietly spare this client work.
      errors++;
      this.views[seat] = null;
      return;
    }
    void (
      this.seats[seat]!.timeout(30_000).emitWithAck('game:sync', {}) as Promise<{
        ok: boolean;
        game?: GameUpdate | null;
      }>
    )
      .then((answer) => {
        if (answer.ok && answer.game) this.apply(seat, answer.game);
      })
      .catch(() => errors++);
  }

  received(seat: number, version: number): void {
    const flight = this.inFlight;
    if (flight && version >= flight.target) {
      flight.received.add(seat);
      if (flight.received.size === SEATS) {
        const now = performance.now();
        if (measuring) {
          latencies.push(now - flight.sentAt);
          completed++;
        }
        this.inFlight = null;
        this.nextAt = orders.mode === 'fixed' ? flight.sentAt + INTERVAL_MS : now;
        this.schedule();
      }
    }
  }

  schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.nextAt - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.act();
    }, wait);
  }

  private act(): void {
    if (this.inFlight || stopped) return;
    // Both kinds of client choose a move from the views they hold, so that both do the same work
    // per action on the cores they share with the server; the bare server's clients then send
    // its one request instead.
    const move = this.chooseMove();
    if (orders.target === 'bare') {
      this.send(this.seats[0]!, 'act', { room: this.code }, (this.counter += 1));
      return;
    }
    if (move) {
      const actionId = `b${this.index}-${(this.counter += 1)}`;
      this.send(
        this.seats[move.seat]!,
        'game:action',
        { version: move.version, actionId, action: move.action },
        move.version + 1,
      );
      return;
    }
    // No move: the game is over (a rematch), or a timer or a simultaneous step runs (look again
    // shortly).
    if (this.views.every((view) => view !== null && over(view))) {
      void this.rematch();
      return;
    }
    this.nextAt = performance.now() + 20;
    this.schedule();
  }

  /**
   * The first seat, in seat order, with a move to make, and that move. In a real-time game every
   * seat always has one, so the seats take turns at the room's action instead (each moving at a
   * quarter of its pace, as people do, and never into its own ink).
   */
  private chooseMove(): { seat: number; version: number; action: unknown } | null {
    const first = module.realTime ? this.counter % SEATS : 0;
    for (let k = 0; k < SEATS; k++) {
      const seat = (first + k) % SEATS;
      const view = this.views[seat];
      if (!view) continue;
      const { version } = module.viewHead(view);
      const action = decide(view, version * 7 + seat + this.index * 1013);
      if (action !== null) return { seat, version, action };
    }
    return null;
  }

  private send(socket: Socket, event: string, payload: object, target: number): void {
    this.inFlight = { sentAt: performance.now(), target, received: new Set() };
    socket.emit(event, payload, (answer: { ok: boolean; version?: number }) => {
      if (!answer.ok) {
        errors++;
        this.inFlight = null;
        this.nextAt = performance.now() + 10;
        this.schedule();
      } else if (orders.target === 'bare' && this.inFlight && answer.version !== undefined) {
        this.inFlight.target = answer.version;
      }
    });
  }

  private async rematch(): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    try {
      await this.seats[0]!.timeout(30_000).emitWithAck('room:rematch', {});
      this.views = this.views.map(() => null);
      await this.start();
    } catch {
      errors++;
    } finally {
      this.restarting = false;
      this.nextAt = performance.now();
      this.schedule();
    }
  }
}

let stopped = false;

async function connectAll(): Promise<void> {
  const perRoom: Socket[][] = [];
  for (let room = 0; room < orders.rooms; room++) {
    const index = orders.offset + room;
    // Seats of one room are spread over the nodes, round-robin.
    const seats = await Promise.all(
      Array.from({ length: SEATS }, (_, seat) =>
        connect(orders.urls[(index + seat) % orders.urls.length]!),
      ),
    );
    perRoom.push(seats);
  }
  perRoom.forEach((seats, room) => tables.push(new Table(orders.offset + room, seats)));
}

async function setUpRooms(): Promise<void> {
  const batch = 25;
  for (let i = 0; i < tables.length; i += batch) {
    await Promise.all(tables.slice(i, i + batch).map((table) => table.setUp()));
  }
}

process.on('message', (message: Msg | { orders: WorkerOrders }) => {
  void (async () => {
    try {
      if ('orders' in message) {
        orders = message.orders;
        const game = GAMES[orders.game];
        if (!game) throw new Error(`No game ${orders.game}`);
        module = game;
        process.send?.({ ready: true });
      } else if (message.phase === 'connect') {
        await connectAll();
        process.send?.({ done: 'connect' });
      } else if (message.phase === 'rooms') {
        await setUpRooms();
        process.send?.({ done: 'rooms' });
      } else {
        tables.forEach((table) => {
          // A fixed load: room i acts at i/n of each second, so n rooms are n actions a second
          // spread evenly, not a burst at the start of each second.
          const offset =
            orders.mode === 'fixed' ? (table.index * INTERVAL_MS) / orders.totalRooms : 0;
          table.nextAt = performance.now() + offset;
          table.schedule();
        });
        await new Promise((resolve) => setTimeout(resolve, message.warmupMs));
        measuring = true;
        loopDelay.enable();
        await new Promise((resolve) => setTimeout(resolve, message.durationMs));
        measuring = false;
        stopped = true;
        loopDelay.disable();
        const report: WorkerReport = {
          latencies,
          completed,
          errors,
          loopDelayP99: loopDelay.percentile(99) / 1e6,
          moved,
        };
        process.send?.({ report });
        for (const socket of sockets) socket.close();
        setTimeout(() => process.exit(0), 200);
      }
    } catch (error) {
      process.send?.({ error: String(error) });
      process.exit(1);
    }
  })();
});
