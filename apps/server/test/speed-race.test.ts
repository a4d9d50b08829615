/**
 * TrumPen Speed's races on real sockets (S6, S8, S14): many tabs play onto the same stack at the
 * same instant, on one node and on two nodes sharing Redis. Exactly one play lands per stack
 * height, every other is refused (STACK_CHANGED, with a fresh view, no penalty), nothing is lost
 * or applied twice, and the game always ends. Also S8's budget on the wire and S14's bots pacing
 * themselves past their ink.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '@trepenta/engine';
import type { LogEntry } from '@trepenta/engine';
import { speedSettingsSchema, trumpenSpeed as speed } from '@trepenta/trumpen';
import type { SpeedAction, SpeedSettings, SpeedState, SpeedView } from '@trepenta/trumpen';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { TestRedis, redisAvailable } from './redis';
import type { Config } from '../src/config';

/** Every client's answers to its plays, and the whole views it was sent after a refusal. */
interface Racer {
  readonly client: Client;
  readonly seat: number;
  readonly answers: { id: string; action: SpeedAction; code: string | null }[];
}

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

async function server(overrides: Partial<Config> = {}): Promise<TestServer> {
  const s = await startServer({ TIMER_SCALE: 0.05, ...overrides });
  servers.push(s);
  return s;
}

function connect(url: string): Client {
  const c = new Client(url);
  clients.push(c);
  return c;
}

const view = (client: Client) => client.view as unknown as SpeedView | null;

/**
 * A Race room of `seats` seats, the first `humans` of them people (two tabs each, the second
 * through `urls[1]` when there are two nodes), the rest bots; started, every tab holding a view.
 */
async function raceTable(
  urls: readonly string[],
  seats: number,
  humans: number,
  settings: Partial<SpeedSettings> = {},
): Promise<{ code: string; racers: Racer[] }> {
  const host = connect(urls[0]!);
  await host.connected();
  const created = await host.ok('room:create', {
    nickname: 'Host',
    game: 'trumpen-speed',
    settings: speedSettingsSchema.parse(settings),
    seatCount: seats,
    bots: Array.from({ length: seats - humans }, (_, i) => ({
      seat: humans + i,
      level: 'greedy' as const,
    })),
  });
  const code = created.room.code;
  const racers: Racer[] = [{ client: host, seat: 0, answers: [] }];
  for (let seat = 1; seat < humans; seat++) {
    const c = connect(urls[seat % urls.length]!);
    await c.connected();
    const joined = await c.ok('room:join', { code, nickname: `P${seat}` });
    expect(joined.you.seat).toBe(seat);
    racers.push({ client: c, seat, answers: [] });
  }
  // A second tab of every seat, on the other node when there are two.
  for (const first of [...racers]) {
    const c = connect(urls[(first.seat + 1) % urls.length]!);
    await c.connected();
    await c.ok('room:join', { code, token: first.client.you!.token });
    racers.push({ client: c, seat: first.seat, answers: [] });
  }
  await host.ok('room:start', {});
  await Promise.all(
    racers.map((r) => r.client.until(() => view(r.client) !== null, 10_000, 'the game')),
  );
  return { code, racers };
}

let sequence = 0;

/**
 * What a tab sends now from its own view: a starter's card before Go; once playing, every play of
 * its cards onto every stack as its view shows them (the same height claimed by several tabs and
 * seats at once), or, with none, a write that fits (ink is off in these races).
 */
function moves(seen: SpeedView): SpeedAction[] {
  const seat = seen.viewer as number;
  if (seen.phase === 'starters') {
    const i = seen.starters.indexOf(seat);
    return i >= 0 && !seen.starterWritten[i] ? [{ type: 'start', value: 7 + 6 * i }] : [];
  }
  if (seen.phase !== 'play') return [];
  const plays = speed.legalActions(seen).actions.filter((a) => a.type === 'play');
  if (plays.length > 0) return plays;
  const fit = speed.chooseBot(seen, 'greedy', seen.version);
  return fit ? [fit] : [];
}

