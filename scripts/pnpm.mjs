// Finds or fetches the pinned pnpm and installs the workspace from the lockfile. Plain Node, so
// `npm start` and `npm test` work on a machine that has only Node 20 and npm.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];

function localPnpmMatches() {
  try {
    return (
      execFileSync('pnpm', ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() === pinned
    );
  } catch {
    return false;
  }
}

/** The command that runs the pinned pnpm: a matching one on PATH, else through npx. */
export const pnpmCommand = localPnpmMatches() ? ['pnpm'] : ['npx', '--yes', `pnpm@${pinned}`];

/** Node headers for native addons (better-sqlite3): npm's nodedir setting, passed on to pnpm. */
function nativeBuildEnv() {
  const env = { ...process.env };
  if (!env.npm_config_nodedir) {
    try {
      const nodedir = execFileSync('npm', ['config', 'get', 'nodedir'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      if (nodedir && nodedir !== 'undefined' && nodedir !== 'null')
        env.npm_config_nodedir = nodedir;
    } catch {
      // npm without a nodedir setting: node-gyp finds headers its own way.
    }
  }
  return env;
}

export const env = nativeBuildEnv();

/** Runs pnpm with arguments; returns the exit status. */
export function pnpm(args, options = {}) {
  const [command, ...prefix] = pnpmCommand;
  const result = spawnSync(command, [...prefix, ...args], {
    cwd: root,
    stdio: 'inherit',
    env,
    ...options,
  });
  return result.status ?? 1;
}

export function install() {
  const status = pnpm(['install', '--frozen-lockfile']);
  if (status !== 0) {
    console.error('pnpm install --frozen-lockfile failed.');
    process.exit(status);
  }
}
