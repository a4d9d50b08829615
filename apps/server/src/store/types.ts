import type { BotLevel, GameSettings, GameState, LogEntry, Randomness } from '@trepenta/rules';
import type { ChatMessage } from '@trepenta/protocol';

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
}

export interface CommitRecord {
  readonly gameId: string;
  /** Server-only until the game ends (§8). */
  readonly secrets: readonly string[];
  readonly commitments: readonly string[];
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
  readonly settings: GameSettings;
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
}

/** A game's fixed header: with its log, a complete, verifiable record (§8). */
export interface GameHeader {
  readonly settings: GameSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly commitments: readonly string[];
  readonly names: readonly string[];
}

export interface LoadedGame {
  readonly header: GameHeader;
  /** Latest snapshot, or null to replay from the start. */
  readonly snapshot: GameState | null;
  /** Log entries after the snapshot, in order. */
  readonly tail: readonly LogEntry[];
  /** Every (seat, actionId) → version of this game, for duplicate detection across restarts. */
  readonly actionIds: ReadonlyMap<string, number>;
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
 * Where rooms and games live. Every write that precedes an acknowledgement must be durable when
 * its promise resolves. The embedded default is SQLite; Redis serves several nodes.
 */
export interface RoomStore {
  readonly kind: 'sqlite' | 'redis';
  loadRooms(): Promise<LoadedRoom[]>;
  loadRoom(code: string): Promise<LoadedRoom | null>;
  saveRoom(room: RoomRecord): Promise<void>;
  deleteRoom(code: string): Promise<void>;
  startGame(room: RoomRecord, header: GameHeader, state: GameState): Promise<void>;
  /**
   * Appends one action of the room's current game, with (when `roomChanged`) the room record and,
   * now and then, a snapshot, atomically. Resolves false (and writes nothing) when an entry for
   * that version already exists: another writer got there first.
   */
  appendAction(
    room: RoomRecord,
    entry: LogEntry,
    snapshot: GameState | null,
    finished: boolean,
    roomChanged: boolean,
  ): Promise<boolean>;
  loadGame(code: string, gameNumber: number): Promise<StoredGame | null>;
  close(): Promise<void>;
}

export function actionKey(seat: number | 'system', actionId: string): string {
  return `${seat}:${actionId}`;
}