/** Every tab at once sends its moves; each round waits for the table to move. */
async function raceToTheEnd(racers: readonly Racer[], rounds = 600): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (let round = 0; round < rounds && Date.now() < deadline; round++) {
    const views = racers.map((r) => view(r.client));
    if (views.some((v) => v?.phase === 'over')) return;
    const before = Math.max(...views.map((v) => v?.version ?? -1));
    await Promise.all(
      racers.map(async (racer, i) => {
        const seen = views[i];
        if (!seen) return;
        await Promise.all(
          moves(seen).map(async (action) => {
            const id = `r${++sequence}`;
            const answer = await racer.client.request('game:action', {
              version: seen.version,
              actionId: id,
              action,
            });
            racer.answers.push({ id, action, code: answer.ok ? null : answer.code });
          }),
        );
      }),
    );
    // The table moves (a play, a write, the countdown's Go, or the idle end).
    await Promise.race(
      racers.map((r) =>
        r.client.until(
          () => (view(r.client)?.version ?? -1) > before || view(r.client)?.phase === 'over',
          10_000,
          'the table to move',
        ),
      ),
    ).catch(() => undefined);
  }
}

/** The stored log and the problems found with it against what every tab was answered. */
async function checkRace(
  store: TestServer['server']['store'],
  code: string,
  racers: readonly Racer[],
): Promise<{
  log: readonly LogEntry[];
  problems: string[];
  plays: number;
  refused: Map<string, number>;
}> {
  const stored = await store.loadGame(code, 1);
  const problems: string[] = [];
  if (!stored) return { log: [], problems: ['no stored game'], plays: 0, refused: new Map() };
  const log = stored.log;
  // The log replays to a finished game: contiguous versions, every play legal where it landed.
  const replayed = replay<SpeedState, unknown>(speed, { ...stored.header, log });
  if (!replayed.ok) problems.push(`the log does not replay: ${replayed.error.message}`);
  else if (replayed.value.state.phase !== 'over') problems.push('the game did not end');
  // One play per stack height: each stack grows by one card per play that landed on it.
  const claimed = new Set<string>();
  let plays = 0;
  let lastAt = -Infinity;
  for (const entry of log) {
    if (entry.at === undefined) problems.push(`entry ${entry.version} has no clock stamp`);
    else if (entry.at < lastAt) problems.push(`entry ${entry.version}'s stamp goes back`);
    lastAt = entry.at ?? lastAt;
    const action = entry.action as SpeedAction;
    if (entry.seat === 'system' || action.type !== 'play') continue;
    plays++;
    const key = `${action.stack}/${action.height}`;
    if (claimed.has(key)) problems.push(`two plays landed at stack height ${key}`);
    claimed.add(key);
  }
  // Every play acknowledged is in the log once; every play refused is not.
  const logged = new Map<string, number>();
  for (const entry of log) logged.set(entry.actionId, (logged.get(entry.actionId) ?? 0) + 1);
  const refused = new Map<string, number>();
  for (const racer of racers) {
    for (const answer of racer.answers) {
      const times = logged.get(answer.id) ?? 0;
      if (answer.code === null && times !== 1)
        problems.push(`${answer.id} acked, logged ${times}×`);
      if (answer.code !== null) {
        refused.set(answer.code, (refused.get(answer.code) ?? 0) + 1);
        if (times !== 0) problems.push(`${answer.id} refused ${answer.code}, yet logged`);
      }
    }
  }
  for (const code of refused.keys()) {
    if (
      ![
        'STACK_CHANGED',
        'NOT_ADJACENT',
        'DUPLICATE',
        'NO_CARD',
        'HOLDING',
        'ALREADY_WRITTEN',
        'WRONG_PHASE',
        'TOO_FAST',
        'GAME_OVER',
        'NO_GAME',
      ].includes(code)
    )
      problems.push(`an unexpected refusal: ${code}`);
  }
  return { log, problems, plays, refused };
}

/** Each tab refused STACK_CHANGED was sent the whole table after it (a fresh view). */
function freshViewsMissing(racers: readonly Racer[]): string[] {
  const problems: string[] = [];
  for (const racer of racers) {
    const stale = racer.answers.filter((a) => a.code === 'STACK_CHANGED').length;
    const whole = racer.client.updates.filter((u) => u.base === null).length;
    // One whole view at the deal, then one per stale refusal at least.
    if (stale > 0 && whole < 2)
      problems.push(`seat ${racer.seat}: ${stale} stale plays, ${whole} whole views`);
  }
  return problems;
}

