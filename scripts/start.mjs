// `npm start`: installs from the lockfile, builds the web app, and starts the game server with
// its embedded storage (SQLite in DATA_DIR, default ./.data). No other service is needed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { install, pnpm, root } from './pnpm.mjs';

install();
if (existsSync(join(root, 'apps/web/package.json'))) {
  const built = pnpm(['--filter', '@trepenta/web', 'run', 'build']);
  if (built !== 0) process.exit(built);
}

// The server is this process's own child (not run through pnpm and a shell), so that a signal
// sent to `npm start` reaches it: stopping the command (kill, a process manager, a closed
// terminal) shuts the server down cleanly instead of leaving it running without a parent.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const [signal, as] of [
  ['SIGINT', 'SIGINT'],
  ['SIGTERM', 'SIGTERM'],
  ['SIGHUP', 'SIGTERM'],
]) {
  process.on(signal, () => server.kill(as));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128 + 15)));
