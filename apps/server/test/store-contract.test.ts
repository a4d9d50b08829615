/**
 * One contract for the two room stores (src/store/types.ts `RoomStore`), run against SQLite (a
 * temporary directory) and Redis (a redis-server of the suite's own, a unique key prefix per
 * test). Where the two differ on purpose (SQLite has one writer, so it does not compare-and-set
 * and has no stamp), the difference is written down as a test of its own.
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAction,
  chooseBotAction,
  createGame,
  currentTimer,
  pendingSeats,
  replay,
  STATE_SCHEMA_VERSION,
  settingsWith,
  standInActions,
  viewFor,
} from '@trepenta/rules';
import type { Action, GameSettings, GameState, LogEntry } from '@trepenta/rules';
import { RedisStore, redisClient } from '../src/store/redis';
import type { Redis } from 'ioredis';
import { Checkpointer } from '../src/store/checkpointer';
import { DataDirInUse, SqliteStore } from '../src/store/sqlite';
import { NotOwner, actionKey } from '../src/store/types';
import type { GameHeader, RoomRecord, RoomStore, SeatRecord } from '../src/store/types';
import { TestRedis, redisAvailable } from './redis';

// ------------------------------------------------------------------ fixtures

const SETTINGS: GameSettings = settingsWith(['openField', 'rivalSets']);
const SEATS = 3;
const hex = (digit: string) => digit.repeat(64);

let codeSeq = 0;
/** A fresh code per test, from the real alphabet's shape (6 characters). */
function newCode(): string {
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ2345679';
  let n = ++codeSeq + randomInt(1000) * 1000;
  let code = '';
  for (let i = 0; i < 6; i++) {
    code += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length);
  }
  return code;
}

function roomRecord(code: string, changes: Partial<RoomRecord> = {}): RoomRecord {
  const human = (id: string): SeatRecord => ({
    kind: 'human',
    memberId: id,
    botLevel: null,
    standIn: false,
  });
  return {
    code,
    createdAt: 1_700_000_000_000,
    lastActivity: 1_700_000_000_000,
    hostId: 'm1',
    locked: false,
    settings: SETTINGS,
    seatCount: SEATS,
    seats: [
      human('m1'),
      human('m2'),
      { kind: 'bot', memberId: null, botLevel: 'greedy', standIn: false },
      ...Array.from({ length: 3 }, () => ({
        kind: 'empty' as const,
        memberId: null,
        botLevel: null,
        standIn: false,
      })),
    ],
    members: ['m1', 'm2'].map((id, i) => ({
      id,
      nickname: `P${i}`,
      role: 'player' as const,
      seat: i,
      tokenHash: hex(String(i + 1)),
      kicked: false,
      joinedAt: 1_700_000_000_000 + i,
    })),
    status: 'lobby',
    gameNumber: 0,
    commit: null,
    deadline: null,
    chat: [{ id: 1, at: 1, memberId: 'm1', nickname: 'P0', text: 'hi', emote: null }],
    nextMemberSeq: 3,
    nextChatId: 2,
    revision: 1,
    presence: { m1: ['node-a'], m2: [] },
    awaySince: { m2: 1_700_000_000_500 },
    ...changes,
  };
}

/** A new revision of a record (what Room.next does). */
function bump(room: RoomRecord, changes: Partial<RoomRecord> = {}): RoomRecord {
  return { ...room, ...changes, revision: room.revision + 1, lastActivity: room.lastActivity + 1 };
}

interface Played {
  readonly header: GameHeader;
  readonly start: GameState;
  /** The log, with the state after each entry (states[i] is the state before log[i]). */
  readonly log: LogEntry[];
  readonly states: GameState[];
}

/**
 * A game played by bots from their own views, from its first state; the first entry is a
 * server timeout of the setup timer (a 'system' entry), the rest are seats' moves.
 */
function playGame(maxActions = Infinity): Played {
  const randomness = {
    gameId: 'contract-game',
    secrets: ['1', '2', '3', '4', '5'].map(hex),
    nonces: ['a', 'b', 'c'].map(hex),
  };
  const created = createGame(SETTINGS, SEATS, randomness);
  if (!created.ok) throw new Error(created.error.code);
  const header: GameHeader = {
    settings: SETTINGS,
    seatCount: SEATS,
    randomness,
    commitments: ['c1', 'c2', 'c3', 'c4', 'c5'],
    names: ['P0', 'P1', 'Bot (greedy)'],
  };
  const states = [created.value];
  const log: LogEntry[] = [];
  let state = created.value;
  const push = (entry: LogEntry) => {
    const step = applyAction(state, entry.seat, entry.action);
    if (!step.ok) throw new Error(`${JSON.stringify(entry.action)}: ${step.error.code}`);
    log.push(entry);
    state = step.value.state;
    states.push(state);
  };
  const timer = currentTimer(state)!;
  push({
    version: 0,
    actionId: `timeout-${timer.key}`,
    seat: 'system',
    action: { type: 'timeout', key: timer.key, standIn: standInActions(state, 0) },
  });
  for (let n = 0; state.phase !== 'gameOver' && log.length < maxActions && n < 20_000; n++) {
    const seat = pendingSeats(state)[0];
    if (seat === undefined) throw new Error(`nobody can act in ${state.phase}`);
    const action = chooseBotAction(viewFor(state, seat), 'greedy', n * 7 + seat);
    if (!action) throw new Error(`seat ${seat} has nothing to do in ${state.phase}`);
    push({ version: state.version, actionId: `s${seat}-${n}`, seat, action });
  }
  return { header, start: created.value, log, states };
}

let fullGame: Played | null = null;
/** Played once per file: a whole game takes a moment. */
function wholeGame(): Played {
  fullGame ??= playGame();
  return fullGame;
}

// ------------------------------------------------------------------ the contract

interface StoreKit {
  readonly store: RoomStore;
  /** A second, independent store on the same data (another process's view, or after a restart). */
  reopen(): Promise<RoomStore>;
  cleanup(): Promise<void>;
}