describe('TrumPen Speed races on one node', () => {
  it('S6: tabs racing onto one stack at the same instant: one play per height, the rest refused with a fresh view, none lost or doubled, the game ends', async () => {
    const s = await server();
    const { code, racers } = await raceTable([s.url], 4, 4, { inkSeconds: 0, idleSeconds: 10 });
    await raceToTheEnd(racers);
    const { problems, plays, refused } = await checkRace(s.server.store, code, racers);
    console.log(
      `speed race/one node: ${plays} plays landed; refused ${JSON.stringify(Object.fromEntries(refused))}`,
    );
    expect(problems).toEqual([]);
    expect(freshViewsMissing(racers)).toEqual([]);
    expect(plays).toBeGreaterThan(5);
    expect(refused.get('STACK_CHANGED') ?? 0).toBeGreaterThan(0);
  });

  it('S8: eleven writes at one instant: the eleventh TOO_FAST and unlogged; one more 0.1 s later is accepted', async () => {
    const s = await server({ TIMER_SCALE: 1 });
    const { code, racers } = await raceTable([s.url], 2, 2, { inkSeconds: 0 });
    for (const racer of racers.slice(0, 2)) {
      const seen = view(racer.client)!;
      const [start] = moves(seen);
      if (start)
        await racer.client.request('game:action', {
          version: seen.version,
          actionId: `s${racer.seat}`,
          action: start,
        });
    }
    const host = racers[0]!.client;
    await host.until(() => view(host)?.phase === 'play', 10_000, 'Go');
    const write = (i: number) =>
      host.request('game:action', {
        version: view(host)!.version,
        actionId: `burst${i}`,
        action: { type: 'write', value: 1 + (i % 13) },
      });
    const answers = await Promise.all(Array.from({ length: 11 }, (_, i) => write(i)));
    const codes = answers.map((a) => (a.ok ? 'ok' : a.code));
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 'ok'));
    expect(codes[10]).toBe('TOO_FAST');
    await new Promise((resolve) => setTimeout(resolve, 110));
    const later = await write(11);
    expect(later.ok).toBe(true);
    const stored = await s.server.store.loadGame(code, 1);
    const logged = stored!.log.filter((e) => e.actionId.startsWith('burst')).map((e) => e.actionId);
    expect(logged).not.toContain('burst10');
    expect(logged).toHaveLength(11);
  });

  it('S14: bots act on their own clocks at their pace, never before their ink dries, while a person sits idle; the game ends', async () => {
    const s = await server();
    const { code, racers } = await raceTable([s.url], 4, 1, { botPace: 'fast', inkSeconds: 1 });
    const host = racers[0]!.client;
    await host.until(() => view(host)?.phase === 'over', 60_000, 'the bots to finish the game');
    const stored = await s.server.store.loadGame(code, 1);
    const log = stored!.log;
    const bySeat = new Map<number, number[]>();
    for (const entry of log) {
      if (entry.seat === 'system') continue;
      bySeat.set(entry.seat, [...(bySeat.get(entry.seat) ?? []), entry.at!]);
    }
    // The fast pace is 0.7 s ± 25 %: never under 525 game ms between a bot's moves (a little
    // slack for the timer's rounding), and never faster than the action budget.
    for (const seat of [1, 2, 3]) {
      const stamps = bySeat.get(seat) ?? [];
      expect(stamps.length, `seat ${seat}`).toBeGreaterThan(0);
      for (let i = 1; i < stamps.length; i++)
        expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(500);
    }
    expect(bySeat.has(0)).toBe(false);
    const replayed = replay<SpeedState, unknown>(speed, { ...stored!.header, log });
    expect(replayed.ok && replayed.value.state.phase).toBe('over');
  });
});

const redisIt = redisAvailable() ? describe : describe.skip;

redisIt('TrumPen Speed races on two nodes sharing Redis', () => {
  let redis: TestRedis | null = null;
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('S6: tabs on both nodes racing onto one stack: one play per height lands (compare-and-set), none lost or doubled, the game ends', async () => {
    const config = { REDIS_URL: redis!.url, REDIS_PREFIX: 'speed:' };
    const [a, b] = [await server(config), await server(config)];
    const { code, racers } = await raceTable([a.url, b.url], 4, 4, {
      inkSeconds: 0,
      idleSeconds: 10,
    });
    await raceToTheEnd(racers);
    const { problems, plays, refused } = await checkRace(a.server.store, code, racers);
    console.log(
      `speed race/two nodes: ${plays} plays landed; refused ${JSON.stringify(Object.fromEntries(refused))}`,
    );
    expect(problems).toEqual([]);
    expect(freshViewsMissing(racers)).toEqual([]);
    expect(plays).toBeGreaterThan(5);
    expect(refused.get('STACK_CHANGED') ?? 0).toBeGreaterThan(0);
  });
});
