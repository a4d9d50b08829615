/**
 * The load balancer as shipped (deploy/haproxy.cfg, run by a real HAProxy) in front of two nodes
 * on one Redis, as docker-compose.yml deploys them; only the nodes' addresses and the port it
 * listens on are this test's. Clients connect as the web app does: through the balancer, with
 * `?room=` the room's code, and after an ELSEWHERE with `?node=` the name they were sent to.
 *
 * What it shows: the players of a room meet on the node that serves it (broadcasts are local to
 * a node, so a chat line reaching everyone says so); connections hashed by the room's code all go
 * one way; and when that node dies, everyone comes back through the balancer, the other node
 * takes the room over, and every seat is kept.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsWith } from '@trepenta/rules';
import { Client } from './harness';
import { Cluster, sleep } from './nodes';
import { rawGet } from './http';
import { freePort } from './redis';

const REPO = resolve(import.meta.dirname, '../../..');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** Under CI a missing HAProxy is a failure (the suite runs and fails); elsewhere a loud skip. */
function haproxyAvailable(): boolean {
  if (existsSync(HAPROXY)) return true;
  if (process.env.CI) return true;
  console.warn(
    `\n!!! SKIPPING the load balancer suite: no haproxy at ${HAPROXY}.\n!!! Install it (apt-get install -y haproxy) or set HAPROXY.\n`,
  );
  return false;
}

/** deploy/haproxy.cfg with the nodes at these ports and the front end on `port`. */
function shippedConfig(port: number, nodePorts: Record<string, number>): string {
  let config = readFileSync(join(REPO, 'deploy', 'haproxy.cfg'), 'utf8');
  expect(config).toContain('bind *:8080');
  config = config.replace('bind *:8080', `bind 127.0.0.1:${port}`);
  // Within this machine's descriptor limit (HAProxy needs two per connection).
  expect(config).toMatch(/^ {2}maxconn \d+$/m);
  config = config.replace(/^ {2}maxconn \d+$/m, '  maxconn 2000');
  for (const [host, nodePort] of Object.entries(nodePorts)) {
    expect(config).toContain(`${host}:3000`);
    config = config.replaceAll(`${host}:3000`, `127.0.0.1:${nodePort}`);
  }
  return config;
}

function startHaproxy(config: string): { child: ChildProcess; output: string[]; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'trepenta-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output, dir };
}

/** A built web app in small: index.html and one hashed script with its brotli copy. */
function webDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'trepenta-lb-dist-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const line = ${JSON.stringify('deal me in '.repeat(300))};\n`;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>\n');
  writeFileSync(join(dir, 'assets', 'index-Lb42.js'), script);
  writeFileSync(join(dir, 'assets', 'index-Lb42.js.br'), brotliCompressSync(script));
  return { dir, script };
}

