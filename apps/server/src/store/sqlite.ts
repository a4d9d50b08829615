import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer';
import type { LogEntry } from '@trepenta/engine';
import { actionKey, usableSnapshot } from './types';
import type {
  GameHeader,
  StoredDraft,
  RoomStamp,
  LoadedGame,
  LoadedRoom,
  RoomRecord,
  RoomStore,
  StoredGame,
} from './types';

interface PendingWrite {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** SQLITE_BUSY (and its extended codes): another connection holds the lock this one needs. */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

/** Another server holds this data directory (its lock file). */
export class DataDirInUse extends Error {
  constructor(dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another Trepenta server (it holds ${LOCK_FILE}). ` +
        'Stop that server first, or give this one a DATA_DIR of its own.',
    );
    this.name = 'DataDirInUse';
  }
}

const LOCK_FILE = 'trepenta.lock';

/**
 * Takes the data directory for this process: a write to a small SQLite file of its own, in
 * EXCLUSIVE locking mode, whose lock the connection then keeps until it is closed or the process
 * ends (kill -9 included: the operating system drops a dead process's locks). The database itself
 * cannot serve for this: it lets other connections in for each checkpoint, and a second server let
 * in then would write beside the first, each taking itself for the only writer.
 */
function lockDataDir(dataDir: string): Database.Database {
  const lock = new Database(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since INTEGER NOT NULL)');
    lock.transaction(() => {
      lock.exec('DELETE FROM holder');
      lock.prepare('INSERT INTO holder (pid, since) VALUES (?, ?)').run(process.pid, Date.now());
    })();
  } catch (error) {
    lock.close();
    throw isBusy(error) ? new DataDirInUse(dataDir) : error;
  }
  return lock;
}

/** Opens the database file in WAL mode, with its tables. */
function openDatabase(file: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  // No busy timeout: a locked database is waited for off the event loop (`retry`).
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('foreign_keys = ON');
    db.exec(`
      CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS rooms_by_activity ON rooms (updated_at);
      CREATE TABLE IF NOT EXISTS games (
        code TEXT NOT NULL,
        game INTEGER NOT NULL,
        header TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        snapshot_version INTEGER,
        snapshot TEXT,
        PRIMARY KEY (code, game)
      );
      CREATE TABLE IF NOT EXISTS actions (
        code TEXT NOT NULL,
        game INTEGER NOT NULL,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action_id TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (code, game, version)
      );
      CREATE TABLE IF NOT EXISTS drafts (
        code TEXT NOT NULL,
        game INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        draft TEXT NOT NULL,
        PRIMARY KEY (code, game, seat)
      );
    `);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * With NORMAL, how many writes of one turn of the event loop commit at once; the turn's later
 * writes wait for its end and commit together. A turn that reads more requests than this means
 * the server is behind, and then SQLite's cost per transaction, saved by a group, matters more
 * than the wait for the rest of the turn (docs/operations.md has the measurements).
 */
const AT_ONCE_PER_TURN = 4;

/**
 * The embedded store: one SQLite file in WAL mode. Every write is committed before its promise
 * resolves, so before the caller acknowledges anything; with synchronous=FULL a commit also
 * survives power loss. With FULL, the writes of one turn of the event loop share one transaction
 * (group commit: a busy server reads many requests in one turn), so one fsync for all of them
 * instead of one each (docs/operations.md has the costs). With NORMAL a commit costs no fsync, so
 * the first few writes of a turn commit at once and do not wait for the rest of it; only a busy
 * turn's later writes are grouped, which saves SQLite's cost per transaction. The log is copied
 * back into the database file by a worker thread (`Checkpointer`), never by a commit on the event
 * loop, and a write that finds the database locked by it waits off the event loop.
 *
 * Between two checkpoints the connection keeps the database to itself (SQLite's EXCLUSIVE locking
 * mode): a commit then takes and drops no file locks, which saves about a third of its cost (six
 * fcntl calls; docs/operations.md has the measurements). For each checkpoint it lets other
 * connections in, and takes the database back once the worker's connection is closed. Another
 * program that reads the file (the sqlite3 shell, a backup) gets in during a checkpoint, with a
 * busy timeout; while it holds the database, the store shares it as before and the next
 * checkpoint tries again.
 */
export class SqliteStore implements RoomStore {
  readonly kind = 'sqlite';
  readonly soleWriter = true;
  private readonly db: Database.Database;
  private readonly statements;
  /** Runs a function in one transaction (made once: better-sqlite3 wraps it in BEGIN/COMMIT). */
  private readonly inTransaction: <T>(run: () => T) => T;
  /** The writes waiting, in order, for this turn of the event loop to end or for the lock. */
  private pending: PendingWrite[] = [];
  /** FULL groups the writes of a turn (one fsync); NORMAL commits the first few at once. */
  private readonly grouped: boolean;
  /** Writes committed at once in this turn of the event loop. */
  private atOnce = 0;
  private readonly endTurn = (): void => {
    this.atOnce = 0;
    this.flush();
  };
  /**
   * While a commit has found the database locked (the checkpointer's RESTART, which holds the
   * writer's lock for a few milliseconds): the writes wait, in order, and are tried again every
   * millisecond, rather than blocking the event loop in SQLite's busy handler.
   */
  private retryTimer: NodeJS.Timeout | null = null;
  /** Set by `close`: later writes are refused. */
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly retry = (): void => {
    this.retryTimer = null;
    this.flush();
  };
  private readonly checkpointer: Checkpointer;
  /** The connection keeps the database to itself until the next checkpoint (see above). */
  private exclusive = false;
  /** Never keep the database to itself: for tests that read it from another connection. */
  private readonly shared: boolean;
  /** Holds the data directory for this process (`lockDataDir`); none when `shared`. */
  private readonly dirLock: Database.Database | null;

  constructor(
    dataDir: string,
    synchronous: 'FULL' | 'NORMAL' = 'NORMAL',
    options: {
      intervalMs?: number;
      maxLogFrames?: number;
      openMs?: number;
      openEvery?: number;
      shared?: boolean;
    } = {},
  ) {
    this.grouped = synchronous === 'FULL';
    const { shared = false, ...checkpointOptions } = options;
    this.shared = shared;
    mkdirSync(dataDir, { recursive: true });
    this.dirLock = shared ? null : lockDataDir(dataDir);
    const file = join(dataDir, 'trepenta.sqlite');
    try {
      this.db = openDatabase(file, synchronous);
    } catch (error) {
      this.dirLock?.close();
      throw error;
    }
    this.inTransaction = this.db.transaction((run: () => unknown) => run()) as <T>(
      run: () => T,
    ) => T;
    this.statements = {
      // Any read: the first access after leaving EXCLUSIVE mode lets the database go.
      touch: this.db.prepare('SELECT 1 FROM rooms LIMIT 1'),
      allRooms: this.db.prepare<[], { data: string }>('SELECT data FROM rooms'),
      room: this.db.prepare<[string], { data: string }>('SELECT data FROM rooms WHERE code = ?'),
      putRoom: this.db.prepare(
        // An upsert, not INSERT OR REPLACE: that deletes the row and inserts it anew (under a
        // new rowid, so its entries in the key's index and the activity index go and come back
        // too), which made a room write take about 1.5 times as long (docs/operations.md).
        'INSERT INTO rooms (code, data, updated_at) VALUES (?, ?, ?) ' +
          'ON CONFLICT (code) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
      ),
      deleteRoom: this.db.prepare('DELETE FROM rooms WHERE code = ?'),
      idleRooms: this.db.prepare<[number, number], { code: string }>(
        'SELECT code FROM rooms WHERE updated_at <= ? ORDER BY updated_at LIMIT ?',
      ),
      lookedAt: this.db.prepare('UPDATE rooms SET updated_at = ? WHERE code = ?'),
      codeTaken: this.db.prepare<[string, string], { one: number }>(
        'SELECT 1 AS one FROM rooms WHERE code = ? UNION SELECT 1 FROM games WHERE code = ? LIMIT 1',
      ),
      putGame: this.db.prepare(
        'INSERT OR REPLACE INTO games (code, game, header, finished, snapshot_version, snapshot) VALUES (?, ?, ?, 0, ?, ?)',
      ),
      game: this.db.prepare<
        [string, number],
        {
          header: string;
          finished: number;
          snapshot: string | null;
          snapshot_version: number | null;
        }
      >(
        'SELECT header, finished, snapshot, snapshot_version FROM games WHERE code = ? AND game = ?',
      ),
      snapshot: this.db.prepare(
        'UPDATE games SET snapshot_version = ?, snapshot = ? WHERE code = ? AND game = ?',
      ),
      finish: this.db.prepare('UPDATE games SET finished = 1 WHERE code = ? AND game = ?'),
      // A version already taken is left as it is (changes = 0): another write got there first.
      append: this.db.prepare(
        'INSERT OR IGNORE INTO actions (code, game, version, seat, action_id, entry) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      log: this.db.prepare<[string, number], { entry: string }>(
        'SELECT entry FROM actions WHERE code = ? AND game = ? ORDER BY version',
      ),
      entry: this.db.prepare<[string, number, number], { entry: string }>(
        'SELECT entry FROM actions WHERE code = ? AND game = ? AND version = ?',
      ),
      tail: this.db.prepare<[string, number, number], { entry: string }>(
        'SELECT entry FROM actions WHERE code = ? AND game = ? AND version >= ? ORDER BY version',
      ),
      ids: this.db.prepare<[string, number], { seat: string; action_id: string; version: number }>(
        'SELECT seat, action_id, version FROM actions WHERE code = ? AND game = ?',
      ),
      putDraft: this.db.prepare(
        'INSERT INTO drafts (code, game, seat, draft) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT (code, game, seat) DO UPDATE SET draft = excluded.draft',
      ),
      drafts: this.db.prepare<[string, number], { seat: number; draft: string }>(
        'SELECT seat, draft FROM drafts WHERE code = ? AND game = ?',
      ),
      // A finished game's drafts, and a deleted room's, are nobody's business any more.
      dropDrafts: this.db.prepare('DELETE FROM drafts WHERE code = ? AND game = ?'),
      dropRoomDrafts: this.db.prepare('DELETE FROM drafts WHERE code = ?'),
    };
    const checkpoints = {
      intervalMs: 500,
      // About 40 MB of log: under a load that never pauses, a restart checkpoint (which makes the
      // writes wait for its fsyncs, 19–32 ms) every few seconds rather than at every interval.
      maxLogFrames: 10_000,
      openMs: 110,
      openEvery: 4,
      ...checkpointOptions,
    };
    this.checkpointer = new Checkpointer(file, checkpoints, {
      open: () => this.share(),
      closed: () => this.keepToItself(),
      failed: () => {
        // No worker: SQLite's own checkpoints again (in the commits), rather than a growing log.
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      },
    });
    this.keepToItself();
  }

  /**
   * EXCLUSIVE locking mode: the next write locks the database file and keeps it locked, so that
   * commits take no locks. The write-ahead log keeps its shared-memory index (the mode is set once
   * the log is open), so that `share` can let other connections in again.
   */
  private keepToItself(): void {
    if (this.shared || this.exclusive || !this.db.open) return;
    this.db.pragma('locking_mode = EXCLUSIVE');
    this.exclusive = true;
  }

  /** NORMAL locking mode, and the database let go at once (for a checkpoint or another program). */
  private share(): void {
    if (!this.exclusive || !this.db.open) return;
    this.db.pragma('locking_mode = NORMAL');
    this.exclusive = false;
    try {
      this.statements.touch.get();
    } catch (error) {
      // The lock was never taken: another connection holds the database.
      if (!isBusy(error)) throw error;
    }
  }

  private putRoom(room: RoomRecord): void {
    this.statements.putRoom.run(room.code, JSON.stringify(room), room.lastActivity);
  }

  private loadGameFor(room: RoomRecord): LoadedGame | null {
    if (room.status !== 'playing' && room.status !== 'finished') return null;
    const row = this.statements.game.get(room.code, room.gameNumber);
    if (!row) return null;
    const header = JSON.parse(row.header) as GameHeader;
    const snapshot = usableSnapshot(row.snapshot, header);
    const from = snapshot ? (row.snapshot_version ?? 0) : 0;
    const actionIds = new Map<string, number>();
    for (const id of this.statements.ids.all(room.code, room.gameNumber)) {
      actionIds.set(
        actionKey(id.seat === 'system' ? 'system' : Number(id.seat), id.action_id),
        id.version,
      );
    }
    return {
      header,
      snapshot,
      tail: this.statements.tail
        .all(room.code, room.gameNumber, from)
        .map((r) => JSON.parse(r.entry) as LogEntry),
      actionIds,
      drafts: new Map(
        this.statements.drafts
          .all(room.code, room.gameNumber)
          .map((r) => [r.seat, JSON.parse(r.draft) as StoredDraft]),
      ),
    };
  }

  loadRooms(): Promise<LoadedRoom[]> {
    const rooms = this.statements.allRooms.all().map((row) => JSON.parse(row.data) as RoomRecord);
    return Promise.resolve(rooms.map((room) => ({ room, game: this.loadGameFor(room) })));
  }

  loadRoom(code: string): Promise<LoadedRoom | null> {
    const row = this.statements.room.get(code);
    if (!row) return Promise.resolve(null);
    const room = JSON.parse(row.data) as RoomRecord;
    return Promise.resolve({ room, game: this.loadGameFor(room) });
  }

  /**
   * Runs `run` in a committed transaction, in the order the writes were made: with NORMAL at once
   * (the first `AT_ONCE_PER_TURN` of a turn), otherwise at the turn's end (setImmediate runs once
   * the turn's I/O callbacks are done), together with the turn's other waiting writes. While the
   * database is locked, every write waits behind the ones already waiting for it.
   */
  private write<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The store is closed.'));
    // The turn's first write arranges for its end.
    if (this.atOnce === 0 && this.pending.length === 0) setImmediate(this.endTurn);
    if (this.grouped || this.retryTimer !== null || this.atOnce >= AT_ONCE_PER_TURN)
      return this.queue(run);
    this.atOnce++;
    try {
      return Promise.resolve(this.inTransaction(run));
    } catch (error) {
      if (!isBusy(error))
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      // Undone by the transaction; it waits for the lock, first in line.
      const waiting = this.queue(run);
      this.waitForLock();
      return waiting;
    }
  }

  /**
   * The waiting writes are tried again in a millisecond; until then every write waits too. A
   * connection kept to itself found another program holding the database: it shares it until the
   * next checkpoint.
   */
  private waitForLock(): void {
    this.share();
    this.retryTimer = setTimeout(this.retry, 1);
  }

  private queue<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ run, resolve, reject });
    });
  }

  /**
   * Commits the waiting writes in one transaction, each in a savepoint of its own (better-sqlite3
   * nests a transaction function that way): a write that fails is undone and refused alone, and
   * the others still commit. Only a failing commit refuses them all. A locked database undoes the
   * whole group, which waits for the lock and is tried again.
   */
  private flush(): void {
    const batch = this.pending;
    if (batch.length === 0 || this.retryTimer !== null) return;
    this.pending = [];
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.inTransaction(() => {
        for (const write of batch) {
          try {
            results.push({ ok: true, value: this.inTransaction(() => write.run()) });
          } catch (error) {
            if (isBusy(error)) throw error;
            results.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      if (isBusy(error)) {
        this.pending = batch.concat(this.pending);
        this.waitForLock();
        return;
      }
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, i) => {
      const result = results[i]!;
      if (result.ok) write.resolve(result.value);
      else write.reject(result.error);
    });
  }

  /** One process is the only writer here, so there is nothing to compare. */
  stamp(): Promise<RoomStamp | null> {
    return Promise.resolve(null);
  }

  /** One process owns every room. */
  claim(): Promise<string | null> {
    return Promise.resolve(null);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  lost(): Promise<string[]> {
    return Promise.resolve([]);
  }

  saveRoom(room: RoomRecord): Promise<boolean> {
    return this.write(() => {
      this.putRoom(room);
      return true;
    });
  }

  codeTaken(code: string): Promise<boolean> {
    return Promise.resolve(this.statements.codeTaken.get(code, code) !== undefined);
  }

  claimIdleRooms(before: number, now: number, limit: number): Promise<string[]> {
    return this.write(() => {
      const codes = this.statements.idleRooms.all(before, limit).map((row) => row.code);
      for (const code of codes) this.statements.lookedAt.run(now, code);
      return codes;
    });
  }

  /** The only writer: no other write can come between a read of the room and this. */
  deleteRoom(code: string): Promise<boolean> {
    return this.write(() => {
      this.statements.deleteRoom.run(code);
      this.statements.dropRoomDrafts.run(code);
      return true;
    });
  }

  saveDraft(code: string, gameNumber: number, seat: number, draft: StoredDraft): Promise<void> {
    return this.write(() => {
      this.statements.putDraft.run(code, gameNumber, seat, JSON.stringify(draft));
    });
  }

  startGame(room: RoomRecord, header: GameHeader, state: unknown): Promise<boolean> {
    return this.write(() => {
      this.statements.putGame.run(
        room.code,
        room.gameNumber,
        JSON.stringify(header),
        // Every game starts at version 0 (the engine's contract).
        0,
        JSON.stringify(state),
      );
      this.putRoom(room);
      return true;
    });
  }

  appendAction(
    room: RoomRecord,
    entry: LogEntry,
    snapshot: unknown,
    finished: boolean,
    roomChanged: boolean,
  ): Promise<boolean> {
    return this.write(() => {
      const appended = this.statements.append.run(
        room.code,
        room.gameNumber,
        entry.version,
        String(entry.seat),
        entry.actionId,
        JSON.stringify(entry),
      );
      if (appended.changes === 0) return false;
      if (snapshot) {
        // The snapshot is the state after this entry.
        this.statements.snapshot.run(
          entry.version + 1,
          JSON.stringify(snapshot),
          room.code,
          room.gameNumber,
        );
      }
      if (finished) {
        this.statements.finish.run(room.code, room.gameNumber);
        this.statements.dropDrafts.run(room.code, room.gameNumber);
      }
      if (roomChanged) this.putRoom(room);
      return true;
    });
  }

  loadGame(code: string, gameNumber: number): Promise<StoredGame | null> {
    const row = this.statements.game.get(code, gameNumber);
    if (!row) return Promise.resolve(null);
    return Promise.resolve({
      header: JSON.parse(row.header) as GameHeader,
      log: this.statements.log.all(code, gameNumber).map((r) => JSON.parse(r.entry) as LogEntry),
      finished: row.finished === 1,
    });
  }

  loadEntry(code: string, gameNumber: number, version: number): Promise<LogEntry | null> {
    const row = this.statements.entry.get(code, gameNumber, version);
    return Promise.resolve(row ? (JSON.parse(row.entry) as LogEntry) : null);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.closed = true;
    // What waits is committed now, or, if the database is locked, once the lock is free (the
    // retry timer goes on trying); after 5 s it is refused.
    if (this.retryTimer === null) this.flush();
    const deadline = Date.now() + 5000;
    while (this.pending.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const refused = new Error('The database stayed locked; the write was not committed.');
    for (const write of this.pending.splice(0)) write.reject(refused);
    this.db.close();
    // The worker's connection closes last: it copies what is left of the log and removes it.
    await this.checkpointer.stop();
    this.dirLock?.close();
  }
}
