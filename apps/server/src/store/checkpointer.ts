import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread, so that the
 * event loop never waits for it. With SQLite's own automatic checkpoints, the commit that crossed
 * 1,000 log pages did this work, and its fsyncs, on the event loop (docs/operations.md has the
 * measured difference).
 *
 * Every `intervalMs` it asks the store to open the database to others (`open`), and the worker,
 * with a connection of its own for that one checkpoint, runs a PASSIVE checkpoint: it copies what
 * is committed without blocking the writer. Under a load that never pauses, the writer never finds
 * the log fully copied, so it never starts it again from the beginning, and the log file would
 * only grow; once the log holds more than `maxLogFrames` pages, the worker follows the passive
 * checkpoint with a RESTART one, which copies the few pages written meanwhile while the writer
 * waits (the longest waits measured: 19–32 ms) and makes the next commit reuse the file from its
 * start. The worker then closes its connection and the store may keep the database to itself again
 * (`closed`) until the next interval; every `openEvery`-th checkpoint, only once the database has
 * been open for `openMs`. That lets in another program waiting with a busy timeout: SQLite's busy
 * handler tries again at most every 100 ms, always at the same point of a half-second cycle once
 * its waits reach 100 ms, so a shorter opening might never meet it, while one of over 100 ms
 * always does.
 *
 * If the worker cannot run (it fails to start or dies), `store.failed` is called once, so that the
 * store can give the work back to SQLite's own checkpoints rather than let the log grow.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  /** A checkpoint was asked for and the database is not yet kept to the store again. */
  private running = false;
  private openedAt = 0;
  /** Checkpoints so far: every `openEvery`-th keeps the database open for `openMs`. */
  private count = 0;
  private closing: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    file: string,
    private readonly options: {
      intervalMs: number;
      maxLogFrames: number;
      openMs: number;
      openEvery: number;
    },
    private readonly store: {
      /** Before a checkpoint: let another connection into the database. */
      open(): void;
      /** After it: the worker's connection is closed. */
      closed(): void;
      /** The worker cannot run. Called once. */
      failed(): void;
    },
  ) {
    this.worker = new Worker(WORKER, {
      eval: true,
      execArgv: [],
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        maxLogFrames: options.maxLogFrames,
      },
    });
    // A checkpoint that fails inside the worker is tried again at the next interval; an error
    // here means the worker itself is gone.
    this.worker.on('error', () => undefined);
    this.worker.on('message', () => {
      const openMs = this.count % this.options.openEvery === 0 ? this.options.openMs : 0;
      const left = this.openedAt + openMs - performance.now();
      if (left <= 0) this.close();
      else this.closing = setTimeout(() => this.close(), left);
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        clearInterval(this.timer);
        if (!this.stopping) this.store.failed();
        resolve();
      });
    });
    this.timer = setInterval(() => this.checkpoint(), options.intervalMs);
    this.timer.unref();
    this.worker.unref();
  }

  private checkpoint(): void {
    if (this.running || this.stopping) return;
    this.running = true;
    this.count++;
    this.openedAt = performance.now();
    this.store.open();
    this.worker.postMessage('checkpoint');
  }

  private close(): void {
    this.closing = null;
    this.running = false;
    if (!this.stopping) this.store.closed();
  }

  /**
   * Stops the worker, letting a running checkpoint finish (at most 5 s). Call once the store's
   * own connection is closed: the worker's last connection then copies what is left of the log
   * and removes the log file.
   */
  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      clearInterval(this.timer);
      if (this.closing) clearTimeout(this.closing);
      this.worker.postMessage('stop');
      const timer = setTimeout(() => void this.worker.terminate(), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    await this.exited;
  }
}

/**
 * The worker's code (CommonJS, run with eval so that it needs no TypeScript loader). Its first
 * connection only proves that it can open the database: one that cannot ends the worker, which
 * the store hears as a failure.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
new Database(workerData.file, { fileMustExist: true }).close();
parentPort.on('message', (message) => {
  let db = null;
  try {
    db = new Database(workerData.file, { timeout: 5000 });
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result && result.log > workerData.maxLogFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch {
    // Busy or failing: the next interval tries again.
  } finally {
    // As the last connection at 'stop', closing copies what is left of the log and removes it.
    db?.close();
  }
  if (message === 'stop') parentPort.close();
  else parentPort.postMessage('done');
});
`;
