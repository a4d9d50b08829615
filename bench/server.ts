// pnpm bench:server — rooms of socket clients, in processes separate from the server, playing
// real games against the Trepenta server and against a bare Socket.IO server doing the same
// message pattern, in one run:
//   (a) fixed, human-like load: every room one action per second, at 100 and 1,000 rooms;
//       p50/p95/p99 from sending an action to the last seat receiving its update;
//   (b) saturation: every room as fast as it can; moves per second.
// Both report server memory per room and per socket, and the ratios to the bare server.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { WorkerOrders, WorkerReport } from './src/client';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    rooms: { type: 'string', default: '100,1000' },
    'saturate-rooms': { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    workers: { type: 'string', default: '2' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const fixedRooms = quick ? [20] : values.rooms.split(',').map(Number);
const saturateRooms = quick ? 20 : Number(values['saturate-rooms']);
const durationMs = (quick ? 4 : Number(values.duration)) * 1000;
const warmupMs = (quick ? 2 : Number(values.warmup)) * 1000;
const workerCount = Number(values.workers);

interface Memory {
  rss: number;
  heapUsed: number;
}

interface Result {
  target: 'trepenta' | 'bare';
  mode: 'fixed' | 'saturate';
  rooms: number;
  p50: number;
  p95: number;
  p99: number;
  movesPerSecond: number;
  errors: number;
  heapPerRoom: number;
  heapPerSocket: number;
}

function startServer(
  target: 'trepenta' | 'bare',
): Promise<{ child: ChildProcess; url: string; cleanup: () => void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-bench-'));
  const script =
    target === 'trepenta' ? join(root, 'apps/server/src/main.ts') : join(here, 'src/bare.ts');
  const port = target === 'trepenta' ? 39_000 + Math.floor(performance.now() % 500) : 0;
  const child = fork(script, [], {
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
      NONCE_TIMEOUT_MS: '2000',
      JOINS_PER_MINUTE: '1000000',
      RATE_PER_SECOND: '1000',
      RATE_BURST: '2000',
      MAX_ROOMS: '100000',
      TEST_HOOKS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    if (target === 'bare') {
      child.once('message', (message: { listening?: number }) =>
        resolve({ child, url: `http://127.0.0.1:${message.listening}`, cleanup }),
      );
    } else {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      const poll = () => {
        fetch(`${url}/healthz`).then(
          () => resolve({ child, url, cleanup }),
          () =>
            Date.now() > deadline
              ? reject(new Error('server did not start'))
              : setTimeout(poll, 100),
        );
      };
      poll();
    }
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function memory(url: string): Promise<Memory> {
  const response = await fetch(`${url}/__test/memory`);
  return (await response.json()) as Memory;
}

function startWorker(orders: WorkerOrders): Promise<ChildProcess> {
  const child = fork(join(here, 'src/client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('error', reject);
    child.send({ orders });
  });
}

function phase(workers: ChildProcess[], message: object, expect: string): Promise<unknown[]> {
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          const listener = (reply: Record<string, unknown>) => {
            if (typeof reply.error === 'string') reject(new Error(reply.error));
            else if (expect in reply) {
              worker.off('message', listener);
              resolve(reply[expect]);
            }
          };
          worker.on('message', listener);
          worker.send(message);
        }),
    ),
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(
  target: 'trepenta' | 'bare',
  mode: 'fixed' | 'saturate',
  rooms: number,
): Promise<Result> {
  const server = await startServer(target);
  const workers: ChildProcess[] = [];
  try {
    const perWorker = Math.ceil(rooms / workerCount);
    for (let w = 0; w < workerCount && w * perWorker < rooms; w++) {
      const share = Math.min(perWorker, rooms - w * perWorker);
      workers.push(
        await startWorker({
          target,
          urls: [server.url],
          rooms: share,
          offset: w * perWorker,
          mode,
        }),
      );
    }
    const idle = await memory(server.url);
    await phase(workers, { phase: 'connect' }, 'done');
    const withSockets = await memory(server.url);
    await phase(workers, { phase: 'rooms' }, 'done');
    const withRooms = await memory(server.url);
    const reports = (await phase(
      workers,
      { phase: 'run', warmupMs, durationMs },
      'report',
    )) as WorkerReport[];
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const completed = reports.reduce((sum, r) => sum + r.completed, 0);
    return {
      target,
      mode,
      rooms,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      movesPerSecond: completed / (durationMs / 1000),
      errors: reports.reduce((sum, r) => sum + r.errors, 0),
      heapPerSocket: (withSockets.heapUsed - idle.heapUsed) / (rooms * 4),
      heapPerRoom: (withRooms.heapUsed - withSockets.heapUsed) / rooms,
    };
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.child.kill('SIGKILL');
    server.cleanup();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const results: Result[] = [];
const scenarios: ['fixed' | 'saturate', number][] = [
  ...fixedRooms.map((rooms) => ['fixed', rooms] as ['fixed', number]),
  ['saturate', saturateRooms],
];
for (const [mode, rooms] of scenarios) {
  for (const target of ['trepenta', 'bare'] as const) {
    process.stderr.write(`… ${target}, ${mode}, ${rooms} rooms\n`);
    results.push(await run(target, mode, rooms));
  }
}

console.log(
  `\nServer benchmark: 4-seat rooms, ${workerCount} client processes, ${durationMs / 1000} s measured after ${warmupMs / 1000} s warm-up.`,
);
console.log(
  'target     mode      rooms      p50       p95       p99    moves/s  errors  heap/room  heap/socket',
);
for (const r of results) {
  console.log(
    [
      r.target.padEnd(9),
      r.mode.padEnd(8),
      String(r.rooms).padStart(6),
      ms(r.p50).padStart(9),
      ms(r.p95).padStart(9),
      ms(r.p99).padStart(9),
      r.movesPerSecond.toFixed(0).padStart(9),
      String(r.errors).padStart(6),
      kb(r.heapPerRoom).padStart(10),
      kb(r.heapPerSocket).padStart(12),
    ].join(' '),
  );
}
console.log('\nRatios, Trepenta / bare Socket.IO:');
for (const [mode, rooms] of scenarios) {
  const t = results.find((r) => r.target === 'trepenta' && r.mode === mode && r.rooms === rooms)!;
  const b = results.find((r) => r.target === 'bare' && r.mode === mode && r.rooms === rooms)!;
  if (mode === 'fixed') {
    console.log(
      `  ${rooms} rooms, 1 action/s each: p50 ${(t.p50 / b.p50).toFixed(2)}×, p99 ${(t.p99 / b.p99).toFixed(2)}×`,
    );
  } else {
    console.log(
      `  saturation, ${rooms} rooms: moves/s ${(t.movesPerSecond / b.movesPerSecond).toFixed(2)}× (bare ${b.movesPerSecond.toFixed(0)}/s)`,
    );
  }
}
