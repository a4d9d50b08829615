// Runs the game server (apps/server, from source) as this process's own child and passes stop
// signals on to it, so that stopping this process (kill, a process manager, a closed terminal,
// ^C) shuts the server down cleanly instead of leaving it running without a parent. Exits as the
// server exits. `npm start` ends here once the web app is built.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeOptions } from './node-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// From the repository's root, as in the Dockerfile: DATA_DIR's default (.data) is ./.data here.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', join('apps', 'server', 'src', 'main.ts')],
  {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS) },
    stdio: 'inherit',
  },
);
for (const [signal, as] of [
  ['SIGINT', 'SIGINT'],
  ['SIGTERM', 'SIGTERM'],
  ['SIGHUP', 'SIGTERM'],
]) {
  process.on(signal, () => server.kill(as));
}
server.on('exit', (code, signal) =>
  process.exit(code ?? (signal === null ? 1 : 128 + constants.signals[signal])),
);
