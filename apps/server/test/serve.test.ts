/**
 * `npm start` runs the server through scripts/serve.mjs. Stopping that command — a process
 * manager's SIGTERM, ^C, a closed terminal — must stop the server cleanly (its graceful shutdown,
 * the database closed), not leave it running without a parent.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exitWithin, freePort, killAll, spawnServer } from './processes';

const dirs: string[] = [];
afterEach(async () => {
  await killAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-serve-'));
  dirs.push(dataDir);
  const port = await freePort();
  const started = await spawnServer(port, dataDir, { LOG_LEVEL: 'info' }, 30_000, {
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
