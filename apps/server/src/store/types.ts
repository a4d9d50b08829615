import type { BotLevel, LogEntry, Randomness } from '@trepenta/engine';
import type { ChatMessage } from '@trepenta/protocol';
import { requireGame } from '../games';

export interface MemberRecord {
  readonly id: string;
  readonly nickname: string;
  readonly role: 'player' | 'spectator';
  readonly seat: number | null;
  /** SHA-256 of the member's token: the database never holds a usable token. */
  readonly tokenHash: string;
  readonly kicked: boolean;
  readonly joinedAt: number;
}

export interface SeatRecord {
  readonly kind: 'empty' | 'human' | 'bot';
  readonly memberId: string | null;
  readonly botLevel: BotLevel | null;
  /** R23: the stand-in plays this seat (handed over, or its player left or was kicked). */
  readonly standIn: boolean;
  /**
   * R23: its player asked for the stand-in (stepped away). Coming back on a new socket, a
   * reconnection after a network blip, does not end it: room:takeBack or a game:action does.
   * Absent in records written before it existed, which is the same as false.
   */
  readonly steppedAway?: boolean;
  /**
   * The name of the player who left this seat (not kicked) while its game was being dealt or
   * played; the deal names the seat with it when they left before it. Absent otherwise, and in
   * records written before it existed.
   */
  readonly leftAs?: string;
}

export interface CommitRecord {
  readonly gameId: string;
  /** Server-only until the game ends (docs/fairness.md). */
  readonly secrets: readonly string[];
  readonly commitments: readonly string[];
  /** The nonce set this is: 0 before the first deal, later sets in sessions. Absent: 0. */
  readonly epoch?: number;
  /**
   * Where the set stands: seats send their nonces' hashes, then (the hashes published) the
   * nonces; 'done' once it is in force. Absent in records written before nonces came in two
   * steps: those collected the nonces alone.
   */
  readonly step?: 'hashes' | 'nonces' | 'done';
  /** Each seat's published hash, null where the server supplies the nonce. */
  readonly hashes: readonly (string | null)[];
  readonly nonces: readonly (string | null)[];
  readonly deadline: number;
}

export type RoomStatus = 'lobby' | 'starting' | 'playing' | 'finished';

/** Everything about a room except its game's state and log. */
export interface RoomRecord {
  readonly code: string;
  readonly createdAt: number;
  readonly lastActivity: number;
  readonly hostId: string | null;
  readonly locked: boolean;
  /** Which game the room plays (absent in records written before there were others: Trepenta). */
  readonly game?: string;
  /** That game's settings, as its module validated them. */
  readonly settings: unknown;
  readonly seatCount: number;
  readonly seats: readonly SeatRecord[];
  readonly members: readonly MemberRecord[];
  readonly status: RoomStatus;
  readonly gameNumber: number;
  readonly commit: CommitRecord | null;
  /** The running timer's deadline (R26), kept so a restart resumes it. */
  readonly deadline: { readonly key: string; readonly at: number } | null;
  readonly chat: readonly ChatMessage[];
  readonly nextMemberSeq: number;
  readonly nextChatId: number;
  /** Bumped by every write of this record: writes are compare-and-set on it (several nodes). */
  readonly revision: number;
  /** The nodes where each member has a socket open now (R23 "connected"). */
  readonly presence: Readonly<Record<string, readonly string[]>>;
  /** When each disconnected member left (ms since epoch). */
  readonly awaySince: Readonly<Record<string, number>>;
}

/** A new room in the lobby, with nobody in it yet (revision 0: never stored). */
export function newRoomRecord(
  code: string,
  game: string,
  settings: unknown,
  seatCount: number,
  seats: readonly SeatRecord[],
  now: number,
): RoomRecord {
  return {
    code,
    createdAt: now,
    lastActivity: now,
    hostId: null,
    locked: false,
    game,
    settings,
    seatCount,
    seats,
    members: [],
    status: 'lobby',
    gameNumber: 0,
    commit: null,
    deadline: null,
    chat: [],
    nextMemberSeq: 1,
    nextChatId: 1,
    revision: 0,
    presence: {},
    awaySince: {},
  };
}

/** What changes with every write: enough to tell whether a cached room is current. */
export interface RoomStamp {
  readonly revision: number;
  readonly version: number | null;
}

