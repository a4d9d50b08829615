/**
 * A real-time game through the pipeline, on real sockets: Race, the engine's small test module
 * (no turns, plays onto two shared stacks naming the height seen, a clock, an action budget, bots
 * on their own clocks). Many clients play onto the same stack at the same instant, on one node
 * and on two nodes sharing Redis: exactly one play lands per stack height, every other is refused
 * (a stack that moved with a fresh view), nothing is lost or applied twice, and the game ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race } from '@trepenta/engine/testing';
import type { RaceAction, RaceState, RaceView } from '@trepenta/engine/testing';
import { raceKit } from './race-kit';
import { TestRedis, redisAvailable } from './redis';
import { registerGame } from '../src/games';

registerGame(race);

const { server, view, raceTable, raceToTheEnd, checkRace, freshViewsMissing, stampsBySeat } =
  raceKit<RaceState, RaceView, RaceAction, (typeof race)['defaultSettings']>({
    id: 'test-race',
    module: race,
    settings: (overrides) => ({ ...race.defaultSettings, ...overrides }),
    // Every play its view allows, onto every stack.
    moves: (seen) => race.legalActions(seen).actions,
    over: (seen) => seen.over,
    ended: (state) => state.over,
    refusals: [
      'STACK_CHANGED',
      'NOT_ADJACENT',
      'NO_CARD',
      'COOLING',
      'TOO_FAST',
      'GAME_OVER',
      'NO_GAME',
    ],
    rounds: 400,
    deadlineMs: 60_000,
  });

describe('a real-time game on one node', () => {
  it('S6: tabs racing onto one stack at the same instant: one play per height, the rest refused with a fresh view, none lost or doubled, the game ends', async () => {
    const s = await server();
    const { code, racers } = await raceTable([s.url], 4, 4, { handSize: 8, cooldownMs: 0 });
    await raceToTheEnd(racers);
    const { problems, plays, refused } = await checkRace(s.server.store, code, racers);
    console.log(
      `realtime/one node: ${plays} plays landed; refused ${JSON.stringify(Object.fromEntries(refused))}`,
    );
    expect(problems).toEqual([]);
    expect(freshViewsMissing(racers)).toEqual([]);
    expect(plays).toBeGreaterThan(5);
    // The race was real: several tabs claimed heights another one took first.
    expect(refused.get('STACK_CHANGED') ?? 0).toBeGreaterThan(0);
  });

  it('S8: a seat’s action budget is spent before the engine: a burst beyond it is refused TOO_FAST, unlogged', async () => {
    const s = await server({ TIMER_SCALE: 1 });
    // A short idle time: a deal that gives seat 0 no play at first flips new tops soon.
    const { code, racers } = await raceTable([s.url], 2, 2, { cooldownMs: 0, idleSeconds: 1 });
    const racer = racers[0]!;
    const playable = () => {
      const now = view(racer.client);
      return now !== null && race.legalActions(now).actions.length > 0;
    };
    await racer.client.until(playable, 15_000, 'a play to try');
    const seen = view(racer.client)!;
    const play = race.legalActions(seen).actions[0];
    expect(play).toBeDefined();
    // Forty sends of one play at once, each its own id (as a client gone wild would).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        racer.client.request('game:action', {
          version: seen.version,
          actionId: `burst${i}`,
          action: play!,
        }),
      ),
    );
    const codes = answers.map((a) => (a.ok ? 'ok' : a.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'TOO_FAST').length).toBeGreaterThanOrEqual(
      40 - race.realTime!.budget.burst,
    );
    const stored = await s.server.store.loadGame(code, 1);
    expect(stored!.log.filter((e) => e.actionId.startsWith('burst'))).toHaveLength(1);
  });

  it('S14: bots act on their own clocks, at their pace, while a person sits idle; the idle timer flips new tops; the game ends', async () => {
    const s = await server();
    const { code, racers } = await raceTable([s.url], 4, 1, { idleSeconds: 2 });
    const host = racers[0]!.client;
    await host.until(() => view(host)?.over === true, 30_000, 'the bots to finish the game');
    const { bySeat } = await stampsBySeat(s.server.store, code);
    // Every bot played, and never faster than its pace (300 game ms for the greedy bot).
    for (const seat of [1, 2, 3]) {
      const stamps = bySeat.get(seat) ?? [];
      expect(stamps.length, `seat ${seat}`).toBeGreaterThan(0);
      for (let i = 1; i < stamps.length; i++)
        expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(290);
    }
    expect(bySeat.has(0)).toBe(false);
  });
});

const redisIt = redisAvailable() ? describe : describe.skip;

redisIt('a real-time game on two nodes sharing Redis', () => {
  let redis: TestRedis | null = null;
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('S6: tabs on both nodes racing onto one stack: one play per height lands (compare-and-set), none lost or doubled, the game ends', async () => {
    const config = { REDIS_URL: redis!.url, REDIS_PREFIX: 'rt:' };
    const [a, b] = [await server(config), await server(config)];
    const { code, racers } = await raceTable([a.url, b.url], 4, 4, { handSize: 8, cooldownMs: 0 });
    await raceToTheEnd(racers);
    const { problems, plays, refused } = await checkRace(a.server.store, code, racers);
    console.log(
      `realtime/two nodes: ${plays} plays landed; refused ${JSON.stringify(Object.fromEntries(refused))}`,
    );
    expect(problems).toEqual([]);
    expect(freshViewsMissing(racers)).toEqual([]);
    expect(plays).toBeGreaterThan(5);
    expect(refused.get('STACK_CHANGED') ?? 0).toBeGreaterThan(0);
  });
});
