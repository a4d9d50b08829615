/**
 * Durability of the authoritative server as a real process: SIGKILL at seeded moments (several
 * times per game), restart on the same data directory, players come back with their tokens and
 * finish the game. Nothing acknowledged may be lost, nothing applied twice, and what clients were
 * shown must be the history the store keeps. Also a graceful SIGTERM: clients are told, the
 * process exits 0, and a restart restores the room.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { botRandom, commitment, settingsWith, viewFor } from '@trepenta/rules';
import type { GameView, HouseRule, LogEntry, PlayerAction } from '@trepenta/rules';
import type { GameUpdate } from './trepenta';
import { Client, decide } from './harness';
import { NonceGiver } from './support';
import { exitWithin, freePort, killAll, spawnServer } from './processes';
import type { ServerProcess } from './processes';
import { engineView, replayByVersion } from './wire-checks';
import type { GameHeader } from '../src/store/types';

const clients: Client[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await killAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Acked {
  readonly seat: number;
  readonly actionId: string;
  readonly version: number;
  readonly payload: { version: number; actionId: string; action: PlayerAction };
}

interface Player {
  readonly seat: number;
  readonly token: string;
  client: Client;
  /** Every socket this player used (one per server life). */
  readonly sockets: Client[];
  /** A move sent whose answer was lost with the server: it is sent again, same id. */
  pending: Acked['payload'] | null;
  sent: number;
  /** The nonce the server acknowledged from this seat (§8.2). */
  nonce?: string;
  /** Gives this seat's hash, then its nonce, as a client does. */
  readonly giver: NonceGiver;
}

interface Table {
  readonly code: string;
  readonly players: Player[];
  readonly acked: Acked[];
  readonly random: () => number;
  /** Called after each acknowledged action; may stop the server (a SIGKILL at a seeded moment). */
  onAck: (p: Player) => void;
  /** Moves in flight when the server died, sent again after the restart: their answers. */
  readonly resent: { key: string; restoredAt: number; answer: string }[];
}

const RETRYABLE = ['STALE_VERSION', 'WRONG_PHASE', 'NOT_YOUR_TURN', 'ALREADY_CHOSEN', 'WRONG_STEP'];

function newClient(url: string): Client {
  const client = new Client(url);
  clients.push(client);
  return client;
}

async function sendAction(table: Table, p: Player, payload: Acked['payload']): Promise<boolean> {
  const resending = p.pending === payload;
  p.pending = payload;
  const restoredAt = p.client.view?.version ?? -1;
  let answer;
  try {
    answer = await p.client.request('game:action', payload, 8000);
  } catch {
    return false; // The server went away; the move stays pending.
  }
  p.pending = null;
  if (resending)
    table.resent.push({
      key: `${p.seat}:${payload.actionId}`,
      restoredAt,
      answer: answer.ok ? 'ok' : answer.code,
    });
  if (answer.ok) {
    table.acked.push({
      seat: p.seat,
      actionId: payload.actionId,
      version: answer.version,
      payload,
    });
    table.onAck(p);
  } else if (!RETRYABLE.includes(answer.code)) {
    throw new Error(`seat ${p.seat}: ${JSON.stringify(payload.action)} refused: ${answer.code}`);
  }
  return true;
}

/** Plays one seat while the server lives: 'over' at game end, 'down' when the socket is gone. */
async function playWhileUp(table: Table, p: Player, deadline: number): Promise<'over' | 'down'> {
  let decidedAt = -1;
  let lastAttempt = 0;
  for (let loops = 0; loops < 50_000; loops++) {
    const client = p.client;
    if (!client.socket.connected) return 'down';
    if (Date.now() > deadline) throw new Error(`seat ${p.seat}: out of time`);
    const view = client.view;
    if (view?.phase === 'gameOver') return 'over';
    if (p.pending) {
      if (!(await sendAction(table, p, p.pending))) return 'down';
      continue;
    }
    await p.giver.step(client);
    p.nonce ??= p.giver.taken.values().next().value;
    if (view && (view.version !== decidedAt || Date.now() - lastAttempt > 400)) {
      decidedAt = view.version;
      const action = decide(view, 'greedy', Math.floor(table.random() * 2 ** 31));
      if (action) {
        lastAttempt = Date.now();
        const payload = { version: view.version, actionId: `s${p.seat}a${++p.sent}`, action };
        if (!(await sendAction(table, p, payload))) return 'down';
        continue;
      }
    }
    await client
      .until(
        () =>
          !client.socket.connected ||
          (client.view?.version ?? -1) !== decidedAt ||
          client.view?.phase === 'gameOver',
        500,
      )
      .catch(() => undefined);
  }
  throw new Error(`seat ${p.seat}: too many loops`);
}

