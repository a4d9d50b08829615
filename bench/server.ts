// pnpm bench:server — rooms of socket clients, in processes separate from the server, playing
// real games (any game on the platform, --game) against the server and against a bare Socket.IO
// server doing the same
// message pattern, in one run:
//   (a) fixed, human-like load: every room one action per second, at 100 and 1,000 rooms;
//       p50/p95/p99 from sending an action to the last seat receiving its update;
//   (b) saturation: every room as fast as it can; moves per second.
// Both report server memory per room and per socket, and the ratios to the bare server.
// With --redis, the same load also runs against one node on Redis and --nodes N nodes on Redis.
import { execFile, fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drive } from '@trepenta/engine';
import type { AnyGameModule, Viewer } from '@trepenta/engine';
import { GAMES } from '@trepenta/games';
import type { WorkerOrders, WorkerReport } from './src/client';
import { serverNodeOptions } from '../scripts/node-options.mjs';

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
    nodes: { type: 'string', default: '2' },
    redis: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '3' },
    'client-nice': { type: 'string', default: '0' },
    'bare-extra-us': { type: 'string', default: '0' },
    against: { type: 'string', default: '' },
    game: { type: 'string', default: 'trepenta' },
    'node-defaults': { type: 'boolean', default: false },
  },
});
const quick = values.quick;
/** The game the rooms play (4 seats), from the registry. */
const chosen: AnyGameModule | undefined = GAMES[values.game];
if (!chosen)
  throw new Error(`No game "${values.game}"; the registry has ${Object.keys(GAMES).join(', ')}.`);
const game: AnyGameModule = chosen;
if (game.seats.min > 4 || game.seats.max < 4)
  throw new Error(`${game.title} is not played by 4 seats.`);
const fixedRooms = quick ? [20] : values.rooms.split(',').filter(Boolean).map(Number);
const saturateRooms = quick ? 20 : Number(values['saturate-rooms']);
const durationMs = (quick ? 4 : Number(values.duration)) * 1000;
const warmupMs = (quick ? 2 : Number(values.warmup)) * 1000;
const workerCount = Number(values.workers);
const nodeCount = Number(values.nodes);
/** Each scenario runs this many times, the deployments taking turns; medians are reported. */
const repeats = quick ? 1 : Math.max(1, Number(values.repeat));
/** Calibration: CPU time the bare server spends per action, standing for a server's own work. */
const bareExtraMicros = Math.max(0, Number(values['bare-extra-us']) || 0);
/**
 * Another checkout of this repository (installed), run on SQLite as one more deployment taking
 * its turns with the others: an A/B comparison of two versions of the server on the same machine
 * in the same minutes, which this machine's noise makes the only fair one.
 */
const againstRoot = values.against;
/**
 * Both servers run with the Node options `npm start` and the Docker image give the game server
 * (scripts/node-options.mjs), so that the bare server is measured on the same runtime; with
 * --node-defaults, both run with Node's defaults instead.
 */
const nodeOptions = values['node-defaults']
  ? (process.env.NODE_OPTIONS ?? '')
  : serverNodeOptions(process.env.NODE_OPTIONS);

/**
 * What the bare server sends: this server's game:updates from five 4-seat games of the game's
 * default settings, recorded here as the server builds them after each action (each seat's patch
 * to its previous view, or its whole view for a game without patches, and its events), one list
 * of four per action. The bare server sends them as they are, so that both servers encode and
 * both servers' clients decode the same messages.
 */