async function waitUntil(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

const runIt = haproxyAvailable() ? describe : describe.skip;

runIt('two nodes behind HAProxy (deploy/haproxy.cfg)', () => {
  let cluster: Cluster | null = null;
  let haproxy: ReturnType<typeof startHaproxy> | null = null;
  const clients: Client[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    for (const client of clients.splice(0)) client.socket.close();
    haproxy?.child.kill('SIGKILL');
    if (haproxy) rmSync(haproxy.dir, { recursive: true, force: true });
    haproxy = null;
    await cluster?.cleanup();
    cluster = null;
  });

  it('a room’s players meet on its node through the balancer; when that node dies they come back, and the other node takes the room over with every seat', async () => {
    cluster = await Cluster.start('lb');
    const web = webDist();
    dirs.push(web.dir);
    // The names are the shipped config's: a node's NODE_NAME is its server name there.
    const [node1] = await cluster.startNodes(
      ['node1'],
      { NODE_NAME: 'node1', WEB_DIST: web.dir },
      { settle: false },
    );
    const [node2] = await cluster.startNodes(['node2'], { NODE_NAME: 'node2', WEB_DIST: web.dir });
    const port = await freePort();
    haproxy = startHaproxy(
      shippedConfig(port, {
        server1: Number(new URL(node1!.url).port),
        server2: Number(new URL(node2!.url).port),
      }),
    );
    const lb = `http://127.0.0.1:${port}`;
    await waitUntil('HAProxy', 10_000, async () => (await fetch(`${lb}/readyz`)).ok).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${haproxy!.output.join('')}`);
      },
    );
    const connect = (query: Record<string, string> = {}) => {
      const client = new Client(lb, { balancer: true, query });
      clients.push(client);
      return client;
    };

    // The host opens a room from the home page (no room yet: either node).
    const host = connect();
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Host',
      settings: settingsWith([]),
      seatCount: 6,
      bots: [],
    });
    const code = created.room.code;

    // The web app through the balancer: a node's precompressed script and its caching headers
    // pass as they are; the API's JSON, which a node sends plain, is gzipped here.
    const script = await rawGet(`${lb}/assets/index-Lb42.js`, { 'accept-encoding': 'gzip, br' });
    expect(script.header('content-encoding')).toBe('br');
    expect(script.bytes.length).toBeLessThan(web.script.length / 10);
    expect(script.header('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await rawGet(`${lb}/r/${code}`)).header('cache-control')).toBe('no-cache');
    const api = await rawGet(`${lb}/api/rooms/${code}`, { 'accept-encoding': 'gzip' });
    expect(api.status).toBe(200);
    expect(api.header('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.bytes).toString())).toMatchObject({ code });
    const store = await cluster.store();
    const ownerOf = async () =>
      ((await store.client.hget(`${cluster!.prefix}room:${code}`, 'owner')) ?? '').split('~')[0];
    const first = await ownerOf();
    expect(['node1', 'node2']).toContain(first);

    // Four friends open the invitation: their connections carry the room's code.
    const friends: Client[] = [];
    for (let i = 1; i <= 4; i++) {
      const friend = connect({ room: code });
      await friend.connected();
      await friend.ok('room:join', { code, nickname: `Friend ${i}` });
      friends.push(friend);
    }
    // Hashed by the code, they all went the same way: straight to the room's node, or each sent
    // there once.
    const moves = friends.map((f) => f.moves);
    expect(new Set(moves).size, `moves ${moves.join(',')}`).toBe(1);
    expect(moves[0]).toBeLessThanOrEqual(1);
    // A fifth comes aimed at the other node (a tab's aim left from before): the balancer takes it
    // there, that node sends it on (ELSEWHERE), and the balancer takes it to the room's node.
    const other = first === 'node1' ? 'node2' : 'node1';
    const stale = connect({ room: code, node: other });
    await stale.connected();
    await stale.ok('room:join', { code, nickname: 'Friend 5' });
    expect(stale.moves).toBe(1);
    expect(stale.query).toEqual({ room: code, node: first });
    friends.push(stale);
    const everyone = [host, ...friends];

    /** A chat line from `from` reaches everyone: they are on one node (broadcasts are local). */
    const chatReachesAll = async (from: Client, text: string) => {
      await from.ok('chat:send', { text });
      await Promise.all(
        everyone.map((c) =>
          c.until(() => c.chat.some((line) => line.text === text), 5000, `"${text}" to arrive`),
        ),
      );
    };
    await chatReachesAll(friends[4]!, 'all here');

    // The room's node dies.
    const dead = first === 'node1' ? node1! : node2!;
    const seats = everyone.map((c) => c.you!.seat);
    const killedAt = Date.now();
    await cluster.kill(dead);
    await Promise.all(
      everyone.map((c) => c.until(() => !c.socket.connected, 5000, 'the disconnection')),
    );

    // Each tab comes back as the web app does: the same aim, through the balancer, its token.
    const back = await Promise.all(
      everyone.map(async (old, i) => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const again = connect(old.query);
          try {
            await again.connected();
            const answer = await again.request(
              'room:join',
              { code, token: old.you!.token },
              10_000,
            );
            if (answer.ok) {
              again.you = answer.you;
              again.takeRoom(answer.room);
              return again;
            }
            if (Date.now() > deadline) throw new Error(`seat ${seats[i]}: ${answer.code}`);
          } catch (error) {
            if (Date.now() > deadline) throw error;
          }
          again.socket.close();
          await sleep(300);
        }
      }),
    );
    const backAfter = Date.now() - killedAt;
    console.log(
      `balancer: first node ${first}; joins sent elsewhere ${moves[0]} each; all ${back.length} back ${backAfter} ms after the kill`,
    );
    expect(back.map((c) => c.you!.seat)).toEqual(seats);
    expect(await ownerOf()).toBe(other);
    everyone.splice(0, everyone.length, ...back);
    await chatReachesAll(back[2]!, 'back again');
    // NODE_TTL_MS (1.5 s) of silence before the takeover, HAProxy's checks (1 s, twice), slack.
    expect(backAfter).toBeLessThan(15_000);
  }, 90_000);
});
