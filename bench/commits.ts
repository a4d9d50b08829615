// The embedded store's commits under a busy server's pace, with the checkpointer running as in
// production: how long each write holds the event loop, and how long until it is committed.
// 30,000 writes of a room record (a few hundred bytes, as a lobby change writes), three at a
// time with a 1 ms pause between, so that the passive checkpoints never find the log copied and
// the checkpointer's restart checkpoints (which hold the write lock) come round every half second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { SqliteStore } from '../apps/server/src/store/sqlite';
import { newRoomRecord } from '../apps/server/src/store/types';
import type { RoomRecord } from '../apps/server/src/store/types';

const WRITES = Number(process.env.BENCH_WRITES ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function record(code: string, revision: number): RoomRecord {
  const empty = { kind: 'empty' as const, memberId: null, botLevel: null, standIn: false };
  const seats = Array.from({ length: 6 }, () => empty);
  // Each write a later activity, as the server's are (the activity index moves with it).
  const at = 1_700_000_000_000 + revision;
  return { ...newRoomRecord(code, 'trepenta', DEFAULT_SETTINGS, 4, seats, at), revision };
}

interface Times {
  /** Each write's time on the event loop (the call itself), ms. */
  held: number[];
  /** From each write's call to its promise resolving (committed), ms. */
  committed: number[];
  /** CPU time (user and system, every thread, the checkpointer's too) per write, µs. */
  cpuPerWrite: number;
}

async function run(): Promise<Times> {
  const dir = mkdtempSync(join(tmpdir(), 'trepenta-bench-commits-'));
  const store = new SqliteStore(dir, 'NORMAL');
  const times: Times = { held: [], committed: [], cpuPerWrite: 0 };
  const writes: Promise<unknown>[] = [];
  const cpu = process.cpuUsage();
  try {
    for (let n = 0; n < WRITES;) {
      for (let i = 0; i < 3 && n < WRITES; i++, n++) {
        const start = performance.now();
        const write = store.saveRoom(record(`R${n % 2000}`, n));
        times.held.push(performance.now() - start);
        writes.push(write.then(() => times.committed.push(performance.now() - start)));
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(writes);
    const used = process.cpuUsage(cpu);
    times.cpuPerWrite = (used.user + used.system) / WRITES;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const over = sorted.filter((v) => v > 1);
  const total = over.reduce((sum, v) => sum + v, 0);
  return `p50 ${median(sorted).toFixed(3)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(3)} ms, longest ${sorted.at(-1)!.toFixed(1)} ms; over 1 ms: ${over.length} writes, ${total.toFixed(0)} ms in all`;
}

console.log(`SQLite commits (NORMAL, checkpointer running): ${WRITES} writes, 3 per 1 ms pause`);
for (let i = 1; i <= RUNS; i++) {
  const times = await run();
  console.log(`run ${i}: on the event loop: ${summary(times.held)}`);
  console.log(`       until committed: ${summary(times.committed)}`);
  console.log(`       CPU per write (every thread): ${times.cpuPerWrite.toFixed(1)} µs`);
}