interface Capabilities {
  /** saveRoom/startGame/appendAction(roomChanged) compare the stored revision. */
  readonly compareAndSet: boolean;
  /** stamp() reports revision and version (several writers); null where one writer is alone. */
  readonly stamps: boolean;
  /** An append whose version is beyond the log's end is refused (not only an existing one). */
  readonly refusesGaps: boolean;
}

function storeContract(name: string, caps: Capabilities, make: () => Promise<StoreKit>): void {
  describe(`RoomStore contract: ${name}`, () => {
    let kit: StoreKit | null = null;
    const extra: RoomStore[] = [];
    afterEach(async () => {
      for (const store of extra.splice(0)) await store.close().catch(() => undefined);
      await kit?.cleanup();
      kit = null;
    });
    async function open(): Promise<RoomStore> {
      kit = await make();
      return kit.store;
    }
    async function reopen(): Promise<RoomStore> {
      const store = await kit!.reopen();
      extra.push(store);
      return store;
    }

    /** A room saved at revision 1, then its game started at revision 2. */
    async function startedRoom(
      store: RoomStore,
      played: Played,
    ): Promise<{ room: RoomRecord; code: string }> {
      const code = newCode();
      const lobby = roomRecord(code);
      expect(await store.saveRoom(lobby)).toBe(true);
      const room = bump(lobby, {
        status: 'playing',
        gameNumber: 1,
        deadline: { key: 'setup/1', at: 1_700_000_060_000 },
      });
      expect(await store.startGame(room, played.header, played.start)).toBe(true);
      return { room, code };
    }

    /** Appends log[from..to) in order (snapshot at `snapshotAt` entries, if any); the new room. */
    async function appendAll(
      store: RoomStore,
      room: RoomRecord,
      played: Played,
      from: number,
      to: number,
      snapshotAt: number | null = null,
    ): Promise<RoomRecord> {
      let current = room;
      for (let i = from; i < to; i++) {
        const after = played.states[i + 1]!;
        const finished = after.phase === 'gameOver';
        const next = finished ? bump(current, { status: 'finished', deadline: null }) : current;
        const snapshot = finished || snapshotAt === i + 1 ? after : null;
        const ok = await store.appendAction(next, played.log[i]!, snapshot, finished, finished);
        expect(ok, `append ${i}`).toBe(true);
        current = next;
      }
      return current;
    }

    it('saveRoom / loadRoom: the record comes back as written, also through another store', async () => {
      const store = await open();
      const code = newCode();
      const room = roomRecord(code);
      expect(await store.loadRoom(code)).toBeNull();
      expect(await store.saveRoom(room)).toBe(true);
      expect(await store.loadRoom(code)).toEqual({ room, game: null });
      const changed = bump(room, { locked: true, hostId: 'm2', presence: { m1: [], m2: ['x'] } });
      expect(await store.saveRoom(changed)).toBe(true);
      expect((await store.loadRoom(code))?.room).toEqual(changed);
      // Durable once the promise resolved: an independent store (another node, a restart) sees it.
      expect((await (await reopen()).loadRoom(code))?.room).toEqual(changed);
    });

    if (caps.compareAndSet) {
      it('compare-and-set: a save over a stale revision returns false and changes nothing', async () => {
        const store = await open();
        const code = newCode();
        const first = roomRecord(code);
        expect(await store.saveRoom(first)).toBe(true);
        const second = bump(first, { locked: true });
        expect(await store.saveRoom(second)).toBe(true);
        // Another writer read revision 1 too and wrote its own revision 2: it lost.
        const rival = bump(first, { hostId: 'm2' });
        expect(await store.saveRoom(rival)).toBe(false);
        // A revision that skips one is refused as well, and a brand-new room cannot start at 2.
        expect(await store.saveRoom(bump(bump(second)))).toBe(false);
        expect(await store.saveRoom(roomRecord(newCode(), { revision: 2 }))).toBe(false);
        expect((await store.loadRoom(code))?.room).toEqual(second);
        // startGame compares the same way.
        const played = wholeGame();
        const stale = bump(first, { status: 'playing', gameNumber: 1 });
        expect(await store.startGame(stale, played.header, played.start)).toBe(false);
        expect((await store.loadRoom(code))?.room).toEqual(second);
        expect(await store.loadGame(code, 1)).toBeNull();
      });
    } else {
      it('single writer: saveRoom does not compare revisions (the last write wins)', async () => {
        // One process is the only writer of an SQLite file, so there is no race to lose; the
        // store accepts any revision. (Redis, with several nodes, refuses: see its suite.)
        const store = await open();
        const code = newCode();
        const first = roomRecord(code);
        expect(await store.saveRoom(first)).toBe(true);
        expect(await store.saveRoom(bump(first, { locked: true }))).toBe(true);
        const rival = bump(first, { hostId: 'm2' });
        expect(await store.saveRoom(rival)).toBe(true);
        expect((await store.loadRoom(code))?.room).toEqual(rival);
      });
    }

    it('startGame + appendAction in order; an append at a taken version is refused and writes nothing', async () => {
      const store = await open();
      const played = wholeGame();
      const { room, code } = await startedRoom(store, played);
      const loaded0 = await store.loadRoom(code);
      expect(loaded0?.room).toEqual(room);
      expect(loaded0?.game?.header).toEqual(played.header);
      expect(loaded0?.game?.snapshot).toEqual(played.start);
      expect(loaded0?.game?.tail).toEqual([]);
      const n = 12;
      await appendAll(store, room, played, 0, n);
      // Version 5 is taken: another writer's entry at 5 loses and nothing of it is kept.
      const rivalEntry: LogEntry = { ...played.log[5]!, actionId: 'rival', seat: 1 };
      expect(await store.appendAction(room, rivalEntry, null, false, false)).toBe(false);
      // Also when it would have carried a finished flag, a snapshot and a room change.
      const finishedRoom = bump(room, { status: 'finished', locked: true });
      expect(
        await store.appendAction(finishedRoom, rivalEntry, played.states[9]!, true, true),
      ).toBe(false);
      const game = await store.loadGame(code, 1);
      expect(game?.log).toEqual(played.log.slice(0, n));
      expect(game?.finished).toBe(false);
      const loaded = await store.loadRoom(code);
      expect(loaded?.room).toEqual(room);
      expect(loaded?.game?.actionIds.has(actionKey(1, 'rival'))).toBe(false);
      expect(loaded?.game?.actionIds.size).toBe(n);
      // The next version is still free.
      await appendAll(store, room, played, n, n + 1);
      expect((await store.loadGame(code, 1))?.log).toEqual(played.log.slice(0, n + 1));
      // One entry by its version, as a retry looks it up: the one stored, not the rival's.
      expect(await store.loadEntry(code, 1, 5)).toEqual(played.log[5]);
      expect(await store.loadEntry(code, 1, 0)).toEqual(played.log[0]);
      expect(await store.loadEntry(code, 1, n)).toEqual(played.log[n]);
      expect(await store.loadEntry(code, 1, n + 1)).toBeNull();
      expect(await store.loadEntry(code, 2, 0)).toBeNull();
      expect(await store.loadEntry('NOPE', 1, 0)).toBeNull();
    });

    if (caps.refusesGaps) {
      it('an append beyond the end of the log (a gap) is refused and writes nothing', async () => {
        const store = await open();
        const played = wholeGame();
        const { room, code } = await startedRoom(store, played);
        await appendAll(store, room, played, 0, 3);
        expect(await store.appendAction(room, played.log[4]!, null, false, false)).toBe(false);
        expect((await store.loadGame(code, 1))?.log).toEqual(played.log.slice(0, 3));
      });
    }

    if (caps.compareAndSet) {
      it('an append that changes the room over a stale revision is refused as a whole', async () => {
        const store = await open();
        const played = wholeGame();
        const { room, code } = await startedRoom(store, played);
        await appendAll(store, room, played, 0, 2);
        // Another node changed the room meanwhile (someone connected): revision 3.
        const elsewhere = bump(room, { presence: { m1: ['node-b'], m2: [] } });
        expect(await store.saveRoom(elsewhere)).toBe(true);
        // This node's append carries its own revision 3 (a new deadline): it must lose entirely.
        const mine = bump(room, { deadline: { key: 'turn/1/1', at: 1 } });
        expect(await store.appendAction(mine, played.log[2]!, null, false, true)).toBe(false);
        expect((await store.loadGame(code, 1))?.log).toEqual(played.log.slice(0, 2));
        expect((await store.loadRoom(code))?.room).toEqual(elsewhere);
        // Without a room change the same entry goes in (the log's own check is by version).
        expect(await store.appendAction(elsewhere, played.log[2]!, null, false, false)).toBe(true);
      });
    }

    it('a snapshot plus the tail after it rebuilds the same game as the full log', async () => {
      const store = await open();
      const played = wholeGame();
      const { room, code } = await startedRoom(store, played);
      const snapshotAt = 17;
      const n = 30;
      await appendAll(store, room, played, 0, n, snapshotAt);
      for (const reader of [store, await reopen()]) {
        const loaded = await reader.loadRoom(code);
        const game = loaded!.game!;
        expect(game.snapshot).toEqual(played.states[snapshotAt]);
        expect((game.snapshot as GameState).version).toBe(snapshotAt);
        expect(game.tail).toEqual(played.log.slice(snapshotAt, n));
        let state = game.snapshot as GameState;
        for (const entry of game.tail) {
          const step = applyAction(state, entry.seat, entry.action as Action);
          if (!step.ok) throw new Error(step.error.code);
          state = step.value.state;
        }
        const log = (await reader.loadGame(code, 1))!.log as readonly LogEntry[];
        const full = replay({
          ...played.header,
          settings: played.header.settings as GameSettings,
          log,
        });
        if (!full.ok) throw new Error(full.error.code);
        expect(state).toEqual(full.value.state);
        expect(state).toEqual(played.states[n]);
      }
    });

    it('a snapshot written under another state schema is ignored: the whole log is the tail', async () => {
      const store = await open();
      const played = wholeGame();
      const { room, code } = await startedRoom(store, played);
      const old = { ...played.states[10]!, schemaVersion: STATE_SCHEMA_VERSION - 1 };
      for (let i = 0; i < 20; i++) {
        const snapshot = i + 1 === 10 ? old : null;
        expect(await store.appendAction(room, played.log[i]!, snapshot, false, false)).toBe(true);
      }
      for (const reader of [store, await reopen()]) {
        const game = (await reader.loadRoom(code))!.game!;
        expect(game.snapshot).toBeNull();
        expect(game.tail).toEqual(played.log.slice(0, 20));
      }
    });

    it('actionIds maps every (seat, actionId) of the game, system entries too, to its version', async () => {
      const store = await open();
      const played = wholeGame();
      const { room, code } = await startedRoom(store, played);
      const n = 25;
      await appendAll(store, room, played, 0, n, 10);
      const expected = new Map(
        played.log.slice(0, n).map((e) => [actionKey(e.seat, e.actionId), e.version]),
      );
      expect(expected.get('system:timeout-setup/1')).toBe(0);
      for (const reader of [store, await reopen()]) {
        // The whole game's ids, not only the tail after the snapshot.
        expect(new Map((await reader.loadRoom(code))!.game!.actionIds)).toEqual(expected);
      }
    });

    it('saveDraft: each seat’s latest draft, over the one before, loaded with the game and never in its log; gone once it is finished', async () => {
      const store = await open();
      const played = wholeGame();
      const { room, code } = await startedRoom(store, played);
      const first = { step: 'write/1', version: 0, action: { type: 'write', cards: [1] } };
      const second = { step: 'write/1', version: 0, action: { type: 'write', cards: [2] } };
      const other = { step: 'write/1', version: 0, action: { type: 'write', cards: [3] } };
      await store.saveDraft(code, 1, 0, first);
      await store.saveDraft(code, 1, 0, second);
      await store.saveDraft(code, 1, 2, other);
      for (const reader of [store, await reopen()]) {
        const loaded = (await reader.loadRoom(code))!.game!;
        expect(new Map(loaded.drafts)).toEqual(
          new Map([
            [0, second],
            [2, other],
          ]),
        );
        expect(JSON.stringify((await reader.loadGame(code, 1))!.log)).not.toContain('cards');
      }
      const current = await appendAll(store, room, played, 0, played.log.length);
      expect(current.status).toBe('finished');
      for (const reader of [store, await reopen()])
        expect((await reader.loadRoom(code))!.game!.drafts.size).toBe(0);
    });

    it('loadGame: the full log, and finished once the last entry says so', async () => {
      const store = await open();
      const played = wholeGame();
      expect(played.states.at(-1)!.phase).toBe('gameOver');
      const { room, code } = await startedRoom(store, played);
      expect(await store.loadGame(code, 2)).toBeNull();
      expect(await store.loadGame(newCode(), 1)).toBeNull();
      const total = played.log.length;
      let current = await appendAll(store, room, played, 0, total - 1, 40);
      let game = await store.loadGame(code, 1);
      expect(game).toEqual({
        header: played.header,
        log: played.log.slice(0, -1),
        finished: false,
      });
      current = await appendAll(store, current, played, total - 1, total);
      expect(current.status).toBe('finished');
      for (const reader of [store, await reopen()]) {
        game = await reader.loadGame(code, 1);
        expect(game).toEqual({ header: played.header, log: played.log, finished: true });
        expect(game!.log.map((e) => e.version)).toEqual(played.log.map((_, i) => i));
        const loaded = await reader.loadRoom(code);
        expect(loaded!.room).toEqual(current);
        // A finished room loads with its final state (the game-over snapshot).
        expect(loaded!.game!.snapshot).toEqual(played.states.at(-1));
        expect(loaded!.game!.tail).toEqual([]);
      }
    });

    it('claimIdleRooms: the rooms quiet since a time, oldest first, each taken once until active again; deleted rooms go', async () => {
      const store = await open();
      // Times far before the other tests' rooms, which may share this store's index.
      const [a, b, c] = [newCode(), newCode(), newCode()];
      const roomA = roomRecord(a, { lastActivity: 10 });
      expect(await store.saveRoom(roomA)).toBe(true);
      expect(await store.saveRoom(roomRecord(b, { lastActivity: 20 }))).toBe(true);
      expect(await store.saveRoom(roomRecord(c, { lastActivity: 30 }))).toBe(true);
      expect(await store.claimIdleRooms(25, 100, 10)).toEqual([a, b]);
      // Taken: marked as looked at 100, so not taken again for a quiet time before 100.
      expect(await store.claimIdleRooms(25, 100, 10)).toEqual([]);
      expect(await store.claimIdleRooms(150, 200, 1)).toEqual([c]);
      // A write of the room is activity.
      expect(await store.saveRoom({ ...roomA, revision: 2, lastActivity: 300 })).toBe(true);
      expect(await store.claimIdleRooms(250, 400, 10)).toEqual([b, c]);
      await store.deleteRoom(b);
      expect(await store.claimIdleRooms(1000, 1000, 10)).toEqual([a, c]);
    });

    it('deleteRoom removes the live room but keeps the finished game (replays); codeTaken', async () => {
      const store = await open();
      const played = wholeGame();
      const unknown = newCode();
      expect(await store.codeTaken(unknown)).toBe(false);
      const { room, code } = await startedRoom(store, played);
      expect(await store.codeTaken(code)).toBe(true);
      await appendAll(store, room, played, 0, played.log.length);
      await store.deleteRoom(code);
      expect(await store.loadRoom(code)).toBeNull();
      expect(await store.loadGame(code, 1)).toEqual({
        header: played.header,
        log: played.log,
        finished: true,
      });
      // The code stays taken while a stored game uses it, so a replay link never changes game.
      expect(await store.codeTaken(code)).toBe(true);
      expect(await (await reopen()).codeTaken(code)).toBe(true);
      // A lobby room that never played frees its code when deleted.
      const lobby = roomRecord(newCode());
      expect(await store.saveRoom(lobby)).toBe(true);
      expect(await store.codeTaken(lobby.code)).toBe(true);
      await store.deleteRoom(lobby.code);
      expect(await store.codeTaken(lobby.code)).toBe(false);
      expect(await store.loadRoom(lobby.code)).toBeNull();
    });

    if (caps.stamps) {
      it('stamp: the stored revision and game version, moving with every write', async () => {
        const store = await open();
        const played = wholeGame();
        expect(await store.stamp(newCode())).toBeNull();
        const code = newCode();
        const lobby = roomRecord(code);
        await store.saveRoom(lobby);
        expect(await store.stamp(code)).toEqual({ revision: 1, version: null });
        const room = bump(lobby, { status: 'playing', gameNumber: 1 });
        await store.startGame(room, played.header, played.start);
        expect(await store.stamp(code)).toEqual({ revision: 2, version: 0 });
        await appendAll(store, room, played, 0, 4);
        expect(await store.stamp(code)).toEqual({ revision: 2, version: 4 });
        // A refused write moves nothing.
        await store.appendAction(room, played.log[1]!, null, false, false);
        await store.saveRoom(bump(lobby));
        expect(await store.stamp(code)).toEqual({ revision: 2, version: 4 });
        const changed = bump(room, { deadline: { key: 'x', at: 1 } });
        await store.appendAction(changed, played.log[4]!, null, false, true);
        expect(await (await reopen()).stamp(code)).toEqual({ revision: 3, version: 5 });
      });

      it('deleteRoom over a revision: refused (false, nothing deleted) after another write; a gone room counts as deleted', async () => {
        const store = await open();
        const code = newCode();
        const lobby = roomRecord(code, { lastActivity: 10 });
        expect(await store.saveRoom(lobby)).toBe(true);
        // Another node wrote the room (revision 2) since this one read it at revision 1.
        expect(await store.saveRoom(bump(lobby))).toBe(true);
        expect(await store.deleteRoom(code, 1)).toBe(false);
        expect(await store.stamp(code)).toEqual({ revision: 2, version: null });
        expect(await store.claimIdleRooms(1000, 1000, 10)).toEqual([code]);
        expect(await store.deleteRoom(code, 2)).toBe(true);
        expect(await store.loadRoom(code)).toBeNull();
        expect(await store.claimIdleRooms(5000, 5000, 10)).toEqual([]);
        expect(await store.deleteRoom(code, 2)).toBe(true);
      });
    } else {
      it('stamp: null (one process is the only writer, so nothing to compare)', async () => {
        const store = await open();
        const code = newCode();
        await store.saveRoom(roomRecord(code));
        expect(await store.stamp(code)).toBeNull();
        expect(await store.stamp(newCode())).toBeNull();
      });
    }
  });
}

