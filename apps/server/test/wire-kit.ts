/**
 * The wire-level test kit: what every game module must also pass on real sockets, through the
 * whole server (docs/platform.md, "How to add a game", step 6). `describeModuleOnWire(module,
 * hooks)` plays full games with people (test clients deciding from their own views with the
 * module's bot) and bots, and checks:
 *
 * - every game ends; the stored log replays to the end; each person's last view is exactly the
 *   module's view of the replayed state; `verifyGame` accepts the replay with the commitments and
 *   the events each person recorded, and their own nonces are in it;
 * - the leak sweep: no frame a socket received (updates, histories, room states, chat) holds a
 *   string the module's `secretsFor` says that viewer may not know at that version;
 * - refusals and bad input: malformed envelopes, actions outside the schema, system actions,
 *   mutated actions, a spectator's move and (in games with turns) a stale one are refused with a
 *   known code (never INTERNAL), a stale move is followed by a fresh view, and what is refused is
 *   not logged;
 * - a `kill -9` of the server process mid-game: after the restart every acknowledged move is
 *   there, the people come back with their seat links and the game plays to its end;
 * - two nodes sharing Redis: people spread over both play a game to its end, and it replays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyGame } from '@trepenta/engine';
import type { AnyGameModule, BotLevel, EventBatch, GameRecord, Viewer } from '@trepenta/engine';
import { mutations, seededRandom } from '@trepenta/engine/testing';
import { SERVER_ERRORS } from '@trepenta/protocol';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { freePort, killAll, spawnServer } from './processes';
import type { ServerProcess } from './processes';
import { TestRedis, redisAvailable } from './redis';
import { NonceGiver, getJson } from './support';
import { currentGame, registerGame } from '../src/games';
import type { Config } from '../src/config';

export interface WireCase {
  readonly name: string;
  readonly settings: unknown;
  readonly seatCount: number;
  /** Seats played by people (test clients), from seat 0; the others are bots. */
  readonly humans: number;
}

export interface WireHooks<S> {
  /** The games to play in full; the first one with two people or more is also used for the rest. */
  readonly cases: readonly WireCase[];
  /** Strings that may not appear in anything this viewer receives now (the contract kit's hook). */
  secretsFor(state: S, viewer: Viewer): readonly string[];
  /** Sessions: the host closes the table once the game has reached this version. */
  readonly closeAfter?: number;
  /**
   * For a module outside the registry: a file that registers it (`registerGame`), loaded into the
   * server process of the `kill -9` test before the server.
   */
  readonly preload?: string;
  /** The game has turn actions that carry their version (R25): the kit sends one stale. */
  readonly turns?: boolean;
  /** Timer scale for the in-process servers (default 0.02). */
  readonly timerScale?: number;
}

/** What a person's socket received, each frame with the version and viewer it arrived at. */
interface Frame {
  readonly event: string;
  readonly json: string;
  readonly version: number;
  readonly viewer: Viewer;
}

interface Person {
  readonly client: Client;
  readonly giver: NonceGiver;
  readonly frames: Frame[];
  /** Every action id this person's moves were acknowledged with. */
  readonly acked: Set<string>;
  /** Every action id refused, with its code. */
  readonly refused: Map<string, string>;
}

type Update = { base: unknown; view: unknown; events: unknown[] };

/** The version an update brings (a whole view's, or a patch's). */
function updateVersion(module: AnyGameModule, update: Update): number {
  if (update.base === null || !module.patches) return module.viewHead(update.view).version;
  return module.patches.patchVersion(update.view);
}

function over(module: AnyGameModule, view: unknown): boolean {
  if (view === null || view === undefined) return false;
  const sheet = module.sheet(view);
  return sheet.winners !== null || sheet.abandoned;
}

/** Refusals a person may meet by racing the table: a bot, a timer or another seat moved first. */
function raceCodes(module: AnyGameModule): Set<string> {
  return new Set([
    ...Object.keys(module.errors),
    'STALE_VERSION',
    'TOO_FAST',
    'NO_GAME',
    'DUPLICATE_ACTION',
  ]);
}

