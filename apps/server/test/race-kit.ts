/**
 * Races on real sockets for a real-time game (its plays name the stack and height they were made
 * against): tables of people with two tabs each (the second on the other node when there are two)
 * and bots; every tab sending every move its own view allows at the same instant; then the stored
 * log checked against every answer: it replays to a finished game, one play per stack height,
 * every acknowledged move logged once and no refused one, only the refusals the game expects, a
 * whole fresh view after each stale play. Used by realtime.test.ts (the engine's Race) and
 * speed-race.test.ts (TrumPen Speed).
 */
import { afterEach, expect } from 'vitest';
import { replay } from '@trepenta/engine';
import type { AnyGameModule, LogEntry } from '@trepenta/engine';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import type { Config } from '../src/config';

interface RaceView {
  readonly version: number;
}
interface RacePlay {
  readonly type: string;
  readonly stack?: number;
  readonly height?: number;
}

/** What the kit needs to know of the game it races. */
export interface RaceGame<S, V extends RaceView, A extends RacePlay, Settings> {
  readonly id: string;
  readonly module: AnyGameModule;
  /** The room's settings from a test's overrides. */
  settings(overrides: Partial<Settings>): unknown;
  /** What a tab sends now from its own view (all of it at once). */
  moves(view: V): readonly A[];
  over(view: V): boolean;
  ended(state: S): boolean;
  /** The refusals a race may meet. */
  readonly refusals: readonly string[];
  /** Bounds of one race: rounds and time. */
  readonly rounds: number;
  readonly deadlineMs: number;
}

/** Every client's answers to its plays. */
export interface Racer<A> {
  readonly client: Client;
  readonly seat: number;
  readonly answers: { id: string; action: A; code: string | null }[];
}

export function raceKit<S, V extends RaceView, A extends RacePlay, Settings>(
  game: RaceGame<S, V, A, Settings>,
) {
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

  const view = (client: Client) => client.view as unknown as V | null;

  /**
   * A room of `seats` seats, the first `humans` of them people (two tabs each, the second
   * through `urls[1]` when there are two nodes), the rest bots; started, every tab holding a view.
   */
  async function raceTable(
    urls: readonly string[],
    seats: number,
    humans: number,
    settings: Partial<Settings> = {},
  ): Promise<{ code: string; racers: Racer<A>[] }> {
    const host = connect(urls[0]!);
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Host',
      game: game.id,
      settings: game.settings(settings),
      seatCount: seats,
      bots: Array.from({ length: seats - humans }, (_, i) => ({
        seat: humans + i,
        level: 'greedy' as const,
      })),
    });
    const code = created.room.code;
    const racers: Racer<A>[] = [{ client: host, seat: 0, answers: [] }];
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
   * Every tab, at once, sends every move its own view allows (the same stack height claimed by
   * several tabs and seats at the same instant); each round waits for the table to move. Until the
   * game is over, or the game's bounds.
   */
  async function raceToTheEnd(racers: readonly Racer<A>[]): Promise<void> {
    const deadline = Date.now() + game.deadlineMs;
    for (let round = 0; round < game.rounds && Date.now() < deadline; round++) {
      const views = racers.map((r) => view(r.client));
      if (views.some((v) => v !== null && game.over(v))) return;
      const before = Math.max(...views.map((v) => v?.version ?? -1));
      await Promise.all(
        racers.map(async (racer, i) => {
          const seen = views[i];
          if (!seen) return;
          await Promise.all(
            game.moves(seen).map(async (action) => {
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
      // The table moves (a play landed, or a timer moved it on).
      await Promise.race(
        racers.map((r) =>
          r.client.until(
            () => {
              const now = view(r.client);
              return (now?.version ?? -1) > before || (now !== null && game.over(now));
            },
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
    racers: readonly Racer<A>[],
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
    const replayed = replay<S, unknown>(game.module, { ...stored.header, log });
    if (!replayed.ok) problems.push(`the log does not replay: ${replayed.error.message}`);
    else if (!game.ended(replayed.value.state)) problems.push('the game did not end');
    // One play per stack height: each stack grows by one card per play that landed on it.
    const claimed = new Set<string>();
    let plays = 0;
    let lastAt = -Infinity;
    for (const entry of log) {
      if (entry.at === undefined) problems.push(`entry ${entry.version} has no clock stamp`);
      else if (entry.at < lastAt) problems.push(`entry ${entry.version}'s stamp goes back`);
      lastAt = entry.at ?? lastAt;
      const action = entry.action as A;
      if (entry.seat === 'system' || action.type !== 'play') continue;
      plays++;
      const key = `${action.stack}/${action.height}`;
      if (claimed.has(key)) problems.push(`two plays landed at stack height ${key}`);
      claimed.add(key);
    }
    // Every move acknowledged is in the log once; every move refused is not.
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
    for (const code of refused.keys())
      if (!game.refusals.includes(code)) problems.push(`an unexpected refusal: ${code}`);
    return { log, problems, plays, refused };
  }

  /** Each tab refused STACK_CHANGED was sent the whole table after it (a fresh view). */
  function freshViewsMissing(racers: readonly Racer<A>[]): string[] {
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

  /** A finished game's log, and the clock stamps of each seat's moves in it (bots' pace). */
  async function stampsBySeat(store: TestServer['server']['store'], code: string) {
    const stored = (await store.loadGame(code, 1))!;
    const log = stored.log;
    const bySeat = new Map<number, number[]>();
    for (const entry of log) {
      if (entry.seat === 'system') continue;
      bySeat.set(entry.seat, [...(bySeat.get(entry.seat) ?? []), entry.at!]);
    }
    return { header: stored.header, log, bySeat };
  }

  return {
    server,
    connect,
    view,
    raceTable,
    raceToTheEnd,
    checkRace,
    freshViewsMissing,
    stampsBySeat,
  };
}
