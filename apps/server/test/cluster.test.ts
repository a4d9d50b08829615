import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith } from '@trepenta/rules';
import { Client, playUntilOver, startServer } from './harness';
import type { TestServer } from './harness';
import { TestRedis, redisAvailable } from './redis';

const runIt = redisAvailable() ? describe : describe.skip;

runIt('two server nodes on one Redis', () => {
  let redis: TestRedis | null = null;
  const nodes: TestServer[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const node of nodes.splice(0)) await node.close();
    await redis?.stop();
    redis = null;
  });

  async function node(): Promise<TestServer> {
    const server = await startServer({
      REDIS_URL: redis!.url,
      REDIS_PREFIX: 'test:',
      TIMER_SCALE: 0.05,
    });
    nodes.push(server);
    return server;
  }

  function client(server: TestServer): Client {
    const c = new Client(server.url);
    clients.push(c);
    return c;
  }

  it('a full game with players spread across both nodes; each gets only its own view', async () => {
    redis = await TestRedis.start();
    const [a, b] = [await node(), await node()];
    const host = client(a);
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith(['openField', 'rivalSets']),
      seatCount: 4,
      bots: [{ seat: 3, level: 'greedy' }],
    });
    const bea = client(b);
    const cyd = client(a);
    await Promise.all([bea.connected(), cyd.connected()]);
    await bea.ok('room:join', { code: created.room.code, nickname: 'Bea' });
    await cyd.ok('room:join', { code: created.room.code, nickname: 'Cyd' });
    await host.until(() => host.room?.members.length === 3, 5000, 'everyone in the lobby');
    await host.ok('room:start', {});
    const players = [host, bea, cyd];
    await Promise.all(players.map((p) => p.until(() => p.view !== null, 10_000, 'first view')));
    expect(players.map((p) => p.view!.viewer)).toEqual([0, 1, 2]);
    await Promise.all(players.map((p) => playUntilOver(p, 'greedy', 120_000)));
    for (const p of players) {
      expect(p.view!.phase).toBe('gameOver');
      expect(p.view!.scores).toHaveLength(5);
      // Every update this client got was its own seat's.
      expect(p.updates.every((u) => u.view.viewer === p.view!.viewer)).toBe(true);
    }
    expect(bea.view!.totals).toEqual(host.view!.totals);
  });
});
