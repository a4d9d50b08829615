/**
 * Several nodes: a game action is appended to the log only over the room revision it was decided
 * on, also when it leaves the room record as it is (store/redis.ts APPEND). A node that read the
 * room before another node changed it (a seat taken back from the stand-in, a member kicked)
 * reloads and decides again: here the stand-in makes no move for a player after the player was
 * told they have their seat back (R23).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith } from '@trepenta/rules';
import { Client, decide, startServer } from './harness';
import type { TestServer } from './harness';
import type { Config } from '../src/config';
import { sleep, waitFor } from './support';
import { TestRedis, redisAvailable } from './redis';

const runIt = redisAvailable() ? describe : describe.skip;

runIt('two nodes: the stand-in and a seat taken back through the other node', () => {
  let redis: TestRedis | null = null;
  const nodes: TestServer[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const node of nodes.splice(0)) await node.close();
    await redis?.stop();
    redis = null;
  });

  async function node(overrides: Partial<Config> = {}): Promise<TestServer> {
    const server = await startServer({
      REDIS_URL: redis!.url,
      REDIS_PREFIX: 'review:',
      BOT_DELAY_MS: 0,
      ...overrides,
    });
    nodes.push(server);
    return server;
  }

  async function client(server: TestServer): Promise<Client> {
    const c = new Client(server.url);
    clients.push(c);
    await c.connected();
    return c;
  }

  it('R23: after room:takeBack is acknowledged, the stand-in makes no move in that seat', async () => {
    redis = await TestRedis.start();
    const a = await node();
    const b = await node();
    const ana = await client(a);
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith([]),
      seatCount: 2,
    });
    const code = created.room.code;
    const bea = await client(b);
    const joined = await bea.ok('room:join', { code, nickname: 'Bea' });
    await ana.until(() => ana.room?.members.length === 2, 5000, 'both in the lobby');
    await ana.ok('room:start', {});
    await Promise.all([ana, bea].map((c) => c.until(() => c.view !== null, 10_000, 'first view')));

    // The stand-in's draws in Bea's seat are held in the store (a slow write) when asked.
    let holding = true;
    const held: { node: TestServer; version: number; release: () => void }[] = [];
    for (const server of [a, b]) {
      const store = server.server.store;
      const append = store.appendAction.bind(store);
      store.appendAction = async (room, entry, snapshot, finished, roomChanged) => {
        if (
          holding &&
          entry.seat === 1 &&
          entry.actionId.startsWith('bot:') &&
          entry.action.type === 'draw'
        ) {
          await new Promise<void>((release) =>
            held.push({ node: server, version: entry.version, release }),
          );
        }
        return append(room, entry, snapshot, finished, roomChanged);
      };
    }

    // Bea steps away: the stand-in plays her seat. Ana chooses her field and plays her turns.
    expect(await bea.request('room:handOver', { seat: 1 })).toEqual({ ok: true });
    const anaField = decide(ana.view!, 'greedy', 1)!;
    await ana.ok('game:action', { version: ana.view!.version, actionId: 'f0', action: anaField });
    let n = 0;
    while (held.length === 0) {
      await ana.until(
        () => held.length > 0 || (ana.view?.phase === 'turns' && ana.view.turn?.seat === 0),
        10_000,
        "Ana's turn or the stand-in's",
      );
      if (held.length > 0) break;
      const drawn = await ana.ok('game:action', {
        version: ana.view!.version,
        actionId: `d${n}`,
        action: { type: 'draw', from: 'drawPile' },
      });
      await ana.until(() => ana.view!.version >= drawn.version, 5000, 'the draw seen');
      const hand = ana.view!.seats[0]!.hand!;
      await ana.ok('game:action', {
        version: ana.view!.version,
        actionId: `x${n++}`,
        action: { type: 'discard', cardId: hand[0]!.id },
      });
      await sleep(50);
    }
    await waitFor(() => held.length > 0, 10_000, "the stand-in's draw");
    const [draw] = held;

    // Meanwhile Bea takes her seat back through the other node, and is told she has it.
    const other = draw!.node === a ? b : a;
    const back = await client(other);
    await back.ok('room:join', { code, token: joined.you.token });
    expect(await back.request('room:takeBack', {})).toEqual({ ok: true });
    await back.until(() => back.room?.seats[1]?.standIn === false, 5000, 'the seat back');

    // The held write goes on.
    holding = false;
    for (const h of held) h.release();
    await sleep(1000);
    const stored = await other.server.store.loadGame(code, 1);
    const standInMoves = stored!.log.filter(
      (e) => e.seat === 1 && e.actionId.startsWith('bot:') && e.version >= draw!.version,
    );
    // The seat was Bea's again before that move was stored: the stand-in must not have made it.
    expect(standInMoves).toEqual([]);
  });
});
