import { createHash, randomBytes } from 'node:crypto';
import {
  applyAction,
  chooseBotAction,
  commitment,
  createGame,
  currentTimer,
  eventFor,
  isTurnAction,
  pendingSeats,
  replay,
  standInActions,
  viewFor,
} from '@trepenta/rules';
import type {
  Action,
  BotLevel,
  GameEvent,
  GameSettings,
  GameState,
  LogEntry,
  PlayerAction,
  Viewer,
} from '@trepenta/rules';
import { SERVER_ERRORS } from '@trepenta/protocol';
import type {
  ChatMessage,
  ErrorAck,
  GameUpdate,
  RoomView,
  ServerErrorCode,
  You,
} from '@trepenta/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Metrics } from './metrics';
import { actionKey } from './store/types';
import type {
  GameHeader,
  LoadedRoom,
  MemberRecord,
  RoomRecord,
  RoomStore,
  SeatRecord,
} from './store/types';

/** How the room reaches people; Socket.IO implements it, tests may use a fake. */
export interface Transport {
  toSeat(code: string, seat: number, update: GameUpdate): void;
  toSpectators(code: string, update: GameUpdate): void;
  roomState(code: string, room: RoomView): void;
  chat(code: string, message: ChatMessage): void;
  /** Moves a member's sockets into the channels for their role and seat. */
  placeMember(code: string, memberId: string, seat: number | null): void;
  closeMember(code: string, memberId: string, reason: 'kicked' | 'expired' | 'left'): void;
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
  state: GameState;
  header: GameHeader;
  actionIds: Map<string, number>;
  sinceSnapshot: number;
}

/**
 * One room: its members and seats, and the authority over its game. Everything that changes the
 * room runs through `serial`, one operation at a time, in arrival order.
 */
export class Room {
  record: RoomRecord;
  game: Game | null = null;
  /** Live sockets per member (this process). */
  private readonly connections = new Map<string, number>();
  private readonly awaySince = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private botTimer: NodeJS.Timeout | null = null;
  private hostTimer: NodeJS.Timeout | null = null;
  private nonceTimer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly log: FastifyBaseLogger;

  constructor(
    record: RoomRecord,
    private readonly store: RoomStore,
    private readonly transport: Transport,
    private readonly config: Config,
    private readonly metrics: Metrics,
    logger: FastifyBaseLogger,
  ) {
    this.record = record;
    this.log = logger.child({ room: record.code });
    const now = Date.now();
    for (const member of record.members) this.awaySince.set(member.id, now);
  }

  get code(): string {
    return this.record.code;
  }

