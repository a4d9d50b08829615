import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import {
  MAX_SEATS,
  PROTOCOL_VERSION,
  ROOM_CODE_ALPHABET,
  SERVER_ERRORS,
  clientSchemas,
  handshakeSchema,
  roomCodeSchema,
} from '@trepenta/protocol';
import type {
  Ack,
  ClientEventName,
  ClientToServerEvents,
  RoomSummary,
  ServerToClientEvents,
} from '@trepenta/protocol';
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { DEFAULT_GAME } from '@trepenta/engine';
import { currentGame } from './games';
import type { Config } from './config';
import { HEARTBEAT } from './heartbeat';
import { createMetrics } from './metrics';
import type { Metrics } from './metrics';
import { ConnectionCounter, RateLimiter, WindowLimiter, clientAddress } from './limits';
import {
  Conflict,
  EMPTY_SEAT,
  Room,
  RoomGone,
  StoreUnavailable,
  checkSeats,
  fail,
  malformed,
  stored,
} from './room';
import type { Failure, Outcome, Transport } from './room';
import { RedisCoordinator, RedisStore, redisClient } from './store/redis';
import { SqliteStore } from './store/sqlite';
import { Elsewhere, LocalCoordinator, NotOwner, newRoomRecord } from './store/types';
import type { Coordinator, MemberRecord, RoomStore, SeatRecord } from './store/types';
import { gameParser } from './gameParser';
import { ReplayCache } from './replays';
import { RoundTrips, measureRoundTrips } from './latency';
import { randomBytes } from 'node:crypto';

interface SocketData {
  code: string | null;
  memberId: string | null;
  address: string;
  /** This socket's own event budget (RATE_PER_SECOND, RATE_BURST). */
  limiter: RateLimiter;
  /** Its round trips, as this node measures them (real-time games). */
  rtt: RoundTrips;
}

type GameSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type GameServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface PlatformServer {
  readonly app: FastifyInstance;
  readonly io: GameServer;
  readonly rooms: Map<string, Room>;
  readonly store: RoomStore;
  readonly coordinator: Coordinator;
  readonly metrics: Metrics;
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

/** Finished games' replays kept serialised for the replay endpoint: this many characters. */
const REPLAY_CACHE_CHARS = 16 * 1024 * 1024;
/** A departure whose write failed is tried again after this, doubling up to the longest. */
const DEPARTURE_RETRY_MS = 100;
const DEPARTURE_RETRY_MAX_MS = 10_000;
/** A room wake-up that failed (its write, most likely) is tried again after this. */
const WAKE_RETRY_MS = 1000;
/** game:history replays the stored log; each member gets this many a minute (room:join). */
const HISTORIES_PER_MINUTE = 10;
/** And from one address, whichever members ask (each costs a replay of the whole log). */
const HISTORIES_PER_ADDRESS_PER_MINUTE = 30;

const channel = {
  all: (code: string) => code,
  seat: (code: string, seat: number) => `${code}#s${seat}`,
  spectators: (code: string) => `${code}#spec`,
  member: (code: string, memberId: string) => `${code}#m${memberId}`,
};

export async function createServer(
  config: Config,
  options: { store?: RoomStore; coordinator?: Coordinator } = {},
): Promise<PlatformServer> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.MAX_MESSAGE_BYTES,
    // Fastify's own two lines per request (at info) would let a flood of refused or static
    // requests fill the logs; one line each is written below, at debug unless the server failed.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else request.log.debug(line, 'request');
  });
  // This process's id in presence records and as a room's owner: the node's name (how the load
  // balancer knows it) and a part of its own, so that a node restarted under the same name is
  // not taken for the one before it (whose sockets are gone).
  const nodeId = `${config.NODE_NAME}~${randomBytes(4).toString('hex')}`;
  // REDIS_URL switches rooms to Redis (several nodes, each serving the rooms it owns).
  const redis = config.REDIS_URL
    ? { commands: redisClient(config.REDIS_URL, { failFast: true }) }
    : null;
  let redisDown = redis !== null && redis.commands.status !== 'ready';
  for (const client of redis ? [redis.commands] : []) {
    // Redis going away is expected to happen; say so once, and once more when it is back.
    client.on('error', (error: Error) => {
      if (!redisDown) app.log.warn({ err: error.message }, 'Redis is unreachable; retrying');
      redisDown = true;
    });
    client.on('ready', () => {
      if (redisDown) app.log.info('Redis is back');
      redisDown = false;
    });
  }
  let store: RoomStore;
  let coordinator: Coordinator;
  if (options.store) {
    store = options.store;
    coordinator = options.coordinator ?? new LocalCoordinator(nodeId);
  } else if (redis) {
    const redisStore = new RedisStore(redis.commands, config.REDIS_PREFIX, {
      node: nodeId,
      nodeTtlMs: config.NODE_TTL_MS,
    });
    store = redisStore;
    const redisCoordinator = new RedisCoordinator(redisStore, nodeId, {
      nodeTtlMs: config.NODE_TTL_MS,
    });
    await redisCoordinator.start();
    coordinator = redisCoordinator;
  } else {
    store = new SqliteStore(config.DATA_DIR, config.SQLITE_SYNCHRONOUS);
    coordinator = new LocalCoordinator(nodeId);
  }
  const metrics = createMetrics();
  const rooms = new Map<string, Room>();
  let shuttingDown = false;
  const allowedOrigins = config.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);

  const io: GameServer = new Server(app.server, {
    maxHttpBufferSize: config.MAX_MESSAGE_BYTES,
    parser: gameParser,
    ...HEARTBEAT,
    allowRequest: (req, callback) => {
      if (!originAllowed(req, allowedOrigins)) return callback(null, false);
      // Past the cap and its slack the connection is not even opened (a bare 403); up to the
      // slack it opens, and the middleware below refuses it with a code the client can show.
      if (
        connections.count(requestAddress(req)) >=
        config.CONNECTIONS_PER_ADDRESS + CONNECTION_SLACK
      ) {
        metrics.errors.inc({ code: 'TOO_MANY_CONNECTIONS' });
        return callback(SERVER_ERRORS.TOO_MANY_CONNECTIONS, false);
      }
      callback(null, true);
    },
  });

  /** The address a request counts against for the per-address limits (TRUST_PROXY). */
  const requestAddress = (req: IncomingMessage): string =>
    clientAddress(
      req.socket.remoteAddress ?? '',
      req.headers['x-forwarded-for'],
      config.TRUST_PROXY,
    );
  const connections = new ConnectionCounter();
  io.engine.on('connection', (conn: EngineConnection) => {
    connections.open(conn, requestAddress(conn.request));
    conn.once('close', () => connections.close(conn));
  });

  const transport: Transport = {
    toSeat: (code, seat, update) => io.to(channel.seat(code, seat)).emit('game:update', update),
    toSpectators: (code, update) => io.to(channel.spectators(code)).emit('game:update', update),
    roomState: (code, room) => io.to(channel.all(code)).emit('room:state', room),
    chat: (code, message) => io.to(channel.all(code)).emit('chat:message', message),
    placeMember: (code, memberId, seat) => {
      const sockets = io.in(channel.member(code, memberId));
      const seats = Array.from({ length: MAX_SEATS }, (_, s) => channel.seat(code, s));
      sockets.socketsLeave([...seats, channel.spectators(code)]);
      sockets.socketsJoin(seat === null ? channel.spectators(code) : channel.seat(code, seat));
    },
    closeMember: (code, memberId, reason) => {
      const target = channel.member(code, memberId);
      io.to(target).emit('room:closed', { code, reason });
      for (const socket of io.of('/').sockets.values()) {
        // A kicked member's sockets keep their identity, so their requests are told KICKED.
        if (reason !== 'kicked' && socket.data.code === code && socket.data.memberId === memberId) {
          socket.data.code = null;
          socket.data.memberId = null;
        }
      }
      io.in(target).socketsLeave([
        channel.all(code),
        channel.spectators(code),
        ...Array.from({ length: MAX_SEATS }, (_, s) => channel.seat(code, s)),
        target,
      ]);
    },
  };

  const deps = { store, transport, config, metrics, coordinator, logger: app.log };

  /**
   * Brings a room into this node: from memory, or from the store (before a restart, or another
   * node's). With several nodes a room is served by one node at a time: this one claims it first,
   * and a room another live node serves is answered `Elsewhere`. `hint` is the node the client was
   * sent to (its `?node=`): when that is the owner, the load balancer could not reach it, so it is
   * waited for to be silent for the liveness window, then taken over.
   */
  const loading = new Map<string, Promise<Room | undefined>>();
  function getRoom(code: string, hint?: string): Promise<Room | undefined> {
    const cached = rooms.get(code);
    if (cached) return Promise.resolve(cached);
    let pending = loading.get(code);
    if (!pending) {
      pending = claimRoom(code, hint)
        .then(() => stored(store.loadRoom(code)))
        .then((loaded) => {
          if (!loaded) return undefined;
          const room = rooms.get(code) ?? new Room(loaded.room, deps);
          room.restore(loaded);
          rooms.set(code, room);
          metrics.rooms.set(rooms.size);
          // Its timers and bots go on from the stored deadlines (taken over, or loaded again).
          room.schedule();
          return room;
        })
        .finally(() => loading.delete(code));
      loading.set(code, pending);
    }
    return pending;
  }

  /** Takes the room for this node (several nodes), or throws Elsewhere with who serves it. */
  async function claimRoom(code: string, hint: string | undefined): Promise<void> {
    if (store.soleWriter) return;
    // A node on its way out takes nothing in (what it holds is let go).
    if (shuttingDown) throw new StoreUnavailable('shutting down');
    const deadline = Date.now() + config.NODE_TTL_MS + 1000;
    for (;;) {
      // A silent owner's rooms are taken over only by a node whose own heartbeats have been
      // steady for the liveness window: after Redis was away, every node looks silent at first.
      const takeOver = coordinator.steadyFor(Date.now()) >= config.NODE_TTL_MS;
      const owner = await stored(store.claim(code, nodeId, takeOver));
      if (owner === null) return;
      const name = nodeName(owner);
      if (hint !== name || Date.now() > deadline || shuttingDown) throw new Elsewhere(code, name);
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, config.NODE_TTL_MS / 4)));
    }
  }

  /**
   * Another node took the room over (this one was silent too long, or let it go): this copy goes,
   * and its sockets are disconnected, so that their clients come back through the load balancer
   * and are sent to the room's node.
   */
  function lose(code: string): void {
    const room = rooms.get(code);
    if (room) {
      room.loseToAnotherNode();
      unload(room);
    }
    // A moment later, so that the answer to the request that found out reaches its client first.
    setTimeout(() => io.in(channel.all(code)).disconnectSockets(true), 50).unref();
    app.log.warn({ room: code }, 'another node serves this room now');
  }

  /** Several nodes: an error that says the room is served elsewhere (the copy here is let go). */
  function servedElsewhere(error: unknown): boolean {
    if (error instanceof NotOwner) {
      lose(error.roomCode);
      return true;
    }
    return error instanceof Elsewhere;
  }

  // Back in touch with Redis after it (or the link to it) was away: the rooms another node took
  // over meanwhile go from here at once, their players sent on, not at the next sweep.
  coordinator.onRecovered(() => {
    void store
      .lost([...rooms.keys()], nodeId)
      .then((codes) => codes.forEach(lose))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'checking which rooms are still this node’s failed'),
      );
  });

  coordinator.onDue((code) => {
    void getRoom(code)
      .then((room) => room?.run(() => room.tick()))
      .catch((error: unknown) => {
        if (forgetIfGone(error) || servedElsewhere(error) || shuttingDown) return;
        app.log.error({ err: error, room: code }, 'a room wake-up failed; trying again soon');
        // What was due (a deal at the nonce deadline, a host passed on, a timeout) is still due: one
        // node has no lease to fire it again, so the room wakes up again shortly.
        coordinator.arm(code, Date.now() + WAKE_RETRY_MS);
      });
  });

  // Rooms come back where they were; a game waits for its first player to return (R26).
  for (const loaded of await store.loadRooms()) {
    const room = new Room(loaded.room, deps);
    try {
      room.restore(loaded);
    } catch (error) {
      app.log.error(
        { err: error, room: loaded.room.code },
        'a room could not be restored; it is left out',
      );
      continue;
    }
    rooms.set(room.code, room);
    room.schedule();
  }
  metrics.rooms.set(rooms.size);
  app.log.info({ rooms: rooms.size, store: store.kind, node: nodeId }, 'rooms restored');

  const joinLimiter = new WindowLimiter(config.JOINS_PER_MINUTE, 60_000);
  const chatLimiter = new WindowLimiter(config.CHAT_PER_10S, 10_000);
  const historyLimiter = new WindowLimiter(HISTORIES_PER_MINUTE, 60_000);
  const addressHistoryLimiter = new WindowLimiter(HISTORIES_PER_ADDRESS_PER_MINUTE, 60_000);
  const rejoinLimiter = new WindowLimiter(config.REJOINS_PER_MINUTE, 60_000);
  const addressRejoinLimiter = new WindowLimiter(4 * config.REJOINS_PER_MINUTE, 60_000);

  /**
   * A return with a member's own token, against that member's budget and its address's (four
   * members' worth); taken once, before the join's retries, and not for a socket already in the
   * room as that member. Refused, it spends neither.
   */
  function takeReturn(socket: GameSocket, room: Room, token: string): boolean {
    const member = room.memberByToken(token);
    if (!member || member.kicked) return true;
    if (socket.data.code === room.code && socket.data.memberId === member.id) return true;
    const key = `${room.code}:${member.id}`;
    const address = socket.data.address;
    if (rejoinLimiter.retryAfterMs(key) > 0 || addressRejoinLimiter.retryAfterMs(address) > 0)
      return false;
    rejoinLimiter.take(key);
    addressRejoinLimiter.take(address);
    return true;
  }
  const apiLimiter = new WindowLimiter(config.API_PER_MINUTE, 60_000);
  const replays = new ReplayCache(REPLAY_CACHE_CHARS);
  /**
   * Who created each live room created on this node (in memory only: for ROOMS_PER_ADDRESS). A
   * room another node serves, or nobody, still counts until it is deleted: the sweep forgets it
   * then.
   */
  const creators = new Map<string, string>();

  /** The live rooms created on this node by `address`. */
  function roomsCreatedBy(address: string): number {
    let count = 0;
    for (const [code, creator] of creators) {
      // The sole writer holds every live room: one it does not hold is gone.
      if (store.soleWriter && !rooms.has(code)) creators.delete(code);
      else if (creator === address) count++;
    }
    return count;
  }

  /** This node's copy of a room goes (the room lives on in the store, or is gone from it). */
  function unload(room: Room): void {
    if (rooms.get(room.code) === room) rooms.delete(room.code);
    metrics.rooms.set(rooms.size);
  }

  /**
   * Takes a room away for good, in its line: its game (if one is running) abandoned, its record
   * deleted, then this node's copy dropped.
   */
  function dropRoom(room: Room): Promise<void> {
    return room.run(() => deleteRoom(room));
  }

  /**
   * In the room's line: its game (if one is running) abandoned, the room deleted and closed, then
   * this node's copy dropped. Only then: until the delete is written, a request finds this copy
   * (and waits behind this, then finds it gone) rather than loading the room afresh from the store
   * and writing it back. The delete is over the revision this copy holds: when another node wrote
   * the room since (a player came back through it), nothing is deleted, and the operation runs
   * again on the fresh record (an expiry then finds the room in use).
   */
  async function deleteRoom(room: Room): Promise<void> {
    await room.abandon();
    if (!(await store.deleteRoom(room.code, room.record.revision))) throw new Conflict();
    // Requests queued behind this one now find the room gone, and write nothing back.
    room.close(true);
    creators.delete(room.code);
    unload(room);
  }

  /**
   * An idle room (nobody connected to it on any live node for ROOM_IDLE_MS) goes for good; decided
   * in the room's line, on fresh data (another node may have had people in it meanwhile).
   */
  async function expireIfIdle(room: Room): Promise<void> {
    const expired = await room.run(async () => {
      if (room.isClosed || room.idleFor(Date.now()) <= config.ROOM_IDLE_MS) return false;
      await deleteRoom(room);
      return true;
    });
    if (expired) room.log.info('idle room expired');
  }

  /** A request or wake-up found the room deleted by another node: this node's copy goes too. */
  function forgetIfGone(error: unknown): boolean {
    if (!(error instanceof RoomGone)) return false;
    const room = rooms.get(error.roomCode);
    if (room?.isClosed) unload(room);
    creators.delete(error.roomCode);
    return true;
  }

  /** A code no live room and no stored game (replays outlive their rooms) has used. */
  async function newCode(): Promise<string> {
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
      if (!rooms.has(code) && !(await store.codeTaken(code))) return code;
    }
  }

  /**
   * Puts a socket into a member's channels (call inside the room's `run`); false when the socket
   * closed while the request waited in the room's line or for the store. Its `disconnect` has
   * then come and gone, found nothing to detach, and will not come again: attaching it now would
   * leave the member present for good.
   */
  async function attach(
    socket: GameSocket,
    room: Room,
    memberId: string,
    seat: number | null,
  ): Promise<boolean> {
    // Joining again on the same socket changes nothing: it is still one connection.
    if (socket.data.code === room.code && socket.data.memberId === memberId) return true;
    if (!socket.connected) return false;
    // A copy dropped from memory while this join waited (the sweep, after 10 quiet minutes) is
    // this node's again: the socket's later requests and its disconnect look it up there.
    if (!rooms.has(room.code) && !room.isClosed) {
      rooms.set(room.code, room);
      metrics.rooms.set(rooms.size);
    }
    detach(socket);
    socket.data.code = room.code;
    socket.data.memberId = memberId;
    await socket.join([
      channel.all(room.code),
      channel.member(room.code, memberId),
      seat === null ? channel.spectators(room.code) : channel.seat(room.code, seat),
    ]);
    try {
      await room.attachSocket(memberId);
    } catch (error) {
      // Not attached: the operation's next try (after a lost race) or its error starts afresh.
      unbind(socket);
      throw error;
    }
    return true;
  }

  /** A join whose socket closed before it was made: a member it added goes again. */
  async function abandonJoin(room: Room, memberId: string | null): Promise<Failure> {
    if (memberId !== null) await room.remove(memberId, memberId);
    return fail('NOT_IN_ROOM', 'The connection closed before the join was made.');
  }

  /**
   * Adds one new member for a join, once however often its operation runs: when a later write of
   * the same operation loses a race (Conflict), the operation runs again over a fresh copy, which
   * already holds the member this added (its token finds it), so it is not added a second time
   * (nor refused as a taken nickname).
   */
  function newcomer() {
    let added: { member: MemberRecord; token: string } | null = null;
    return {
      async add(
        room: Room,
        nickname: string,
        role: 'player' | 'spectator',
      ): Promise<Outcome<{ member: MemberRecord; token: string }>> {
        const member = added && room.memberByToken(added.token);
        if (added && member) {
          return member.kicked ? fail('KICKED') : { ok: true, member, token: added.token };
        }
        const result = await room.addMember(nickname, role);
        if (result.ok) added = result;
        return result;
      },
      /**
       * Runs the join in the room's line; if it fails for good (the store, or a race lost five
       * times), a member it added goes again: the client never learns that member's token.
       */
      async run<T>(room: Room, operation: () => Promise<T>): Promise<T> {
        try {
          return await room.run(operation);
        } catch (error) {
          const undo = added;
          if (undo) {
            await room
              .run(async () => {
                if (room.memberByToken(undo.token))
                  await room.remove(undo.member.id, undo.member.id);
              })
              .catch((failure: unknown) =>
                room.log.warn({ err: failure }, 'removing the member of a failed join failed'),
              );
          }
          throw error;
        }
      },
    };
  }

  /** Takes a socket out of its room's channels and forgets the room. */
  function unbind(socket: GameSocket): void {
    for (const name of socket.rooms) if (name !== socket.id) void socket.leave(name);
    socket.data.code = null;
    socket.data.memberId = null;
  }

  function detach(socket: GameSocket): void {
    const { code, memberId } = socket.data;
    if (code === null || memberId === null) return;
    unbind(socket);
    const room = rooms.get(code);
    // Closing down: the sockets go, but the members stay present for the node taking over.
    if (room && !shuttingDown) recordDeparture(room, memberId, 0);
  }

  /**
   * Writes that a socket of the member closed; a write that fails (the store unreachable for a
   * while) is tried again, sooner at first, while this copy of the room is this node's: otherwise
   * the member would stay connected for good (no pause, no hand-over, no expiry).
   */
  function recordDeparture(room: Room, memberId: string, failures: number): void {
    room
      .run(() => room.detachSocket(memberId))
      .catch((error: unknown) => {
        if (forgetIfGone(error) || servedElsewhere(error)) return;
        if (shuttingDown || rooms.get(room.code) !== room) return;
        const delay = Math.min(DEPARTURE_RETRY_MAX_MS, DEPARTURE_RETRY_MS * 2 ** failures);
        app.log.warn(
          { err: error, room: room.code, retryInMs: delay },
          'recording a departure failed',
        );
        setTimeout(() => {
          if (!shuttingDown && rooms.get(room.code) === room)
            recordDeparture(room, memberId, failures + 1);
        }, delay).unref();
      });
  }

  /** The socket's room and member, or why it has none. */
  function context(socket: GameSocket): { room: Room; memberId: string } | Failure {
    const { code, memberId } = socket.data;
    const room = code ? rooms.get(code) : undefined;
    if (!room || !memberId) return fail('NOT_IN_ROOM');
    const member = room.record.members.find((m) => m.id === memberId);
    if (!member) return fail('NOT_IN_ROOM');
    if (member.kicked) return fail('KICKED');
    return { room, memberId };
  }

  type Payload<E extends ClientEventName> = z.output<(typeof clientSchemas)[E]>;
  type Handler<E extends ClientEventName> = (
    socket: GameSocket,
    payload: Payload<E>,
  ) => Promise<Outcome<object>>;

  const inRoom =
    <E extends ClientEventName>(
      run: (
        room: Room,
        memberId: string,
        payload: Payload<E>,
        socket: GameSocket,
      ) => Promise<Outcome<object>>,
    ): Handler<E> =>
    (socket, payload) => {
      const ctx = context(socket);
      if ('ok' in ctx) return Promise.resolve(ctx);
      return ctx.room.run(() => {
        // The member may have been kicked while this request waited in the queue, or the socket
        // become another member (a join or create on it ran first): it was sent as this one.
        const again = context(socket);
        if ('ok' in again) return again;
        if (again.room !== ctx.room || again.memberId !== ctx.memberId) return fail('NOT_IN_ROOM');
        return run(ctx.room, ctx.memberId, payload, socket);
      });
    };

  const handlers: { [E in ClientEventName]: Handler<E> } = {
    'room:create': async (socket, p) => {
      if (!joinLimiter.take(socket.data.address)) return fail('RATE_LIMITED');
      // The game and its settings, checked with the game's own schema before anything is made.
      const module = currentGame(p.game ?? DEFAULT_GAME);
      if (!module) return fail('BAD_REQUEST', `${SERVER_ERRORS.BAD_REQUEST} (game: no such game)`);
      const settings = module.settingsSchema.safeParse(p.settings);
      if (!settings.success) return malformed('settings', settings.error);
      const seatRefusal = checkSeats(module, settings.data, p.seatCount);
      if (seatRefusal) return seatRefusal;
      if (p.bots.some((bot) => !module.botLevels.includes(bot.level)))
        return fail('BAD_REQUEST', `${module.title} has no such bot level.`);
      const seats: SeatRecord[] = Array.from({ length: MAX_SEATS }, () => EMPTY_SEAT);
      for (const bot of p.bots) {
        if (bot.seat < p.seatCount)
          seats[bot.seat] = { kind: 'bot', memberId: null, botLevel: bot.level, standIn: false };
      }
      if (!p.spectate && seats.slice(0, p.seatCount).every((seat) => seat.kind === 'bot')) {
        return fail(
          'BAD_REQUEST',
          'Leave a seat free for yourself, or create the room as a spectator.',
        );
      }
      const code = await newCode();
      // Counted after the wait for a code, with nothing awaited before the room is in `rooms`:
      // creations at the same moment cannot all pass one count.
      if (rooms.size >= config.MAX_ROOMS) return fail('TOO_MANY_ROOMS');
      if (roomsCreatedBy(socket.data.address) >= config.ROOMS_PER_ADDRESS)
        return fail(
          'TOO_MANY_ROOMS',
          'Too many rooms were opened from your address; play in one of them, or wait until one closes.',
        );
      const record = newRoomRecord(code, module.id, settings.data, p.seatCount, seats, Date.now());
      const room = new Room(record, deps);
      rooms.set(room.code, room);
      creators.set(room.code, socket.data.address);
      metrics.rooms.set(rooms.size);
      const joining = newcomer();
      const added = await room
        .run(async () => {
          const result = await joining.add(room, p.nickname, p.spectate ? 'spectator' : 'player');
          if (result.ok && !(await attach(socket, room, result.member.id, result.member.seat)))
            return abandonJoin(room, result.member.id);
          return result;
        })
        .catch(async (error: unknown) => {
          // A creation that failed for good leaves no room behind (and so no member in it).
          await dropRoom(room).catch(() => undefined);
          throw error;
        });
      if (!added.ok) {
        // Nobody is in it (the creator's socket closed meanwhile): it goes at once, not when idle.
        await dropRoom(room);
        return added;
      }
      room.log.info({ seats: p.seatCount }, 'room created');
      return {
        ok: true,
        room: room.view(),
        you: room.you(added.member, added.token),
        serverTime: Date.now(),
      };
    },
    'room:join': async (socket, p) => {
      // Returning with a token (256 bits) is not a guess; only new joins count against the limit,
      // and with a token, only a code or a token that finds nothing (codes are guessed that way too).
      if (!p.token && !joinLimiter.take(socket.data.address)) return fail('RATE_LIMITED');
      const found = await getRoom(p.code, nodeHint(socket));
      if (!found) {
        if (p.token && !joinLimiter.take(socket.data.address)) return fail('RATE_LIMITED');
        return fail('ROOM_NOT_FOUND');
      }
      if (p.token && !takeReturn(socket, found, p.token)) {
        return fail(
          'RATE_LIMITED',
          'Too many returns to this room in a minute; try again shortly.',
        );
      }
      const joining = newcomer();
      const joinOn = (room: Room): Promise<Outcome<object> | typeof MOVED> =>
        joining.run(room, async () => {
          let member;
          let token: string;
          if (p.token) {
            member = room.memberByToken(p.token);
            if (!member)
              return joinLimiter.take(socket.data.address)
                ? fail('BAD_TOKEN')
                : fail('RATE_LIMITED');
            if (member.kicked) return fail('KICKED');
            token = p.token;
          } else {
            if (!p.nickname) return fail('BAD_NICKNAME');
            const added = await joining.add(room, p.nickname, p.role);
            if (!added.ok) return added;
            member = added.member;
            token = added.token;
          }
          // Checked and attached with no wait between: a copy dropped and replaced is not used.
          // A copy let go meanwhile (closed: the sweep, another node took the room) is not used either.
          const current = rooms.get(room.code);
          if (room.isClosed || (current !== undefined && current !== room)) return MOVED;
          if (!(await attach(socket, room, member.id, member.seat)))
            return abandonJoin(room, p.token ? null : member.id);
          // After the ack; built when sent, so it is never older than a broadcast before it.
          const viewer = room.viewerOf(member);
          setImmediate(() => {
            const update = room.gameUpdate(viewer);
            if (!update) return;
            socket.emit('game:update', update);
            // The move log so far, for a tab that asks because it has none (another device, a new
            // tab; not a reconnect, so a restart's rejoins replay nothing). A replay of the stored
            // log, so a member (and an address) gets a few a minute; beyond that the tab keeps its own.
            const key = `${room.code}:${member.id}`;
            // Counted only when both allow it: a refusal spends neither budget.
            if (
              !p.history ||
              historyLimiter.retryAfterMs(key) > 0 ||
              addressHistoryLimiter.retryAfterMs(socket.data.address) > 0
            )
              return;
            historyLimiter.take(key);
            addressHistoryLimiter.take(socket.data.address);
            room.history(viewer).then(
              (history) => {
                if (history && socket.connected && socket.data.code === room.code)
                  socket.emit('game:history', history);
              },
              (error: unknown) =>
                app.log.error({ err: error, room: room.code }, 'building the move history failed'),
            );
          });
          return {
            ok: true,
            room: room.view(),
            you: room.you(member, token),
            chat: room.record.chat.slice(-50),
            serverTime: Date.now(),
          };
        });
      // The join runs again on the room's current copy when the one it waited in was dropped from
      // memory and another loaded meanwhile (several nodes); the member it added is found there.
      let room: Room | undefined = found;
      for (let tries = 0; room && tries < 3; tries++) {
        const answer = await joinOn(room);
        if (answer !== MOVED) return answer;
        room = await getRoom(p.code, nodeHint(socket));
      }
      return room ? fail('UNAVAILABLE') : fail('ROOM_NOT_FOUND');
    },
    'room:leave': async (socket) => {
      const ctx = context(socket);
      if ('ok' in ctx) return ctx;
      const result = await ctx.room.run(() => ctx.room.remove(ctx.memberId, ctx.memberId));
      // The member's sockets have left (closeMember); one that meanwhile joined as someone else
      // (a join or create sent after this leave ran first) keeps its new identity.
      if (socket.data.code === ctx.room.code && socket.data.memberId === ctx.memberId)
        unbind(socket);
      return result;
    },
    'room:sit': inRoom<'room:sit'>(async (room, memberId, p) => {
      const result = await room.sit(memberId, p.seat);
      return result.ok ? { ok: true, seat: result.member.seat } : result;
    }),
    'room:stand': inRoom<'room:stand'>(async (room, memberId) => {
      const result = await room.stand(memberId);
      return result.ok ? { ok: true, seat: result.member.seat } : result;
    }),
    'room:setBot': inRoom<'room:setBot'>((room, memberId, p) =>
      room.setBot(memberId, p.seat, p.level),
    ),
    'room:swapSeats': inRoom<'room:swapSeats'>((room, memberId, p) =>
      room.swapSeats(memberId, p.seats[0], p.seats[1]),
    ),
    'room:configure': inRoom<'room:configure'>((room, memberId, p) =>
      room.configure(memberId, p.game, p.settings, p.seatCount),
    ),
    'room:lock': inRoom<'room:lock'>((room, memberId, p) => room.lock(memberId, p.locked)),
    'room:kick': inRoom<'room:kick'>((room, memberId, p) =>
      p.memberId === memberId
        ? Promise.resolve(fail('BAD_REQUEST', 'Use leave to leave.'))
        : room.remove(p.memberId, memberId),
    ),
    'room:passHost': inRoom<'room:passHost'>((room, memberId, p) =>
      room.passHost(memberId, p.memberId),
    ),
    'room:handOver': inRoom<'room:handOver'>((room, memberId, p) =>
      room.handOver(memberId, p.seat),
    ),
    // R23: the seat's player takes it back from the stand-in while staying connected.
    'room:takeBack': inRoom<'room:takeBack'>((room, memberId) => room.reclaim(memberId)),
    'room:start': inRoom<'room:start'>((room, memberId) => room.start(memberId)),
    'room:rematch': inRoom<'room:rematch'>((room, memberId) => room.rematch(memberId)),
    'room:close': inRoom<'room:close'>((room, memberId) => room.closeTable(memberId)),
    'game:nonce': inRoom<'game:nonce'>((room, memberId, p) => room.nonce(memberId, p)),
    'game:action': inRoom<'game:action'>(async (room, memberId, p, socket) => {
      const member = room.member(memberId);
      if (member?.seat == null) return fail('NOT_SEATED');
      // The room's game's schema, before any rules code sees the action.
      const action = room.module.actionSchema.safeParse(p.action);
      if (!action.success) return malformed('action', action.error);
      if (room.standsIn(memberId, member.seat)) await room.takeBack(memberId, member.seat);
      const result = await room.act(member.seat, p.actionId, action.data, p.version);
      // The table moved before the move arrived (a stale version, or a real-time game's own
      // check, a stack that moved): the actor gets the table as it is now, with the refusal.
      const stale =
        !result.ok &&
        (result.code === 'STALE_VERSION' ||
          room.module.realTime?.staleCodes.includes(result.code) === true);
      if (stale) {
        const seat = member.seat;
        setImmediate(() => {
          const update = room.gameUpdate(seat);
          if (update) socket.emit('game:update', update);
        });
      }
      return result;
    }),
    'game:sync': inRoom<'game:sync'>((room, memberId) =>
      Promise.resolve({
        ok: true,
        room: room.view(),
        game: room.gameUpdate(room.viewerOf(room.member(memberId))),
      }),
    ),
    'chat:send': inRoom<'chat:send'>((room, memberId, p) => {
      if (!chatLimiter.take(`${room.code}:${memberId}`))
        return Promise.resolve(fail('RATE_LIMITED'));
      return 'text' in p ? room.chat(memberId, p.text, null) : room.chat(memberId, null, p.emote);
    }),
  };

  /** The connections that carry a socket (or one being connected). */
  const connectionsInUse = new WeakSet<object>();
  io.use((socket, next) => {
    const handshake = handshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || handshake.data.protocolVersion !== PROTOCOL_VERSION) {
      const error = new Error(SERVER_ERRORS.PROTOCOL_MISMATCH) as Error & { data: unknown };
      error.data = { code: 'PROTOCOL_MISMATCH', serverVersion: PROTOCOL_VERSION };
      next(error);
      return;
    }
    if (shuttingDown) {
      next(new Error('The server is restarting; try again in a moment.'));
      return;
    }
    const address = connections.addressOf(socket.conn);
    // This connection is already counted: the cap'th is let in, the next is refused.
    if (address !== undefined && connections.count(address) > config.CONNECTIONS_PER_ADDRESS) {
      metrics.errors.inc({ code: 'TOO_MANY_CONNECTIONS' });
      const error = new Error(SERVER_ERRORS.TOO_MANY_CONNECTIONS) as Error & { data: unknown };
      error.data = { code: 'TOO_MANY_CONNECTIONS', limit: config.CONNECTIONS_PER_ADDRESS };
      next(error);
      return;
    }
    // One socket per connection (a client has no use for more): CONNECT packets sent together
    // on one connection each make a socket before Socket.IO marks the first, so without this one
    // connection could carry thousands, past CONNECTIONS_PER_ADDRESS.
    if (connectionsInUse.has(socket.conn)) {
      metrics.errors.inc({ code: 'BAD_REQUEST' });
      const error = new Error(ONE_SOCKET_PER_CONNECTION) as Error & { data: unknown };
      error.data = { code: 'BAD_REQUEST' };
      next(error);
      return;
    }
    connectionsInUse.add(socket.conn);
    next();
  });

  const noReply = (): void => undefined;

  /** One request: rate limit → parse (zod) → its handler; every outcome is the ack's answer. */
  const receive = (
    socket: GameSocket,
    name: ClientEventName,
    first: unknown,
    second: unknown,
  ): void => {
    // An emit with only a callback brings the callback first.
    const callbackFirst = typeof first === 'function' && second === undefined;
    const payload = callbackFirst ? undefined : first;
    const ack = callbackFirst ? first : second;
    const reply = typeof ack === 'function' ? (ack as (answer: Ack) => void) : noReply;
    if (!socket.data.limiter.take()) {
      metrics.errors.inc({ code: 'RATE_LIMITED' });
      reply(fail('RATE_LIMITED'));
      return;
    }
    const parsed = clientSchemas[name].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const named = name === 'room:join' || name === 'room:create';
      const code = named && issue?.path[0] === 'nickname' ? 'BAD_NICKNAME' : 'BAD_REQUEST';
      metrics.errors.inc({ code });
      reply(
        fail(
          code,
          `${SERVER_ERRORS[code]} (${issue?.path.join('.') || 'payload'}: ${issue?.message})`,
        ),
      );
      return;
    }
    const handler = handlers[name] as Handler<typeof name>;
    handler(socket, parsed.data as never)
      .then((answer) => {
        if (!answer.ok) metrics.errors.inc({ code: answer.code });
        reply(answer);
      })
      .catch((error: unknown) => {
        if (forgetIfGone(error)) {
          metrics.errors.inc({ code: 'ROOM_NOT_FOUND' });
          reply(fail('ROOM_NOT_FOUND'));
          return;
        }
        if (error instanceof Elsewhere) {
          metrics.errors.inc({ code: 'ELSEWHERE' });
          reply({ ...fail('ELSEWHERE'), node: error.owner });
          return;
        }
        if (servedElsewhere(error)) {
          // Lost to another node meanwhile: nothing was written; the client comes back (its
          // socket was disconnected) and is sent there, and may send the same request again.
          metrics.errors.inc({ code: 'UNAVAILABLE' });
          reply(fail('UNAVAILABLE'));
          return;
        }
        const code = error instanceof StoreUnavailable ? 'UNAVAILABLE' : 'INTERNAL';
        app.log.error({ err: error, event: name, room: socket.data.code }, 'request failed');
        metrics.errors.inc({ code });
        reply(fail(code));
      });
  };

  // One listener per event for all sockets (Socket.IO calls it with the socket as `this`), not a
  // set of closures per connection.
  const listeners = (Object.keys(clientSchemas) as ClientEventName[]).map(
    (name) =>
      [
        name,
        function (this: GameSocket, first: unknown, second: unknown) {
          receive(this, name, first, second);
        },
      ] as const,
  );

  io.on('connection', (socket: GameSocket) => {
    socket.data = {
      code: null,
      memberId: null,
      address: connections.addressOf(socket.conn) ?? requestAddress(socket.request),
      limiter: new RateLimiter(config.RATE_PER_SECOND, config.RATE_BURST),
      rtt: new RoundTrips(),
    };
    metrics.sockets.inc();
    for (const [name, listener] of listeners) socket.on(name, listener);
    socket.on('disconnect', () => {
      connectionsInUse.delete(socket.conn);
      metrics.sockets.dec();
      detach(socket);
    });
  });

  // ---------------------------------------------------------------- HTTP

  const quiet = { logLevel: 'warn' as const };
  // Room look-ups and replays: a few a minute per address, so that room codes cannot be guessed
  // by trying them, nor the event loop kept busy reading replays.
  // The route matched, not the URL as sent: the router decodes `/%61pi/…` into an /api/ route.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const address = requestAddress(request.raw);
    if (apiLimiter.take(address)) return;
    metrics.errors.inc({ code: 'RATE_LIMITED' });
    await reply
      .code(429)
      .header('retry-after', Math.max(1, Math.ceil(apiLimiter.retryAfterMs(address) / 1000)))
      .send({ error: 'RATE_LIMITED', message: SERVER_ERRORS.RATE_LIMITED });
  });
  app.get('/healthz', quiet, () => ({ ok: true }));
  app.get('/readyz', quiet, async (_request, reply) => {
    if (shuttingDown) return reply.code(503).send({ ok: false, reason: 'shutting down' });
    if (redisDown) return reply.code(503).send({ ok: false, reason: 'storage unreachable' });
    return { ok: true, rooms: rooms.size, store: store.kind };
  });
  app.get('/metrics', quiet, async (_request, reply) => {
    metrics.rooms.set(rooms.size);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get<{ Params: { code: string } }>('/api/rooms/:code', async (request, reply) => {
    const code = roomCodeSchema.safeParse(request.params.code);
    const local = code.success ? rooms.get(code.data) : undefined;
    // A room this node serves, in its line; any other is read from the store as it is written
    // (a summary does not take the room from the node that serves it).
    const view = local
      ? await local
          .run(() => local.view())
          .catch((error: unknown) => {
            if (forgetIfGone(error) || servedElsewhere(error)) return undefined;
            throw error;
          })
      : code.success
        ? await stored(store.loadRoom(code.data)).then((loaded) =>
            loaded ? new Room(loaded.room, deps).view() : undefined,
          )
        : undefined;
    if (!view)
      return reply
        .code(404)
        .send({ error: 'ROOM_NOT_FOUND', message: SERVER_ERRORS.ROOM_NOT_FOUND });
    const summary: RoomSummary = {
      code: view.code,
      game: view.game ?? DEFAULT_GAME,
      status: view.status,
      locked: view.locked,
      seatCount: view.seatCount,
      freeSeats: view.seats.filter((s) => s.kind === 'empty').length,
      spectators: view.spectators,
      settings: view.settings,
      gameNumber: view.gameNumber,
      host: view.members.find((member) => member.id === view.hostId)?.nickname ?? null,
      seats: view.seats.map((seat) => ({
        kind: seat.kind,
        nickname: seat.nickname,
        botLevel: seat.botLevel,
      })),
    };
    return summary;
  });
  app.get<{ Params: { code: string; game: string } }>(
    '/api/rooms/:code/games/:game/replay',
    async (request, reply) => {
      const code = roomCodeSchema.safeParse(request.params.code);
      const game = Number(request.params.game);
      if (!code.success || !Number.isInteger(game) || game < 1) {
        return reply.code(400).send({ error: 'BAD_REQUEST', message: SERVER_ERRORS.BAD_REQUEST });
      }
      const replay = await replays.get(`${code.data}/${game}`, async () => {
        const stored = await store.loadGame(code.data, game);
        if (!stored) return { ok: false, why: 'missing' };
        // §8: the secrets, and so the replay, only once the game is over.
        if (!stored.finished) return { ok: false, why: 'unfinished' };
        const body = JSON.stringify({
          code: code.data,
          game,
          rules: stored.header.game ?? DEFAULT_GAME,
          rulesVersion: stored.header.rulesVersion ?? 1,
          settings: stored.header.settings,
          seatCount: stored.header.seatCount,
          names: stored.header.names,
          randomness: stored.header.randomness,
          commitments: stored.header.commitments,
          ...(stored.header.nonceHashes ? { nonceHashes: stored.header.nonceHashes } : {}),
          log: stored.log,
        });
        return { ok: true, body };
      });
      if (!replay.ok && replay.why === 'missing')
        return reply.code(404).send({ error: 'NOT_FOUND', message: 'No such game.' });
      if (!replay.ok)
        return reply
          .code(409)
          .send({ error: 'NOT_FINISHED', message: 'That game is still being played.' });
      // A finished game's replay never changes: a browser or proxy may keep it.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(replay.body);
    },
  );

  if (config.TEST_HOOKS) {
    // Benchmarks measure memory after a collection (the process runs with --expose-gc).
    app.get('/__test/memory', () => {
      (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      return { rss: memory.rss, heapUsed: memory.heapUsed };
    });
    // And the CPU time the process has used (user and system, every thread), in microseconds.
    app.get('/__test/cpu', () => process.cpuUsage());
  }

  const webDist = resolve(config.WEB_DIST ?? join(import.meta.dirname, '../../web/dist'));
  if (existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz copies beside each text file: sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', webCacheControl(path));
        // A cache must keep the brotli, gzip and plain answers apart.
        response.setHeader('vary', 'accept-encoding');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      // Every other page is the web app's (it routes in the browser); a missing file under
      // /assets/ (an old tab asking for the chunk of an earlier build) is missing, not a page.
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/socket.io') &&
        !request.url.startsWith('/assets/')
      ) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ error: 'NOT_FOUND' });
    });
  }

  /**
   * Now and then: rooms idle for ROOM_IDLE_MS expire, found through the store's index of last
   * activity (so also rooms no node holds, when several share Redis: each is looked at by one
   * node); with several nodes, a room nobody here has used for 10 minutes leaves this node's
   * memory (it loads again when needed), and the rooms created here that are gone stop counting
   * against their creator. Bounded: at most 20 batches of 100 rooms a sweep; a shutdown stops it
   * between two rooms (and waits for it).
   */
  async function sweep(): Promise<void> {
    const now = Date.now();
    await expireIdleRooms(now);
    if (store.soleWriter) return;
    // Rooms another node took over while this one was silent (a long pause) go from here.
    for (const code of await store.lost([...rooms.keys()], nodeId)) lose(code);
    // The rooms this node serves expire here (the index above passes over rooms served by a
    // node that is alive: their own node looks at them).
    for (const room of [...rooms.values()]) {
      if (shuttingDown) return;
      if (room.idleFor(now) > config.ROOM_IDLE_MS)
        await expireIfIdle(room).catch((error: unknown) => {
          if (!forgetIfGone(error) && !servedElsewhere(error))
            app.log.error({ err: error, room: room.code }, 'expiring a room failed');
        });
    }
    // A room nobody here has used for 10 minutes leaves this node's memory and is let go, so
    // that any node may take it in. Decided in the room's line, so that a join queued there
    // finishes first (and is counted).
    // Let go in the room's line, before the copy leaves: a join that claims it again afterwards
    // is not undone by a release that comes later.
    for (const room of [...rooms.values()]) {
      if (shuttingDown) break;
      if (room.localSockets > 0 || now - room.record.lastActivity <= 600_000) continue;
      await room
        .run(async () => {
          if (room.localSockets === 0 && now - room.record.lastActivity > 600_000) {
            await stored(store.release([room.code], nodeId));
            room.close();
            unload(room);
          }
        })
        .catch((error: unknown) => {
          if (!forgetIfGone(error) && !servedElsewhere(error))
            app.log.warn({ err: error, room: room.code }, 'letting a quiet room go failed');
        });
    }
    for (const code of creators.keys()) {
      if (shuttingDown) return;
      if (!rooms.has(code) && (await store.stamp(code)) === null) creators.delete(code);
    }
  }

  async function expireIdleRooms(now: number): Promise<void> {
    for (let batch = 0; batch < 20 && !shuttingDown; batch++) {
      const codes = await store.claimIdleRooms(now - config.ROOM_IDLE_MS, now, 100);
      for (const code of codes) {
        if (shuttingDown) return;
        try {
          const room = await getRoom(code);
          // Gone already (deleted by a server that did not keep the index): its entry goes too.
          if (room) await expireIfIdle(room);
          else await store.deleteRoom(code);
        } catch (error) {
          // Served by a live node: that node's own sweep expires it.
          if (!forgetIfGone(error) && !servedElsewhere(error))
            app.log.error({ err: error, room: code }, 'expiring a room failed');
        }
      }
      if (codes.length < 100) break;
    }
  }
  let sweeping: Promise<void> | null = null;
  const sweeper = setInterval(() => {
    sweeping ??= sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the idle sweep failed'))
      .finally(() => (sweeping = null));
  }, config.SWEEP_INTERVAL_MS);
  sweeper.unref();
  // One meter for the node: its rooms' sockets are all here (docs/platform.md, round trips).
  // A round that fails is logged, never thrown out of the timer (that would end the process).
  const meter = setInterval(() => {
    try {
      measureRoundTrips(io.of('/').sockets.values(), rooms, config.RTT_TIMEOUT_MS, (room) =>
        io.to(channel.all(room.code)).emit('room:latency', room.latency()),
      );
    } catch (error) {
      app.log.error({ err: error }, 'measuring round trips failed');
    }
  }, config.RTT_INTERVAL_MS);
  meter.unref();

  return {
    app,
    io,
    rooms,
    store,
    coordinator,
    metrics,
    async listen() {
      await app.listen({ port: config.PORT, host: config.HOST });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      return {
        port,
        url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`,
      };
    },
    async close() {
      if (shuttingDown) return;
      shuttingDown = true;
      clearInterval(sweeper);
      clearInterval(meter);
      await sweeping;
      // Let clients know, then finish what each room is doing before closing storage.
      io.emit('server:shutdown', { reconnectInMs: 500 });
      await Promise.all([...rooms.values()].map((room) => room.run(() => room.close())));
      // Its rooms are let go: the clients coming back through another node are served there at
      // once, not after the liveness window.
      await store
        .release([...rooms.keys()], nodeId)
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'letting the rooms go failed; they are taken over later'),
        );
      await coordinator.close();
      io.disconnectSockets(true);
      await new Promise<void>((done) => {
        void io.close(() => done());
      });
      await app.close();
      await store.close();
    },
  };
}

/** What this module needs of an Engine.IO connection. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

/** The name a node is reached by (its NODE_NAME), from its id in presence and ownership records. */
function nodeName(nodeId: string): string {
  const mark = nodeId.lastIndexOf('~');
  return mark < 0 ? nodeId : nodeId.slice(0, mark);
}

/** The node a client was sent to (`?node=` in its connection's URL), if it names one. */
function nodeHint(socket: GameSocket): string | undefined {
  const hint = socket.handshake.query.node;
  return typeof hint === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(hint) ? hint : undefined;
}

/** A join's answer when the room's copy it ran on is no longer this node's (it runs again). */
const MOVED = Symbol('moved');

/**
 * Connections an address may open past CONNECTIONS_PER_ADDRESS before they are refused at the
 * door: those are let in only to be told TOO_MANY_CONNECTIONS in words.
 */
const CONNECTION_SLACK = 10;

const ONE_SOCKET_PER_CONNECTION = 'This connection already carries a socket.';

function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  // Non-browser clients (bots, CLIs, tests) send no Origin; browsers always do.
  if (!origin) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * How long a browser may keep a file of the web app. The build names every file under /assets/
 * by a hash of its content, so such a file never changes: kept a year without asking again.
 * index.html names the current ones, so it is asked for again (a 304 when unchanged) every time;
 * anything else, an hour.
 */
export function webCacheControl(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  if (/(?:^|[\\/])index\.html(?:\.br|\.gz)?$/.test(path)) return 'no-cache';
  return 'public, max-age=3600';
}
