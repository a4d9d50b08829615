// The baseline: a bare Socket.IO server doing the game server's message pattern and nothing
// else — one request in (acknowledged), one emit per seat out, with a payload the size of a view.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const payloadBytes = Number(process.env.PAYLOAD_BYTES ?? 2500);
const filler = 'x'.repeat(payloadBytes);
const versions = new Map<string, number>();

const http = createServer((request, response) => {
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

const io = new Server(http, { maxHttpBufferSize: 16_384 });
io.on('connection', (socket) => {
  socket.on('join', (payload: { room: string; seat: number }, ack: (answer: unknown) => void) => {
    void socket.join([payload.room, `${payload.room}#${payload.seat}`]);
    ack({ ok: true });
  });
  socket.on('act', (payload: { room: string; version: number }, ack: (answer: unknown) => void) => {
    const version = (versions.get(payload.room) ?? 0) + 1;
    versions.set(payload.room, version);
    ack({ ok: true, version });
    for (let seat = 0; seat < 4; seat++) {
      io.to(`${payload.room}#${seat}`).emit('update', { version, seat, filler });
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