/** A game's fixed header: with its log, a complete, verifiable record (docs/fairness.md). */
export interface GameHeader {
  /**
   * The game and the rules version it is played by, so that it replays and verifies with those
   * rules after an upgrade; absent in headers written before there were other games (Trepenta, 1).
   */
  readonly game?: string;
  readonly rulesVersion?: number;
  readonly settings: unknown;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly commitments: readonly string[];
  /**
   * The first nonce set's published hashes, null where the server supplied the nonce (derived
   * from the first secret); absent in headers written before nonces came in two steps.
   */
  readonly nonceHashes?: readonly (string | null)[];
  readonly names: readonly string[];
}

export interface LoadedGame {
  readonly header: GameHeader;
  /** Latest snapshot (one this server's engine for the game can continue), or null: replay from the start. */
  readonly snapshot: unknown;
  /** Log entries after the snapshot, in order. */
  readonly tail: readonly LogEntry[];
  /** Every (seat, actionId) → version of this game, for duplicate detection across restarts. */
  readonly actionIds: ReadonlyMap<string, number>;
  /** Each seat's latest private draft (module.drafts), kept apart from the log. */
  readonly drafts: ReadonlyMap<number, StoredDraft>;
}

/**
 * A seat's private draft (docs/platform.md, "Private drafts"): the draft action that replaces the
 * seat's whole draft, and the writing step and version it was made at (restored only into that
 * step, and only if the seat has not acted in public since).
 */
export interface StoredDraft {
  readonly step: string;
  /** The game version it was made at (a draft takes no version step). */
  readonly version: number;
  readonly action: unknown;
}

/**
 * A stored snapshot the game's engine can use, or null: one written by an engine with another
 * state schema is ignored and the game is rebuilt from its whole log, which every version replays.
 */
export function usableSnapshot(json: string | null | undefined, header: GameHeader): unknown {
  if (!json) return null;
  return requireGame(header.game, header.rulesVersion).readSnapshot(JSON.parse(json));
}

export interface LoadedRoom {
  readonly room: RoomRecord;
  readonly game: LoadedGame | null;
}

export interface StoredGame {
  readonly header: GameHeader;
  readonly log: readonly LogEntry[];
  readonly finished: boolean;
}

/**
 * Several nodes: the room is served by another node that is alive (`owner`, its NODE_NAME); a
 * client reaches it there (docs/architecture.md, "Several nodes").
 */
export class Elsewhere extends Error {
  constructor(
    readonly roomCode: string,
    readonly owner: string,
  ) {
    super(`Room ${roomCode} is served by ${owner}`);
  }
}

/**
 * Several nodes: a write found the room owned by another node (it took the room over while this
 * one was silent). Nothing was written; this node's copy must go.
 */
export class NotOwner extends Error {
  constructor(readonly roomCode: string) {
    super(`Room ${roomCode} is owned by another node`);
  }
}

/**
 * Where rooms and games live. Every write that precedes an acknowledgement must be durable when
 * its promise resolves. The embedded default is SQLite; Redis serves several nodes.
 */
