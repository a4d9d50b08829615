// The one test command: installs what it needs, then typecheck, lint, short runs of the benchmarks,
// unit and integration tests, and the browser suite. Its last line is the total over all
// suites: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { env, install, pnpm, root } from './pnpm.mjs';

const results = [];
const record = (name, passed, failed, skipped = 0) =>
  results.push({ name, passed, failed, skipped });

install();

for (const [name, args] of [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
]) {
  console.log(`\n▶ ${name}`);
  const status = pnpm(args);
  record(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

// docker-compose.yml cannot run here (no Docker engine); Debian's docker-compose validates it.
{
  console.log('\n▶ docker-compose.yml (docker-compose config)');
  const check = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (check.error) {
    const how = 'Install it with: sudo apt-get install -y docker-compose';
    if (process.env.CI) {
      console.error(`docker-compose is missing, and under CI nothing may be skipped. ${how}`);
      record('compose', 0, 1);
    } else {
      console.warn(
        `\n${'!'.repeat(72)}\n!! SKIPPING the docker-compose.yml check: no docker-compose.\n!! ${how}\n${'!'.repeat(72)}\n`,
      );
      record('compose', 0, 0, 1);
    }
  } else {
    record('compose', check.status === 0 ? 1 : 0, check.status === 0 ? 0 : 1);
  }
}

// Each benchmark, and the simulator, is one command (README, bench/README.md) and must stay
// runnable: a short run of each, as a smoke test (its figures mean nothing at this size).
for (const [name, args, extra] of [
  ['bench:engine', ['run', 'bench:engine'], { BENCH_RUNS: '1', BENCH_GAMES: '5' }],
  ['bench:commits', ['run', 'bench:commits'], { BENCH_RUNS: '1', BENCH_WRITES: '2000' }],
  ['bench:server', ['run', 'bench:server', '--quick'], {}],
  ['simulate', ['run', 'simulate', '--games', '20', '--rules', 'peek,openField,rivalSets'], {}],
]) {
  console.log(`\n▶ ${name} (a short run: it still works)`);
  const status = pnpm(args, { env: { ...env, ...extra } });
  record(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

// The first load's budget (scripts/web-size.mjs): the web app is built and its entry set weighed.
{
  console.log('\n▶ web first-load size');
  const built = pnpm(['--filter', '@trepenta/web', 'run', 'build']);
  const status =
    built === 0
      ? spawnSync('node', [join(root, 'scripts', 'web-size.mjs')], { stdio: 'inherit' }).status
      : 1;
  record('web-size', status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  // And the first-load benchmark on that build (one run each, when there is a Chromium).
  if (built === 0 && existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.log('\n▶ bench:first-load (a short run: it still works)');
    const loaded = pnpm(['run', 'bench:first-load', '--runs', '1']);
    record('bench:first-load', loaded === 0 ? 1 : 0, loaded === 0 ? 0 : 1);
  }
}

console.log('\n▶ unit and integration tests (vitest)');
const reports = join(root, 'artifacts', 'reports');
mkdirSync(reports, { recursive: true });
const vitestJson = join(reports, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestStatus = pnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  record(
    'vitest',
    report.numPassedTests,
    report.numFailedTests + (vitestStatus !== 0 && report.numFailedTests === 0 ? 1 : 0),
    report.numPendingTests + report.numTodoTests,
  );
} else {
  record('vitest', 0, 1);
}

// The browser suite: real Chromium from Debian's package, launched by path.
if (existsSync(join(root, 'e2e', 'playwright.config.ts'))) {
  console.log('\n▶ browser tests (Playwright, Chromium)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const how = 'Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).';
    if (process.env.CI) {
      console.error(
        `Chromium is missing at ${chromium}, and under CI nothing may be skipped. ${how}`,
      );
      record('playwright', 0, 1);
    } else {
      console.warn(
        `\n${'!'.repeat(72)}\n!! SKIPPING the browser suite: no Chromium at ${chromium}.\n!! ${how}\n${'!'.repeat(72)}\n`,
      );
      record('playwright', 0, 0, 1);
    }
  } else {
    const playwrightJson = join(reports, 'playwright.json');
    rmSync(playwrightJson, { force: true });
    const status = pnpm(['--filter', '@trepenta/e2e', 'run', 'test'], {
      env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
    if (existsSync(playwrightJson)) {
      const stats = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
      const failed = stats.unexpected ?? 0;
      if (stats.flaky) console.warn(`${stats.flaky} browser test(s) passed only on retry (flaky).`);
      const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
      record(
        'playwright',
        passed,
        failed + (status !== 0 && failed === 0 ? 1 : 0),
        stats.skipped ?? 0,
      );
    } else {
      record('playwright', 0, 1);
    }
  }
}

console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
