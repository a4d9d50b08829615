import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_GAME, applyLog, nonceHash, replay, serverNonce } from '@trepenta/engine';
import type { AnyGameModule, BotLevel, LogEntry, RuleError, Viewer } from '@trepenta/engine';
import { SERVER_ERRORS, nicknameKey } from '@trepenta/protocol';
import type {
  ChatMessage,
  ClosedReason,
  ErrorAck,
  GameHistory,
  GameUpdate,
  RoomLatency,
  RoomView,
  ServerErrorCode,
  You,
} from '@trepenta/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { currentGame, requireGame } from './games';
import type { ZodError } from 'zod';
import type { Metrics } from './metrics';
import { NotOwner, actionKey } from './store/types';
import type {
  CommitRecord,
  Coordinator,
  GameHeader,
  LoadedRoom,
  MemberRecord,
  RoomRecord,
  RoomStore,
  SeatRecord,
  StoredDraft,
} from './store/types';

/** How the room reaches people; Socket.IO implements it, tests may use a fake. */
export interface Transport {
  toSeat(code: string, seat: number, update: GameUpdate): void;
  toSpectators(code: string, update: GameUpdate): void;
  roomState(code: string, room: RoomView): void;
  chat(code: string, message: ChatMessage): void;
  /** Moves a member's sockets into the channels for their role and seat. */
  placeMember(code: string, memberId: string, seat: number | null): void;
  closeMember(code: string, memberId: string, reason: ClosedReason): void;
}

export type Failure = ErrorAck;
export type Outcome<T = object> = ({ ok: true } & T) | Failure;

export function fail(code: ServerErrorCode, message: string = SERVER_ERRORS[code]): Failure {
  return { ok: false, code, message };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const hex256 = () => randomBytes(32).toString('hex');

interface Game {
  /** The engine this game is played by (its rules version's). */
  readonly module: AnyGameModule;
  state: unknown;
  header: GameHeader;
  actionIds: Map<string, number>;
  sinceSnapshot: number;
  /** The last clock stamp logged (games that declare `clock`): stamps never go back. */
  lastAt: number;
}

/** A seat's action budget (real-time games): tokens, and when they were counted. */
interface Bucket {
  tokens: number;
  at: number;
}

/** A node silent this long has died: its members' presence entries are dropped when next written. */
const PRESENCE_FORGET_MS = 10 * 60_000;

/** A compare-and-set lost to another writer: the operation reloads and runs again. */
export class Conflict extends Error {}

/**
 * Several nodes: the room was deleted (it expired, or its creation was undone) on another node
 * since this copy was read. The copy is closed; the request is answered as for no room.
 */
export class RoomGone extends Error {
  constructor(readonly roomCode: string) {
    super(`Room ${roomCode} is gone`);
  }
}

/** The store could not be reached: the request fails with UNAVAILABLE and nothing changes. */
export class StoreUnavailable extends Error {}

export async function stored<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    // Another node's room: not the store's failure (the write was refused, nothing written).
    if (error instanceof NotOwner) throw error;
    throw new StoreUnavailable(String(error));
  }
}

export interface RoomDeps {
  readonly store: RoomStore;
  readonly transport: Transport;
  readonly config: Config;
  readonly metrics: Metrics;
  readonly coordinator: Coordinator;
  readonly logger: FastifyBaseLogger;
}

/**
 * Kicked members are kept so that their tokens are answered KICKED, but only the latest few (and
 * any whose seat the stand-in plays): otherwise joining and kicking again and again would grow the
 * room's record, written whole at every change, without end. An older one's token gets BAD_TOKEN.
 */
const KEPT_KICKED = 20;

/**
 * The members with `kicked` marked kicked and moved last (the list of kicked members is in the
 * order they were kicked), less the earliest kicked beyond KEPT_KICKED.
 */
function withKicked(
  members: readonly MemberRecord[],
  kicked: MemberRecord,
  seats: readonly SeatRecord[],
): MemberRecord[] {
  const list = [...members.filter((other) => other.id !== kicked.id), { ...kicked, kicked: true }];
  const seated = new Set(seats.map((seat) => seat.memberId));
  const forgettable = (member: MemberRecord) => member.kicked && !seated.has(member.id);
  let drop = list.filter(forgettable).length - KEPT_KICKED;
  return drop <= 0 ? list : list.filter((member) => !(forgettable(member) && drop-- > 0));
}

/** How long after a refused bot or stand-in move, or a refused timeout, the room tries again. */
const RETRY_MS = 5000;

/** A shown round trip is replaced when the measured one is off by this much and this share. */
const ROUND_TRIP_STEP_MS = 5;
const ROUND_TRIP_STEP = 0.1;

/**
 * One room: its members and seats, and the authority over its game. Everything that reads or
 * changes the room runs through `run`, one operation at a time per node, on a copy that is
 * refreshed from the store first; writes are compare-and-set, so when several nodes serve the
 * same room, a write that lost a race reloads and runs again.
 */
export class Room {
  record: RoomRecord;
  game: Game | null = null;
  /** This node's open sockets per member. */
  private readonly sockets = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  /** When the bot or stand-in to move at a version should move (this node's own pacing). */
  private bot: { version: number; at: number } | null = null;
  /**
   * Real-time games: when each automatic seat next looks at the table (its own clock), and the
   * version at which one found nothing to do (it looks again when the table moves).
   */
  private readonly botClocks = new Map<number, number>();
  private readonly botIdle = new Map<number, number>();
  /** Real-time games: each seat's action budget, applied before the engine. */
  private readonly buckets = new Map<number, Bucket>();
  /** A timeout that was refused, and when to try it again (RETRY_MS later). */
  private timerRetry: { key: string; at: number } | null = null;
  /**
   * Real-time games: each seated member's round trip as shown (ms), measured by this node (never
   * stored: a node that takes the room over measures afresh).
   */
  private readonly roundTrips = new Map<string, number>();
  private closed = false;
  private gone = false;
  /** Another node serves the room now (it took it over): requests queued here are sent there. */
  private lost = false;
  /** When this node took the room in (created or loaded): "away since" for the unknown. */
  private readonly since = Date.now();
  readonly log: FastifyBaseLogger;
  private readonly store: RoomStore;
  private readonly transport: Transport;
  private readonly config: Config;
  private readonly metrics: Metrics;
  private readonly coordinator: Coordinator;

  constructor(record: RoomRecord, deps: RoomDeps) {
    this.record = withCurrentCommit(record, deps.config.NONCE_TIMEOUT_MS);
    this.store = deps.store;
    this.transport = deps.transport;
    this.config = deps.config;
    this.metrics = deps.metrics;
    this.coordinator = deps.coordinator;
    this.log = deps.logger.child({ room: record.code });
  }

  get code(): string {
    return this.record.code;
  }

  /** The module of the room's game: the running game's engine, else the game's current one. */
  get module(): AnyGameModule {
    if (this.game) return this.game.module;
    const module = currentGame(this.record.game);
    if (!module) throw new Error(`Room ${this.code}: no engine for game ${this.record.game}`);
    return module;
  }

