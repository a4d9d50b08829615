/**
 * The platform knows games only through their modules: the server's code and the web app's shell
 * name no game (no game id as a value, no import of a game's rules package). A game's own client
 * lives in apps/web/src/games/<id>/, and the web app's list of those clients in
 * apps/web/src/games/registry.ts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../src/index';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every id the platform may host: the registry's, and those still to come. */
const IDS: readonly string[] = GAME_IDS;
/** The packages that hold one game's rules (the platform's own are engine, games, protocol). */
const GAME_PACKAGES = ['@trepenta/rules'];

function sources(dir: string, skip: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (skip.includes(path)) continue;
    if (statSync(path).isDirectory()) found.push(...sources(path, skip));
    else if (/\.(ts|tsx)$/.test(name)) found.push(path);
  }
  return found;
}

/** What in a file names a game: a game id as a string, or an import of a game's package. */
function gameNames(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const names: string[] = [];
  for (const id of IDS) {
    const quoted = new RegExp(`['"\`]${id.replace(/[-]/g, '\\-')}['"\`/]`);
    if (quoted.test(code)) names.push(id);
  }
  for (const pkg of GAME_PACKAGES) if (code.includes(`'${pkg}`)) names.push(pkg);
  return names;
}

describe('the boundary', () => {
  it('finds a game named in code, and not in a comment or in the product’s name', () => {
    expect(gameNames(`const game = 'trepenta';`)).toEqual(['trepenta']);
    expect(gameNames('import { x } from "@trepenta/rules";'.replace(/"/g, "'"))).toEqual([
      '@trepenta/rules',
    ]);
    expect(gameNames('navigate(`/new/tressette`);'.replace('`/new/', '`'))).toEqual(['tressette']);
    expect(gameNames(`// a room of 'trepenta'\nconst name = 'Trepenta Online';`)).toEqual([]);
    expect(gameNames(`import { x } from '@trepenta/protocol';`)).toEqual([]);
  });

  it('the server names no game', () => {
    const files = sources(join(root, 'apps/server/src'), []);
    expect(files.length).toBeGreaterThan(5);
    const named = files
      .map((file) => ({ file: relative(root, file), names: gameNames(readFileSync(file, 'utf8')) }))
      .filter((entry) => entry.names.length > 0);
    expect(named).toEqual([]);
  });

  it('the web app’s shell names no game (each game’s client is under src/games/)', () => {
    const games = join(root, 'apps/web/src/games');
    const files = sources(join(root, 'apps/web/src'), [games]);
    expect(files.length).toBeGreaterThan(5);
    const named = files
      .map((file) => ({ file: relative(root, file), names: gameNames(readFileSync(file, 'utf8')) }))
      .filter((entry) => entry.names.length > 0);
    expect(named).toEqual([]);
  });
});
