/**
 * docs/protocol.md, "Requests made while disconnected": socket.io-client keeps what is emitted
 * while its socket is disconnected and sends it on reconnection before any `connect` listener
 * runs, so before the `room:join` a client sends from there. The new socket is in no room: the
 * queued request is refused NOT_IN_ROOM and changes nothing; sent again once the rejoin is
 * answered, it is taken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, SERVER_ERRORS } from '@trepenta/protocol';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { Scope } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

type Answer = { ok: boolean; code?: string; message?: string; you?: { token: string } };

describe('emits made while disconnected', () => {
  it('are sent on reconnection before the rejoin, and come back NOT_IN_ROOM', async () => {
    const server = await scope.server();
    const socket = scope.socket(server.url, {
      transports: ['websocket'],
      auth: { protocolVersion: PROTOCOL_VERSION },
    });
    const connected = () =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    await connected();
    const created = (await socket.emitWithAck('room:create', {
      nickname: 'Ann',
      settings: DEFAULT_SETTINGS,
      seatCount: 2,
      bots: [],
    })) as Answer & { room: { code: string } };
    expect(created.ok).toBe(true);
    const code = created.room.code;
    const token = created.you!.token;

    socket.disconnect();
    // Emitted while disconnected: buffered by the client, not dropped.
    const order: string[] = [];
    const queued = new Promise<Answer>((resolve) =>
      socket.emit('chat:send', { text: 'sent while away' }, (answer: Answer) => {
        order.push('chat');
        resolve(answer);
      }),
    );
    // The rejoin, sent from the connect listener as a client does.
    const rejoined = new Promise<Answer>((resolve) =>
      socket.once('connect', () =>
        socket.emit('room:join', { code, token }, (answer: Answer) => {
          order.push('join');
          resolve(answer);
        }),
      ),
    );
    socket.connect();
    expect(await queued).toEqual({
      ok: false,
      code: 'NOT_IN_ROOM',
      message: SERVER_ERRORS.NOT_IN_ROOM,
    });
    expect((await rejoined).ok).toBe(true);
    expect(order).toEqual(['chat', 'join']);

    // Sent again once the rejoin is answered, it is taken; the refused one left nothing.
    expect(await socket.emitWithAck('chat:send', { text: 'sent while away' })).toEqual({
      ok: true,
    });
    const joined = (await socket.emitWithAck('room:join', { code, token })) as Answer & {
      chat: { text: string | null }[];
    };
    expect(joined.chat.map((message) => message.text)).toEqual(['sent while away']);
  });
});
