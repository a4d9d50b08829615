/**
 * The build's compressed copies: a brotli and a gzip file beside every text file of 1 KB or more,
 * each decompressing to the file itself; small files and binary ones are left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { precompress } from '../precompress';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'trepenta-precompress-'));
  dirs.push(root);
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(root, 'dist', name), content);
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  const writeBundle = plugin.writeBundle as (options: object, bundle: object) => void;
  writeBundle({}, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
  return join(root, 'dist');
}

it('writes .br and .gz beside each text file of 1 KB or more, and nothing else', () => {
  const script = `export const deal = ${JSON.stringify('five cards, face down '.repeat(100))};`;
  const style = `.card { transform: translateY(-12px); }\n`.repeat(60);
  const dist = build({
    'assets/index-Ab12.js': script,
    'assets/index-Cd34.css': style,
    'assets/runtime-Ef56.js': 'export {};',
    'assets/felt-Gh78.png': Buffer.alloc(4096, 7),
  });
  for (const [name, text] of [
    ['assets/index-Ab12.js', script],
    ['assets/index-Cd34.css', style],
  ] as const) {
    const br = readFileSync(join(dist, `${name}.br`));
    const gz = readFileSync(join(dist, `${name}.gz`));
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(gz).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 4);
  }
  expect(existsSync(join(dist, 'assets/runtime-Ef56.js.br'))).toBe(false);
  expect(existsSync(join(dist, 'assets/felt-Gh78.png.br'))).toBe(false);
  expect(existsSync(join(dist, 'assets/felt-Gh78.png.gz'))).toBe(false);
});