  /** Runs one operation after every earlier one of this room has finished. */
  serial<T>(operation: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---------------------------------------------------------------- views

  member(id: string | null): MemberRecord | undefined {
    return id === null ? undefined : this.record.members.find((m) => m.id === id && !m.kicked);
  }

  memberByToken(token: string): MemberRecord | undefined {
    const hash = hashToken(token);
    return this.record.members.find((m) => m.tokenHash === hash);
  }

  isConnected(memberId: string): boolean {
    return (this.connections.get(memberId) ?? 0) > 0;
  }

  humansConnected(): number {
    let count = 0;
    for (const member of this.record.members)
      if (!member.kicked && this.isConnected(member.id)) count++;
    return count;
  }

  view(): RoomView {
    const r = this.record;
    const members = r.members.filter((m) => !m.kicked);
    return {
      code: r.code,
      status: r.status,
      paused: this.paused,
      locked: r.locked,
      settings: r.settings,
      seatCount: r.seatCount,
      seats: r.seats.slice(0, r.seatCount).map((seat, index) => {
        const member = this.member(seat.memberId);
        return {
          seat: index,
          kind: seat.kind,
          memberId: seat.memberId,
          nickname: member?.nickname ?? null,
          botLevel: seat.botLevel,
          connected: seat.kind === 'bot' || (member !== undefined && this.isConnected(member.id)),
          standIn: seat.standIn,
          awaySince:
            member && !this.isConnected(member.id) ? (this.awaySince.get(member.id) ?? null) : null,
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
            nonceDeadline: r.commit.deadline,
          }
        : null,
      deadline: r.deadline,
    };
  }

  you(member: MemberRecord, token: string): You {
    return {
      memberId: member.id,
      token,
      seat: member.seat,
      host: this.record.hostId === member.id,
    };
  }

  gameUpdate(viewer: Viewer, events: readonly GameEvent[] = []): GameUpdate | null {
    if (!this.game) return null;
    return {
      code: this.code,
      view: viewFor(this.game.state, viewer),
      events: events.map((event) => eventFor(event, viewer)),
    };
  }

  viewerOf(member: MemberRecord | undefined): Viewer {
    return member?.seat ?? 'spectator';
  }

  private broadcastRoom(): void {
    this.transport.roomState(this.code, this.view());
  }

  private broadcastGame(events: readonly GameEvent[]): void {
    const game = this.game;
    if (!game) return;
    for (let seat = 0; seat < game.state.seatCount; seat++) {
      this.transport.toSeat(this.code, seat, this.gameUpdate(seat, events)!);
    }
    this.transport.toSpectators(this.code, this.gameUpdate('spectator', events)!);
  }

  // ---------------------------------------------------------------- persistence

  private update(changes: Partial<RoomRecord>): void {
    this.record = { ...this.record, ...changes, lastActivity: Date.now() };
  }

  private async save(): Promise<void> {
    await this.store.saveRoom(this.record);
  }

  /** Commits a lobby change and tells everyone. */
  private async commitRoom(changes: Partial<RoomRecord>): Promise<void> {
    const before = this.record;
    this.update(changes);
    try {
      await this.save();
    } catch (error) {
      this.record = before;
      throw error;
    }
    this.broadcastRoom();
  }

  // ---------------------------------------------------------------- connections

  connect(memberId: string): void {
    const before = this.connections.get(memberId) ?? 0;
    this.connections.set(memberId, before + 1);
    if (before > 0) return;
    this.awaySince.delete(memberId);
    const member = this.member(memberId);
    if (member?.seat != null) {
      const seat = this.record.seats[member.seat];
      // R23: a returning player takes the seat back from the stand-in.
      if (seat?.standIn && seat.memberId === memberId) {
        this.update({
          seats: replace(this.record.seats, member.seat, { ...seat, standIn: false }),
        });
        void this.save().catch((error: unknown) =>
          this.log.error({ err: error }, 'saving a returned seat failed'),
        );
      }
    }
    if (this.hostTimer && this.record.hostId === memberId) {
      clearTimeout(this.hostTimer);
      this.hostTimer = null;
    }
    if (this.pausedFlag) {
      this.pausedFlag = false;
      this.log.info('resumed: a player is back');
      this.schedule(true);
    }
    this.broadcastRoom();
  }

  disconnect(memberId: string): void {
    const left = (this.connections.get(memberId) ?? 1) - 1;
    if (left > 0) {
      this.connections.set(memberId, left);
      return;
    }
    this.connections.delete(memberId);
    this.awaySince.set(memberId, Date.now());
    if (this.closed) return;
    if (this.record.hostId === memberId && !this.hostTimer) {
      this.hostTimer = setTimeout(() => {
        this.hostTimer = null;
        void this.serial(() => this.hostGraceOver());
      }, this.config.HOST_GRACE_MS);
      this.hostTimer.unref();
    }
    if (
      this.humansConnected() === 0 &&
      (this.record.status === 'playing' || this.record.status === 'starting')
    ) {
      this.pausedFlag = true;
      this.log.info('paused: nobody is connected');
      this.clearTimers();
    }
    this.broadcastRoom();
  }

  private pausedFlag = false;
  get paused(): boolean {
    return this.pausedFlag;
  }

  private async hostGraceOver(): Promise<void> {
    const host = this.member(this.record.hostId);
    if (host && this.isConnected(host.id)) return;
    const next = this.nextHost(host?.seat ?? null, host?.id ?? null);
    if (next === null) return;
    this.log.info({ from: host?.id, to: next.id }, 'host passed on after the grace period');
    await this.commitRoom({ hostId: next.id });
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
    const wanted = nickname.toLocaleLowerCase();
    return this.record.members.some(
      (m) => !m.kicked && m.id !== except && m.nickname.toLocaleLowerCase() === wanted,
    );
  }

  /** A new member; players sit at the first free seat while the room is in its lobby. */
  async addMember(
    nickname: string,
    role: 'player' | 'spectator',
  ): Promise<Outcome<{ member: MemberRecord; token: string }>> {
    const active = this.record.members.filter((m) => !m.kicked);
    if (active.length >= this.config.MAX_MEMBERS) return fail('ROOM_FULL');
    if (
      role === 'spectator' &&
      active.filter((m) => m.seat === null).length >= this.config.MAX_SPECTATORS
    ) {
      return fail('SPECTATORS_FULL');
    }
    if (role === 'player' && this.record.locked) return fail('ROOM_LOCKED');
    if (this.nicknameTaken(nickname)) return fail('NICKNAME_TAKEN');
    const token = newToken();
    const free = this.record.status === 'lobby' && role === 'player' ? this.freeSeat() : null;
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

  private freeSeat(): number | null {
    for (let seat = 0; seat < this.record.seatCount; seat++)
      if (this.record.seats[seat]?.kind === 'empty') return seat;
    return null;
  }

  private setMember(member: MemberRecord): MemberRecord[] {
    return this.record.members.map((m) => (m.id === member.id ? member : m));
  }

  async sit(memberId: string, seat: number): Promise<Outcome<{ member: MemberRecord }>> {
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'Seats can be changed only in the lobby.');
    const member = this.member(memberId)!;
    if (seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    const target = this.record.seats[seat]!;
    if (target.kind !== 'empty' && target.memberId !== memberId) return fail('SEAT_TAKEN');
    if (member.role === 'player' && this.record.locked && member.seat === null)
      return fail('ROOM_LOCKED');
    let seats = this.record.seats;
    if (member.seat !== null) seats = replace(seats, member.seat, EMPTY_SEAT);
    seats = replace(seats, seat, humanSeat(memberId));
    const moved: MemberRecord = { ...member, seat, role: 'player' };
    await this.commitRoom({ seats, members: this.setMember(moved) });
    this.transport.placeMember(this.code, memberId, seat);
    return { ok: true, member: moved };
  }

  async stand(memberId: string): Promise<Outcome<{ member: MemberRecord }>> {
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'Seats can be changed only in the lobby.');
    const member = this.member(memberId)!;
    if (member.seat === null) return { ok: true, member };
    const moved: MemberRecord = { ...member, seat: null };
    await this.commitRoom({
      seats: replace(this.record.seats, member.seat, EMPTY_SEAT),
      members: this.setMember(moved),
    });
    this.transport.placeMember(this.code, memberId, null);
    return { ok: true, member: moved };
  }

  async setBot(memberId: string, seat: number, level: BotLevel | null): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'Bots can be changed only in the lobby.');
    if (seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    const current = this.record.seats[seat]!;
    if (current.kind === 'human') return fail('SEAT_TAKEN');
    const next: SeatRecord =
      level === null
        ? EMPTY_SEAT
        : { kind: 'bot', memberId: null, botLevel: level, standIn: false };
    await this.commitRoom({ seats: replace(this.record.seats, seat, next) });
    return { ok: true };
  }

  async configure(
    memberId: string,
    settings: GameSettings | undefined,
    seatCount: number | undefined,
  ): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby' && this.record.status !== 'finished') {
      return fail('WRONG_STATUS', 'The rules can be changed only before a game or after it.');
    }
    let seats = this.record.seats;
    let members = this.record.members;
    const count = seatCount ?? this.record.seatCount;
    // Seats beyond the new count are emptied; their players stay as spectators.
    for (let seat = count; seat < seats.length; seat++) {
      const memberIdAt = seats[seat]!.memberId;
      if (memberIdAt) {
        members = members.map((m) => (m.id === memberIdAt ? { ...m, seat: null } : m));
        this.transport.placeMember(this.code, memberIdAt, null);
      }
      seats = replace(seats, seat, EMPTY_SEAT);
    }
    await this.commitRoom({
      settings: settings ?? this.record.settings,
      seatCount: count,
      seats,
      members,
    });
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
      const inGame = this.record.status === 'playing' || this.record.status === 'starting';
      seats = replace(
        seats,
        member.seat,
        inGame ? { ...seats[member.seat]!, standIn: true } : EMPTY_SEAT,
      );
    }
    const members = kicking
      ? this.setMember({ ...member, kicked: true })
      : this.record.members.filter((m) => m.id !== memberId);
    const hostId =
      this.record.hostId === memberId
        ? (this.nextHost(member.seat, memberId)?.id ?? null)
        : this.record.hostId;
    this.connections.delete(memberId);
    await this.commitRoom({ seats, members, hostId });
    this.transport.closeMember(this.code, memberId, kicking ? 'kicked' : 'left');
    this.schedule(false);
    return { ok: true };
  }

  /** R23: the host hands a player's seat to the stand-in after 30 s away; a player may ask for it. */
  async handOver(by: string, seat: number): Promise<Outcome> {
    if (this.record.status !== 'playing') return fail('NO_GAME');
    const target = this.record.seats[seat];
    if (!target || seat >= this.record.seatCount) return fail('NO_SUCH_SEAT');
    if (target.kind !== 'human' || target.standIn)
      return fail('WRONG_STATUS', 'That seat is not played by a person.');
    if (target.memberId !== by) {
      const refusal = this.requireHost(by);
      if (refusal) return refusal;
      if (this.isConnected(target.memberId!)) return fail('SEAT_CONNECTED');
      const away = this.awaySince.get(target.memberId!) ?? Date.now();
      if (Date.now() - away < this.config.HANDOVER_AFTER_MS) return fail('TOO_EARLY');
    }
    await this.commitRoom({
      seats: replace(this.record.seats, seat, { ...target, standIn: true }),
    });
    this.schedule(false);
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
    this.update({
      chat: [...this.record.chat, message].slice(-200),
      nextChatId: this.record.nextChatId + 1,
    });
    await this.save();
    this.transport.chat(this.code, message);
    return { ok: true };
  }

  // ---------------------------------------------------------------- starting a game (§8)

  async start(memberId: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'lobby')
      return fail('WRONG_STATUS', 'The game has already started.');
    const seats = this.record.seats.slice(0, this.record.seatCount);
    if (seats.some((seat) => seat.kind === 'empty')) return fail('SEATS_NOT_READY');
    const gameId = randomBytes(12).toString('base64url');
    // The secrets come from the OS generator and stay on the server until the game ends.
    const secrets = [1, 2, 3, 4, 5].map(() => hex256());
    const commitments = secrets.map((secret, i) => commitment(gameId, i + 1, secret));
    const nonces = seats.map((seat) => (seat.kind === 'bot' ? hex256() : null));
    const deadline = Date.now() + this.config.NONCE_TIMEOUT_MS;
    await this.commitRoom({
      status: 'starting',
      gameNumber: this.record.gameNumber + 1,
      commit: { gameId, secrets, commitments, nonces, deadline },
      deadline: null,
    });
    this.log.info({ gameId }, 'game committed; collecting nonces');
    if (nonces.every((n) => n !== null)) await this.finishStart();
    else this.armNonceTimer();
    return { ok: true };
  }

  private armNonceTimer(): void {
    const commit = this.record.commit;
    if (!commit || this.nonceTimer) return;
    this.nonceTimer = setTimeout(
      () => {
        this.nonceTimer = null;
        void this.serial(() => this.finishStart()).catch((error: unknown) =>
          this.log.error({ err: error }, 'starting the game failed'),
        );
      },
      Math.max(0, commit.deadline - Date.now()),
    );
    this.nonceTimer.unref();
  }

  async nonce(memberId: string, gameId: string, nonce: string): Promise<Outcome> {
    const commit = this.record.commit;
    if (this.record.status !== 'starting' || !commit || commit.gameId !== gameId) {
      return fail('WRONG_STATUS', 'No deal is waiting for a nonce.');
    }
    const member = this.member(memberId);
    if (member?.seat == null) return fail('NOT_SEATED');
    if (commit.nonces[member.seat] !== null) return { ok: true };
    const nonces = replace(commit.nonces, member.seat, nonce);
    this.update({ commit: { ...commit, nonces } });
    await this.save();
    if (nonces.every((n) => n !== null)) await this.finishStart();
    return { ok: true };
  }

  /** After the commitments were published and the nonces collected (or timed out): the deal. */
  private async finishStart(): Promise<void> {
    const commit = this.record.commit;
    if (this.record.status !== 'starting' || !commit) return;
    if (this.nonceTimer) {
      clearTimeout(this.nonceTimer);
      this.nonceTimer = null;
    }
    const randomness = {
      gameId: commit.gameId,
      secrets: commit.secrets,
      nonces: commit.nonces.map((n) => n ?? hex256()),
    };
    const created = createGame(this.record.settings, this.record.seatCount, randomness);
    if (!created.ok) {
      this.log.error({ code: created.error.code }, 'could not create the game');
      await this.commitRoom({ status: 'lobby', commit: null });
      return;
    }
    const header: GameHeader = {
      settings: this.record.settings,
      seatCount: this.record.seatCount,
      randomness,
      commitments: commit.commitments,
      names: this.record.seats.slice(0, this.record.seatCount).map((seat) => this.seatName(seat)),
    };
    const state = created.value;
    this.update({ status: 'playing', commit: { ...commit, nonces: randomness.nonces } });
    this.update({ deadline: this.deadlineFor(state, false) });
    await this.store.startGame(this.record, header, state);
    this.game = { state, header, actionIds: new Map(), sinceSnapshot: 0 };
    this.metrics.gamesStarted.inc();
    this.broadcastRoom();
    this.broadcastGame([]);
    this.schedule(false);
  }

  private seatName(seat: SeatRecord): string {
    if (seat.kind === 'bot') return `Bot (${seat.botLevel})`;
    return this.member(seat.memberId)?.nickname ?? 'Player';
  }

  async rematch(memberId: string): Promise<Outcome> {
    const refusal = this.requireHost(memberId);
    if (refusal) return refusal;
    if (this.record.status !== 'finished') return fail('WRONG_STATUS', 'The game is not over yet.');
    // Seats whose players left are freed; everyone else keeps their seat for the next game.
    const seats = this.record.seats.map((seat) =>
      seat.kind === 'human' && !this.member(seat.memberId)
        ? EMPTY_SEAT
        : { ...seat, standIn: false },
    );
    this.game = null;
    this.clearTimers();
    await this.commitRoom({ status: 'lobby', seats, commit: null, deadline: null });
    return { ok: true };
  }

  // ---------------------------------------------------------------- the action pipeline

  /**
   * One action, in order: duplicate id → version (turn actions, R25) → rules → persist → ack →
   * views to everyone → what follows. Call inside `serial`.
   */
  async act(
    seat: number | 'system',
    actionId: string,
    action: Action,
    version: number | null,
  ): Promise<Outcome<{ version: number }>> {
    const game = this.game;
    if (!game || this.record.status !== 'playing') return fail('NO_GAME');
    const started = performance.now();
    const earlier = game.actionIds.get(actionKey(seat, actionId));
    if (earlier !== undefined) return { ok: true, version: earlier + 1 };
    if (version !== null && isTurnAction(action) && version !== game.state.version) {
      this.metrics.errors.inc({ code: 'STALE_VERSION' });
      return fail('STALE_VERSION');
    }
    const step = applyAction(game.state, seat, action);
    if (!step.ok) {
      this.metrics.errors.inc({ code: step.error.code });
      return { ok: false, code: step.error.code, message: step.error.message };
    }
    const { state, events } = step.value;
    const entry: LogEntry = { version: game.state.version, actionId, seat, action };
    const finished = state.phase === 'gameOver';
    const roundOver = events.some((e) => e.type === 'roundScored');
    const snapshot =
      finished || roundOver || game.sinceSnapshot + 1 >= this.config.SNAPSHOT_EVERY ? state : null;
    const before = this.record;
    this.update({
      status: finished ? 'finished' : 'playing',
      deadline: this.deadlineFor(state, false),
    });
    let appended: boolean;
    try {
      // Most actions change only the game; the room record is rewritten when it changed.
      const roomChanged =
        before.status !== this.record.status ||
        before.deadline?.key !== this.record.deadline?.key ||
        before.deadline?.at !== this.record.deadline?.at;
      appended = await this.store.appendAction(this.record, entry, snapshot, finished, roomChanged);
    } catch (error) {
      this.record = before;
      this.log.error({ err: error, seat }, 'storing an action failed');
      this.metrics.errors.inc({ code: 'UNAVAILABLE' });
      return fail('UNAVAILABLE');
    }
    if (!appended) {
      this.record = before;
      await this.reload();
      return fail('STALE_VERSION');
    }
    game.state = state;
    game.actionIds.set(actionKey(seat, actionId), entry.version);
    game.sinceSnapshot = snapshot ? 0 : game.sinceSnapshot + 1;
    this.metrics.actions.inc({ kind: seat === 'system' ? 'system' : 'seat' });
    this.metrics.actionSeconds.observe((performance.now() - started) / 1000);
    this.log.debug({ seat, type: action.type, version: state.version }, 'action applied');
    if (finished) {
      this.log.info('game over; secrets revealed');
      this.broadcastRoom();
    }
    this.broadcastGame(events);
    this.schedule(false);
    return { ok: true, version: state.version };
  }

  /** Another writer moved the game on (several nodes): take the stored state. */
  private async reload(): Promise<void> {
    const loaded = await this.store.loadRoom(this.code);
    if (loaded) this.restore(loaded);
  }

  // ---------------------------------------------------------------- timers and bots

  private deadlineFor(state: GameState, restarting: boolean): RoomRecord['deadline'] {
    const timer = currentTimer(state);
    if (timer === null) return null;
    const stored = this.record.deadline;
    const now = Date.now();
    if (stored && stored.key === timer.key) {
      // R26: a saved deadline resumes, with a short grace after a restart.
      return restarting
        ? { key: timer.key, at: Math.max(stored.at, now + this.config.RESTART_GRACE_MS) }
        : stored;
    }
    return { key: timer.key, at: now + timer.seconds * 1000 * this.config.TIMER_SCALE };
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.botTimer) clearTimeout(this.botTimer);
    this.timer = null;
    this.botTimer = null;
  }

  /** Arms what follows the current state: its timer (R26) and the bots' or stand-ins' moves. */
  schedule(restarting: boolean): void {
    this.clearTimers();
    const game = this.game;
    if (this.closed || this.pausedFlag) return;
    if (this.record.status === 'starting') {
      this.armNonceTimer();
      return;
    }
    if (!game || this.record.status !== 'playing') return;
    const deadline = this.deadlineFor(game.state, restarting);
    if (
      deadline &&
      (deadline.key !== this.record.deadline?.key || deadline.at !== this.record.deadline.at)
    ) {
      this.update({ deadline });
      void this.save().catch((error: unknown) =>
        this.log.error({ err: error }, 'saving a deadline failed'),
      );
    }
    if (deadline) {
      const key = deadline.key;
      this.timer = setTimeout(
        () => {
          this.timer = null;
          void this.serial(() => this.fireTimer(key)).catch((error: unknown) =>
            this.log.error({ err: error }, 'a timer failed'),
          );
        },
        Math.max(0, deadline.at - Date.now()),
      );
      this.timer.unref();
    }
    const automatic = pendingSeats(game.state).filter((seat) => this.isAutomatic(seat));
    if (automatic.length > 0) {
      this.botTimer = setTimeout(() => {
        this.botTimer = null;
        void this.serial(() => this.playAutomatic()).catch((error: unknown) =>
          this.log.error({ err: error }, 'a bot move failed'),
        );
      }, this.botDelay(game.state));
      this.botTimer.unref();
    }
  }

  private botDelay(state: GameState): number {
    // Simultaneous steps and "ready" need no human-like pause.
    return state.phase === 'turns' || state.phase === 'layoff'
      ? this.config.BOT_DELAY_MS
      : Math.min(this.config.BOT_DELAY_MS, 50);
  }

  /** Bots, and R23/R24's stand-in for seats handed over or left. */
  private isAutomatic(seat: number): boolean {
    const record = this.record.seats[seat];
    return record !== undefined && (record.kind === 'bot' || record.standIn);
  }

  private async playAutomatic(): Promise<void> {
    const game = this.game;
    if (!game || this.record.status !== 'playing' || this.pausedFlag) return;
    const seat = pendingSeats(game.state).find((s) => this.isAutomatic(s));
    if (seat === undefined) return;
    const record = this.record.seats[seat]!;
    const level: BotLevel = record.kind === 'bot' ? (record.botLevel ?? 'greedy') : 'greedy';
    const seed = (game.state.version * 31 + seat) | 0;
    const action: PlayerAction | null = chooseBotAction(viewFor(game.state, seat), level, seed);
    if (action === null) return;
    const result = await this.act(
      seat,
      `bot-${game.state.version}-${seat}`,
      action,
      game.state.version,
    );
    if (!result.ok) this.log.error({ seat, code: result.code }, 'a bot move was refused');
  }

  private async fireTimer(key: string): Promise<void> {
    const game = this.game;
    if (!game || this.record.status !== 'playing' || this.pausedFlag) return;
    const timer = currentTimer(game.state);
    if (timer?.key !== key) return;
    const standIn = standInActions(game.state, game.state.version);
    const result = await this.act(
      'system',
      `timeout-${key}`,
      { type: 'timeout', key, standIn },
      null,
    );
    if (!result.ok) this.log.error({ key, code: result.code }, 'a timeout was refused');
  }

  // ---------------------------------------------------------------- restore and close

  /** Rebuilds the room's game from a snapshot and the log after it. */
  restore(loaded: LoadedRoom): void {
    this.record = loaded.room;
    const game = loaded.game;
    if (!game || (loaded.room.status !== 'playing' && loaded.room.status !== 'finished')) {
      this.game = null;
      return;
    }
    let state: GameState;
    if (game.snapshot) {
      state = game.snapshot;
      for (const entry of game.tail) {
        const step = applyAction(state, entry.seat, entry.action);
        if (!step.ok)
          throw new Error(
            `Room ${this.code}: log entry ${entry.version} does not replay (${step.error.code})`,
          );
        state = step.value.state;
      }
    } else {
      const replayed = replay({ ...game.header, log: game.tail });
      if (!replayed.ok)
        throw new Error(`Room ${this.code}: the log does not replay (${replayed.error.code})`);
      state = replayed.value.state;
    }
    this.game = {
      state,
      header: game.header,
      actionIds: new Map(game.actionIds),
      sinceSnapshot: game.tail.length,
    };
  }

  /** After a restart nobody is connected yet: the game waits for its first player to return. */
  pauseUntilSomeoneReturns(): void {
    if (this.record.status === 'playing' || this.record.status === 'starting')
      this.pausedFlag = true;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    if (this.hostTimer) clearTimeout(this.hostTimer);
    if (this.nonceTimer) clearTimeout(this.nonceTimer);
  }

  idleFor(now: number): number {
    return this.humansConnected() > 0 ? 0 : now - this.record.lastActivity;
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