  /** Runs one operation after every earlier one of this room, on fresh data, retrying conflicts. */
  run<T>(operation: () => Promise<T> | T): Promise<T> {
    // Arrow functions given as arguments: a named closure here would be renamed on every call by
    // tsx's keep-names helper (an Object.defineProperty per action: ~8 µs per move in a CPU profile
    // at 1,000 rooms, profiler included).
    const result = this.queue.then(
      () => this.attempt(operation),
      () => this.attempt(operation),
    );
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** One queued operation, tried again (up to four times) over a fresh copy after a conflict. */
  private async attempt<T>(operation: () => Promise<T> | T): Promise<T> {
    for (let tries = 0; ; tries++) {
      // A request that waited behind the room's deletion must not write it back; one that waited
      // behind its loss to another node is sent there.
      if (this.gone) throw new RoomGone(this.code);
      if (this.lost) throw new NotOwner(this.code);
      try {
        return await operation();
      } catch (error) {
        if (!(error instanceof Conflict) || tries >= 4) throw error;
        await this.reload();
      }
    }
  }

  private async reload(): Promise<void> {
    const loaded = await stored(this.store.loadRoom(this.code));
    if (loaded) this.restore(loaded);
  }

  // ---------------------------------------------------------------- views

  member(id: string | null): MemberRecord | undefined {
    return id === null ? undefined : this.record.members.find((m) => m.id === id && !m.kicked);
  }

  memberByToken(token: string): MemberRecord | undefined {
    const hash = hashToken(token);
    return this.record.members.find((m) => m.tokenHash === hash);
  }

  /**
   * Connected: a socket open on this node (R23). A room's sockets are all on the node that serves
   * it; another node's entry is a socket that node held before this one took the room over (it
   * was disconnected then), or, on one node, one from before a restart.
   */
  isConnected(memberId: string): boolean {
    return this.record.presence[memberId]?.includes(this.coordinator.nodeId) ?? false;
  }

  /** Whether any member (not kicked) is connected: asked after every action, so no arrays. */
  private anyHumanConnected(): boolean {
    for (const m of this.record.members) if (!m.kicked && this.isConnected(m.id)) return true;
    return false;
  }

  /** With nobody connected a game waits: no timers, no bot moves. */
  get paused(): boolean {
    const { status } = this.record;
    return (status === 'playing' || status === 'starting') && !this.anyHumanConnected();
  }

  /**
   * Since when a disconnected member has been away: when they left, or, if the node holding their
   * socket died, when that node was last seen alive (at the latest, when this node took the room
   * in); failing both (a restart of a single node, whose old id nobody remembers), since this node
   * took the room in. Never a time that moves on
   * while they stay away, so that the hand-over time (R23) and the host's grace stay put.
   */
  private awaySinceOf(memberId: string): number {
    const left = this.record.awaySince[memberId];
    if (left !== undefined) return left;
    const seen = (this.record.presence[memberId] ?? [])
      .map((node) => this.coordinator.lastSeen(node))
      .filter((at): at is number => at !== undefined);
    // At the latest since this node took the room in (the node before may be alive still).
    return seen.length ? Math.min(Math.max(...seen), this.since) : this.since;
  }

  private awayFor(memberId: string, now: number): number {
    return now - this.awaySinceOf(memberId);
  }

  /** R23: from when the host may hand an away member's seat to the stand-in. */
  private handOverAt(memberId: string): number {
    return this.awaySinceOf(memberId) + this.config.HANDOVER_AFTER_MS;
  }

  view(): RoomView {
    const r = this.record;
    const members = r.members.filter((m) => !m.kicked);
    return {
      code: r.code,
      game: r.game ?? DEFAULT_GAME,
      status: r.status,
      paused: this.paused,
      locked: r.locked,
      settings: r.settings,
      seatCount: r.seatCount,
      seats: r.seats.slice(0, r.seatCount).map((seat, index) => {
        const member = this.member(seat.memberId);
        const connected = member !== undefined && this.isConnected(member.id);
        const away = member !== undefined && !connected;
        return {
          seat: index,
          kind: seat.kind,
          memberId: seat.memberId,
          nickname: member?.nickname ?? this.departedName(index),
          botLevel: seat.botLevel,
          connected: seat.kind === 'bot' || connected,
          standIn: seat.standIn,
          awaySince: away ? this.awaySinceOf(member.id) : null,
          handOverAt:
            away && r.status === 'playing' && !seat.standIn ? this.handOverAt(member.id) : null,
          rttMs: this.roundTripOf(seat, connected),
        };
      }),
      members: members.map((m) => ({
        id: m.id,
        nickname: m.nickname,
        role: m.role,
        seat: m.seat,
        connected: this.isConnected(m.id),
        host: r.hostId === m.id,
      })),
      spectators: members.filter((m) => m.seat === null).length,
      hostId: r.hostId,
      gameNumber: r.gameNumber,
      commit: r.commit
        ? {
            gameId: r.commit.gameId,
            commitments: [...r.commit.commitments],
            epoch: r.commit.epoch ?? 0,
            step: r.commit.step ?? 'done',
            // Published once every seat's is in (or their time is up), never while collected.
            hashes: r.commit.step === 'hashes' ? null : [...(r.commit.hashes ?? [])],
            nonceDeadline: r.commit.deadline,
          }
        : null,
      deadline: r.deadline,
      revision: r.revision,
    };
  }

  /** Whether this node measures its members' round trips: a real-time game's open room. */
  get measuresRoundTrips(): boolean {
    // Asked from the node's meter, outside any request: a game with no engine here is no throw.
    const module = this.game?.module ?? currentGame(this.record.game);
    return !this.closed && module?.realTime !== undefined;
  }

  /**
   * Takes this node's latest measurements (member id → ms). A shown value changes only when it
   * appears, goes, or moves by at least ROUND_TRIP_STEP_MS and ROUND_TRIP_STEP of itself, so that
   * jitter sends nothing. Returns whether anything shown changed.
   */
  showRoundTrips(measured: ReadonlyMap<string, number>): boolean {
    let changed = false;
    for (const memberId of this.roundTrips.keys()) {
      if (measured.has(memberId)) continue;
      this.roundTrips.delete(memberId);
      changed = true;
    }
    for (const [memberId, ms] of measured) {
      const shown = this.roundTrips.get(memberId);
      const step = shown === undefined ? 0 : Math.max(ROUND_TRIP_STEP_MS, shown * ROUND_TRIP_STEP);
      if (shown !== undefined && Math.abs(ms - shown) < step) continue;
      this.roundTrips.set(memberId, Math.round(ms));
      changed = true;
    }
    return changed;
  }

  /** Every seat's round trip, as the room view's `rttMs` says it. */
  latency(): RoomLatency {
    const r = this.record;
    return {
      code: r.code,
      rttMs: r.seats.slice(0, r.seatCount).map((seat) => {
        const connected = seat.memberId !== null && this.isConnected(seat.memberId);
        return this.roundTripOf(seat, connected);
      }),
    };
  }

  /** A seat's round trip: its connected player's, unless the stand-in plays it. */
  private roundTripOf(seat: SeatRecord, connected: boolean): number | null {
    if (seat.standIn || !connected || seat.memberId === null) return null;
    return this.roundTrips.get(seat.memberId) ?? null;
  }

  you(member: MemberRecord, token: string): You {
    return {
      memberId: member.id,
      token,
      seat: member.seat,
      host: this.record.hostId === member.id,
    };
  }

  /** The viewer's whole view, as an update that holds no events (a join, a sync). */
  gameUpdate(viewer: Viewer): GameUpdate | null {
    if (!this.game) return null;
    return {
      code: this.code,
      base: null,
      view: this.game.module.viewFor(this.game.state, viewer),
      events: [],
      deadline: this.record.deadline,
    };
  }

  /**
   * This game's events so far as `viewer` would have received them live (docs/rules/trepenta.md §7: the same
   * `eventsFor`), rebuilt from the stored log, for a socket that joins in the middle (game:history).
   * Read-only, so it needs no turn in the serial queue: it ends where the log ended when read,
   * which the client merges by version with the updates it receives meanwhile.
   */
  async history(viewer: Viewer): Promise<GameHistory | null> {
    if (!this.game) return null;
    const stored = await this.store.loadGame(this.code, this.record.gameNumber);
    if (!stored) return null;
    const module = requireGame(stored.header.game, stored.header.rulesVersion);
    const replayed = replay(module, { ...stored.header, log: stored.log });
    if (!replayed.ok)
      throw new Error(`Room ${this.code}: the log does not replay (${replayed.error.code})`);
    const batches: GameHistory['batches'] = [];
    for (const batch of replayed.value.batches) {
      if (batch.events.length === 0) continue;
      batches.push({
        version: batch.version,
        events: eventsFor(module, batch.events, [viewer])[0]!,
      });
    }
    return {
      code: this.code,
      gameId: stored.header.randomness.gameId,
      version: module.version(replayed.value.state),
      batches,
    };
  }

  viewerOf(member: MemberRecord | undefined): Viewer {
    return member?.seat ?? 'spectator';
  }

  private broadcastRoom(): void {
    this.transport.roomState(this.code, this.view());
  }

  /**
   * Every seat and the spectators get their own view: as a patch to their view of `previous`, the
   * state before this action, or whole when there is none (a new game). Everyone listening on a
   * channel holds that earlier view: a socket gets the whole view when it joins, and a client that
   * missed one asks for it again (game:sync). Nobody listens on a bot's seat, and the spectators'
   * channel is empty while every member has a seat, so those views are not built.
   */
  private broadcastGame(events: readonly unknown[], previous: unknown): void {
    const game = this.game;
    if (!game) return;
    const { module } = game;
    const viewers: Viewer[] = [];
    for (let seat = 0; seat < game.header.seatCount; seat++) {
      if (this.record.seats[seat]?.kind !== 'bot') viewers.push(seat);
    }
    if (this.record.members.some((m) => !m.kicked && m.seat === null)) viewers.push('spectator');
    // One build for all: what several viewers share is built once.
    const patches = previous === null ? undefined : module.patches;
    const views = patches
      ? patches.patchesFor(previous, game.state, viewers)
      : viewsFor(module, game.state, viewers);
    const eventViews = eventsFor(module, events, viewers);
    const base = patches
      ? { gameId: game.header.randomness.gameId, version: module.version(previous) }
      : null;
    for (let i = 0; i < viewers.length; i++) {
      const viewer = viewers[i]!;
      const update: GameUpdate = {
        code: this.code,
        base,
        view: views[i]!,
        events: eventViews[i]!,
        deadline: this.record.deadline,
      };
      if (viewer === 'spectator') this.transport.toSpectators(this.code, update);
      else this.transport.toSeat(this.code, viewer, update);
    }
  }

  // ---------------------------------------------------------------- writing

  private next(changes: Partial<RoomRecord>): RoomRecord {
    return {
      ...this.record,
      ...changes,
      revision: this.record.revision + 1,
      lastActivity: Date.now(),
    };
  }

  /** Commits a change of the room (compare-and-set), tells everyone, and re-arms what follows. */
  private async commitRoom(changes: Partial<RoomRecord>): Promise<void> {
    const next = this.next(changes);
    if (!(await stored(this.store.saveRoom(next)))) throw new Conflict();
    this.record = next;
    this.broadcastRoom();
    this.schedule();
  }

  // ---------------------------------------------------------------- connections

  /** A socket of this member opened on this node (call inside `run`). */
  async attachSocket(memberId: string): Promise<void> {
    const before = this.sockets.get(memberId) ?? 0;
    // Counted only once the presence is written: a write that lost a race throws Conflict, and the
    // operation runs again from the start, this included. Written also when sockets are counted
    // here but the record says otherwise: a departure whose write landed though its answer was
    // lost (it is tried again, and finds this socket counted).
    const here = this.record.presence[memberId]?.includes(this.coordinator.nodeId) ?? false;
    if (before === 0 || !here) await this.markPresent(memberId, true);
    this.sockets.set(memberId, before + 1);
  }

  /** A socket of this member closed on this node (call inside `run`). */
  async detachSocket(memberId: string): Promise<void> {
    const left = (this.sockets.get(memberId) ?? 1) - 1;
    if (left > 0) {
      this.sockets.set(memberId, left);
      return;
    }
    // Forgotten only once the absence is written: a write that fails leaves the socket counted,
    // so that the departure can be recorded again (and a retry after a lost race starts afresh).
    if (this.member(memberId)) await this.markPresent(memberId, false);
    this.sockets.delete(memberId);
  }

  private async markPresent(memberId: string, present: boolean): Promise<void> {
    const node = this.coordinator.nodeId;
    const wasPaused = this.paused;
    // This node's entry changes, and entries of nodes long gone are dropped so that they do not
    // pile up: with one process, any other's (the one before a restart); with several, a node
    // silent for PRESENCE_FORGET_MS, far past NODE_TTL_MS (a node only late with its heartbeat
    // keeps its entries, which it would not write again). A node not heard of yet may have just
    // started, or been forgotten: it counts as silent from when it was first asked about.
    const now = Date.now();
    const nodes = (this.record.presence[memberId] ?? []).filter(
      (n) => n !== node && this.coordinator.silentFor(n, now) < PRESENCE_FORGET_MS,
    );
    const presence = { ...this.record.presence, [memberId]: present ? [...nodes, node] : nodes };
    const awaySince = { ...this.record.awaySince };
    if (present) delete awaySince[memberId];
    else awaySince[memberId] = Date.now();
    let seats = this.record.seats;
    let deadline = this.record.deadline;
    const member = this.member(memberId);
    if (present && member?.seat != null) {
      const seat = seats[member.seat];
      // R23: a returning player takes the seat back from the stand-in, unless they asked for it
      // (stepped away): a reconnection is not a return then.
      if (seat?.standIn && seat.memberId === memberId && !seat.steppedAway)
        seats = replace(seats, member.seat, { ...seat, standIn: false });
    }
    let commit = this.record.commit;
    if (present && wasPaused) {
      // R26: the game was waiting (after a restart, say); its timer and the nonce window resume
      // with a short grace.
      const resume = Date.now() + this.config.RESTART_GRACE_MS;
      if (deadline) deadline = { ...deadline, at: Math.max(deadline.at, resume) };
      if (collecting(commit)) commit = { ...commit, deadline: Math.max(commit.deadline, resume) };
      this.log.info('resumed: a player is back');
    }
    // A room left without a host (its host left while nobody else was here) gets one back.
    const hostId = present && this.record.hostId === null ? memberId : this.record.hostId;
    await this.commitRoom({ presence, awaySince, seats, deadline, hostId, commit });
  }

  /** The next connected human clockwise from a seat, then any connected member. */
  private nextHost(fromSeat: number | null, except: string | null): MemberRecord | null {
    const { seats, seatCount } = this.record;
    const start = fromSeat ?? -1;
    for (let k = 1; k <= seatCount; k++) {
      const seat = seats[(start + k + seatCount) % seatCount];
      const member = this.member(seat?.memberId ?? null);
      if (member && member.id !== except && this.isConnected(member.id)) return member;
    }
    return (
      this.record.members.find((m) => !m.kicked && m.id !== except && this.isConnected(m.id)) ??
      null
    );
  }

  // ---------------------------------------------------------------- lobby operations

  requireHost(memberId: string): Failure | null {
    return this.record.hostId === memberId ? null : fail('NOT_HOST');
  }

  nicknameTaken(nickname: string, except?: string): boolean {
    const wanted = nicknameKey(nickname);
    if (
      this.record.members.some(
        (m) => !m.kicked && m.id !== except && nicknameKey(m.nickname) === wanted,
      )
    )
      return true;
    // The name a departed player's seat shows is nobody else's until the rematch.
    return this.record.seats.some((_, index) => {
      const departed = this.departedName(index);
      return departed !== null && nicknameKey(departed) === wanted;
    });
  }

  /**
   * The name of the player who left this seat during or after the game (their name at the deal),
   * which the seat goes on showing until the rematch; null for any other seat. A kicked player's seat is not
   * named: the host sent them away, and their name is free again.
   */
  private departedName(index: number): string | null {
    const seat = this.record.seats[index];
    if (seat?.kind !== 'human' || seat.memberId === null) return null;
    if (this.record.members.some((m) => m.id === seat.memberId)) return null;
    // Left before the deal: the name they left as (the deal then names the seat with it).
    if (this.record.status === 'starting') return seat.leftAs ?? null;
    return this.game?.header.names[index] ?? seat.leftAs ?? null;
  }

  /** A new member; players sit at the first free seat while the room is in its lobby. */
  async addMember(
    nickname: string,
    role: 'player' | 'spectator',
  ): Promise<Outcome<{ member: MemberRecord; token: string }>> {
    const active = this.record.members.filter((m) => !m.kicked);
    if (active.length >= this.config.MAX_MEMBERS) return fail('ROOM_FULL');
    if (role === 'player' && this.record.locked) return fail('ROOM_LOCKED');
    const free = this.record.status === 'lobby' && role === 'player' ? this.freeSeat() : null;
    // A player who finds no seat free watches: they count as a spectator too.
    if (free === null && this.unseatedCount() >= this.config.MAX_SPECTATORS)
      return fail('SPECTATORS_FULL');
    if (this.nicknameTaken(nickname)) return fail('NICKNAME_TAKEN');
    const token = newToken();
    const member: MemberRecord = {
      id: `m${this.record.nextMemberSeq.toString(36)}`,
      nickname,
      role,
      seat: free,
      tokenHash: hashToken(token),
      kicked: false,
      joinedAt: Date.now(),
    };
    let seats = this.record.seats;
    if (free !== null) seats = replace(seats, free, humanSeat(member.id));
    await this.commitRoom({
      members: [...this.record.members, member],
      seats,
      nextMemberSeq: this.record.nextMemberSeq + 1,
      hostId: this.record.hostId ?? member.id,
    });
    return { ok: true, member, token };
  }

  /** Members without a seat, who count against MAX_SPECTATORS. */
  private unseatedCount(): number {
    return this.record.members.filter((m) => !m.kicked && m.seat === null).length;
  }

  private freeSeat(): number | null {
    for (let seat = 0; seat < this.record.seatCount; seat++)
      if (this.record.seats[seat]?.kind === 'empty') return seat;
    return null;
  }

  private setMember(member: MemberRecord): MemberRecord[] {
    return this.record.members.map((m) => (m.id === member.id ? member : m));
  }

  async sit(memberId: string, seat: number): Promise<Outcome<{ member: MemberRecord }>> {
    const session = this.inSession();
    if (this.record.status !== 'lobby' && !session)
      return fail('WRONG_STATUS', 'Seats can be changed only in the lobby.');
    const member = this.member(memberId)!;
    if (seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    const target = this.record.seats[seat]!;
    if (target.kind !== 'empty' && target.memberId !== memberId) return fail('SEAT_TAKEN');
    if (this.record.locked && member.seat === null) return fail('ROOM_LOCKED');
    let seats = this.record.seats;
    if (member.seat !== null) seats = replace(seats, member.seat, EMPTY_SEAT);
    seats = replace(seats, seat, humanSeat(memberId));
    const moved: MemberRecord = { ...member, seat, role: 'player' };
    if (session) {
      // A session: between hands only, and the game learns of it (one move at a time: a seated
      // player leaves their seat first).
      if (member.seat !== null)
        return fail('WRONG_STATUS', 'Leave your seat first; then take another between hands.');
      const changed = await this.changeSeats([{ seat, occupant: 'human' }], {
        seats,
        members: this.setMember(moved),
      });
      if (!changed.ok) return changed;
    } else {
      await this.commitRoom({ seats, members: this.setMember(moved) });
    }
    this.transport.placeMember(this.code, memberId, seat);
    return { ok: true, member: moved };
  }

  /** Whether the room plays a session game now (seats change between its hands). */
  private inSession(): boolean {
    return this.record.status === 'playing' && this.game?.module.sessions !== undefined;
  }

  /**
   * Sessions: seats' occupants change between hands, in the game's log and in the room in one
   * write each (the room's changes go with the last); refused while a hand is played.
   */
  private async changeSeats(
    changes: readonly { seat: number; occupant: 'human' | 'bot' | null }[],
    room: Partial<RoomRecord>,
  ): Promise<Outcome> {
    const game = this.game;
    const sessions = game?.module.sessions;
    if (!game || !sessions) return fail('NO_GAME');
    if (!sessions.seatsOpen(game.state))
      return fail('WRONG_STATUS', 'Seats change between hands: wait for this one to end.');
    for (let i = 0; i < changes.length; i++) {
      const { seat, occupant } = changes[i]!;
      const version = game.module.version(game.state);
      const last = i === changes.length - 1;
      const result = await this.act(
        'system',
        `seat-${version}-${seat}`,
        { type: 'seat', seat, occupant },
        null,
        last ? room : undefined,
      );
      if (!result.ok) return result;
    }
    return { ok: true };
  }

  /** Sessions: the host closes the table; the session ends after the hand in play. */
  async closeTable(memberId: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    const game = this.game;
    if (!this.inSession() || !game)
      return fail('WRONG_STATUS', 'Only a session is closed by its host.');
    const version = game.module.version(game.state);
    const result = await this.act('system', `close-${version}`, { type: 'close' }, null);
    return result.ok ? { ok: true } : result;
  }

  async stand(memberId: string): Promise<Outcome<{ member: MemberRecord }>> {
    const session = this.inSession();
    if (this.record.status !== 'lobby' && !session)
      return fail('WRONG_STATUS', 'Seats can be changed only in the lobby.');
    const member = this.member(memberId)!;
    if (member.seat === null) return { ok: true, member };
    if (this.unseatedCount() >= this.config.MAX_SPECTATORS) return fail('SPECTATORS_FULL');
    const moved: MemberRecord = { ...member, seat: null };
    const room = {
      seats: replace(this.record.seats, member.seat, EMPTY_SEAT),
      members: this.setMember(moved),
    };
    if (session) {
      const changed = await this.changeSeats([{ seat: member.seat, occupant: null }], room);
      if (!changed.ok) return changed;
    } else await this.commitRoom(room);
    this.transport.placeMember(this.code, memberId, null);
    return { ok: true, member: moved };
  }

  async setBot(memberId: string, seat: number, level: BotLevel | null): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    const session = this.inSession();
    if (this.record.status !== 'lobby' && !session)
      return fail('WRONG_STATUS', 'Bots can be changed only in the lobby.');
    if (seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    const current = this.record.seats[seat]!;
    if (current.kind === 'human') return fail('SEAT_TAKEN');
    if (level !== null && !this.module.botLevels.includes(level))
      return fail('BAD_REQUEST', `${this.module.title} has no such bot level.`);
    const next: SeatRecord =
      level === null
        ? EMPTY_SEAT
        : { kind: 'bot', memberId: null, botLevel: level, standIn: false };
    const seats = replace(this.record.seats, seat, next);
    if (!session) {
      await this.commitRoom({ seats });
      return { ok: true };
    }
    // A session: a bot comes or goes between hands (another level is the same occupant).
    const was = current.kind === 'bot';
    if (was === (level !== null)) {
      await this.commitRoom({ seats });
      return { ok: true };
    }
    return this.changeSeats([{ seat, occupant: level === null ? null : 'bot' }], { seats });
  }

  /**
   * The host swaps two seats' occupants (people, bots or nobody) in the lobby: how partnerships
   * are arranged before the start. Nothing here is drawn from the game's randomness.
   */
  async swapSeats(memberId: string, a: number, b: number): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'Seats can be changed only in the lobby.');
    if (a >= this.record.seatCount || b >= this.record.seatCount || a === b)
      return fail('NO_SUCH_SEAT');
    const first = this.record.seats[a]!;
    const second = this.record.seats[b]!;
    let members = this.record.members;
    const moved: [string, number][] = [];
    for (const [record, seat] of [
      [first, b],
      [second, a],
    ] as const) {
      if (record.memberId === null) continue;
      const member = members.find((mm) => mm.id === record.memberId);
      if (!member) continue;
      members = members.map((mm) => (mm.id === member.id ? { ...mm, seat } : mm));
      moved.push([member.id, seat]);
    }
    const seats = replace(replace(this.record.seats, a, second), b, first);
    await this.commitRoom({ seats, members });
    for (const [id, seat] of moved) this.transport.placeMember(this.code, id, seat);
    return { ok: true };
  }