/** Each player back on a new socket with their token; resolves when each has a view. */
async function rejoin(url: string, table: Table): Promise<void> {
  await Promise.all(
    table.players.map(async (p) => {
      const client = newClient(url);
      p.client = client;
      p.sockets.push(client);
      await client.connected();
      const joined = await client.request('room:join', { code: table.code, token: p.token });
      if (!joined.ok) throw new Error(`seat ${p.seat}: rejoin refused: ${joined.code}`);
      expect(joined.you.seat).toBe(p.seat);
      client.takeRoom(joined.room);
      await client.until(() => client.view !== null, 10_000, `seat ${p.seat}: the resync`);
    }),
  );
}

async function createTable(
  url: string,
  seed: number,
  rules: readonly HouseRule[],
  humans: number,
  seats: number,
): Promise<Table> {
  const host = newClient(url);
  await host.connected();
  const created = await host.ok('room:create', {
    nickname: 'Host',
    settings: settingsWith(rules),
    seatCount: seats,
    bots: Array.from({ length: seats - humans }, (_, i) => ({
      seat: humans + i,
      level: 'greedy' as const,
    })),
  });
  const players: Player[] = [
    {
      seat: 0,
      token: created.you.token,
      client: host,
      sockets: [host],
      pending: null,
      sent: 0,
      giver: new NonceGiver(),
    },
  ];
  for (let seat = 1; seat < humans; seat++) {
    const client = newClient(url);
    await client.connected();
    const joined = await client.ok('room:join', { code: created.room.code, nickname: `P${seat}` });
    expect(joined.you.seat).toBe(seat);
    players.push({
      seat,
      token: joined.you.token,
      client,
      sockets: [client],
      pending: null,
      sent: 0,
      giver: new NonceGiver(),
    });
  }
  return {
    code: created.room.code,
    players,
    acked: [],
    random: botRandom(seed),
    onAck: () => undefined,
    resent: [],
  };
}

interface StoredRecord {
  readonly header: GameHeader;
  readonly log: LogEntry[];
  readonly finished: boolean;
}

/** The stored game, read straight from the SQLite file (the server need not be running). */
function readDatabase(dataDir: string, code: string): StoredRecord {
  const db = new Database(join(dataDir, 'trepenta.sqlite'), { readonly: true });
  try {
    const game = db
      .prepare<[string], { header: string; finished: number }>(
        'SELECT header, finished FROM games WHERE code = ? AND game = 1',
      )
      .get(code);
    if (!game) throw new Error('no stored game');
    const rows = db
      .prepare<[string], { version: number; seat: string; action_id: string; entry: string }>(
        'SELECT version, seat, action_id, entry FROM actions WHERE code = ? AND game = 1 ORDER BY version',
      )
      .all(code);
    const log = rows.map((row) => {
      const entry = JSON.parse(row.entry) as LogEntry;
      // The indexed columns and the entry agree.
      expect([row.version, row.seat, row.action_id]).toEqual([
        entry.version,
        String(entry.seat),
        entry.actionId,
      ]);
      return entry;
    });
    return { header: JSON.parse(game.header) as GameHeader, log, finished: game.finished === 1 };
  } finally {
    db.close();
  }
}

