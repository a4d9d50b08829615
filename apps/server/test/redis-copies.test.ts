/**
 * Several nodes: a join that waited in the line of a room copy the sweep dropped from memory, while
 * another copy was loaded (a wake-up, a room look-up or another join), runs again on that copy, so
 * that the socket is counted where its requests and its disconnect go: otherwise the player's
 * other tab closing there marks them away, and that copy may be dropped while the socket is open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith } from '@trepenta/rules';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import type { Config } from '../src/config';
import { getJson, sleep, waitFor } from './support';
import { TestRedis, redisAvailable } from './redis';

const runIt = redisAvailable() ? describe : describe.skip;

runIt('two copies of one room on a node', () => {
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

  it('R23: a join that waited in a dropped copy while another was loaded: the player stays connected while a tab is open', async () => {
    redis = await TestRedis.start();
    const a = await node();
    const ana = await client(a);
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      settings: settingsWith([]),
      seatCount: 2,
    });
    const code = created.room.code;
    const token = created.you.token;
    ana.close();
    const dropped = a.server.rooms.get(code)!;
    await waitFor(() => Promise.resolve(dropped.localSockets === 0), 5000, 'Ana away');

    // The room's line is busy; Ana comes back in a first tab, and the copy leaves memory (as the
    // sweep drops a room quiet for 10 minutes) before her join runs.
    let release = () => {};
    const busy = dropped.run(() => new Promise<void>((resolve) => (release = resolve)));
    const first = await client(a);
    const joined = first.request('room:join', { code, token });
    await sleep(100);
    a.server.rooms.delete(code);
    // Meanwhile the room is looked up (a wake-up, the lobby's room summary, another player's
    // join): a fresh copy is loaded.
    expect((await getJson(`${a.url}/api/rooms/${code}`)).status).toBe(200);
    release();
    await busy;
    expect(await joined).toMatchObject({ ok: true });

    // A second tab of Ana's.
    const second = await client(a);
    await second.ok('room:join', { code, token });
    // The first tab closes; the second is still open.
    first.close();
    await sleep(500);
    const synced = await second.request('game:sync', {});
    expect(synced.ok).toBe(true);
    const me = (synced as { room: { members: { id: string; connected: boolean }[] } }).room
      .members[0]!;
    expect(me.connected).toBe(true);
  });
});