// ------------------------------------------------------------------ SQLite (always runs)

storeContract('SqliteStore', { compareAndSet: false, stamps: false, refusesGaps: false }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'trepenta-contract-'));
  // Both share the database, so that the other connection can read it while the first is open.
  const store = new SqliteStore(dir, 'FULL', { shared: true });
  const opened: SqliteStore[] = [];
  return Promise.resolve({
    store,
    reopen: () => {
      // Another connection to the same file (the file is what a restart would find).
      const again = new SqliteStore(dir, 'FULL', { shared: true });
      opened.push(again);
      return Promise.resolve(again);
    },
    async cleanup() {
      for (const s of opened) await s.close().catch(() => undefined);
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
});

describe('SqliteStore specifics', () => {
  it('holds its data directory: a second store there is refused, also while the first is idle between checkpoints, until the first is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-contract-'));
    const store = new SqliteStore(dir, 'NORMAL', { intervalMs: 20, openMs: 5 });
    try {
      await store.saveRoom(roomRecord(newCode()));
      // Several checkpoints, each of which lets other connections into the database file.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(() => new SqliteStore(dir, 'NORMAL')).toThrow(DataDirInUse);
      expect(() => new SqliteStore(dir, 'NORMAL')).toThrow(/in use by another Trepenta server/);
    } finally {
      await store.close();
    }
    const again = new SqliteStore(dir, 'NORMAL');
    try {
      expect(await again.loadRooms()).toHaveLength(1);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a database that cannot be opened lets go of the data directory again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-contract-'));
    try {
      // Not a database: SQLite refuses it when the store sets it up.
      writeFileSync(join(dir, 'trepenta.sqlite'), 'not a database, '.repeat(64));
      expect(() => new SqliteStore(dir, 'NORMAL')).toThrow(/not a database/);
      rmSync(join(dir, 'trepenta.sqlite'));
      // Neither refused as in use by the failed start, nor left to that start's connection.
      const store = new SqliteStore(dir, 'NORMAL');
      await store.saveRoom(roomRecord(newCode()));
      expect(await store.loadRooms()).toHaveLength(1);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loadRooms returns every live room with its game (a restart restores them all)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-contract-'));
    const store = new SqliteStore(dir, 'FULL');
    try {
      const a = roomRecord(newCode());
      const b = roomRecord(newCode());
      await store.saveRoom(a);
      await store.saveRoom(b);
      const loaded = await store.loadRooms();
      expect(loaded.map((l) => l.room.code).sort()).toEqual([a.code, b.code].sort());
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SqliteStore commits (NORMAL: the first of a turn at once; FULL: per turn of the event loop)', () => {
  /**
   * A store and a second connection that reads what is committed the moment it is asked. Both
   * share the database (as the store does while a checkpoint runs), so that the reader can read.
   */
  async function withReader(
    synchronous: 'FULL' | 'NORMAL',
    test: (store: SqliteStore, reader: SqliteStore) => Promise<void>,
  ): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-contract-'));
    const store = new SqliteStore(dir, synchronous, { shared: true });
    const reader = new SqliteStore(dir, synchronous, { shared: true });
    try {
      await test(store, reader);
    } finally {
      await reader.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('FULL: every write of a turn, the first too, commits together at the turn’s end (one fsync)', () =>
    withReader('FULL', async (store, reader) => {
      const a = roomRecord(newCode());
      const b = roomRecord(newCode());
      const writes = [store.saveRoom(a), store.saveRoom(b)];
      const seenNow = [reader.loadRoom(a.code), reader.loadRoom(b.code)];
      expect(await seenNow[0]).toBeNull();
      expect(await seenNow[1]).toBeNull();
      await Promise.all(writes);
      expect((await reader.loadRoom(a.code))?.room).toEqual(a);
      expect((await reader.loadRoom(b.code))?.room).toEqual(b);
    }));

  it('NORMAL: commits the first four writes of a turn at once, and a busy turn’s later writes at its end, in order', () =>
    withReader('NORMAL', async (store, reader) => {
      const rooms = Array.from({ length: 6 }, () => roomRecord(newCode()));
      const first = store.saveRoom(rooms[0]!);
      expect((await reader.loadRoom(rooms[0]!.code))?.room).toEqual(rooms[0]);
      // Later writes of the same turn do not wait for its end either, up to four in all.
      const writes = [first, ...rooms.slice(1).map((room) => store.saveRoom(room))];
      const again = store.saveRoom({ ...rooms[0]!, revision: rooms[0]!.revision + 1 });
      const seen = await Promise.all(rooms.map((room) => reader.loadRoom(room.code)));
      expect(seen.map((loaded) => loaded !== null)).toEqual([true, true, true, true, false, false]);
      await Promise.all([...writes, again]);
      for (const room of rooms.slice(4)) {
        expect((await reader.loadRoom(room.code))?.room).toEqual(room);
      }
      // The later write of the first room's record, made after the first, is the one that stays.
      expect((await reader.loadRoom(rooms[0]!.code))?.room.revision).toBe(rooms[0]!.revision + 1);
      // A new turn: its first writes commit at once again.
      await new Promise((resolve) => setImmediate(resolve));
      const next = roomRecord(newCode());
      const third = store.saveRoom(next);
      expect((await reader.loadRoom(next.code))?.room).toEqual(next);
      await third;
    }));

  it.each(['FULL', 'NORMAL'] as const)(
    '%s: a write that fails in a group is undone and refused alone; the others of its turn commit',
    (synchronous) =>
      withReader(synchronous, async (store, reader) => {
        // With NORMAL, the turn's first four writes commit at once: these three and `a`.
        const atOnce = synchronous === 'NORMAL' ? 3 : 0;
        const earlier = Array.from({ length: atOnce }, () => store.saveRoom(roomRecord(newCode())));
        const a = roomRecord(newCode());
        const bad = { ...roomRecord(newCode()), chat: [1n] } as unknown as RoomRecord;
        const c = roomRecord(newCode());
        const first = store.saveRoom(a);
        // A BigInt cannot be written as JSON: this write throws inside the group's transaction.
        const failing = store.saveRoom(bad);
        const after = store.saveRoom(c);
        // `c` waits for the turn's end, in one group with the failing write.
        expect(await reader.loadRoom(c.code)).toBeNull();
        await Promise.all([...earlier, first]);
        await expect(failing).rejects.toThrow(/BigInt/);
        await after;
        expect(await reader.loadRoom(bad.code)).toBeNull();
        expect((await reader.loadRoom(a.code))?.room).toEqual(a);
        expect((await reader.loadRoom(c.code))?.room).toEqual(c);
      }),
  );
});

describe('SqliteStore and a locked database (the checkpointer’s RESTART holds the write lock)', () => {
  /**
   * A store, and another connection that takes the write lock as the checkpointer does. The store
   * shares the database, as it does while a checkpoint runs.
   */
  async function whileLocked(
    synchronous: 'FULL' | 'NORMAL',
    test: (store: SqliteStore, lock: Database.Database) => Promise<void>,
  ): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-locked-'));
    const store = new SqliteStore(dir, synchronous, { shared: true });
    const lock = new Database(join(dir, 'trepenta.sqlite'));
    try {
      lock.exec('BEGIN IMMEDIATE');
      await test(store, lock);
    } finally {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      lock.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const stored = (lock: Database.Database, code: string) =>
    (
      lock.prepare('SELECT data FROM rooms WHERE code = ?').get(code) as
        { data: string } | undefined
    )?.data;

  it.each(['FULL', 'NORMAL'] as const)(
    '%s: writes wait for the lock without blocking the event loop, then commit in order',
    (synchronous) =>
      whileLocked(synchronous, async (store, lock) => {
        const a = roomRecord(newCode());
        const b = roomRecord(newCode());
        const started = performance.now();
        const writes = [
          store.saveRoom(a),
          store.saveRoom({ ...a, revision: a.revision + 1 }),
          store.saveRoom(b),
        ];
        // SQLite's busy handler would have slept here until its timeout.
        expect(performance.now() - started).toBeLessThan(100);
        let settled = false;
        void Promise.allSettled(writes).then(() => (settled = true));
        // Timers still fire while the writes wait, and the writes are still waiting.
        await new Promise((resolve) => setTimeout(resolve, 40));
        expect(settled).toBe(false);
        lock.exec('COMMIT');
        // Made once the lock is free but before the waiting writes are tried again: it still
        // goes after them, so the later record of `a` is the one that stays.
        writes.push(store.saveRoom({ ...a, revision: a.revision + 2 }));
        expect(await Promise.all(writes)).toEqual([true, true, true, true]);
        expect(JSON.parse(stored(lock, a.code)!)).toEqual({ ...a, revision: a.revision + 2 });
        expect(JSON.parse(stored(lock, b.code)!)).toEqual(b);
        // The lock gone, the next turn's first write commits at once again.
        await new Promise((resolve) => setImmediate(resolve));
        const c = roomRecord(newCode());
        const next = store.saveRoom(c);
        if (synchronous === 'NORMAL') expect(stored(lock, c.code)).toBeDefined();
        await next;
        expect(stored(lock, c.code)).toBeDefined();
      }),
  );

  it('closing while the lock is held commits what waits once it is free; later writes are refused', () =>
    whileLocked('NORMAL', async (store, lock) => {
      const a = roomRecord(newCode());
      const write = store.saveRoom(a);
      setTimeout(() => lock.exec('COMMIT'), 30);
      await store.close();
      expect(await write).toBe(true);
      expect(JSON.parse(stored(lock, a.code)!)).toEqual(a);
      await expect(store.saveRoom(roomRecord(newCode()))).rejects.toThrow(/closed/);
    }));
});

describe('SqliteStore checkpoints (a worker thread copies the log, never a commit)', () => {
  const sizes = (dir: string) => {
    const size = (name: string) => {
      try {
        return statSync(join(dir, name)).size;
      } catch {
        return 0;
      }
    };
    return { db: size('trepenta.sqlite'), log: size('trepenta.sqlite-wal') };
  };
  async function until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a worker that cannot run says so once, and stopping it still returns', async () => {
    let failures = 0;
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-checkpoint-'));
    // A database in a folder that does not exist: the worker's connection cannot open.
    const checkpointer = new Checkpointer(
      join(dir, 'missing', 'trepenta.sqlite'),
      { intervalMs: 20, maxLogFrames: 1000, openMs: 5, openEvery: 4 },
      { open: () => undefined, closed: () => undefined, failed: () => failures++ },
    );
    await until(() => failures > 0, 'the failure to be reported');
    await checkpointer.stop();
    expect(failures).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed writes into the database file by itself, and starts the log again past its limit', async () => {
    const logSizes: Record<string, number> = {};
    const rooms: Record<string, number> = {};
    for (const maxLogFrames of [1_000_000, 20]) {
      const dir = mkdtempSync(join(tmpdir(), 'trepenta-checkpoint-'));
      const store = new SqliteStore(dir, 'NORMAL', { intervalMs: 20, maxLogFrames, openMs: 5 });
      try {
        const before = sizes(dir).db;
        // A busy server's pace, with no pause long enough for a passive checkpoint to copy the
        // whole log between two commits: the writer never finds it copied.
        const started = Date.now();
        while (Date.now() - started < 600) {
          for (let i = 0; i < 3; i++) await store.saveRoom(roomRecord(newCode()));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        rooms[maxLogFrames] = (await store.loadRooms()).length;
        // The commits themselves never copy the log (automatic checkpoints are off): only the
        // worker can make the database file grow.
        await until(() => sizes(dir).db > before + 200_000, 'the database file to grow');
        logSizes[maxLogFrames] = sizes(dir).log;
      } finally {
        await store.close();
      }
      // Closed: the log was copied and removed, and everything is in the database file.
      expect(sizes(dir).log).toBe(0);
      const again = new SqliteStore(dir, 'NORMAL');
      try {
        expect((await again.loadRooms()).length).toBe(rooms[maxLogFrames]);
      } finally {
        await again.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    // Never started again by the worker, the log file holds about a page for every commit (a
    // pause on a loaded machine may let the writer find it copied and start it again once or
    // twice: a quarter at least); started again past 20 pages, it holds a fraction of that per
    // room written. On a machine busy enough to starve the worker thread (seen: 47% in one run,
    // under 10% unloaded) the fraction grows, so the bound is 60%; a log never started again
    // holds the same per room.
    console.log(
      `checkpoints: ${JSON.stringify(rooms)} rooms written, log files ${JSON.stringify(logSizes)} bytes`,
    );
    expect(logSizes[1_000_000]).toBeGreaterThan((rooms[1_000_000]! * 4096) / 4);
    const perRoom = (frames: number) => logSizes[frames]! / rooms[frames]!;
    expect(perRoom(20)).toBeLessThan(perRoom(1_000_000) * 0.6);
  });
});

describe('SqliteStore keeps the database to itself between checkpoints (EXCLUSIVE locking)', () => {
  /**
   * Another program reading the file, on a thread of its own (its busy timeout must not hold up
   * the event loop, which opens the database for checkpoints): it waits to get in, opens a read
   * transaction, reports how many rooms it sees, and holds the transaction until told to leave.
   */
  function outsideReader(file: string): { seen: Promise<number>; leave: () => Promise<void> } {
    const worker = new Worker(
      `
      const { parentPort, workerData } = require('node:worker_threads');
      const Database = require(workerData.driver);
      const db = new Database(workerData.file, { timeout: 20000 });
      db.exec('BEGIN');
      parentPort.postMessage(db.prepare('SELECT count(*) AS n FROM rooms').get().n);
      parentPort.once('message', () => {
        db.exec('COMMIT');
        db.close();
        parentPort.close();
      });
      `,
      {
        eval: true,
        workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      },
    );
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const seen = new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return {
      seen,
      leave: () => {
        worker.postMessage('leave');
        return exited;
      },
    };
  }
  const busyForOthers = (file: string): boolean => {
    const other = new Database(file, { timeout: 0 });
    try {
      other.prepare('SELECT count(*) AS n FROM rooms').get();
      return false;
    } catch (error) {
      if (error instanceof Database.SqliteError && error.code === 'SQLITE_BUSY') return true;
      throw error;
    } finally {
      other.close();
    }
  };
  /** A write must commit within `ms`, not wait for the lock indefinitely. */
  const within = <T>(write: Promise<T>, ms: number): Promise<T> =>
    Promise.race([
      write,
      new Promise<T>((_, reject) =>
        setTimeout(() => reject(new Error(`not committed within ${ms} ms`)), ms),
      ),
    ]);

  it('others are locked out between checkpoints, get in during one, and the store shares the database while they hold it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trepenta-exclusive-'));
    const file = join(dir, 'trepenta.sqlite');
    // Every checkpoint (every 300 ms) keeps the database open for 110 ms.
    const store = new SqliteStore(dir, 'NORMAL', { intervalMs: 300, openMs: 110, openEvery: 1 });
    let reader: ReturnType<typeof outsideReader> | null = null;
    let rooms = 0;
    try {
      const first = Array.from({ length: 3 }, () => roomRecord(newCode()));
      for (const room of first) await store.saveRoom(room);
      // The first checkpoint is 300 ms away: the store holds the database alone.
      expect(busyForOthers(file)).toBe(true);
      // A reader with a busy timeout (SQLite's handler tries again at most every 100 ms) gets in
      // while a checkpoint opens the database for 110 ms.
      reader = outsideReader(file);
      expect(await reader.seen).toBe(3);
      // While it holds its transaction, writes still commit at once, across several checkpoints
      // (after each the store tries to take the database back, finds it held and shares it
      // again), not only while a checkpoint has it open.
      const later = Array.from({ length: 8 }, () => roomRecord(newCode()));
      for (const room of later) {
        expect(await within(store.saveRoom(room), 100)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      await reader.leave();
      reader = null;
      // Gone: after a checkpoint the store keeps the database to itself again (a check that lands
      // while a checkpoint has it open gets in, so it is checked until shut out, for 2 s at most).
      let shutOut = false;
      let written = first.length + later.length;
      for (const started = Date.now(); !shutOut && Date.now() - started < 2000; written++) {
        await store.saveRoom(roomRecord(newCode()));
        shutOut = busyForOthers(file);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(shutOut).toBe(true);
      expect((await store.loadRooms()).length).toBe(written);
      rooms = written;
    } finally {
      await reader?.leave();
      await store.close();
    }
    // Closed, it lets go of the file: everything is there for the next start.
    expect(busyForOthers(file)).toBe(false);
    const again = new SqliteStore(dir, 'NORMAL');
    try {
      expect((await again.loadRooms()).length).toBe(rooms);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

// ------------------------------------------------------------------ Redis

const runIt = redisAvailable() ? describe : describe.skip;

runIt('RedisStore (own redis-server)', () => {
  let redis: TestRedis | null = null;
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await redis?.stop();
    redis = null;
  });

  /**
   * A fail-fast client (the server's own kind) once it is connected: without an offline queue,
   * a command sent before the connection is ready fails at once.
   */
  async function redisStore(
    prefix: string,
    options: { node?: string; nodeTtlMs?: number } = {},
  ): Promise<RedisStore> {
    const client = redisClient(redis!.url, { failFast: true });
    await ready(client);
    return new RedisStore(client, prefix, options);
  }

  let prefixSeq = 0;
  storeContract(
    'RedisStore',
    { compareAndSet: true, stamps: true, refusesGaps: true },
    async () => {
      // A unique prefix per test on the suite's own server: nothing is shared, nothing flushed.
      const prefix = `contract${++prefixSeq}-${process.pid}:`;
      const clients: RedisStore[] = [];
      const open = async () => {
        const store = await redisStore(prefix);
        clients.push(store);
        return store;
      };
      const store = await open();
      return {
        store,
        reopen: open,
        async cleanup() {
          for (const s of clients) await s.close().catch(() => undefined);
        },
      };
    },
  );

  it('loadRooms is lazy: rooms load on demand, by code', async () => {
    const store = await redisStore(`lazy-${process.pid}:`);
    try {
      const room = roomRecord(newCode());
      await store.saveRoom(room);
      expect(await store.loadRooms()).toEqual([]);
      expect((await store.loadRoom(room.code))?.room).toEqual(room);
    } finally {
      await store.close();
    }
  });

  it('a rolling upgrade: rooms in the old `rooms` set join the activity index at the next sweep', async () => {
    const prefix = `legacy-${process.pid}:`;
    const store = await redisStore(prefix);
    try {
      const old = roomRecord(newCode(), { lastActivity: 10 });
      const recent = roomRecord(newCode(), { lastActivity: 5000 });
      for (const room of [old, recent]) expect(await store.saveRoom(room)).toBe(true);
      // As an older server left them: in the set, not in the index; and one deleted since.
      const redis = store.client;
      await redis.zrem(`${prefix}activity`, old.code, recent.code);
      await redis.sadd(`${prefix}rooms`, old.code, recent.code, 'GONE00');
      expect(await store.claimIdleRooms(100, 200, 10)).toEqual([old.code]);
      expect(await redis.exists(`${prefix}rooms`)).toBe(0);
      expect(await redis.zscore(`${prefix}activity`, recent.code)).toBe('5000');
      expect(await redis.zscore(`${prefix}activity`, 'GONE00')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('one node at a time: a claim takes a room only from a silent owner; writes are fenced; release and lost', async () => {
    const prefix = `owner-${process.pid}:`;
    const ttl = 1000;
    const a = await redisStore(prefix, { node: 'a~1', nodeTtlMs: ttl });
    const b = await redisStore(prefix, { node: 'b~1', nodeTtlMs: ttl });
    const heartbeat = (node: string, at: number) => a.client.zadd(`${prefix}nodes`, at, node);
    try {
      await heartbeat('a~1', Date.now());
      await heartbeat('b~1', Date.now());
      // No such room: nothing to take, and nothing is created by asking.
      expect(await b.claim('NOROOM', 'b~1')).toBeNull();
      expect(await a.client.exists(`${prefix}room:NOROOM`)).toBe(0);

      const room = roomRecord(newCode());
      const code = room.code;
      expect(await a.saveRoom(room)).toBe(true);
      expect(await a.claim(code, 'a~1')).toBeNull();
      // a is alive: b is told who serves the room, and b's writes are refused, writing nothing.
      expect(await b.claim(code, 'b~1')).toBe('a~1');
      const next = bump(room);
      await expect(b.saveRoom(next)).rejects.toBeInstanceOf(NotOwner);
      await expect(b.deleteRoom(code, room.revision)).rejects.toBeInstanceOf(NotOwner);
      expect((await a.loadRoom(code))?.room).toEqual(room);
      expect(await a.lost([code], 'a~1')).toEqual([]);
      // a falls silent for longer than the window. A node whose own heartbeats are not steady
      // (just back from a Redis outage, when everyone looks silent) may not take it over yet;
      // one that is steady takes the room over, and a is fenced off.
      await heartbeat('a~1', Date.now() - ttl - 100);
      expect(await b.claim(code, 'b~1', false)).toBe('a~1');
      expect(await b.claim(code, 'b~1')).toBeNull();
      await expect(a.saveRoom(next)).rejects.toBeInstanceOf(NotOwner);
      expect(await a.lost([code, 'NOROOM'], 'a~1')).toEqual([code]);
      expect(await b.saveRoom(next)).toBe(true);
      // Back and alive, a cannot take it back while b serves it.
      await heartbeat('a~1', Date.now());
      expect(await a.claim(code, 'a~1')).toBe('b~1');
      // A release by a node that does not own the room changes nothing; the owner's lets it go.
      await a.release([code], 'a~1');
      expect(await a.claim(code, 'a~1')).toBe('b~1');
      await b.release([code], 'b~1');
      // A write after the release (a request that was still queued) does not take it back: a
      // room comes to a node through a claim; only its creation makes its creator the owner.
      expect(await b.saveRoom(bump(next))).toBe(true);
      expect(await a.client.hget(`${prefix}room:${code}`, 'owner')).toBeNull();
      expect(await a.claim(code, 'a~1')).toBeNull();
      expect(await b.lost([code], 'b~1')).toEqual([code]);
      // An owner the nodes set does not list (forgotten after a day) is no owner.
      expect(await a.saveRoom(bump(bump(next)))).toBe(true);
      await a.client.zrem(`${prefix}nodes`, 'a~1');
      expect(await b.claim(code, 'b~1')).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('prefixes keep deployments apart on one Redis', async () => {
    const a = await redisStore(`apart-a-${process.pid}:`);
    const b = await redisStore(`apart-b-${process.pid}:`);
    try {
      const room = roomRecord(newCode());
      expect(await a.saveRoom(room)).toBe(true);
      expect(await b.loadRoom(room.code)).toBeNull();
      expect(await b.codeTaken(room.code)).toBe(false);
      // The same revision saved under the other prefix is a different room, not a conflict.
      expect(await b.saveRoom(room)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not get ready')), 10_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