/** Nothing acknowledged lost, nothing twice, and every view a client saw is in the history. */
function checkHistory(table: Table, stored: StoredRecord, seats: number): void {
  const { log } = stored;
  expect(stored.finished).toBe(true);
  // Versions strictly consecutive from 0.
  expect(log.map((entry) => entry.version)).toEqual(log.map((_, i) => i));
  // Each (seat, actionId) once.
  const keys = log.map((entry) => `${entry.seat}:${entry.actionId}`);
  expect(new Set(keys).size).toBe(keys.length);
  // Every acknowledged action is there, at the version its ack named, with the same move.
  const byKey = new Map(log.map((entry) => [`${entry.seat}:${entry.actionId}`, entry]));
  const missing: string[] = [];
  for (const ack of table.acked) {
    const entry = byKey.get(`${ack.seat}:${ack.actionId}`);
    if (!entry) {
      missing.push(`${ack.seat}:${ack.actionId} (acked at version ${ack.version})`);
      continue;
    }
    expect(entry.version, `${ack.seat}:${ack.actionId}`).toBe(ack.version - 1);
    expect(entry.action).toEqual(ack.payload.action);
  }
  expect(missing, 'acknowledged actions missing from the stored log').toEqual([]);
  // The replayed game is the one the clients were shown, at every version they saw.
  const game = replayByVersion(stored.header, stored.log);
  const final = game.states.at(-1)!;
  expect(final.phase).toBe('gameOver');
  const ghosts: string[] = [];
  for (const p of table.players) {
    for (const socket of p.sockets) {
      for (const { event, args } of socket.received) {
        if (event !== 'game:update') continue;
        const update = args[0] as GameUpdate;
        const version = update.view.version;
        if (!game.states[version])
          ghosts.push(`seat ${p.seat} saw version ${version}, never stored`);
        else if (JSON.stringify(update.view) !== engineView(game, update, p.seat))
          ghosts.push(`seat ${p.seat} saw a version ${version} the store does not replay to`);
      }
    }
    const last: GameView = p.client.view!;
    expect(last.phase).toBe('gameOver');
    expect(last.totals).toEqual(viewFor(final, p.seat).totals);
    expect(last.scores).toEqual(final.scores);
    expect(last).toEqual(viewFor(final, p.seat));
  }
  expect(ghosts.slice(0, 5)).toEqual([]);
  expect(final.scores).toHaveLength(5);
  expect(final.scores.every((round) => round.length === seats)).toBe(true);
  // §8.2: an acknowledged nonce survived and is the one the deal used.
  for (const p of table.players)
    if (p.nonce) expect(stored.header.randomness.nonces[p.seat], `seat ${p.seat}`).toBe(p.nonce);
  // §8: the revealed secrets match the commitments published before the deal.
  const { gameId, secrets } = stored.header.randomness;
  expect(secrets.map((s, i) => commitment(gameId, i + 1, s))).toEqual(stored.header.commitments);
}