function recordUpdates(module: AnyGameModule): {
  file: string;
  meanBytes: number;
  actions: number;
} {
  const seats: Viewer[] = [0, 1, 2, 3];
  const updates: object[][] = [];
  const starts: number[] = [];
  let total = 0;
  let actions = 0;
  const whole = (state: unknown) =>
    module.viewsFor
      ? module.viewsFor(state, seats)
      : seats.map((seat) => module.viewFor(state, seat));
  for (let n = 0; n < 5; n++) {
    const played = drive(module, module.defaultSettings, 4, {
      levels: ['random'],
      seed: n + 1,
      timeoutChance: 0,
      maxActions: 1_000_000,
      closeAfter: 300,
      seatChangeChance: 0,
    });
    const { gameId } = played.randomness;
    // As the game server sends them: whole views with the opening events when the game starts,
    // then each seat's update and events, action by action.
    starts.push(updates.length);
    const opening = module.openingEvents(played.start);
    updates.push(
      whole(played.start).map((view, seat) => ({
        code: 'BCDFGH',
        base: null,
        view,
        events: opening.map((event) => module.eventFor(event, seat)),
        deadline: null,
      })),
    );
    for (const step of played.steps) {
      const patches = module.patches;
      const views = patches
        ? patches.patchesFor(step.before, step.after, seats)
        : whole(step.after);
      const base = patches ? { gameId, version: module.version(step.before) } : null;
      actions++;
      updates.push(
        views.map((view, seat) => {
          const events = step.events.map((event) => module.eventFor(event, seat));
          const update = { code: 'BCDFGH', base, view, events, deadline: null };
          total += JSON.stringify(update).length;
          return update;
        }),
      );
    }
  }
  const file = join(scratch, 'updates.json');
  writeFileSync(file, JSON.stringify({ updates, starts }));
  return { file, meanBytes: Math.round(total / (actions * 4)), actions };
}
const scratch = mkdtempSync(join(tmpdir(), 'trepenta-bench-updates-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
// ^C ends the run through 'exit' too, so that the recording does not stay behind.
process.once('SIGINT', () => process.exit(130));
const recorded = recordUpdates(game);

interface Memory {
  rss: number;
  heapUsed: number;
}

/** A running deployment under test: its URLs, its memory, and how to stop it. */
interface Deployment {
  urls: string[];
  /** Several nodes: each node's name and URL (where a join answered ELSEWHERE goes). */
  nodes?: Record<string, string>;
  /** A Redis deployment's Redis: its CPU time (µs) and commands processed so far. */
  redis?: () => Promise<{ cpu: number; commands: number }>;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

/** CPU time (user + system, all threads) the deployment's server processes have used, in µs. */
async function cpuOf(urls: string[]): Promise<number> {
  const all = await Promise.all(
    urls.map(
      async (url) =>
        (await (await fetch(`${url}/__test/cpu`)).json()) as { user: number; system: number },
    ),
  );
  return all.reduce((sum, cpu) => sum + cpu.user + cpu.system, 0);
}

type Target = 'bare' | 'sqlite' | 'against' | 'redis-1' | 'redis-n';

interface Result {
  target: Target;
  mode: 'fixed' | 'saturate';
  rooms: number;
  p50: number;
  p95: number;
  p99: number;
  movesPerSecond: number;
  /** Server CPU time per move over the measured window, µs (every server process and thread). */
  cpuPerMove: number;
  errors: number;
  heapPerRoom: number;
  heapPerSocket: number;
  /** The server processes' resident memory at the end of the measured window, bytes. */
  rss: number;
  /** The client processes' own event-loop delay, p99 (ms, the worst process). */
  clientDelayP99: number;
  /** Redis deployments: Redis's own CPU time per move (µs), and the commands it ran per move. */
  redisCpuPerMove: number;
  redisCommandsPerMove: number;
  /** Seats whose join was sent to their room's node (several nodes). */
  moved: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const profile = [
  ...(process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : []),
  // Extra Node or V8 flags for the server processes, for experiments (e.g. --trace-gc).
  ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
];

async function startNode(
  env: Record<string, string>,
  serverRoot = root,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = fork(join(serverRoot, 'apps/server/src/main.ts'), [], {
    ...(serverRoot === root ? {} : { cwd: serverRoot }),
    execArgv: ['--expose-gc', '--import', 'tsx', ...profile],
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BOT_DELAY_MS: '0',
      NONCE_TIMEOUT_MS: '2000',
      JOINS_PER_MINUTE: '1000000',
      REJOINS_PER_MINUTE: '1000000',
      RATE_PER_SECOND: '1000',
      RATE_BURST: '2000',
      MAX_ROOMS: '100000',
      // Every room of the benchmark is created from the one loopback address.
      ROOMS_PER_ADDRESS: '100000',
      CONNECTIONS_PER_ADDRESS: '1000000',
      API_PER_MINUTE: '1000000',
      TEST_HOOKS: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { child, url };
}

/** Redis's CPU time (µs, user + system, its own threads) and commands processed, from INFO. */
function redisCounters(url: string): Promise<{ cpu: number; commands: number }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    execFile(process.env.REDIS_CLI ?? 'redis-cli', ['-p', port, 'INFO', 'all'], (error, stdout) => {
      if (error) {
        reject(new Error(`redis-cli INFO failed: ${error.message}`));
        return;
      }
      const field = (name: string) =>
        Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(stdout)?.[1] ?? NaN);
      resolve({
        cpu: (field('used_cpu_user') + field('used_cpu_sys')) * 1e6,
        commands: field('total_commands_processed'),
      });
    });
  });
}

async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'trepenta-bench-redis-'));
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

