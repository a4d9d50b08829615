import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import type { ReporterDescription } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.E2E_PORT ?? 3199);
// One fresh data directory per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'trepenta-e2e-'));

const reporters: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) {
  reporters.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);
}

export default defineConfig({
  testDir: './tests',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // One browser at a time: this machine has two cores, and the server runs beside it.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: reporters,
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-dev-shm-usage',
      ],
    },
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'pnpm --filter @trepenta/server start',
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      // Test speeds: bots answer at once; every room timer runs at 1/20 of its setting, and the
      // tests give rooms long timers where a human must act in time.
      BOT_DELAY_MS: '30',
      TIMER_SCALE: '0.05',
      NONCE_TIMEOUT_MS: '300',
      HANDOVER_AFTER_MS: '1000',
      RATE_PER_SECOND: '200',
      RATE_BURST: '400',
      JOINS_PER_MINUTE: '1000',
      REJOINS_PER_MINUTE: '1000',
      CHAT_PER_10S: '100',
    },
  },
});
