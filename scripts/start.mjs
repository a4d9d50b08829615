// `npm start`: installs from the lockfile, builds the web app, and starts the game server with
// its embedded storage (SQLite in DATA_DIR, default ./.data). No other service is needed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { install, pnpm, root } from './pnpm.mjs';

install();
if (existsSync(join(root, 'apps/web/package.json'))) {
  const built = pnpm(['--filter', '@trepenta/web', 'run', 'build']);
  if (built !== 0) process.exit(built);
}

await import('./serve.mjs');
