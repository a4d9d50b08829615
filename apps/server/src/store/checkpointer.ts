import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread, so that the
 * event loop never waits for it. With SQLite's own automatic checkpoints, the commit that crossed
 * 1,000 log pages did this work, and its fsyncs, on the event loop: stalls of 10–70 ms every
 * second or so at 1,000 actions a second (docs/operations.md).
 *
 * The worker has its own connection and runs a PASSIVE checkpoint every `intervalMs`: it copies
 * what is committed without blocking the writer. Under a load that never pauses, the writer never
 * finds the log fully copied, so it never starts it again from the beginning, and the log file
 * would only grow; once the log holds more than `maxLogFrames` pages, the worker follows the
 * passive checkpoint with a RESTART one, which copies the few pages written meanwhile while the
 * writer waits (about a millisecond here) and makes the next commit reuse the file from its start.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private stopped: Promise<void> | null = null;

  constructor(file: string, options: { intervalMs: number; maxLogFrames: number }) {
    this.worker = new Worker(WORKER, {
      eval: true,
      execArgv: [],
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        ...options,
      },
    });
    // A checkpoint that fails is tried again at the next interval; the data is in the log.
    this.worker.on('error', () => undefined);
    this.worker.unref();
  }

  /** Stops the worker, letting a running checkpoint finish. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => void this.worker.terminate(), 5000);
      this.worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.worker.postMessage('stop');
    });
    return this.stopped;
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
