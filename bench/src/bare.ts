// The baseline: a bare Socket.IO server doing the game server's message pattern and nothing
// else — one request in (acknowledged), one emit per seat out. What it emits are the game
// server's own game:updates, recorded by the benchmark (UPDATES_FILE: one list of four per
// action, and where each recorded game starts), taken in turn; each room starts at the start of
// a recorded game, as the game server's rooms do, so that its clients can put every update onto
// the views they hold. It builds nothing, stores nothing and checks nothing. It encodes them
// with the game server's packet encoder (the stock format, without the stock encoder's search of
// every payload for binary data), so that the comparison leaves that saving out, and keeps its
// connections alive with the game server's heartbeat (a ping every 10 s, not Socket.IO's 25 s).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { gameParser } from '../../apps/server/src/gameParser';
import { HEARTBEAT } from '../../apps/server/src/heartbeat';

const port = Number(process.env.PORT ?? 0);
/**
 * Calibration only (`pnpm bench:server --bare-extra-us N`): CPU time spent on the event loop per
 * action before answering, standing for a server's own work, so that a run shows how much a
 * microsecond of server work per action moves the latencies on this machine.
 */
const extraMicros = Number(process.env.BARE_EXTRA_US ?? 0);

function busy(micros: number): void {
  const until = performance.now() + micros / 1000;
  while (performance.now() < until);
}
const { updates: recorded, starts } = JSON.parse(
  readFileSync(process.env.UPDATES_FILE!, 'utf8'),
) as {
  updates: object[][];
  starts: number[];
};
if (!Array.isArray(recorded) || recorded.length === 0 || starts.length === 0)
  throw new Error('UPDATES_FILE: no updates');
/** Per room: its version, and where in the recording it is (each room starts a recorded game). */
const rooms = new Map<string, { version: number; next: number }>();

const http = createServer((request, response) => {
  if (request.url === '/__test/cpu') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(process.cpuUsage()));
    return;
  }
  if (request.url === '/__test/memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ rss: memory.rss, heapUsed: memory.heapUsed }));
    return;
  }
  response.statusCode = 404;
  response.end();
});

const io = new Server(http, { maxHttpBufferSize: 16_384, parser: gameParser, ...HEARTBEAT });
io.on('connection', (socket) => {
  socket.on('join', (payload: { room: string; seat: number }, ack: (answer: unknown) => void) => {
    void socket.join([payload.room, `${payload.room}#${payload.seat}`]);
    ack({ ok: true });
  });
  socket.on('act', (payload: { room: string; version: number }, ack: (answer: unknown) => void) => {
    let room = rooms.get(payload.room);
    if (!room) {
      room = { version: 0, next: starts[rooms.size % starts.length]! };
      rooms.set(payload.room, room);
    }
    if (extraMicros > 0) busy(extraMicros);
    const version = (room.version += 1);
    ack({ ok: true, version });
    const updates = recorded[room.next]!;
    room.next = (room.next + 1) % recorded.length;
    for (let seat = 0; seat < 4; seat++) {
      io.to(`${payload.room}#${seat}`).emit('update', { version, seat, update: updates[seat] });
    }
  });
});

http.listen(port, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ listening: typeof address === 'object' && address ? address.port : port });
});

// Exit normally on SIGTERM, so that a CPU profile (BENCH_PROFILE) is written.
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