  /** Changes the named settings (the rest keep their values) and the seat count. */
  async configure(
    memberId: string,
    game: string | undefined,
    change: unknown,
    seatCount: number | undefined,
  ): Promise<Outcome> {
    // Malformed settings are refused as such whoever sends them and whenever (as the envelope's
    // own checks are); another game starts from its own defaults, keeping as many seats as it can.
    const switching = game !== undefined && game !== (this.record.game ?? DEFAULT_GAME);
    const module = switching ? currentGame(game) : this.module;
    if (!module) return fail('BAD_REQUEST', `${SERVER_ERRORS.BAD_REQUEST} (game: no such game)`);
    let settings = switching ? module.defaultSettings : this.record.settings;
    if (change !== undefined) {
      const changed = module.changeSettings(settings, change);
      if (!changed.ok) return badSettings(changed.error);
      settings = changed.value;
    }
    const count =
      seatCount ?? Math.min(module.seats.max, Math.max(module.seats.min, this.record.seatCount));
    const seatRefusal = checkSeats(module, settings, count);
    if (seatRefusal) return seatRefusal;
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby' && this.record.status !== 'finished') {
      return fail('WRONG_STATUS', 'The rules can be changed only before a game or after it.');
    }
    let seats = this.record.seats;
    let members = this.record.members;
    const unseated: string[] = [];
    // Seats beyond the new count are emptied; their players stay as spectators.
    for (let seat = count; seat < seats.length; seat++) {
      const memberIdAt = seats[seat]!.memberId;
      // A seat's player who left or was kicked (after a game) is no member to move.
      if (memberIdAt && this.member(memberIdAt)) {
        members = members.map((m) => (m.id === memberIdAt ? { ...m, seat: null } : m));
        unseated.push(memberIdAt);
      }
      seats = replace(seats, seat, EMPTY_SEAT);
    }
    if (unseated.length > 0 && this.unseatedCount() + unseated.length > this.config.MAX_SPECTATORS)
      return fail(
        'SPECTATORS_FULL',
        'Fewer seats would leave more spectators than this room can take; ask someone to leave first.',
      );
    await this.commitRoom({
      game: module.id,
      settings,
      seatCount: count,
      seats,
      members,
    });
    for (const id of unseated) this.transport.placeMember(this.code, id, null);
    return { ok: true };
  }

  async lock(memberId: string, locked: boolean): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    await this.commitRoom({ locked });
    return { ok: true };
  }

  async passHost(memberId: string, to: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (!this.member(to)) return fail('NO_SUCH_MEMBER');
    await this.commitRoom({ hostId: to });
    return { ok: true };
  }

  /** Kick (host) or leave: the member's token stops working; a seat mid-game goes to the stand-in. */
  async remove(memberId: string, by: string): Promise<Outcome> {
    const kicking = by !== memberId;
    if (kicking) {
      const refusal = this.requireHost(by);
      if (refusal) return refusal;
    }
    const member = this.member(memberId);
    if (!member) return fail('NO_SUCH_MEMBER');
    let seats = this.record.seats;
    if (member.seat !== null) {
      const seat = seats[member.seat]!;
      const status = this.record.status;
      let next: SeatRecord = EMPTY_SEAT;
      if (status === 'playing' || status === 'starting') {
        next = {
          ...seat,
          standIn: true,
          steppedAway: false,
          ...(kicking ? {} : { leftAs: member.nickname }),
        };
      } else if (status === 'finished' && !kicking) {
        // The score sheet goes on naming who played; the rematch frees the seat.
        next = { ...seat, leftAs: member.nickname };
      }
      seats = replace(seats, member.seat, next);
    }
    const members = kicking
      ? withKicked(this.record.members, member, seats)
      : this.record.members.filter((m) => m.id !== memberId);
    const hostId =
      this.record.hostId === memberId
        ? (this.nextHost(member.seat, memberId)?.id ?? null)
        : this.record.hostId;
    // Presence and absence are kept for members only.
    const kept = new Set(members.filter((m) => !m.kicked).map((m) => m.id));
    const presence = pick(this.record.presence, kept);
    const awaySince = pick(this.record.awaySince, kept);
    await this.commitRoom({ seats, members, hostId, presence, awaySince });
    // After the write: a kick or leave that could not be written leaves the member's sockets counted.
    this.sockets.delete(memberId);
    this.transport.closeMember(this.code, memberId, kicking ? 'kicked' : 'left');
    // A session between hands: the seat is free at once (mid-hand, the stand-in plays it out).
    await this.vacateDeparted();
    return { ok: true };
  }

  /** Sessions, between hands: the seats of players who left or were kicked become free. */
  private async vacateDeparted(): Promise<void> {
    const game = this.game;
    if (!this.inSession() || !game?.module.sessions?.seatsOpen(game.state)) return;
    for (let seat = 0; seat < this.record.seatCount; seat++) {
      const record = this.record.seats[seat]!;
      if (record.kind !== 'human' || this.member(record.memberId)) continue;
      const seats = replace(this.record.seats, seat, EMPTY_SEAT);
      const changed = await this.changeSeats([{ seat, occupant: null }], { seats });
      if (!changed.ok)
        this.log.error({ seat, code: changed.code }, 'a departed seat was not freed');
    }
  }

  /** R23: the host hands a player's seat to the stand-in after 30 s away; a player may ask for it. */
  async handOver(by: string, seat: number): Promise<Outcome> {
    if (this.record.status !== 'playing') return fail('NO_GAME');
    const target = this.record.seats[seat];
    if (!target || seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    // A player who asks again is answered as the first time (a double click, a retry).
    if (target.standIn && target.memberId === by) return { ok: true };
    if (target.kind !== 'human' || target.standIn)
      return fail('WRONG_STATUS', 'That seat is not played by a person.');
    if (target.memberId !== by) {
      const refusal = this.requireHost(by);
      if (refusal) return refusal;
      if (this.isConnected(target.memberId!)) return fail('SEAT_CONNECTED');
      if (Date.now() < this.handOverAt(target.memberId!)) return fail('TOO_EARLY');
    }
    await this.commitRoom({
      seats: replace(this.record.seats, seat, {
        ...target,
        standIn: true,
        steppedAway: target.memberId === by,
      }),
    });
    return { ok: true };
  }

  async chat(memberId: string, text: string | null, emote: ChatMessage['emote']): Promise<Outcome> {
    const member = this.member(memberId)!;
    const message: ChatMessage = {
      id: this.record.nextChatId,
      at: Date.now(),
      memberId,
      nickname: member.nickname,
      text,
      emote,
    };
    const next = this.next({
      chat: [...this.record.chat, message].slice(-200),
      nextChatId: this.record.nextChatId + 1,
    });
    if (!(await stored(this.store.saveRoom(next)))) throw new Conflict();
    this.record = next;
    this.transport.chat(this.code, message);
    return { ok: true };
  }

  // ---------------------------------------------------------------- fairness: the deal's randomness

  async start(memberId: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'The game has already started.');
    const seats = this.record.seats.slice(0, this.record.seatCount);
    const module = this.module;
    // A session may start with chairs free (players join between hands), not with too few taken.
    const taken = seats.filter((seat) => seat.kind !== 'empty').length;
    if (module.sessions ? taken < module.seats.min : taken < seats.length)
      return fail('SEATS_NOT_READY');
    const gameId = randomBytes(12).toString('base64url');
    // The secrets come from the OS generator and stay on the server until the game ends.
    const count = module.fairness.secretCount(this.record.settings, this.record.seatCount);
    const secrets = Array.from({ length: count }, () => hex256());
    const commitments = secrets.map((secret, i) => module.fairness.commitment(gameId, i, secret));
    const commit = this.openNonceSet({ gameId, secrets, commitments }, 0);
    await this.commitRoom({
      status: 'starting',
      gameNumber: this.record.gameNumber + 1,
      commit,
      deadline: null,
    });
    this.log.info({ gameId }, 'game committed; collecting nonces');
    // Nobody to ask (bots in every seat): the server's nonces, fixed by the secret, at once.
    if (this.askedSeats().length === 0) await this.closeNonceSet();
    return { ok: true };
  }

  /** The seats whose nonces come from people: seated humans the stand-in does not play. */
  private askedSeats(): number[] {
    const seats: number[] = [];
    for (let seat = 0; seat < this.record.seatCount; seat++) {
      const record = this.record.seats[seat];
      if (record?.kind === 'human' && !record.standIn && this.member(record.memberId)) {
        seats.push(seat);
      }
    }
    return seats;
  }

  /** Nonce set `epoch`, collected in two steps: first each seat's hash, then its nonce. */
  private openNonceSet(
    base: Pick<CommitRecord, 'gameId' | 'secrets' | 'commitments'>,
    epoch: number,
  ): CommitRecord {
    const none = Array.from({ length: this.record.seatCount }, () => null);
    return {
      ...base,
      epoch,
      step: 'hashes',
      hashes: none,
      nonces: none,
      deadline: Date.now() + this.config.NONCE_TIMEOUT_MS,
    };
  }

  /**
   * A seat's share of the shuffle, in two steps: SHA-256 of its nonce while hashes are collected,
   * then, once every hash is published, the nonce itself (checked against its hash). The first
   * one of each a seat sends counts (`kept`: whether it was this one; another tab may have sent
   * first).
   */
  async nonce(
    memberId: string,
    request: { gameId: string; epoch: number } & ({ hash: string } | { nonce: string }),
  ): Promise<Outcome<{ kept: boolean }>> {
    const commit = this.record.commit;
    const collecting = commit && (commit.step === 'hashes' || commit.step === 'nonces');
    if (!collecting || commit.gameId !== request.gameId || (commit.epoch ?? 0) !== request.epoch) {
      return fail('WRONG_STATUS', 'No deal is waiting for a nonce.');
    }
    const member = this.member(memberId);
    if (member?.seat == null) return fail('NOT_SEATED');
    const seat = member.seat;
    if ('hash' in request) {
      if (commit.step !== 'hashes')
        return fail('WRONG_STATUS', 'The hashes are published: send the nonce now.');
      const earlier = commit.hashes[seat];
      if (earlier != null) return { ok: true, kept: earlier === request.hash };
      await this.advanceNonceSet({ ...commit, hashes: replace(commit.hashes, seat, request.hash) });
      return { ok: true, kept: true };
    }
    if (commit.step !== 'nonces')
      return fail('WRONG_STATUS', 'Send the hash of your nonce first; the nonce comes after.');
    const earlier = commit.nonces[seat];
    if (earlier != null) return { ok: true, kept: earlier === request.nonce };
    const hash = commit.hashes[seat];
    // No hash from this seat: its nonce is the server's, fixed by the secret.
    if (hash == null) return { ok: true, kept: false };
    if (nonceHash(request.nonce) !== hash) return fail('WRONG_NONCE');
    await this.advanceNonceSet({ ...commit, nonces: replace(commit.nonces, seat, request.nonce) });
    return { ok: true, kept: true };
  }

  /**
   * Writes the set as it now is, moving on when nothing more is awaited (or at `force`, the
   * deadline): from hashes to nonces, publishing the hashes; from nonces to the deal. The record
   * in memory changes only with the write, so a nonce answered UNAVAILABLE is written when sent
   * again, not acknowledged from memory alone.
   */
  private async advanceNonceSet(commit: CommitRecord, force = false): Promise<void> {
    const asked = this.askedSeats();
    if (commit.step === 'hashes') {
      const waiting = asked.some((seat) => commit.hashes[seat] == null);
      if (waiting && !force) {
        await this.commitRoom({ commit });
        return;
      }
      // No hash at all: no nonce to wait for either.
      if (!commit.hashes.some((hash) => hash != null)) {
        await this.closeNonceSet(commit);
        return;
      }
      const deadline = Date.now() + this.config.NONCE_TIMEOUT_MS;
      await this.commitRoom({ commit: { ...commit, step: 'nonces', deadline } });
      return;
    }
    const waiting = commit.hashes.some((hash, seat) => hash != null && commit.nonces[seat] == null);
    if (waiting && !force) await this.commitRoom({ commit });
    else await this.closeNonceSet(commit);
  }

  /**
   * The set is complete (or its time is up): every seat without a nonce of its own gets the
   * server's, fixed by the first committed secret; set 0 deals the game, a later set goes into
   * the game's log.
   */
  private async closeNonceSet(commit = this.record.commit): Promise<void> {
    if (!commit || (commit.step !== 'hashes' && commit.step !== 'nonces')) return;
    const epoch = commit.epoch ?? 0;
    const secret = commit.secrets[0]!;
    const own = (seat: number) => commit.nonces[seat] != null && commit.hashes[seat] != null;
    const nonces = commit.nonces.map((nonce, seat) =>
      own(seat) ? nonce! : serverNonce(secret, epoch, seat),
    );
    const hashes = commit.hashes.map((hash, seat) => (own(seat) ? hash : null));
    const done: CommitRecord = { ...commit, step: 'done', nonces, hashes };
    if (epoch === 0) {
      await this.finishStart(done);
      return;
    }
    const game = this.game;
    if (!game) return;
    const version = game.module.version(game.state);
    const result = await this.act(
      'system',
      `nonces-${epoch}`,
      { type: 'nonces', epoch, nonces, hashes },
      null,
      { commit: done },
    );
    if (!result.ok)
      this.log.error({ epoch, version, code: result.code }, 'a nonce set was refused');
  }

  /** After the commitments were published and the first nonce set collected: the deal. */
  private async finishStart(commit: CommitRecord): Promise<void> {
    if (this.record.status !== 'starting') return;
    const randomness = {
      gameId: commit.gameId,
      secrets: commit.secrets,
      nonces: commit.nonces as string[],
    };
    const module = this.module;
    const created = module.create(this.record.settings, this.record.seatCount, randomness);
    if (!created.ok) {
      this.log.error({ code: created.error.code }, 'could not create the game');
      await this.commitRoom({ status: 'lobby', commit: null });
      return;
    }
    const header: GameHeader = {
      game: module.id,
      rulesVersion: module.rulesVersion,
      settings: this.record.settings,
      seatCount: this.record.seatCount,
      randomness,
      commitments: commit.commitments,
      nonceHashes: commit.hashes,
      names: this.record.seats.slice(0, this.record.seatCount).map((seat) => this.seatName(seat)),
    };
    const state = created.value;
    const next = this.next({
      status: 'playing',
      commit,
      deadline: this.deadlineFor(module, state),
    });
    if (!(await stored(this.store.startGame(next, header, state)))) throw new Conflict();
    this.record = next;
    this.game = { module, state, header, actionIds: new Map(), sinceSnapshot: 0, lastAt: 0 };
    this.metrics.gamesStarted.inc({ game: module.id });
    this.broadcastRoom();
    this.broadcastGame(module.openingEvents(state), null);
    this.schedule();
    // A session learns which chairs are free and which are bots' before its first hand (every
    // chair is a person's to a module that is not told otherwise).
    if (module.sessions) {
      const changes = this.record.seats
        .slice(0, this.record.seatCount)
        .flatMap((seat, index) =>
          seat.kind === 'human'
            ? []
            : [{ seat: index, occupant: seat.kind === 'bot' ? ('bot' as const) : null }],
        );
      if (changes.length > 0) await this.changeSeats(changes, {});
    }
  }

  /** A session game waiting for a new nonce set: it is opened (call after the game moved). */
  private async openWantedNonceSet(): Promise<void> {
    const game = this.game;
    const wanted = game?.module.sessions?.noncesWanted(game.state) ?? null;
    const commit = this.record.commit;
    if (wanted === null || !commit || this.record.status !== 'playing') return;
    if ((commit.epoch ?? 0) >= wanted) return;
    const next = this.openNonceSet(commit, wanted);
    await this.commitRoom({ commit: next });
    if (this.askedSeats().length === 0) await this.closeNonceSet(next);
  }

  private seatName(seat: SeatRecord): string {
    if (seat.kind === 'bot') return `Bot (${seat.botLevel})`;
    return this.member(seat.memberId)?.nickname ?? seat.leftAs ?? 'Player';
  }

  async rematch(memberId: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'finished') return fail('WRONG_STATUS', 'The game is not over yet.');
    // Seats whose players left are freed; everyone else keeps their seat for the next game.
    const seats = this.record.seats.map((seat) =>
      seat.kind === 'human' && !this.member(seat.memberId)
        ? EMPTY_SEAT
        : { ...seat, standIn: false, steppedAway: false },
    );
    await this.commitRoom({ status: 'lobby', seats, commit: null, deadline: null });
    this.game = null;
    return { ok: true };
  }

  // ---------------------------------------------------------------- the action pipeline

  /**
   * One action, in order: duplicate id → version (turn actions, R25) → rules → persist → views to
   * everyone → what follows; the caller then sends the ack. Call inside `run`.
   */
  async act(
    seat: number | 'system',
    actionId: string,
    action: unknown,
    version: number | null,
    /** Changes of the room written with the action, in the same write (a nonce set closed). */
    roomChanges?: Partial<RoomRecord>,
  ): Promise<Outcome<{ version: number }>> {
    const game = this.game;
    if (!game) return fail('NO_GAME');
    const { module } = game;
    const started = performance.now();
    // A retry is answered with its earlier result, even once the game is over; the same id
    // reused for another move is refused.
    const key = actionKey(seat, actionId);
    const earlier = game.actionIds.get(key);
    if (earlier !== undefined) {
      return (await this.loggedActionIs(earlier, action))
        ? { ok: true, version: earlier + 1 }
        : fail('DUPLICATE_ACTION');
    }
    if (this.record.status !== 'playing') return fail('NO_GAME');
    if (seat !== 'system' && module.drafts?.isDraft(action)) return this.draft(game, seat, action);
    // A real-time game's seats each have an action budget, spent before the engine is asked (a
    // refusal changes nothing and is not logged).
    if (seat !== 'system' && module.realTime && !this.spend(seat, module.realTime.budget)) {
      return fail('TOO_FAST');
    }
    const current = module.version(game.state);
    if (version !== null && module.checksVersion(action) && version !== current) {
      return fail('STALE_VERSION');
    }
    // The server's clock, for a game that needs it: game milliseconds (TIMER_SCALE shrinks the
    // game's times with its timers), never before the last stamp logged, whichever node made it.
    const at = module.clock
      ? Math.max(game.lastAt, Math.round(Date.now() / this.config.TIMER_SCALE))
      : undefined;
    const step = module.apply(game.state, seat, action, at);
    if (!step.ok) return { ok: false, code: step.error.code, message: step.error.message };
    const { state, events } = step.value;
    const entry: LogEntry =
      at === undefined
        ? { version: current, actionId, seat, action }
        : { version: current, actionId, seat, action, at };
    const finished = module.result(state) !== null;
    const snapshot =
      finished || module.checkpoint(events) || game.sinceSnapshot + 1 >= this.config.SNAPSHOT_EVERY
        ? state
        : null;
    const status = finished ? 'finished' : 'playing';
    const deadline = this.deadlineFor(module, state);
    // Most actions change only the game; the room record is rewritten when it changed.
    const roomChanged =
      roomChanges !== undefined ||
      status !== this.record.status ||
      deadline?.key !== this.record.deadline?.key ||
      deadline?.at !== this.record.deadline?.at;
    const record = roomChanged ? this.next({ ...roomChanges, status, deadline }) : this.record;
    let appended: boolean;
    try {
      appended = await this.store.appendAction(record, entry, snapshot, finished, roomChanged);
    } catch (error) {
      this.log.error({ err: error, seat }, 'storing an action failed');
      // The write may have landed without its answer: look again soon, so bots and timers go on.
      this.coordinator.arm(this.code, Date.now() + 1000);
      return fail('UNAVAILABLE');
    }
    if (!appended) throw new Conflict();
    this.record = record;
    const previous = game.state;
    game.state = state;
    game.actionIds.set(key, entry.version);
    if (at !== undefined) game.lastAt = at;
    game.sinceSnapshot = snapshot ? 0 : game.sinceSnapshot + 1;
    const counters = this.countersFor(module.id);
    (seat === 'system' ? counters.system : counters.seat).inc();
    counters.seconds.observe((performance.now() - started) / 1000);
    if (this.log.level === 'debug' || this.log.level === 'trace')
      this.log.debug({ seat, action, version: current + 1 }, 'action applied');
    if (finished) this.log.info('game over; secrets revealed');
    if (roomChanged) this.broadcastRoom();
    this.broadcastGame(events, previous);
    this.schedule();
    if (module.sessions) {
      await this.vacateDeparted();
      await this.openWantedNonceSet();
    }
    return { ok: true, version: current + 1 };
  }

  /**
   * A private draft (docs/platform.md, "Private drafts"): applied with no version step, kept as
   * the seat's latest draft apart from the log, and sent to that seat alone; nobody else receives
   * anything. Call inside `run`.
   */
  private async draft(
    game: Game,
    seat: number,
    action: unknown,
  ): Promise<Outcome<{ version: number }>> {
    const { module } = game;
    const version = module.version(game.state);
    const step = module.drafts!.step(game.state);
    if (step === null) return fail('BAD_REQUEST', 'There is nothing to write now.');
    const applied = module.apply(game.state, seat, action);
    if (!applied.ok) return { ok: false, code: applied.error.code, message: applied.error.message };
    if (module.version(applied.value.state) !== version || applied.value.events.length > 0)
      throw new Error(`${module.id}: a draft must take no version step and emit no events`);
    try {
      await this.store.saveDraft(this.code, this.record.gameNumber, seat, {
        step,
        version,
        action,
      });
    } catch (error) {
      this.log.error({ err: error, seat }, 'storing a draft failed');
      return fail('UNAVAILABLE');
    }
    game.state = applied.value.state;
    this.transport.toSeat(this.code, seat, {
      code: this.code,
      base: null,
      view: module.viewFor(game.state, seat),
      events: [],
      deadline: this.record.deadline,
    });
    return { ok: true, version };
  }

  /** The game's metrics with its label bound, made once per game id and node. */
  private countersFor(game: string) {
    return countersOf(this.metrics, game);
  }

  /**
   * Whether the current game's log holds `action` at `version`. Read from the store, one entry by
   * its key: the running game keeps only the ids, not the moves, and a retry (however often one
   * id is sent again) costs the same whatever the length of the log.
   */
  private async loggedActionIs(version: number, action: unknown): Promise<boolean> {
    const logged = await this.store.loadEntry(this.code, this.record.gameNumber, version);
    return logged !== null && sameJson(logged.action, JSON.parse(JSON.stringify(action)));
  }

  /** Whether the stand-in plays this member's seat (R23). */
  standsIn(memberId: string, seat: number): boolean {
    const record = this.record.seats[seat];
    return record?.standIn === true && record.memberId === memberId;
  }

  /** R23: a player who acts on a seat the stand-in plays takes it back (call inside `run`). */
  async takeBack(memberId: string, seat: number): Promise<void> {
    const record = this.record.seats[seat];
    if (record && this.standsIn(memberId, seat)) {
      await this.commitRoom({
        seats: replace(this.record.seats, seat, { ...record, standIn: false, steppedAway: false }),
      });
    }
  }

  /**
   * R23 (room:takeBack): the seat's player takes it back from the stand-in while connected; a seat
   * already theirs is left as it is, so a retry is safe. Call inside `run`.
   */
  async reclaim(memberId: string): Promise<Outcome> {
    const seat = this.member(memberId)?.seat;
    if (seat == null) return fail('NOT_SEATED');
    if (this.record.status !== 'playing') return fail('NO_GAME');
    await this.takeBack(memberId, seat);
    return { ok: true };
  }

  // ---------------------------------------------------------------- timers and bots

  /** The running timer's deadline (R26): kept while its key is current, else a new one. */
  private deadlineFor(module: AnyGameModule, state: unknown): RoomRecord['deadline'] {
    const timer = module.timer(state);
    if (timer === null) return null;
    const stored = this.record.deadline;
    if (stored && stored.key === timer.key) return stored;
    return { key: timer.key, at: Date.now() + timer.seconds * 1000 * this.config.TIMER_SCALE };
  }

  /** Bots, and R23/R24's stand-in for seats handed over or left. */
  private isAutomatic(seat: number): boolean {
    const record = this.record.seats[seat];
    return record !== undefined && (record.kind === 'bot' || record.standIn);
  }

  private automaticSeat(): number | undefined {
    const game = this.game;
    return game ? game.module.pendingSeats(game.state).find((s) => this.isAutomatic(s)) : undefined;
  }

  /** The level a seat's automatic player plays at: its bot's, or the game's stand-in. */
  private levelOf(seat: number): BotLevel {
    const record = this.record.seats[seat]!;
    return record.kind === 'bot' && record.botLevel !== null
      ? record.botLevel
      : this.game!.module.standInLevel;
  }

  /** How long the automatic player of `seat` waits before its move (the module's pace). */
  private botDelay(game: Game, seat: number): number {
    const level = this.levelOf(seat);
    const pace = game.module.botPace(game.module.viewFor(game.state, seat), level);
    if (pace === 'think') return this.config.BOT_DELAY_MS;
    // Simultaneous steps and "ready" need no human-like pause.
    if (pace === 'instant') return Math.min(this.config.BOT_DELAY_MS, 50);
    return pace.ms * this.config.TIMER_SCALE;
  }

  /** When this room next needs looking at: the nonce deadline, host grace, a bot move, a timer. */
  private nextWake(now: number): number | null {
    if (this.closed) return null;
    const r = this.record;
    const times: number[] = [];
    // Paused: look again now and then, in case the nodes thought gone were only slow. A nonce
    // set waits too (its deadline moves on when someone is back).
    if (this.paused) return now + this.config.NODE_TTL_MS;
    if (collecting(r.commit)) times.push(r.commit.deadline);
    const host = this.member(r.hostId);
    if (host && !this.isConnected(host.id) && this.anyHumanConnected()) {
      times.push(now - this.awayFor(host.id, now) + this.config.HOST_GRACE_MS);
    }
    if (r.status === 'playing' && this.game?.module.realTime) {
      times.push(...this.botClockTimes(this.game, now));
      if (r.deadline) times.push(this.timerDue(r.deadline));
    } else if (r.status === 'playing' && this.game) {
      const seat = this.automaticSeat();
      if (seat !== undefined) {
        const version = this.game.module.version(this.game.state);
        if (this.bot?.version !== version)
          this.bot = { version, at: now + this.botDelay(this.game, seat) };
        times.push(this.bot.at);
      }
      if (r.deadline) times.push(this.timerDue(r.deadline));
    }
    return times.length ? Math.min(...times) : null;
  }

  /** Arms the room's next wake-up with the coordinator. */
  schedule(): void {
    this.coordinator.arm(this.code, this.nextWake(Date.now()));
  }

  /** The room is due: do what has come due (call inside `run`). */
  async tick(): Promise<void> {
    const now = Date.now();
    const r = this.record;
    if (this.closed) return;
    if (collecting(r.commit) && r.commit.deadline <= now && !this.paused) {
      await this.advanceNonceSet(r.commit, true);
      return;
    }
    if (!this.paused) {
      const host = this.member(r.hostId);
      if (
        host &&
        !this.isConnected(host.id) &&
        this.awayFor(host.id, now) >= this.config.HOST_GRACE_MS
      ) {
        const next = this.nextHost(host.seat, host.id);
        if (next) {
          this.log.info({ from: host.id, to: next.id }, 'host passed on after the grace period');
          await this.commitRoom({ hostId: next.id });
          return;
        }
      }
      const game = this.game;
      if (r.status === 'playing' && game?.module.realTime) {
        for (const [seat, at] of this.botClocks) {
          if (at > now) continue;
          await this.playOnOwnClock(game, seat);
          this.schedule();
          return;
        }
      } else if (r.status === 'playing' && game) {
        const seat = this.automaticSeat();
        const version = game.module.version(game.state);
        if (seat !== undefined && (this.bot?.version !== version || this.bot.at <= now)) {
          await this.playAutomatic(seat);
          return;
        }
      }
      if (r.status === 'playing' && game) {
        if (
          r.deadline &&
          this.timerDue(r.deadline) <= now &&
          game.module.timer(game.state)?.key === r.deadline.key
        ) {
          await this.fireTimer(r.deadline.key);
          return;
        }
      }
    }
    this.schedule();
  }

  /**
   * Real-time games: each automatic seat on its own clock. A seat not yet scheduled looks at the
   * table one pace from now; one that found nothing to do looks again once the table has moved.
   * Seats no longer automatic or awaited are forgotten.
   */
  private botClockTimes(game: Game, now: number): number[] {
    const version = game.module.version(game.state);
    const seats = new Set(game.module.pendingSeats(game.state).filter((s) => this.isAutomatic(s)));
    for (const seat of this.botClocks.keys()) if (!seats.has(seat)) this.botClocks.delete(seat);
    for (const seat of seats) {
      if (this.botClocks.has(seat) || this.botIdle.get(seat) === version) continue;
      this.botIdle.delete(seat);
      this.botClocks.set(seat, now + this.botDelay(game, seat));
    }
    return [...this.botClocks.values()];
  }

  /** A real-time game's automatic seat whose clock came due: it acts from its view, or waits. */
  private async playOnOwnClock(game: Game, seat: number): Promise<void> {
    const { module } = game;
    this.botClocks.delete(seat);
    const version = module.version(game.state);
    const seed = (version * 31 + seat) | 0;
    const action = module.chooseBot(
      module.viewFor(game.state, seat),
      this.levelOf(seat),
      seed,
      module.botRandom?.(game.state, seat),
    );
    if (action === null) {
      this.botIdle.set(seat, version);
      return;
    }
    const result = await this.act(seat, `bot:${version}:${seat}`, action, null);
    // Refused (the table moved under it, its budget): it looks again one pace from now.
    if (!result.ok) this.log.debug({ seat, code: result.code }, 'a bot move was refused');
  }

  /** Takes one token from a seat's budget (refilled continuously); false when none is left. */
  private spend(seat: number, budget: { burst: number; perSecond: number }): boolean {
    const now = Date.now();
    // The budget runs on the game's clock too: TIMER_SCALE speeds it up with everything else.
    const rate = budget.perSecond / 1000 / this.config.TIMER_SCALE;
    const bucket = this.buckets.get(seat) ?? { tokens: budget.burst, at: now };
    bucket.tokens = Math.min(budget.burst, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    this.buckets.set(seat, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private async playAutomatic(seat: number): Promise<void> {
    const game = this.game!;
    const { module } = game;
    const version = module.version(game.state);
    const seed = (version * 31 + seat) | 0;
    const view = module.viewFor(game.state, seat);
    // A game may name a stand-in that is none of its bots (module.chooseStandIn).
    const record = this.record.seats[seat]!;
    const action =
      record.kind !== 'bot' && module.chooseStandIn
        ? module.chooseStandIn(view, seed)
        : // A game that commits to its bots' choices draws them from its stream (botRandom).
          module.chooseBot(view, this.levelOf(seat), seed, module.botRandom?.(game.state, seat));
    if (action === null) return;
    // A colon, which no client's actionId may hold: a player cannot take the id of the stand-in's
    // move in their seat beforehand (it would be answered as a duplicate, and the seat stall).
    const result = await this.act(seat, `bot:${version}:${seat}`, action, version);
    if (!result.ok) {
      this.log.error({ seat, code: result.code }, 'a bot move was refused');
      // Tried again later, not at once: a refusal that lasts must not spin the room, and a turn
      // timer due meanwhile still ends the turn.
      this.bot = { version, at: Date.now() + RETRY_MS };
      this.schedule();
    }
  }

  private async fireTimer(key: string): Promise<void> {
    const game = this.game!;
    const standIn = game.module.standIn(game.state, key, game.module.version(game.state));
    const result = await this.act(
      'system',
      `timeout-${key}`,
      { type: 'timeout', key, standIn },
      null,
    );
    if (!result.ok) {
      this.log.error({ key, code: result.code }, 'a timeout was refused');
      this.timerRetry = { key, at: Date.now() + RETRY_MS };
      this.schedule();
    }
  }

  /** When the running timer is due: its deadline, or later if its timeout was refused. */
  private timerDue(deadline: { key: string; at: number }): number {
    const retry = this.timerRetry;
    return retry?.key === deadline.key ? Math.max(deadline.at, retry.at) : deadline.at;
  }

  // ---------------------------------------------------------------- restore and close

  /** Rebuilds the room's game from a snapshot and the log after it. */
  restore(loaded: LoadedRoom): void {
    this.record = withCurrentCommit(loaded.room, this.config.NONCE_TIMEOUT_MS);
    const game = loaded.game;
    if (!game || (loaded.room.status !== 'playing' && loaded.room.status !== 'finished')) {
      this.game = null;
      return;
    }
    const module = requireGame(game.header.game, game.header.rulesVersion);
    let state: unknown;
    if (game.snapshot) {
      try {
        state = applyLog(module, game.snapshot, game.tail);
      } catch (error) {
        throw new Error(`Room ${this.code}: ${String(error)}`);
      }
    } else {
      const replayed = replay(module, { ...game.header, log: game.tail });
      if (!replayed.ok)
        throw new Error(`Room ${this.code}: the log does not replay (${replayed.error.code})`);
      state = replayed.value.state;
    }
    state = withDrafts(module, state, game.snapshot, game.tail, game.drafts);
    this.game = {
      module,
      state,
      header: game.header,
      actionIds: new Map(game.actionIds),
      sinceSnapshot: game.tail.length,
      lastAt: Math.max(0, ...game.tail.map((entry) => entry.at ?? 0)),
    };
  }

  /** Sockets open on this node. */
  get localSockets(): number {
    let count = 0;
    for (const n of this.sockets.values()) count += n;
    return count;
  }

  /**
   * A game cut short (its room expires) ends with its secrets revealed (§8.4). Throws when the
   * abandon could not be written, so that the room is not deleted without it.
   */
  async abandon(): Promise<void> {
    if (this.record.status === 'playing' && this.game) {
      const version = this.game.module.version(this.game.state);
      const result = await this.act('system', `abandon-${version}`, { type: 'abandon' }, null);
      if (!result.ok) throw new StoreUnavailable(`the abandon was refused: ${result.code}`);
    }
  }

  /** No more timers or bot moves; `gone`: the room is deleted, so no more operations either. */
  close(gone = false): void {
    this.closed = true;
    if (gone) this.gone = true;
    this.coordinator.arm(this.code, null);
  }

  /** Several nodes: another node took the room over; what waits in its line is sent there. */
  loseToAnotherNode(): void {
    this.lost = true;
    this.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  idleFor(now: number): number {
    return this.anyHumanConnected() ? 0 : now - this.record.lastActivity;
  }
}

export const EMPTY_SEAT: SeatRecord = {
  kind: 'empty',
  memberId: null,
  botLevel: null,
  standIn: false,
};

function humanSeat(memberId: string): SeatRecord {
  return { kind: 'human', memberId, botLevel: null, standIn: false };
}

function replace<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

/** The entries of `record` whose keys are in `keys`. */
function pick<T>(
  record: Readonly<Record<string, T>>,
  keys: ReadonlySet<string>,
): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key)));
}

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every(
    (key) =>
      Object.hasOwn(bRecord, key) && sameJson((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

/**
 * A room record whose nonce collection is of today's kind. One written before nonces came in
 * two steps and still collecting them starts its collection again, in two steps, under the same
 * commitments (nothing was dealt yet); a game already dealt keeps its nonces as they were.
 */
function withCurrentCommit(record: RoomRecord, nonceTimeoutMs: number): RoomRecord {
  const commit = record.commit;
  if (!commit || commit.step !== undefined) return record;
  const none = commit.nonces.map(() => null);
  const legacy: CommitRecord =
    record.status === 'starting'
      ? {
          ...commit,
          epoch: 0,
          step: 'hashes',
          hashes: none,
          nonces: none,
          deadline: Date.now() + nonceTimeoutMs,
        }
      : { ...commit, epoch: 0, step: 'done', hashes: none };
  return { ...record, commit: legacy };
}

/** Whether a nonce set is being collected (its hashes or its nonces). */
function collecting(commit: CommitRecord | null): commit is CommitRecord {
  return commit !== null && (commit.step === 'hashes' || commit.step === 'nonces');
}

/** Each viewer's whole view: the module's shared build when it has one. */
/**
 * The seats' kept drafts put back into a rebuilt state: each into the writing step it was made in,
 * unless the seat has acted in public since (its Done carried its hand) or the snapshot the state
 * grew from is later than the draft (the snapshot holds it already).
 */
function withDrafts(
  module: AnyGameModule,
  state: unknown,
  snapshot: unknown,
  tail: readonly LogEntry[],
  drafts: ReadonlyMap<number, StoredDraft>,
): unknown {
  const kept = module.drafts;
  if (!kept) return state;
  const from = snapshot ? module.version(snapshot) : 0;
  let restored = state;
  for (const [seat, draft] of drafts) {
    if (draft.step !== kept.step(restored) || draft.version < from) continue;
    if (tail.some((entry) => entry.seat === seat && entry.version >= draft.version)) continue;
    const applied = module.apply(restored, seat, draft.action);
    if (applied.ok) restored = applied.value.state;
  }
  return restored;
}

function viewsFor(module: AnyGameModule, state: unknown, viewers: readonly Viewer[]): unknown[] {
  return module.viewsFor
    ? module.viewsFor(state, viewers)
    : viewers.map((viewer) => module.viewFor(state, viewer));
}

/** Each viewer's events: the module's shared build when it has one. */
function eventsFor(
  module: AnyGameModule,
  events: readonly unknown[],
  viewers: readonly Viewer[],
): unknown[][] {
  return module.eventsFor
    ? module.eventsFor(events, viewers)
    : viewers.map((viewer) => events.map((event) => module.eventFor(event, viewer)));
}

/** A settings change the game refused: a malformed request, said with the game's reason. */
function badSettings(error: RuleError): Failure {
  return fail('BAD_REQUEST', `${SERVER_ERRORS.BAD_REQUEST} ${error.message}`);
}

/** A part of a request that its game's schema refused: where and why, as for the envelope. */
export function malformed(part: string, error: ZodError): Failure {
  const issue = error.issues[0];
  const path = [part, ...(issue?.path ?? []).map(String)].join('.');
  return fail('BAD_REQUEST', `${SERVER_ERRORS.BAD_REQUEST} (${path}: ${issue?.message})`);
}

/** Whether the game can be played with this many seats under these settings. */
export function checkSeats(
  module: AnyGameModule,
  settings: unknown,
  seatCount: number,
): Failure | null {
  if (seatCount < module.seats.min || seatCount > module.seats.max) {
    return fail(
      'BAD_REQUEST',
      `${module.title} is played by ${module.seats.min} to ${module.seats.max} seats.`,
    );
  }
  const refusal = module.checkSeats?.(settings, seatCount);
  return refusal ? fail('BAD_REQUEST', refusal.message) : null;
}

type Counters = {
  seat: { inc(): void };
  system: { inc(): void };
  seconds: { observe(value: number): void };
};
const counters = new WeakMap<Metrics, Map<string, Counters>>();

/** A game's action counters with their labels bound once (labelling on every action costs). */
function countersOf(metrics: Metrics, game: string): Counters {
  let byGame = counters.get(metrics);
  if (!byGame) counters.set(metrics, (byGame = new Map<string, Counters>()));
  let found = byGame.get(game);
  if (!found) {
    found = {
      seat: metrics.actions.labels({ kind: 'seat', game }),
      system: metrics.actions.labels({ kind: 'system', game }),
      seconds: metrics.actionSeconds.labels({ game }),
    };
    byGame.set(game, found);
  }
  return found;
}
