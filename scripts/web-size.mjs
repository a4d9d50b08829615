// The first load's budget: what the browser downloads for "/" before any game's chunk (the
// entry script, what index.html preloads, and what they import statically), gzipped at level 9,
// must stay within FIRST_LOAD_BUDGET bytes. Prints that and each game chunk's size; exits 1 over
// the budget. Reads apps/web/dist, so build the web app first (`pnpm --filter @trepenta/web build`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './pnpm.mjs';

/** 120 KB of JavaScript, gzipped. */
export const FIRST_LOAD_BUDGET = 120_000;

const dist = join(root, 'apps', 'web', 'dist');

function gz(file) {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** The files a script imports statically (`from"./x.js"`, `import"./x.js"`), as dist paths. */
function staticImports(file) {
  const text = readFileSync(join(dist, file), 'utf8');
  const found = new Set();
  // Static imports only: `import(`…`)` (a dynamic import) is a later chunk, not the first load.
  for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    found.add(join('assets', match[1]));
  }
  return [...found];
}

export function measure() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const entry = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (entry.has(file)) continue;
    entry.add(file);
    queue.push(...staticImports(file));
  }
  const first = [...entry].reduce((sum, file) => sum + gz(file), 0);
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js') && !entry.has(join('assets', file)))
    .map((file) => ({ file, bytes: gz(join('assets', file)) }));
  return { first, entry: [...entry], chunks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { first, entry, chunks } = measure();
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(
    `First load (${entry.join(', ')}): ${kb(first)} gzip, budget ${kb(FIRST_LOAD_BUDGET)}`,
  );
  for (const chunk of chunks) console.log(`  later chunk ${chunk.file}: ${kb(chunk.bytes)} gzip`);
  if (first > FIRST_LOAD_BUDGET) {
    console.error(`The first load is over its budget by ${kb(first - FIRST_LOAD_BUDGET)}.`);
    process.exit(1);
  }
}
