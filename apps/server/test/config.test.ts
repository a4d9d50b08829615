/** Configuration from the environment: every value checked at start, a bad one named with why. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const REPO = resolve(import.meta.dirname, '../../..');

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('an empty environment gives the documented defaults; empty values count as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
      TIMER_SCALE: 1,
      SWEEP_INTERVAL_MS: 60_000,
      NODE_TTL_MS: 6000,
    });
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('reads numbers, names and URLs from strings', () => {
    expect(
      loadConfig({ PORT: '8080', LOG_LEVEL: 'debug', REDIS_URL: 'redis://127.0.0.1:6390' }),
    ).toMatchObject({ PORT: 8080, LOG_LEVEL: 'debug', REDIS_URL: 'redis://127.0.0.1:6390' });
  });

  for (const [name, value] of [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'not a url'],
    ['TIMER_SCALE', '0'],
    ['MAX_MESSAGE_BYTES', '10'],
    ['BOT_DELAY_MS', '-1'],
    // A period of setInterval: 0 would run the idle sweep without pause.
    ['SWEEP_INTERVAL_MS', '0'],
    // A node's name goes into URLs (`?node=`) and the load balancer's configuration.
    ['NODE_NAME', 'node 1'],
    ['NODE_NAME', 'n'.repeat(65)],
    // Nodes beat at most every 200 ms: a window under three beats counts live nodes as gone.
    ['NODE_TTL_MS', '0'],
    ['NODE_TTL_MS', '300'],
  ] as const) {
    it(`refuses ${name}=${value}, naming it and the value`, () => {
      const message = refusal({ [name]: value });
      expect(message).toContain(`${name}:`);
      expect(message).toContain(JSON.stringify(value));
    });
  }

  it('the shortest periods allowed are accepted (the tests run on them)', () => {
    expect(loadConfig({ SWEEP_INTERVAL_MS: '10', NODE_TTL_MS: '600' })).toMatchObject({
      SWEEP_INTERVAL_MS: 10,
      NODE_TTL_MS: 600,
    });
  });

  it('a node has a name: the one given, or a random one per start', () => {
    expect(loadConfig({ NODE_NAME: 'node1' }).NODE_NAME).toBe('node1');
    const [a, b] = [loadConfig({}).NODE_NAME, loadConfig({}).NODE_NAME];
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('a bad value stops the start: exit code 2 and a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain('PORT:');
  });
});
