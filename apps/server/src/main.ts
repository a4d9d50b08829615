import { createServer } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUse } from './store/sqlite';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

let server;
try {
  server = await createServer(config);
} catch (error) {
  // Another server on the same data directory: say so plainly, without a stack.
  if (error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { url } = await server.listen();
server.app.log.info(`Trepenta Online is up at ${url}`);

let stopping = false;
// SIGHUP too: a closed terminal hangs up the whole process group, this server included.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
