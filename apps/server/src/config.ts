import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const ms = (fallback: number, min = 0) =>
  z.coerce.number().int().min(min).max(86_400_000).default(fallback);
/** Nodes beat at most every 200 ms; a liveness window must hold three beats. */
const HEARTBEAT_FLOOR_MS = 200;

/** Every setting comes from the environment and is checked here, at start. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is; served with an SPA fallback when it exists. */
  WEB_DIST: z.string().optional(),
  /** Comma-separated origins allowed besides the page's own host; '*' allows any. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Multiplies every game timer (tests run them in milliseconds with e.g. 0.001). */
  TIMER_SCALE: z.coerce.number().positive().max(10).default(1),
  BOT_DELAY_MS: ms(900),
  NONCE_TIMEOUT_MS: ms(3000),
  HOST_GRACE_MS: ms(30_000),
  /** R23: how long a player must be gone before the host may hand the seat to the stand-in. */
  HANDOVER_AFTER_MS: ms(30_000),
  /** R26: a deadline found after a restart gets at least this much time. */
  RESTART_GRACE_MS: ms(5000),
  ROOM_IDLE_MS: ms(6 * 3_600_000),
  /** How often the idle sweep runs (a period: 0 would run it back to back). */
  SWEEP_INTERVAL_MS: ms(60_000, 10),
  MAX_ROOMS: z.coerce.number().int().min(1).default(5000),
  MAX_SPECTATORS: z.coerce.number().int().min(0).default(50),
  MAX_MEMBERS: z.coerce.number().int().min(1).default(64),
  MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(1_000_000).default(16_384),
  /** Per socket: sustained events per second and burst. */
  RATE_PER_SECOND: z.coerce.number().positive().default(20),
  RATE_BURST: z.coerce.number().int().positive().default(40),
  /** Per address: room joins and creations per minute. */
  JOINS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Per member: returns with its own token a minute. Far more than reconnects and new tabs need,
   * while a socket flipping between two members' tokens (each flip a presence change that
   * rewrites the room and goes to everyone in it) is soon stopped.
   */
  REJOINS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Per address: live rooms it created on this node (so that no one address fills MAX_ROOMS). */
  ROOMS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /**
   * Per address: open connections to this node (sockets; a tab holds one). Those past it are
   * refused with TOO_MANY_CONNECTIONS, and past it by 10 more not opened at all.
   */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Per address: HTTP requests to /api/ (room look-ups, replays) per minute. */
  API_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * How many reverse proxies in front of the server append the address they received from to
   * X-Forwarded-For (1 behind the compose file's HAProxy). 0 ignores the header: the TCP peer is
   * the client's address, for the join limit.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  CHAT_PER_10S: z.coerce.number().int().positive().default(8),
  /** Snapshot the game state every N actions (and at every round end). */
  SNAPSHOT_EVERY: z.coerce.number().int().min(1).default(50),
  /**
   * SQLite durability (docs/operations.md): NORMAL loses nothing acknowledged on a process crash;
   * FULL also survives power loss, at the price of an fsync per commit and its latency spikes.
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('NORMAL'),
  /** Several nodes: rooms in Redis, Socket.IO's Redis streams adapter (docs/operations.md). */
  REDIS_URL: z.string().url().optional(),
  /** Namespaces every Redis key, so deployments (and tests) can share a Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,64}$/)
    .default('trepenta:'),
  /**
   * Several nodes: this node's name, as the load balancer knows it (a client sent elsewhere comes
   * back with `?node=` this name, docs/operations.md). Default: a random name per start.
   */
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default(() => randomBytes(6).toString('hex')),
  /**
   * A node that has not shown signs of life for this long is considered gone: its sockets count
   * as disconnected, and another node may take its rooms over.
   */
  NODE_TTL_MS: ms(6000, 3 * HEARTBEAT_FLOOR_MS),
  /** Real-time games: how often the serving node pings each seated member (round trips, S7). */
  RTT_INTERVAL_MS: ms(2000, 50),
  /** A ping unanswered for this long counts as lost: the member shows no round trip. */
  RTT_TIMEOUT_MS: ms(5000, 10),
  /** Serve extra test-only endpoints; never in production. */
  TEST_HOOKS: bool.default(false),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the config; a bad value stops the start with a message naming the variable and why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = configSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(picked[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configSchema.parse({}), LOG_LEVEL: 'silent', ...overrides };
}