describe('crash safety: SIGKILL at seeded moments, restart, finish', () => {
  it.each([
    [101, ['openField', 'rivalSets', 'longPlay'] as HouseRule[]],
    [202, ['peek', 'fieldUnlimited', 'finishLine', 'rivalSets'] as HouseRule[]],
  ])(
    'seed %i, %j: no acknowledged action lost, none applied twice',
    async (seed, rules) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-durable-'));
      dirs.push(dataDir);
      const port = await freePort();
      let server: ServerProcess = await spawnServer(port, dataDir);
      const table = await createTable(server.url, seed, rules, 3, 4);
      const deadline = Date.now() + 70_000;

      // Kill 1: while nonces are being collected (§8.2), right after one was acknowledged: every
      // seat's hash in, then the first seat's nonce.
      const first = table.players[0]!;
      await first.client.ok('room:start', {});
      await first.client.until(() => first.client.room?.commit != null, 5000, 'the commitments');
      for (const p of table.players) await p.giver.step(p.client);
      await first.client.until(
        () => first.client.room?.commit?.step === 'nonces',
        5000,
        'the hashes published',
      );
      await first.giver.step(first.client);
      first.nonce = first.giver.taken.values().next().value;
      expect(first.nonce).toBeDefined();
      server.child.kill('SIGKILL');
      expect((await exitWithin(server, 5000))?.signal).toBe('SIGKILL');
      let kills = 1;
      const moments: string[] = ['a nonce acked, starting'];
      // Then five more crashes, in a seeded order of kinds of moment.
      const plan: ('time' | string[])[] = [
        ['turns'],
        ['roundEnd'],
        ['setup'],
        ['arrange', 'layoff'],
        'time',
      ];
      for (let i = plan.length - 1; i > 0; i--) {
        const k = Math.floor(table.random() * (i + 1));
        [plan[i], plan[k]] = [plan[k]!, plan[i]!];
      }
      for (let life = 1; life <= 12; life++) {
        server = await spawnServer(port, dataDir);
        const before = table.acked.at(-1)?.version ?? 0;
        await rejoin(server.url, table);
        for (const p of table.players)
          expect(p.client.view!.version).toBeGreaterThanOrEqual(before);
        // An acknowledged move sent again after the restart is answered, not redone.
        const last = table.acked.at(-1);
        if (last) {
          const p = table.players.find((q) => q.seat === last.seat)!;
          const again = await p.client.request('game:action', last.payload);
          expect(again).toEqual({ ok: true, version: last.version });
        }
        // The seeded moment of the next crash: after 3..12 more acknowledged actions, at the
        // first ack that leaves the game in the planned phase (any phase after 15 more, so that
        // every planned crash happens well before the game ends), or
        // simply some milliseconds after everyone is back (a bot's move or a timer may be
        // running then).
        const moment = plan[kills - 1];
        const from = table.acked.length;
        const after = from + 3 + Math.floor(table.random() * 10);
        let killed = false;
        const kill = (why: string) => {
          if (killed) return;
          killed = true;
          moments.push(why);
          server.child.kill('SIGKILL');
        };
        table.onAck = (p) => {
          const phase = p.client.view?.phase ?? '?';
          // A timed crash comes after 20 acks at the latest: on a fast machine a few hundred
          // milliseconds of play can otherwise take so much of the game that the later planned
          // crashes find it over (seen once in CI: 4 crashes of the 5).
          if (moment === 'time' && table.acked.length >= from + 20)
            kill(`${table.acked.length} acks (before the timer), ${phase}`);
          if (moment === undefined || moment === 'time' || table.acked.length < after) return;
          if (moment.includes(phase) || table.acked.length >= after + 15)
            kill(`${table.acked.length} acks, ${phase}`);
        };
        let timer: NodeJS.Timeout | undefined;
        if (moment === 'time') {
          const ms = 30 + Math.floor(table.random() * 300);
          timer = setTimeout(
            () => kill(`${ms} ms after the restart, ${table.players[0]!.client.view?.phase}`),
            ms,
          );
        }
        const outcomes = await Promise.all(
          table.players.map((p) => playWhileUp(table, p, deadline)),
        );
        clearTimeout(timer);
        if (!killed) {
          expect(outcomes).toEqual(outcomes.map(() => 'over'));
          break;
        }
        expect((await exitWithin(server, 5000))?.signal).toBe('SIGKILL');
        kills++;
      }
      expect(kills, `crashes at ${JSON.stringify(moments)} acks`).toBeGreaterThanOrEqual(5);

      // A crash after the end: the finished game comes back finished, as everyone last saw it.
      const finalViews = table.players.map((p) => p.client.view);
      server.child.kill('SIGKILL');
      expect((await exitWithin(server, 5000))?.signal).toBe('SIGKILL');
      server = await spawnServer(port, dataDir);
      await rejoin(server.url, table);
      for (const [i, p] of table.players.entries()) {
        expect(p.client.room!.status).toBe('finished');
        expect(p.client.view).toEqual(finalViews[i]);
      }

      // The replay endpoint and the database file tell the same story.
      const response = await fetch(`${server.url}/api/rooms/${table.code}/games/1/replay`);
      expect(response.status).toBe(200);
      const published = (await response.json()) as { log: LogEntry[] };
      server.child.kill('SIGTERM');
      expect((await exitWithin(server, 10_000))?.code).toBe(0);
      const stored = readDatabase(dataDir, table.code);
      expect(published.log).toEqual(stored.log);
      checkHistory(table, stored, 4);
      // What the crashes caught in flight: moves committed whose answer was lost (answered from
      // the stored ids after the restart), and moves never committed (applied or refused anew).
      const versionOf = new Map(stored.log.map((e) => [`${e.seat}:${e.actionId}`, e.version]));
      const inFlight = table.resent.map((r) => {
        const v = versionOf.get(r.key);
        if (v === undefined) return `${r.answer}: never applied`;
        return v < r.restoredAt ? 'committed before the crash' : 'applied after the restart';
      });
      console.log(
        `durability seed ${seed}: crashes at ${moments.join(' | ')}; ${stored.log.length} log entries,`,
        `${table.acked.length} acked; nonces acked: ${table.players.filter((p) => p.nonce).length};`,
        `in flight: ${JSON.stringify(inFlight)}`,
      );
    },
    90_000,
  );
});