let sequence = 0;

export function describeModuleOnWire<S>(module: AnyGameModule, hooks: WireHooks<S>): void {
  if (currentGame(module.id) !== module) registerGame(module);
  const timerScale = hooks.timerScale ?? 0.02;
  const codes = raceCodes(module);
  const level: BotLevel = module.botLevels.includes('greedy') ? 'greedy' : module.botLevels[0]!;

  const servers: TestServer[] = [];
  const clients: Client[] = [];
  const dirs: string[] = [];
  /** What the leak sweep looked at in this file, printed at its end for the record. */
  const swept = { games: 0, people: 0, frames: 0, updates: 0, histories: 0, other: 0, secrets: 0 };
  afterAll(() => {
    if (swept.games === 0) return;
    console.log(
      `wire leak sweep, ${module.title}: ${swept.games} games, ${swept.frames} frames to ` +
        `${swept.people} people and spectators (${swept.updates} updates, ${swept.histories} ` +
        `histories, ${swept.other} other), ${swept.secrets} hidden strings searched for`,
    );
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of servers.splice(0)) await s.close();
    await killAll();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function server(overrides: Partial<Config> = {}): Promise<TestServer> {
    const s = await startServer({ TIMER_SCALE: timerScale, NONCE_TIMEOUT_MS: 400, ...overrides });
    servers.push(s);
    return s;
  }

  /** A person's socket, recording every frame it receives with the version it arrived at. */
  async function person(url: string): Promise<Person> {
    const client = new Client(url);
    clients.push(client);
    const frames: Frame[] = [];
    let version = -1;
    client.onAny((event: string, ...args: unknown[]) => {
      if (event === 'game:update') version = updateVersion(module, args[0] as Update);
      frames.push({
        event,
        json: JSON.stringify(args),
        version,
        viewer: client.you?.seat ?? 'spectator',
      });
    });
    await client.connected();
    return { client, giver: new NonceGiver(), frames, acked: new Set(), refused: new Map() };
  }

  /** A room of this game with its people seated (and a spectator), started. */
  async function table(
    urls: readonly string[],
    kase: WireCase,
  ): Promise<{ code: string; people: Person[]; watcher: Person; commitments: string[] }> {
    const host = await person(urls[0]!);
    const created = await host.client.ok('room:create', {
      nickname: 'P0',
      game: module.id,
      settings: kase.settings,
      seatCount: kase.seatCount,
      bots: Array.from({ length: kase.seatCount - kase.humans }, (_, i) => ({
        seat: kase.humans + i,
        level,
      })),
    });
    const code = created.room.code;
    const people = [host];
    for (let seat = 1; seat < kase.humans; seat++) {
      const p = await person(urls[seat % urls.length]!);
      const joined = await p.client.ok('room:join', { code, nickname: `P${seat}` });
      expect(joined.you.seat).toBe(seat);
      people.push(p);
    }
    const watcher = await person(urls[urls.length - 1]!);
    await watcher.client.ok('room:join', { code, nickname: 'Watcher', role: 'spectator' });
    await host.client.ok('room:start', {});
    // The commitments, as published before the deal (with two nodes the push may follow the ack).
    await host.client.until(() => host.client.room?.commit != null, 10_000, 'the commitments');
    const commitments = [...host.client.room!.commit!.commitments];
    return { code, people, watcher, commitments };
  }

  /**
   * Plays a person's seat until the game is over or `stop()` holds: their nonces, and whenever
   * their view offers a move, the module's bot's choice from that view.
   */
  async function play(p: Person, stop: () => boolean = () => false, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    let decidedAt = -1;
    let lastTry = 0;
    for (let round = 0; round < 100_000; round++) {
      const view = p.client.view as unknown;
      if (over(module, view) || stop()) return;
      if (Date.now() > deadline)
        throw new Error(`the game did not end in time (${p.client.room?.code})`);
      if (!p.client.socket.connected) return;
      await p.giver.step(p.client);
      const seat = p.client.you?.seat;
      if (view && seat != null) {
        const { version } = module.viewHead(view);
        if (version !== decidedAt || Date.now() - lastTry > 300) {
          decidedAt = version;
          const action = module.chooseBot(view, level, version * 31 + seat + round);
          if (action !== null) {
            lastTry = Date.now();
            const id = `k${++sequence}`;
            const answer = await p.client.request('game:action', { version, actionId: id, action });
            if (answer.ok) p.acked.add(id);
            else {
              p.refused.set(id, answer.code);
              if (!codes.has(answer.code))
                throw new Error(
                  `${JSON.stringify(action)} was refused ${answer.code}: ${answer.message}`,
                );
            }
            continue;
          }
        }
      }
      await p.client
        .until(
          () => {
            const now = p.client.view as unknown;
            return (now ? module.viewHead(now).version : -1) !== decidedAt || stop();
          },
          module.realTime ? 40 : 300,
        )
        .catch(() => undefined);
    }
  }

  /** Every person plays to the end; the host closes a session at `closeAfter`. */
  async function playOut(people: readonly Person[], ms = 60_000): Promise<void> {
    const host = people[0]!;
    const closing = hooks.closeAfter;
    const closer = async () => {
      if (closing === undefined) return;
      await host.client.until(
        () => {
          const view = host.client.view as unknown;
          return view !== null && (module.viewHead(view).version >= closing || over(module, view));
        },
        ms,
        'the session to reach its close',
      );
      if (!over(module, host.client.view)) await host.client.ok('room:close', {});
    };
    await Promise.all([closer(), ...people.map((p) => play(p, () => false, ms))]);
    await host.client.until(
      () => host.client.room?.status === 'finished',
      10_000,
      'the room to finish',
    );
  }

  /** The stored game as its replay endpoint serves it, replayed; with the states by version. */
  async function finished(
    url: string,
    code: string,
  ): Promise<{ record: GameRecord & { nonceHashes?: (string | null)[] }; states: S[] }> {
    const answer = await getJson(`${url}/api/rooms/${code}/games/1/replay`);
    expect(answer.status).toBe(200);
    const record = answer.body as GameRecord & { rules: string; nonceHashes?: (string | null)[] };
    expect(record.rules).toBe(module.id);
    const created = module.create(record.settings, record.seatCount, record.randomness);
    if (!created.ok) throw new Error(created.error.message);
    const states: S[] = [created.value as S];
    for (const entry of record.log) {
      const step = module.apply(states.at(-1), entry.seat, entry.action, entry.at);
      if (!step.ok) throw new Error(`log entry ${entry.version}: ${step.error.code}`);
      states.push(step.value.state as S);
    }
    expect(module.result(states.at(-1))).not.toBeNull();
    return { record, states };
  }

  /**
   * The leak sweep over every frame a person received, as the contract kit searches views and
   * events: a view holds nothing hidden from its viewer at its version; a step's events nothing
   * hidden both before and after that step (a card a player lays face down was theirs to see as it
   * went); any other frame nothing hidden at the version the socket held.
   */
  function sweep(p: Person, states: readonly S[], name: string): void {
    const problems: string[] = [];
    const known = new Map<string, ReadonlySet<string>>();
    const secretsAt = (version: number, viewer: Viewer): ReadonlySet<string> => {
      const key = `${version}/${viewer}`;
      let secrets = known.get(key);
      if (!secrets) {
        const state = states[Math.max(0, Math.min(version, states.length - 1))];
        // As JSON strings: a secret is found as a whole value, never as a part of another.
        secrets = new Set(hooks.secretsFor(state as S, viewer).map((s) => JSON.stringify(s)));
        known.set(key, secrets);
      }
      return secrets;
    };
    const hiddenThrough = (version: number, viewer: Viewer): ReadonlySet<string> => {
      const after = secretsAt(version, viewer);
      if (version === 0) return after;
      const before = secretsAt(version - 1, viewer);
      return new Set([...after].filter((secret) => before.has(secret)));
    };
    const search = (json: string, secrets: ReadonlySet<string>, where: string) => {
      swept.secrets += secrets.size;
      for (const secret of secrets)
        if (json.includes(secret)) problems.push(`${where} holds ${secret}`);
    };
    swept.people += 1;
    for (const frame of p.frames) {
      if (frame.version < 0) continue;
      swept.frames += 1;
      const where = `${name}: ${frame.event} at ${frame.version}`;
      if (frame.event === 'game:update') {
        swept.updates += 1;
        const [update] = JSON.parse(frame.json) as [Update];
        search(
          JSON.stringify(update.view),
          secretsAt(frame.version, frame.viewer),
          `${where} (view)`,
        );
        search(
          JSON.stringify(update.events),
          hiddenThrough(frame.version, frame.viewer),
          `${where} (events)`,
        );
      } else if (frame.event === 'game:history') {
        swept.histories += 1;
        const [history] = JSON.parse(frame.json) as [{ batches: EventBatch[] }];
        for (const batch of history.batches)
          search(
            JSON.stringify(batch.events),
            hiddenThrough(batch.version, frame.viewer),
            `${where}, batch ${batch.version}`,
          );
      } else {
        swept.other += 1;
        search(frame.json, secretsAt(frame.version, frame.viewer), where);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(p.frames.filter((frame) => frame.event === 'game:update').length).toBeGreaterThan(0);
  }

  /** The events a person recorded for verification: each update with events, as received. */
  function batchesOf(p: Person): EventBatch[] {
    return p.client.updates
      .filter((u) => u.events.length > 0)
      .map((u) => ({ version: updateVersion(module, u as Update), events: u.events }));
  }

  /** The end of a game on the wire: replays, verifies, matches every view, leaks nothing. */
  async function checkEnd(
    url: string,
    code: string,
    people: readonly Person[],
    watcher: Person,
    commitments: readonly string[],
  ): Promise<void> {
    const { record, states } = await finished(url, code);
    const final = states.at(-1) as S;
    swept.games += 1;
    for (const p of [...people, watcher]) {
      const viewer: Viewer = p.client.you?.seat ?? 'spectator';
      await p.client.until(
        () => {
          const view = p.client.view as unknown;
          return view !== null && module.viewHead(view).version === states.length - 1;
        },
        10_000,
        'the last update',
      );
      expect(JSON.stringify(p.client.view)).toBe(JSON.stringify(module.viewFor(final, viewer)));
      const verified = verifyGame(module, record, commitments, { viewer, batches: batchesOf(p) });
      expect(verified.problems).toEqual([]);
      sweep(p, states, `seat ${viewer}`);
    }
    // Each person's own nonce is at their seat (when theirs was taken).
    for (const p of people) {
      const seat = p.client.you!.seat!;
      const mine = p.giver.taken.get(`${record.randomness.gameId}/0`);
      if (mine) expect(record.randomness.nonces[seat]).toBe(mine);
    }
    // Every acknowledged move is logged once; nothing refused is.
    const logged = new Map<string, number>();
    for (const entry of record.log)
      logged.set(entry.actionId, (logged.get(entry.actionId) ?? 0) + 1);
    for (const p of people) {
      for (const id of p.acked) expect(logged.get(id), id).toBe(1);
      for (const id of p.refused.keys()) expect(logged.get(id), id).toBeUndefined();
    }
  }

  const people2 = hooks.cases.find((kase) => kase.humans >= 2) ?? hooks.cases[0]!;

  describe(`${module.title} on the wire`, () => {
    for (const kase of hooks.cases) {
      it(`a whole game, ${kase.name}: it ends, replays, verifies for every person and the spectator, and no frame leaks`, async () => {
        const s = await server();
        const { code, people, watcher, commitments } = await table([s.url], kase);
        await playOut(people);
        await checkEnd(s.url, code, people, watcher, commitments);
      });
    }

    it('refusals and bad input: refused with a known code, never INTERNAL, nothing refused is logged, the game goes on', async () => {
      const s = await server();
      const { code, people, watcher, commitments } = await table([s.url], people2);
      const p = people[0]!;
      // The deal, and a move to be made by someone (so that a legal action exists to mutate).
      await p.client.until(() => p.client.view !== null, 10_000, 'the deal');
      const allowed = new Set([...codes, 'BAD_REQUEST', 'NOT_SEATED']);
      const answers: { id: string; code: string }[] = [];
      const send = async (who: Person, payload: unknown) => {
        const answer = await who.client.request('game:action', payload);
        const id = (payload as { actionId?: string } | null)?.actionId ?? '';
        if (answer.ok) who.acked.add(id);
        else {
          answers.push({ id, code: answer.code });
          if (typeof id === 'string' && id !== '') who.refused.set(id, answer.code);
        }
        return answer;
      };
      const versionOf = (who: Person) => module.viewHead(who.client.view).version;
      // A spectator's move: a seated person's legal one, sent by the spectator.
      let offered: readonly unknown[] = [];
      await Promise.all(
        people.map((q) =>
          play(q, () => {
            const view = p.client.view as unknown;
            offered = view ? module.legalActions(view).actions : [];
            return offered.length > 0 || over(module, view);
          }),
        ),
      );
      expect(offered.length, 'a move to offer').toBeGreaterThan(0);
      const spectated = await send(watcher, {
        version: versionOf(p),
        actionId: `w${++sequence}`,
        action: offered[0],
      });
      expect(spectated.ok ? 'ok' : spectated.code).toBe('NOT_SEATED');
      // Malformed envelopes and actions outside the schema.
      const envelopes: unknown[] = [
        null,
        'draw',
        42,
        [],
        {},
        { version: 'x', actionId: 'a1', action: {} },
        { version: -1, actionId: 'a2', action: {} },
        { version: 0, actionId: 'has space', action: {} },
        { version: 0, actionId: 'x'.repeat(41), action: {} },
        { version: 0, actionId: 'a3' },
        { version: 0, actionId: 'a4', action: null, extra: 1 },
        { version: 0, actionId: 'a5', action: 'x'.repeat(5000) },
        { version: 0, actionId: 'a6', action: { type: 'x'.repeat(200) } },
        { version: 0, actionId: 'a7', action: { type: '__proto__' } },
        {
          version: 0,
          actionId: 'a8',
          action: JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
        },
      ];
      for (const payload of envelopes) {
        const answer = await send(p, payload);
        expect(answer.ok ? 'ok' : answer.code, JSON.stringify(payload)).toBe('BAD_REQUEST');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // The platform's own actions are not a client's to send.
      const system: unknown[] = [
        { type: 'timeout', key: 'x', standIn: [] },
        { type: 'abandon' },
        { type: 'close' },
        { type: 'seat', seat: 0, occupant: 'bot' },
        { type: 'nonces', epoch: 1, nonces: [], hashes: [] },
      ];
      for (const action of system) {
        const answer = await send(p, {
          version: versionOf(p),
          actionId: `sys${++sequence}`,
          action,
        });
        expect(answer.ok ? 'ok' : answer.code, JSON.stringify(action)).toBe('BAD_REQUEST');
      }
      // Mutations of legal actions (of whoever may move now), sent by every person.
      const random = seededRandom(7);
      let mutated = 0;
      for (let round = 0; round < 4 && !over(module, p.client.view); round++) {
        for (const who of people) {
          const view = who.client.view as unknown;
          if (!view) continue;
          const legal = module.legalActions(view).actions;
          for (const action of mutations(legal, view, random, 12)) {
            mutated++;
            const answer = await send(who, {
              version: module.viewHead(view).version,
              actionId: `m${++sequence}`,
              action,
            });
            if (!answer.ok)
              expect(allowed, `${JSON.stringify(action)} → ${answer.code}`).toContain(answer.code);
          }
        }
        // The table moves on (everyone plays until it has), for other legal actions to mutate.
        const at = versionOf(p);
        await Promise.all(
          people.map((q) => play(q, () => versionOf(p) > at, 5000).catch(() => undefined)),
        );
      }
      expect(mutated).toBeGreaterThan(0);
      // A stale turn action (games with turns): the first one this person may make, sent with
      // the version before; everyone plays until it comes.
      if (hooks.turns) {
        let turn: { action: unknown; version: number } | null = null;
        const found = () => {
          const view = p.client.view as unknown;
          if (turn || !view || over(module, view)) return turn !== null;
          const action = module.legalActions(view).actions.find((a) => module.checksVersion(a));
          const { version } = module.viewHead(view);
          if (action !== undefined && version > 0) turn = { action, version };
          return turn !== null;
        };
        await Promise.all(people.map((q) => play(q, found, 30_000)));
        expect(turn, 'a turn action to send stale').not.toBeNull();
        const { action, version } = turn!;
        const before = p.client.updates.filter((u) => u.base === null).length;
        const answer = await send(p, { version: version - 1, actionId: `s${++sequence}`, action });
        expect(answer.ok ? 'ok' : answer.code).toBe('STALE_VERSION');
        await p.client.until(
          () => p.client.updates.filter((u) => u.base === null).length > before,
          5000,
          'a fresh view after a stale move',
        );
      }
      expect(answers.some((a) => a.code === 'INTERNAL')).toBe(false);
      expect(answers.every((a) => a.code in SERVER_ERRORS || a.code in module.errors)).toBe(true);
      // The server is well and the game goes on to its end, as if nothing had been sent.
      await playOut(people, 120_000);
      await checkEnd(s.url, code, people, watcher, commitments);
    });

    it('kill -9 mid-game: after the restart every acknowledged move is there, people return with their seat links, and the game ends', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'trepenta-kit-'));
      dirs.push(dir);
      const port = await freePort();
      const args = [
        '--import',
        'tsx',
        ...(hooks.preload ? ['--import', hooks.preload] : []),
        'apps/server/src/main.ts',
      ];
      const env = { TIMER_SCALE: String(timerScale) };
      let proc: ServerProcess = await spawnServer(port, dir, env, 20_000, { args });
      const kase = people2;
      const { code, people, commitments } = await table([proc.url], kase);
      // Some moves, then the crash.
      const target = 6;
      await Promise.all(
        people.map((p) =>
          play(p, () => {
            const view = p.client.view as unknown;
            return view !== null && module.viewHead(view).version >= target;
          }),
        ),
      );
      const acked = new Set(people.flatMap((p) => [...p.acked]));
      proc.child.kill('SIGKILL');
      await proc.exited;
      proc = await spawnServer(port, dir, env, 20_000, { args });
      // Everyone comes back with their seat link.
      const back: Person[] = [];
      for (const p of people) {
        const again = await person(proc.url);
        await again.client.ok('room:join', { code, token: p.client.you!.token });
        back.push(again);
      }
      const watcher = await person(proc.url);
      await watcher.client.ok('room:join', { code, nickname: 'Later', role: 'spectator' });
      await playOut(back, 120_000);
      const { record } = await finished(proc.url, code);
      const logged = new Set(record.log.map((entry) => entry.actionId));
      for (const id of acked) expect(logged.has(id), id).toBe(true);
      expect(verifyGame(module, record, commitments).problems).toEqual([]);
      proc.child.kill('SIGTERM');
      await proc.exited;
    });
  });

  const redisDescribe = redisAvailable() ? describe : describe.skip;
  redisDescribe(`${module.title} on two nodes sharing Redis`, () => {
    let redis: TestRedis | null = null;
    beforeAll(async () => {
      redis = await TestRedis.start();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('people on both nodes play a whole game: it ends, replays, verifies, and no frame leaks', async () => {
      const config = { REDIS_URL: redis!.url, REDIS_PREFIX: `kit-${module.id}:` };
      const [a, b] = [await server(config), await server(config)];
      const { code, people, watcher, commitments } = await table([a.url, b.url], people2);
      await playOut(people, 120_000);
      await checkEnd(a.url, code, people, watcher, commitments);
    });
  });
}
