import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const REDIS_BINARY = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Whether this machine can run the Redis suites. Under CI a missing redis-server is a failure
 * (the suites run and fail); elsewhere they are skipped with a loud notice.
 */
export function redisAvailable(): boolean {
  if (existsSync(REDIS_BINARY)) return true;
  if (process.env.CI) return true;
  console.warn(
    `\n!!! SKIPPING the Redis suites: no redis-server at ${REDIS_BINARY}.\n!!! Install it (apt-get install -y redis-server) or set REDIS_SERVER.\n`,
  );
  return false;
}

/**
 * A Redis server of the test's own, on a free port, persisting with AOF and fsync on every write
 * (as production should), so that killing it loses nothing acknowledged. Never a shared Redis.
 */
export class TestRedis {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'trepenta-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async launch(): Promise<void> {
    const child = spawn(
      REDIS_BINARY,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await this.answers()) return;
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      import('node:net').then(
        ({ connect }) => {
          const socket = connect(this.port, '127.0.0.1');
          socket.once('connect', () => {
            socket.write('PING\r\n');
          });
          socket.once('data', (data) => {
            socket.destroy();
            resolve(data.toString().startsWith('+PONG'));
          });
          socket.once('error', () => resolve(false));
        },
        () => resolve(false),
      );
    });
  }

  /** kill -9: what a crash looks like. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    await this.crash();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
