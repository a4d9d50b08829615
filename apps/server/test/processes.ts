/**
 * The server as a real child process (`node --import tsx apps/server/src/main.ts`), for tests that
 * crash it, stop it and start it again on the same data directory.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process wrote, for a failure's message. */
  readonly output: string[];
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every process started here that has not exited yet (afterEach kills what is left). */
const running = new Set<ChildProcess>();
/**
 * The process groups of those started with `ownGroup`, kept after they exit while the group
 * still has members (what they started may still be running). A ^C to the test run does not
 * reach them, so they are also killed when this process exits.
 */
const groups = new Set<number>();

/** Kills every remembered group (whatever is left of them) and forgets them. */
function killGroups(): void {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Nothing left in that group.
    }
  }
  groups.clear();
}
process.once('exit', killGroups);

/** Whether a process group still has members (a signal 0 to it finds one). */
function groupLives(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server and waits until it is ready. `args` are node's arguments (by default the
 * server itself; `['scripts/serve.mjs']` is how `npm start` runs it). With `ownGroup` the process
 * gets a process group of its own, so that a signal can be sent to the group and killAll also
 * reaches whatever it started; otherwise it stays in the test run's group (a ^C reaches it).
 */
export async function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  readyWithinMs = 20_000,
  { args = ['--import', 'tsx', 'apps/server/src/main.ts'], ownGroup = false } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    detached: ownGroup,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
      TIMER_SCALE: '0.01',
      NONCE_TIMEOUT_MS: '300',
      RESTART_GRACE_MS: '100',
      RATE_PER_SECOND: '1000',
      RATE_BURST: '2000',
      JOINS_PER_MINUTE: '1000',
      REJOINS_PER_MINUTE: '1000',
      API_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  if (ownGroup && child.pid !== undefined) groups.add(child.pid);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      // An empty group's id may be given to another process later: forget it now.
      if (ownGroup && child.pid !== undefined && !groupLives(child.pid)) groups.delete(child.pid);
      done({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (gone) throw new Error(`the server exited while starting:\n${output.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not get ready in time:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return { child, url, output, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('the server did not get ready');
}

/** Kills every process still running (for afterEach, also after a failure). */
export async function killAll(): Promise<void> {
  const waits = [...running].map(
    (child) =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGKILL');
        setTimeout(done, 5000).unref();
      }),
  );
  killGroups();
  await Promise.all(waits);
  running.clear();
}

/** Waits for an exit, at most `ms`; null if the process is still running then. */
export async function exitWithin(
  server: ServerProcess,
  ms: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), ms);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}