async function memoryOf(urls: string[]): Promise<Memory> {
  const all = await Promise.all(
    urls.map(async (url) => (await (await fetch(`${url}/__test/memory`)).json()) as Memory),
  );
  return all.reduce((sum, m) => ({ rss: sum.rss + m.rss, heapUsed: sum.heapUsed + m.heapUsed }), {
    rss: 0,
    heapUsed: 0,
  });
}

async function deploy(target: Target): Promise<Deployment> {
  if (target === 'bare') {
    const child = fork(join(here, 'src/bare.ts'), [], {
      execArgv: ['--expose-gc', '--import', 'tsx', ...profile],
      env: {
        ...process.env,
        NODE_OPTIONS: nodeOptions,
        PORT: '0',
        UPDATES_FILE: recorded.file,
        BARE_EXTRA_US: String(bareExtraMicros),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve) =>
      child.once('message', (message: { listening: number }) => resolve(message.listening)),
    );
    const urls = [`http://127.0.0.1:${port}`];
    return { urls, memory: () => memoryOf(urls), stop: () => stopChild(child) };
  }
  if (target === 'sqlite' || target === 'against') {
    const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-bench-'));
    const node = await startNode({ DATA_DIR: dataDir }, target === 'sqlite' ? root : againstRoot);
    return {
      urls: [node.url],
      memory: () => memoryOf([node.url]),
      async stop() {
        await stopChild(node.child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const redis = await startRedis();
  const count = target === 'redis-1' ? 1 : nodeCount;
  const nodes: { child: ChildProcess; url: string; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const name = `node${i + 1}`;
    const node = await startNode({ REDIS_URL: redis.url, DATA_DIR: tmpdir(), NODE_NAME: name });
    nodes.push({ ...node, name });
  }
  const urls = nodes.map((n) => n.url);
  return {
    urls,
    nodes: Object.fromEntries(nodes.map((n) => [n.name, n.url])),
    redis: () => redisCounters(redis.url),
    memory: () => memoryOf(urls),
    async stop() {
      await Promise.all(nodes.map((n) => stopChild(n.child)));
      await redis.stop();
    },
  };
}

/**
 * The client processes' niceness (`--client-nice`): they share this machine's cores with the
 * server under test, for both servers alike; a lower priority keeps them from taking a core from
 * the server it needs, as clients on other machines would not.
 */
const clientNice = Number(values['client-nice']);

/**
 * A client process; for the --against deployment, that checkout's own client (it speaks that
 * server's protocol), which calls the game server 'trepenta' and knows no other game.
 */
function startWorker(orders: WorkerOrders, clientRoot = root): Promise<ChildProcess> {
  const child = fork(join(clientRoot, 'bench', 'src', 'client.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (clientNice !== 0 && child.pid !== undefined) setPriority(child.pid, clientNice);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(workerGone(code, signal)));
    child.send({
      orders:
        clientRoot === root
          ? orders
          : { ...orders, target: orders.target === 'server' ? 'trepenta' : 'bare' },
    });
  });
}

/** A client process that ended before its report: the run fails rather than waiting for ever. */
function workerGone(code: number | null, signal: NodeJS.Signals | null): Error {
  return new Error(`a client process ended (${signal ?? `exit code ${code}`}) before reporting`);
}

function phase(workers: ChildProcess[], message: object, expect: string): Promise<unknown[]> {
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          const gone = (code: number | null, signal: NodeJS.Signals | null) =>
            reject(workerGone(code, signal));
          const listener = (reply: Record<string, unknown>) => {
            if (typeof reply.error === 'string') reject(new Error(reply.error));
            else if (expect in reply) {
              worker.off('message', listener);
              worker.off('exit', gone);
              resolve(reply[expect]);
            }
          };
          worker.on('message', listener);
          worker.once('exit', gone);
          worker.send(message);
        }),
    ),
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(target: Target, mode: 'fixed' | 'saturate', rooms: number): Promise<Result> {
  const deployment = await deploy(target);
  const workers: ChildProcess[] = [];
  try {
    const perWorker = Math.ceil(rooms / workerCount);
    for (let w = 0; w < workerCount && w * perWorker < rooms; w++) {
      const share = Math.min(perWorker, rooms - w * perWorker);
      workers.push(
        await startWorker(
          {
            target: target === 'bare' ? 'bare' : 'server',
            game: game.id,
            urls: deployment.urls,
            ...(deployment.nodes ? { nodes: deployment.nodes } : {}),
            rooms: share,
            offset: w * perWorker,
            totalRooms: rooms,
            mode,
          },
          target === 'against' ? againstRoot : root,
        ),
      );
    }
    const idle = await deployment.memory();
    await phase(workers, { phase: 'connect' }, 'done');
    const withSockets = await deployment.memory();
    await phase(workers, { phase: 'rooms' }, 'done');
    const withRooms = await deployment.memory();
    const running = phase(workers, { phase: 'run', warmupMs, durationMs }, 'report');
    // The servers' CPU over the measured window (the clients measure from the warm-up's end),
    // and their resident memory at its end.
    const measured = (async () => {
      await sleep(warmupMs);
      const before = await cpuOf(deployment.urls);
      const redisBefore = await deployment.redis?.();
      await sleep(durationMs);
      const cpu = (await cpuOf(deployment.urls)) - before;
      const redisAfter = await deployment.redis?.();
      const redis =
        redisBefore && redisAfter
          ? {
              cpu: redisAfter.cpu - redisBefore.cpu,
              // Less the INFO itself, which counts as one.
              commands: redisAfter.commands - redisBefore.commands - 1,
            }
          : { cpu: NaN, commands: NaN };
      return { cpu, redis, rss: (await deployment.memory()).rss };
    })();
    const [reports, { cpu, redis, rss }] = await Promise.all([
      running as Promise<WorkerReport[]>,
      measured,
    ]);
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
      cpuPerMove: cpu / completed,
      errors: reports.reduce((sum, r) => sum + r.errors, 0),
      heapPerSocket: (withSockets.heapUsed - idle.heapUsed) / (rooms * 4),
      heapPerRoom: (withRooms.heapUsed - withSockets.heapUsed) / rooms,
      rss,
      clientDelayP99: Math.max(...reports.map((r) => r.loopDelayP99)),
      redisCpuPerMove: redis.cpu / completed,
      redisCommandsPerMove: redis.commands / completed,
      moved: reports.reduce((sum, r) => sum + (r.moved ?? 0), 0),
    };
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    await deployment.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const label: Record<Target, string> = {
  bare: bareExtraMicros > 0 ? `bare +${bareExtraMicros} µs` : 'bare Socket.IO',
  sqlite: '1 node, SQLite',
  against: 'SQLite, --against',
  'redis-1': '1 node, Redis',
  'redis-n': `${nodeCount} nodes, Redis`,
};

const runs: Result[] = [];
const scenarios: ['fixed' | 'saturate', number][] = [
  ...fixedRooms.map((rooms) => ['fixed', rooms] as ['fixed', number]),
  ...(saturateRooms > 0 ? [['saturate', saturateRooms] as ['saturate', number]] : []),
];
const targets: Target[] = [
  'sqlite',
  'bare',
  ...(againstRoot ? (['against'] as const) : []),
  ...(values.redis ? (['redis-1', 'redis-n'] as const) : []),
];
for (const [mode, rooms] of scenarios) {
  for (let round = 1; round <= repeats; round++) {
    for (const target of targets) {
      process.stderr.write(
        `… ${label[target]}, ${mode}, ${rooms} rooms (run ${round}/${repeats})\n`,
      );
      runs.push(await run(target, mode, rooms));
    }
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const runsOf = (target: Target, mode: string, rooms: number) =>
  runs.filter((r) => r.target === target && r.mode === mode && r.rooms === rooms);

/** Per scenario and deployment: the median of each figure over the runs. */
const results: Result[] = scenarios.flatMap(([mode, rooms]) =>
  targets.map((target) => {
    const of = runsOf(target, mode, rooms);
    const mid = (pick: (r: Result) => number) => median(of.map(pick));
    return {
      target,
      mode,
      rooms,
      p50: mid((r) => r.p50),
      p95: mid((r) => r.p95),
      p99: mid((r) => r.p99),
      movesPerSecond: mid((r) => r.movesPerSecond),
      cpuPerMove: mid((r) => r.cpuPerMove),
      errors: of.reduce((sum, r) => sum + r.errors, 0),
      heapPerRoom: mid((r) => r.heapPerRoom),
      heapPerSocket: mid((r) => r.heapPerSocket),
      rss: mid((r) => r.rss),
      clientDelayP99: mid((r) => r.clientDelayP99),
      redisCpuPerMove: mid((r) => r.redisCpuPerMove),
      redisCommandsPerMove: mid((r) => r.redisCommandsPerMove),
      moved: mid((r) => r.moved),
    };
  }),
);

console.log(
  `\nServer benchmark: 4-seat rooms of ${game.title}, ${workerCount} client processes, ${durationMs / 1000} s measured after ${warmupMs / 1000} s warm-up; medians of ${repeats} run${repeats > 1 ? 's' : ''} per deployment, the deployments taking turns. The bare server sends each seat one of this server's game:updates, recorded from ${recorded.actions} actions (mean ${recorded.meanBytes} bytes). Both servers run with NODE_OPTIONS=${JSON.stringify(nodeOptions)}${values['node-defaults'] ? ' (--node-defaults)' : ` (the game server's own, scripts/node-options.mjs)`}.${bareExtraMicros > 0 ? ` Calibration: the bare server also spends ${bareExtraMicros} µs of CPU on its event loop per action.` : ''}`,
);
console.log(
  'deployment          mode      rooms      p50       p95       p99    moves/s  cpu/move  errors  heap/room  heap/socket       rss  client delay p99',
);
for (const r of results) {
  console.log(
    [
      label[r.target].padEnd(18),
      r.mode.padEnd(8),
      String(r.rooms).padStart(6),
      ms(r.p50).padStart(9),
      ms(r.p95).padStart(9),
      ms(r.p99).padStart(9),
      r.movesPerSecond.toFixed(0).padStart(9),
      `${r.cpuPerMove.toFixed(0)} µs`.padStart(9),
      String(r.errors).padStart(6),
      kb(r.heapPerRoom).padStart(10),
      kb(r.heapPerSocket).padStart(12),
      `${(r.rss / 2 ** 20).toFixed(0)} MB`.padStart(9),
      ms(r.clientDelayP99).padStart(17),
    ].join(' '),
  );
}
const onRedis = results.filter((r) => !Number.isNaN(r.redisCpuPerMove));
if (onRedis.length > 0) {
  console.log(
    "\nRedis itself (the same runs): its CPU time and the commands it ran per move; seats sent to their room's node at joining (ELSEWHERE)",
  );
  for (const r of onRedis) {
    console.log(
      `  ${label[r.target].padEnd(18)} ${r.mode.padEnd(8)} ${String(r.rooms).padStart(6)} rooms: Redis ${r.redisCpuPerMove.toFixed(0)} µs and ${r.redisCommandsPerMove.toFixed(2)} commands per move; ${r.moved} seats moved`,
    );
  }
}
console.log(
  `\nRatios to the ${label.bare} server (median of the runs' ratios, each run to the bare run beside it; every run's ratio in brackets):`,
);
/** Every run's ratio, lowest first: with this machine's noise, the spread says as much as the median. */
const range = (xs: number[]) =>
  xs.length > 1
    ? ` [${[...xs]
        .sort((a, b) => a - b)
        .map((x) => x.toFixed(2))
        .join(', ')}]`
    : '';
for (const [mode, rooms] of scenarios) {
  const bare = runsOf('bare', mode, rooms);
  for (const target of targets.filter((t) => t !== 'bare')) {
    const ours = runsOf(target, mode, rooms);
    const ratios = (pick: (r: Result) => number) => ours.map((r, i) => pick(r) / pick(bare[i]!));
    if (mode === 'fixed') {
      const p50 = ratios((r) => r.p50);
      const p99 = ratios((r) => r.p99);
      const cpu = ratios((r) => r.cpuPerMove);
      console.log(
        `  ${label[target].padEnd(18)} ${rooms} rooms at 1 action/s: p50 ${median(p50).toFixed(2)}×${range(p50)}, p99 ${median(p99).toFixed(2)}×${range(p99)}, CPU per move ${median(cpu).toFixed(2)}×${range(cpu)}`,
      );
    } else {
      const moves = ratios((r) => r.movesPerSecond);
      const cpu = ratios((r) => r.cpuPerMove);
      console.log(
        `  ${label[target].padEnd(18)} saturation, ${rooms} rooms: moves/s ${median(moves).toFixed(2)}×${range(moves)}, CPU per move ${median(cpu).toFixed(2)}×${range(cpu)}`,
      );
    }
  }
}
if (values.redis) {
  console.log(
    `\nRedis deployments to the ${label.sqlite} server (CPU per move of the nodes, all of them together, to the SQLite node's; each run to the SQLite run beside it):`,
  );
  for (const [mode, rooms] of scenarios) {
    const sqlite = runsOf('sqlite', mode, rooms);
    for (const target of ['redis-1', 'redis-n'] as const) {
      const cpu = runsOf(target, mode, rooms).map((r, i) => r.cpuPerMove / sqlite[i]!.cpuPerMove);
      console.log(
        `  ${label[target].padEnd(18)} ${mode.padEnd(8)} ${String(rooms).padStart(6)} rooms: CPU per move ${median(cpu).toFixed(2)}×${range(cpu)}`,
      );
    }
  }
}