export interface RoomStore {
  readonly kind: 'sqlite' | 'redis';
  /** Whether this process is the only writer: then `stamp` always resolves null. */
  readonly soleWriter: boolean;
  loadRooms(): Promise<LoadedRoom[]>;
  /**
   * Several nodes: takes the room for `node` unless another node that is alive serves it. Resolves
   * null when `node` serves it now (or there is no such room), else the owner's name. A node that
   * has been silent for the liveness window has lost its rooms, unless `takeOver` is false (the
   * claimer's own heartbeats are not steady yet). One process owns every room.
   */
  claim(code: string, node: string, takeOver?: boolean): Promise<string | null>;
  /** Several nodes: lets go of rooms `node` owns (a shutdown, a room left unused): anyone may claim them. */
  release(codes: readonly string[], node: string): Promise<void>;
  /** Several nodes: of these rooms, those no longer owned by `node` (taken over meanwhile). */
  lost(codes: readonly string[], node: string): Promise<string[]>;
  loadRoom(code: string): Promise<LoadedRoom | null>;
  /** The stored revision and game version; null where one process is the only writer. */
  stamp(code: string): Promise<RoomStamp | null>;
  /** Writes the record if the stored one is at `room.revision - 1`; false otherwise. */
  saveRoom(room: RoomRecord): Promise<boolean>;
  /**
   * Deletes the live room (its finished games stay, as replays). Given `revision`, only over that
   * stored revision: after another node's write since, false and nothing deleted. A room already
   * gone is deleted (true).
   */
  deleteRoom(code: string, revision?: number): Promise<boolean>;
  /**
   * The idle sweep's index: up to `limit` rooms whose last activity (or last look, below) is at
   * or before `before`, oldest first, each marked as looked at `now`, so that one sweep (of one
   * node) takes each, and a room found in use is passed over until it has been quiet again.
   */
  claimIdleRooms(before: number, now: number, limit: number): Promise<string[]>;
  /** Whether a live room or a stored game uses this code. */
  codeTaken(code: string): Promise<boolean>;
  /** Starts the room's current game (same compare-and-set as saveRoom). */
  startGame(room: RoomRecord, header: GameHeader, state: unknown): Promise<boolean>;
  /**
   * Appends one action of the room's current game, with (when `roomChanged`) the room record and,
   * now and then, a snapshot, atomically. Resolves false (and writes nothing) when an entry for
   * that version already exists, or when the stored room record is no longer the one the action
   * was decided on (its revision is `room.revision`, or the one before when `roomChanged`): another
   * writer got there first. A move is never stored over a room changed since it was read (a seat
   * taken back from the stand-in, a member kicked or gone, through another node).
   */
  appendAction(
    room: RoomRecord,
    entry: LogEntry,
    snapshot: unknown,
    finished: boolean,
    roomChanged: boolean,
  ): Promise<boolean>;
  /**
   * Keeps a seat's latest private draft of a game, over the one before: never in the log, never
   * in a replay; loaded with the game (LoadedGame.drafts) so that a restart restores it.
   */
  saveDraft(code: string, gameNumber: number, seat: number, draft: StoredDraft): Promise<void>;
  loadGame(code: string, gameNumber: number): Promise<StoredGame | null>;
  /** One entry of a game's log, by version (a retry's earlier move), or null: one lookup, not the log. */
  loadEntry(code: string, gameNumber: number, version: number): Promise<LogEntry | null>;
  close(): Promise<void>;
}

/**
 * When each room should next be looked at (timers, bot moves, the host's grace period), and which
 * nodes are alive. Wake-ups are local timers on the node that serves the room; several nodes
 * share their liveness through Redis.
 */
export interface Coordinator {
  readonly nodeId: string;
  liveNodes(): ReadonlySet<string>;
  /** When a node was last seen alive (ms since epoch), if known. */
  lastSeen(nodeId: string): number | undefined;
  /**
   * How long a node has been silent at `now`: since it was last seen alive or, for one this node
   * has not heard of (just started, or forgotten after a day of silence), since first asked
   * about; with one process, any other (one before a restart) is silent for good (Infinity).
   */
  silentFor(nodeId: string, now: number): number;
  /** Wake the room at `at` (ms since epoch), or never (null). */
  arm(code: string, at: number | null): void;
  /** Called with a room's code when it is due (on the node that serves it). */
  onDue(handler: (code: string) => void): void;
  /** How long this node has been steadily alive to the others (ms; one node: always). */
  steadyFor(now: number): number;
  /** Called when this node is heard by the others again after it could not be (several nodes). */
  onRecovered(handler: () => void): void;
  close(): Promise<void>;
}

/** The coordinator of a single node: local timers, and only itself alive (several nodes add liveness). */
export class LocalCoordinator implements Coordinator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private handler: (code: string) => void = () => undefined;
  private readonly self: ReadonlySet<string>;

  constructor(readonly nodeId: string) {
    this.self = new Set([nodeId]);
  }

  liveNodes(): ReadonlySet<string> {
    return this.self;
  }

  lastSeen(nodeId: string): number | undefined {
    return nodeId === this.nodeId ? Date.now() : undefined;
  }

  silentFor(nodeId: string, _now?: number): number {
    return nodeId === this.nodeId ? 0 : Infinity;
  }

  onDue(handler: (code: string) => void): void {
    this.handler = handler;
  }

  steadyFor(_now: number): number {
    return Infinity;
  }

  /** One node: never cut off from the others. */
  onRecovered(_handler: () => void): void {}

  arm(code: string, at: number | null): void {
    const existing = this.timers.get(code);
    if (existing) clearTimeout(existing);
    this.timers.delete(code);
    if (at === null) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(code);
        this.handler(code);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.timers.set(code, timer);
  }

  close(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    return Promise.resolve();
  }
}

export function actionKey(seat: number | 'system', actionId: string): string {
  return `${seat}:${actionId}`;
}
