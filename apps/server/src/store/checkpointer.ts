import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread, so that the
 * event loop never waits for it. With SQLite's own automatic checkpoints, the commit that crossed
 * 1,000 log pages did this work, and its fsyncs, on the event loop (docs/operations.md has the
 * measured difference).
 *
 * The worker has its own connection and runs a PASSIVE checkpoint every `intervalMs`: it copies
 * what is committed without blocking the writer. Under a load that never pauses, the writer never
 * finds the log fully copied, so it never starts it again from the beginning, and the log file
 * would only grow; once the log holds more than `maxLogFrames` pages, the worker follows the
 * passive checkpoint with a RESTART one, which copies the few pages written meanwhile while the
 * writer waits (the longest waits measured: 19–32 ms) and makes the next commit reuse the file
 * from its start.
 *
 * If the worker cannot run (it fails to start or dies), `onFailure` is called once, so that the
 * store can give the work back to SQLite's own checkpoints rather than let the log grow.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private stopping = false;

  constructor(
    file: string,
    options: { intervalMs: number; maxLogFrames: number },
    onFailure: () => void,
  ) {
    this.worker = new Worker(WORKER, {
      eval: true,
      execArgv: [],
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        ...options,
      },
    });
    // A checkpoint that fails inside the worker is tried again at the next interval; an error
    // here means the worker itself is gone.
    this.worker.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        if (!this.stopping) onFailure();
        resolve();
      });
    });
    this.worker.unref();
  }

  /** Stops the worker, letting a running checkpoint finish (at most 5 s). */
  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      this.worker.postMessage('stop');
      const timer = setTimeout(() => void this.worker.terminate(), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    await this.exited;
  }
}

/** The worker's code (CommonJS, run with eval so that it needs no TypeScript loader). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 5000 });
const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result && result.log > workerData.maxLogFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Busy or failing: the next interval tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;
