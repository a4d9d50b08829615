import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith } from '@trepenta/rules';
import type { HouseRule } from '@trepenta/rules';
import { Client, playUntilOver, startServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

function client(): Client {
  const c = new Client(server.url);
  clients.push(c);
  return c;
}

describe('full games over real sockets', () => {
  const cases: [number, number, HouseRule[]][] = [
    [2, 2, []],
    [3, 1, ['peek', 'openField', 'finishLine']],
    [4, 2, ['sort', 'fieldUnlimited', 'rivalSets']],
    [6, 3, ['longPlay', 'rivalSets', 'openField', 'peek']],
  ];
  it.each(cases)(
    '%i seats, %i humans, rules %j: played to the final score',
    async (seats, humans, rules) => {
      server = await startServer({ TIMER_SCALE: 0.05 });
      const host = client();
      await host.connected();
      const bots = Array.from({ length: seats - humans }, (_, i) => ({
        seat: humans + i,
        level: 'greedy' as const,
      }));
      const created = await host.ok('room:create', {
        nickname: 'Host',
        settings: settingsWith(rules),
        seatCount: seats,
        bots,
      });
      const others: Client[] = [];
      for (let i = 1; i < humans; i++) {
        const friend = client();
        await friend.connected();
        await friend.ok('room:join', { code: created.room.code, nickname: `Friend ${i}` });
        others.push(friend);
      }
      await host.ok('room:start', {});
      const players = [host, ...others];
      await Promise.all(players.map((p) => p.until(() => p.view !== null, 5000, 'first view')));
      await Promise.all(players.map((p) => playUntilOver(p, 'greedy')));
      for (const p of players) {
        expect(p.view!.phase).toBe('gameOver');
        expect(p.view!.scores).toHaveLength(5);
        expect(p.view!.winners!.length).toBeGreaterThan(0);
        expect(p.view!.fairness.secrets).toHaveLength(5);
      }
      expect(host.view!.totals).toEqual(others[0]?.view!.totals ?? host.view!.totals);
    },
  );
});
