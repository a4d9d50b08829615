/**
 * The web app as the server sends it: the build's precompressed copies (brotli, else gzip) to a
 * browser that accepts them, with `Vary: Accept-Encoding`; hashed files under /assets/ cached for
 * good (`immutable`), index.html asked for again each time (`no-cache`, then a 304), in every way
 * it is reached (/, a room's link).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webCacheControl } from '../src/app';
import { startServer } from './harness';
import { rawGet } from './http';
import type { TestServer } from './harness';

const SCRIPT = `export const words = ${JSON.stringify('a table of friends '.repeat(400))};\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>\n`;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'trepenta-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), HTML);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  // A file the build did not compress (too small): sent as it is to everyone.
  writeFileSync(join(dist, 'assets', 'tiny-Zz9.js'), 'export {};\n');
  server = await startServer({ WEB_DIST: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawGet(server.url + path, headers);

describe('the web app over HTTP', () => {
  it('sends a hashed script as brotli to a browser that accepts it, cached for good', async () => {
    const { status, header, bytes } = await get('/assets/index-AbC123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(status).toBe(200);
    expect(header('content-encoding')).toBe('br');
    expect(header('content-type')).toMatch(/^(?:text|application)\/javascript/);
    expect(header('vary')).toMatch(/accept-encoding/i);
    expect(header('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.header('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.header('content-encoding')).toBeNull();
    expect(plain.bytes.toString()).toBe(SCRIPT);
    expect(plain.header('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file the build left uncompressed as it is, to a browser that accepts brotli', async () => {
    const { status, header, bytes } = await get('/assets/tiny-Zz9.js', { 'accept-encoding': 'br' });
    expect(status).toBe(200);
    expect(header('content-encoding')).toBeNull();
    expect(bytes.toString()).toBe('export {};\n');
    expect(header('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('asks the browser to check index.html every time, at / and at a room link, and answers 304 when unchanged', async () => {
    for (const path of ['/', '/index.html', '/r/ABCD']) {
      const { status, header, bytes } = await get(path, { 'accept-encoding': 'gzip, br' });
      expect(status, path).toBe(200);
      expect(header('cache-control'), path).toBe('no-cache');
      expect(bytes.toString(), path).toBe(HTML);
    }
    const first = await get('/');
    const etag = first.header('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('answers a missing file under /assets/ (a chunk of an earlier build) 404, not with the page', async () => {
    expect((await get('/api/nothing-here')).status).toBe(404);
    const stale = await get('/assets/index-OldBuild.js', { 'accept-encoding': 'br' });
    expect(stale.status).toBe(404);
    expect(stale.bytes.toString()).not.toContain('<html');
  });
});

describe('webCacheControl', () => {
  it.each([
    ['/srv/dist/assets/index-AbC123.js', 'public, max-age=31536000, immutable'],
    ['/srv/dist/assets/index-AbC123.js.br', 'public, max-age=31536000, immutable'],
    ['C:\\srv\\dist\\assets\\x.css', 'public, max-age=31536000, immutable'],
    ['/srv/dist/index.html', 'no-cache'],
    ['/srv/dist/index.html.gz', 'no-cache'],
    ['/srv/dist/robots.txt', 'public, max-age=3600'],
  ])('%s: %s', (path, expected) => {
    expect(webCacheControl(path)).toBe(expected);
  });
});
