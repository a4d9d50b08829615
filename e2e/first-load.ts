// The first load on a slow phone: Chromium with DevTools' network and CPU throttling (150 ms round
// trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU 4× slower: Lighthouse's "slow 4G" mobile profile)
// opens two pages, cold (a new profile) and then warm (the same profile again): the home page, and
// Trepenta's rules page, which also loads the game's own chunk as a room does. It reports, as
// medians over the runs, the bytes each page transferred, the moment it became interactive (its
// content rendered by React and the main thread's last long task over, whichever is later), and
// the load event.
//
//   pnpm bench:first-load                       this build, served by this code
//   pnpm bench:first-load --compare URL         …and another server, alternating runs with it
//   pnpm bench:first-load --runs 9
//
// Build the web app first (`pnpm --filter @trepenta/web build`).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** How long after the page's content appears long tasks are still collected. */
const SETTLE_MS = 3_000;

/** The pages measured, each with what shows that React has rendered it. */
const PAGES = [
  { name: 'home', path: '/', ready: '.gallery-section button' },
  { name: 'a game (rules)', path: '/rules/trepenta', ready: '.rules-title' },
] as const;

interface Load {
  bytes: number;
  interactiveMs: number;
  loadMs: number;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'trepenta-first-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not start within 60 s.');
}

/** Records, in the page, when each page's content appears and every long task. */
const PROBE = `(() => {
  const marks = { ready: 0, lastLongTaskEnd: 0 };
  const selectors = ${JSON.stringify(PAGES.map((page) => page.ready))};
  window.__firstLoad = marks;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      marks.lastLongTaskEnd = Math.max(marks.lastLongTaskEnd, task.startTime + task.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => {
    if (marks.ready === 0 && selectors.some((selector) => document.querySelector(selector))) {
      marks.ready = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();`;

async function loadOnce(
  browser: Browser,
  url: string,
  page: (typeof PAGES)[number],
): Promise<{ cold: Load; warm: Load }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(PROBE);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  const measure = async (): Promise<Load> => {
    bytes = 0;
    await tab.goto(url + page.path, { waitUntil: 'load' });
    await tab.waitForSelector(page.ready);
    await tab.waitForTimeout(SETTLE_MS);
    const marks = await tab.evaluate(() => {
      const probe = (
        window as unknown as { __firstLoad: { ready: number; lastLongTaskEnd: number } }
      ).__firstLoad;
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming;
      return { ...probe, load: navigation.loadEventEnd };
    });
    return {
      bytes,
      interactiveMs: Math.max(marks.ready, marks.lastLongTaskEnd),
      loadMs: marks.load,
    };
  };
  const cold = await measure();
  const warm = await measure();
  await context.close();
  return { cold, warm };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summary(loads: Load[]): { bytes: number; interactiveMs: number; loadMs: number } {
  return {
    bytes: median(loads.map((load) => load.bytes)),
    interactiveMs: Math.round(median(loads.map((load) => load.interactiveMs))),
    loadMs: Math.round(median(loads.map((load) => load.loadMs))),
  };
}

async function main(): Promise<void> {
  const runs = Number(option('--runs') ?? 5);
  const compare = option('--compare');
  const server = await startServer();
  const targets: { name: string; url: string }[] = [{ name: 'this build', url: server.url }];
  if (compare !== undefined) targets.push({ name: compare, url: compare });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  const results = new Map<string, { cold: Load[]; warm: Load[] }>();
  try {
    for (let run = 0; run < runs; run += 1) {
      // Alternate the servers run by run, so that both see the same moments of a noisy machine.
      for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
        for (const page of PAGES) {
          const key = `${target.name}, ${page.name}`;
          const { cold, warm } = await loadOnce(browser, target.url, page);
          const found = results.get(key) ?? { cold: [], warm: [] };
          found.cold.push(cold);
          found.warm.push(warm);
          results.set(key, found);
        }
      }
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  console.log(
    `First load on an emulated slow phone (150 ms RTT, 1.6 Mbit/s, CPU ÷${CPU_SLOWDOWN}), medians of ${runs} runs:`,
  );
  for (const [name, { cold, warm }] of results) {
    for (const [visit, loads] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      const { bytes, interactiveMs, loadMs } = summary(loads);
      console.log(
        `  ${name.padEnd(40)} ${visit}: ${(bytes / 1024).toFixed(1).padStart(6)} KB transferred, interactive ${String(interactiveMs).padStart(5)} ms, load ${String(loadMs).padStart(5)} ms`,
      );
    }
  }
}

await main();
