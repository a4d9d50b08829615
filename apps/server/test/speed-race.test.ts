/**
 * TrumPen Speed's races on real sockets (S6, S8, S14): many tabs play onto the same stack at the
 * same instant, on one node and on two nodes sharing Redis. Exactly one play lands per stack
 * height, every other is refused (STACK_CHANGED, with a fresh view, no penalty), nothing is lost
 * or applied twice, and the game always ends. Also S8's budget on the wire and S14's bots pacing
 * themselves past their ink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '@trepenta/engine';
import { speedSettingsSchema, trumpenSpeed as speed } from '@trepenta/trumpen';
import type { SpeedAction, SpeedSettings, SpeedState, SpeedView } from '@trepenta/trumpen';
import { raceKit } from './race-kit';
import { TestRedis, redisAvailable } from './redis';

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

const { server, view, raceTable, raceToTheEnd, checkRace, freshViewsMissing, stampsBySeat } =
  raceKit<SpeedState, SpeedView, SpeedAction, SpeedSettings>({
    id: 'trumpen-speed',
    module: speed,
    settings: (overrides) => speedSettingsSchema.parse(overrides),
    moves,
    over: (seen) => seen.phase === 'over',
    ended: (state) => state.phase === 'over',
    refusals: [
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
    ],
    rounds: 600,
    deadlineMs: 90_000,
  });

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
    const { header, log, bySeat } = await stampsBySeat(s.server.store, code);
    // The fast pace is 0.7 s ± 25 %: never under 525 game ms between a bot's moves (a little
    // slack for the timer's rounding), and never faster than the action budget.
    for (const seat of [1, 2, 3]) {
      const stamps = bySeat.get(seat) ?? [];
      expect(stamps.length, `seat ${seat}`).toBeGreaterThan(0);
      for (let i = 1; i < stamps.length; i++)
        expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(500);
    }
    expect(bySeat.has(0)).toBe(false);
    const replayed = replay<SpeedState, unknown>(speed, { ...header, log });
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