describe('graceful stop: SIGTERM', () => {
  it('clients are told, the process exits 0, a restart restores the room', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-durable-'));
    dirs.push(dataDir);
    const port = await freePort();
    let server = await spawnServer(port, dataDir);
    const table = await createTable(server.url, 7, ['openField', 'rivalSets'], 2, 3);
    const deadline = Date.now() + 60_000;
    await table.players[0]!.client.ok('room:start', {});
    let stopped = false;
    table.onAck = () => {
      if (!stopped && table.acked.length >= 25) {
        stopped = true;
        server.child.kill('SIGTERM');
      }
    };
    const outcomes = await Promise.all(table.players.map((p) => playWhileUp(table, p, deadline)));
    expect(outcomes).toEqual(['down', 'down']);
    const exit = await exitWithin(server, 10_000);
    expect(exit, server.output.join('')).toEqual({ code: 0, signal: null });
    for (const p of table.players) {
      const notice = p.client.received.find((r) => r.event === 'server:shutdown');
      expect(notice, `seat ${p.seat} was not told`).toBeDefined();
      expect(notice!.args[0]).toEqual({ reconnectInMs: expect.any(Number) as number });
    }
    const seenBefore = Math.max(...table.players.map((p) => p.client.view!.version));
    const ackedBefore = table.acked.at(-1)!.version;

    server = await spawnServer(port, dataDir);
    const info = (await (await fetch(`${server.url}/api/rooms/${table.code}`)).json()) as {
      status: string;
    };
    expect(info.status).toBe('playing');
    await rejoin(server.url, table);
    for (const p of table.players) {
      expect(p.client.room!.status).toBe('playing');
      expect(p.client.view!.version).toBeGreaterThanOrEqual(Math.max(seenBefore, ackedBefore));
    }
    table.onAck = () => undefined;
    const finished = await Promise.all(table.players.map((p) => playWhileUp(table, p, deadline)));
    expect(finished).toEqual(['over', 'over']);
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 10_000))?.code).toBe(0);
    checkHistory(table, readDatabase(dataDir, table.code), 3);
  }, 60_000);
});

describe('one server per data directory', () => {
  it('a second server on the same DATA_DIR stops at its start, also while the first is idle; after a kill -9 of the first it starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-durable-'));
    dirs.push(dataDir);
    const first = await spawnServer(await freePort(), dataDir);
    const table = await createTable(first.url, 11, [], 2, 2);
    // Idle for several checkpoints (each lets other connections into the database for a moment).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const refused = await spawnServer(await freePort(), dataDir).then(
      () => 'started',
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/the server exited while starting/);
    expect(refused).toMatch(/is in use by another Trepenta server/);
    expect(refused).not.toMatch(/\n\s+at /); // A plain message, not a stack.
    // The first goes on serving its room.
    expect((await fetch(`${first.url}/api/rooms/${table.code}`)).status).toBe(200);
    first.child.kill('SIGKILL');
    await exitWithin(first, 10_000);
    // Its lock died with it.
    const second = await spawnServer(await freePort(), dataDir);
    expect((await fetch(`${second.url}/api/rooms/${table.code}`)).status).toBe(200);
    // The players come back to the second; the first's presence entries (it died holding their
    // sockets) are dropped, not kept beside the new ones, restart after restart.
    for (const p of table.players) {
      const client = newClient(second.url);
      await client.connected();
      expect(await client.request('room:join', { code: table.code, token: p.token })).toMatchObject(
        { ok: true },
      );
    }
    second.child.kill('SIGKILL');
    await exitWithin(second, 10_000);
    const db = new Database(join(dataDir, 'trepenta.sqlite'), { readonly: true });
    const row = db
      .prepare<[string], { data: string }>('SELECT data FROM rooms WHERE code = ?')
      .get(table.code);
    db.close();
    const presence = (JSON.parse(row!.data) as { presence: Record<string, string[]> }).presence;
    expect(Object.values(presence)).toHaveLength(2);
    for (const nodes of Object.values(presence)) expect(nodes).toHaveLength(1);
  }, 60_000);
});
