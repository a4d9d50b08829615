/**
 * `npm start` runs the server through scripts/serve.mjs. Stopping that command — a process
 * manager's SIGTERM, ^C, a closed terminal — must stop the server cleanly (its graceful shutdown,
 * the database closed), not leave it running without a parent.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS, serverNodeOptions } from '../../../scripts/node-options.mjs';
import { exitWithin, freePort, killAll, spawnServer } from './processes';

const REPO = resolve(import.meta.dirname, '../../..');

const dirs: string[] = [];
afterEach(async () => {
  await killAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-serve-'));
  dirs.push(dataDir);
  const port = await freePort();
  const started = await spawnServer(port, dataDir, { LOG_LEVEL: 'info', ...env }, 30_000, {
    args: ['scripts/serve.mjs'],
    ownGroup: true,
  });
  return { started, dataDir };
}

describe('scripts/serve.mjs (npm start)', () => {
  const cases = [
    // Only the command itself gets the signal, as from `kill` or a process manager.
    ...(['SIGTERM', 'SIGINT', 'SIGHUP'] as const).map((signal) => ({
      name: `passes ${signal} on`,
      send: (pid: number) => process.kill(pid, signal),
    })),
    // A closed terminal hangs up the whole process group: the server gets it too.
    { name: 'a hangup of the whole group', send: (pid: number) => process.kill(-pid, 'SIGHUP') },
  ];
  for (const { name, send } of cases) {
    it(`${name}: the server shuts down cleanly and the command exits 0`, async () => {
      const { started, dataDir } = await serve();
      send(started.child.pid!);
      expect(await exitWithin(started, 15_000)).toEqual({ code: 0, signal: null });
      const log = started.output.join('');
      expect(log).toContain('"msg":"shutting down"');
      // Nothing answers any more, and the database was closed (its WAL files removed; the
      // directory's lock file stays, unlocked, for the next start).
      await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
      expect(readdirSync(dataDir).sort()).toEqual(['trepenta.lock', 'trepenta.sqlite']);
    }, 60_000);
  }
});

/** The environment of the server that scripts/serve.mjs started (its only child; Linux's /proc). */
function serverEnvironment(servePid: number): Map<string, string> {
  const children = readFileSync(`/proc/${servePid}/task/${servePid}/children`, 'utf8').trim();
  expect(children.split(' ')).toHaveLength(1);
  const environ = readFileSync(`/proc/${children}/environ`, 'utf8');
  return new Map(
    environ
      .split('\0')
      .filter(Boolean)
      .map((entry) => {
        const at = entry.indexOf('=');
        return [entry.slice(0, at), entry.slice(at + 1)];
      }),
  );
}

describe("the server's Node options (scripts/node-options.mjs)", () => {
  it("are added to the operator's NODE_OPTIONS, except a setting the operator chose", () => {
    expect(serverNodeOptions()).toBe('--max-semi-space-size=64');
    expect(serverNodeOptions('  --enable-source-maps ')).toBe(
      '--enable-source-maps --max-semi-space-size=64',
    );
    expect(serverNodeOptions('--max-semi-space-size=16')).toBe('--max-semi-space-size=16');
    expect(serverNodeOptions('--max_semi_space_size=8 --trace-gc')).toBe(
      '--max_semi_space_size=8 --trace-gc',
    );
  });

  it("are the Docker image's NODE_OPTIONS too", () => {
    const dockerfile = readFileSync(join(REPO, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(
      new RegExp(`^ENV NODE_OPTIONS=${SERVER_NODE_OPTIONS.join(' ')}$`, 'm'),
    );
  });

  it.runIf(process.platform === 'linux')(
    "npm start runs the server with them, and with the operator's own choice instead",
    async () => {
      const { started } = await serve();
      expect(serverEnvironment(started.child.pid!).get('NODE_OPTIONS')).toBe(
        SERVER_NODE_OPTIONS.join(' '),
      );
      started.child.kill('SIGTERM');
      expect(await exitWithin(started, 15_000)).toEqual({ code: 0, signal: null });

      const chosen = await serve({ NODE_OPTIONS: '--max-semi-space-size=16' });
      expect(serverEnvironment(chosen.started.child.pid!).get('NODE_OPTIONS')).toBe(
        '--max-semi-space-size=16',
      );
    },
    60_000,
  );
});

describe('request logging', () => {
  async function requests(level: string) {
    const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-serve-'));
    dirs.push(dataDir);
    const started = await spawnServer(await freePort(), dataDir, {
      LOG_LEVEL: level,
      API_PER_MINUTE: '5',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await fetch(`${started.url}/api/rooms/BCDFGH`)).status);
    }
    // A moment for the lines to reach the pipe.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = started.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('"url":"/api/rooms/BCDFGH"'));
    return { statuses, lines };
  }

  it('at info, a flood of refused requests writes no line per request; at debug, one each with its status', async () => {
    const info = await requests('info');
    expect(info.statuses).toEqual([...Array<number>(5).fill(404), ...Array<number>(7).fill(429)]);
    expect(info.lines).toEqual([]);
    const debug = await requests('debug');
    expect(debug.lines).toHaveLength(12);
    expect(debug.lines.map((line) => (JSON.parse(line) as { status: number }).status)).toEqual(
      debug.statuses,
    );
  }, 60_000);
});
