/**
 * A stand-in for socket.io-client's socket, for tests of src/net.ts: it records what the app
 * emits (each with a way to answer it) and the connections it opens, and fires events at will.
 * Used through `vi.mock('socket.io-client', () => ({ io: fake.io }))`.
 */
type Handler = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
  answer: (value: unknown) => void;
}

export function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const emitted: Emitted[] = [];
  /** The options' query of each `io()` call. */
  const opened: { query: unknown }[] = [];
  /** The query of each connection the app opened (after a disconnect, a connect opens anew). */
  const connections: Record<string, string>[] = [];
  const socket = {
    connected: false,
    active: true,
    io: { opts: { query: {} as Record<string, string> } },
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    off(event: string, handler: Handler) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== handler),
      );
      return socket;
    },
    timeout() {
      return {
        emit(
          event: string,
          payload: unknown,
          callback: (error: Error | null, answer: unknown) => void,
        ) {
          emitted.push({ event, payload, answer: (value) => callback(null, value) });
        },
      };
    },
    connect() {
      connections.push({ ...socket.io.opts.query });
    },
    disconnect() {
      socket.connected = false;
      socket.fire('disconnect');
    },
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  const io = (options: { query?: Record<string, string> }) => {
    opened.push({ query: options.query });
    socket.io.opts.query = options.query ?? {};
    return socket;
  };
  return { socket, emitted, opened, connections, io };
}
