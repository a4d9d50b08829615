/**
 * Several servers (docs/protocol.md, "Which server"): the connection is aimed at the room by
 * `?room=`, and a join answered ELSEWHERE goes to the server it names (`?node=`) and is sent
 * again there, as is the rejoin after a reconnection; a bounded number of times in a row.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomOf } from './fixtures';
import type { Emitted } from './fake-socket';

const fake = await vi.hoisted(async () => (await import('./fake-socket')).fakeSocket());

vi.mock('socket.io-client', () => ({ io: fake.io }));

// The app opened on a room's page.
history.replaceState(null, '', '/r/BCDFGH');
const { connection, joinRoom } = await import('../src/net');
const { store } = await import('../src/store');
const { tokens } = await import('../src/storage');

const TOKEN = 't'.repeat(43);
const joined = () => ({
  ok: true,
  room: roomOf(['Ana', 'Ben'], { status: 'lobby' }),
  you: { memberId: 'm2', token: TOKEN, seat: 1, host: false },
  chat: [],
  serverTime: Date.now(),
});
const elsewhere = (node: string) => ({
  ok: false,
  code: 'ELSEWHERE',
  message: 'This room is served by another server.',
  node,
});

/** The next join the app sends (waits for it). */
async function nextJoin(after: number, timeout = 1000): Promise<Emitted> {
  await vi.waitFor(
    () => expect(fake.emitted.filter((e) => e.event === 'room:join').length).toBeGreaterThan(after),
    { timeout },
  );
  return fake.emitted.filter((e) => e.event === 'room:join')[after]!;
}

function online(): void {
  fake.socket.connected = true;
  fake.socket.fire('connect');
}

beforeEach(() => {
  fake.emitted.length = 0;
  fake.connections.length = 0;
});
afterEach(() => {
  tokens.clear('BCDFGH');
});

describe('several servers: the connection goes to the room’s server', () => {
  it('the first connection of a room’s page is aimed at the room', () => {
    connection();
    expect(fake.opened).toEqual([{ query: { room: 'BCDFGH' } }]);
    online();
  });

  it('a join answered ELSEWHERE reconnects aimed at the server named, and is sent again there', async () => {
    store.set({ code: null, room: null, you: null, game: null });
    const answer = joinRoom('BCDFGH', { nickname: 'Ben', role: 'player' });
    const first = await nextJoin(0);
    expect(first.payload).toMatchObject({ code: 'BCDFGH', nickname: 'Ben' });
    first.answer(elsewhere('node2'));
    // A new connection, aimed at the room and the server that serves it.
    await vi.waitFor(() => expect(fake.connections).toEqual([{ room: 'BCDFGH', node: 'node2' }]));
    expect(fake.socket.io.opts.query).toEqual({ room: 'BCDFGH', node: 'node2' });
    // Nothing is sent again before the new connection is up.
    expect(fake.emitted.filter((e) => e.event === 'room:join')).toHaveLength(1);
    online();
    const second = await nextJoin(1);
    expect(second.payload).toEqual(first.payload);
    second.answer(joined());
    expect(await answer).toEqual({ ok: true });
    expect(store.get().code).toBe('BCDFGH');
    // Later reconnections go to the same server.
    expect(fake.socket.io.opts.query).toEqual({ room: 'BCDFGH', node: 'node2' });
  });

  it('the rejoin after a reconnection follows ELSEWHERE too (its server died and another took the room)', async () => {
    tokens.set('BCDFGH', TOKEN);
    fake.socket.disconnect();
    online();
    const rejoin = await nextJoin(0);
    expect(rejoin.payload).toMatchObject({ code: 'BCDFGH', token: TOKEN });
    rejoin.answer(elsewhere('node3'));
    await vi.waitFor(() => expect(fake.connections).toEqual([{ room: 'BCDFGH', node: 'node3' }]));
    online();
    const again = await nextJoin(1);
    expect(again.payload).toMatchObject({ code: 'BCDFGH', token: TOKEN });
    again.answer(joined());
    await vi.waitFor(() => expect(store.get().you?.memberId).toBe('m2'));
  });

  it('a join to another room is not crossed by a rejoin of the room held (one join on the new connection)', async () => {
    // In room BCDFGH (its token kept), the player joins KLMNPQ by its code.
    tokens.set('BCDFGH', TOKEN);
    store.set({ code: 'BCDFGH' });
    const answer = joinRoom('KLMNPQ', { nickname: 'Ben', role: 'player' });
    const first = await nextJoin(0);
    first.answer(elsewhere('node4'));
    await vi.waitFor(() => expect(fake.connections).toEqual([{ room: 'KLMNPQ', node: 'node4' }]));
    online();
    const second = await nextJoin(1);
    expect(second.payload).toMatchObject({ code: 'KLMNPQ', nickname: 'Ben' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only that join went out on the new connection: no rejoin of BCDFGH beside it.
    expect(fake.emitted.filter((e) => e.event === 'room:join')).toHaveLength(2);
    second.answer({
      ...joined(),
      room: roomOf(['Ana', 'Ben'], { status: 'lobby', code: 'KLMNPQ' }),
    });
    expect(await answer).toEqual({ ok: true });
    expect(store.get().code).toBe('KLMNPQ');
  });

  it('a connection the server let go (it stopped, or the room moved) comes back by itself', async () => {
    fake.socket.connected = false;
    fake.socket.fire('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(fake.connections).toHaveLength(1), { timeout: 2000 });
    online();
  });

  it('a rejoin sent elsewhere over and over stops moving after three, across reconnections', async () => {
    // In room KLMNPQ (entered above), with its token.
    expect(store.get().code).toBe('KLMNPQ');
    expect(tokens.get('KLMNPQ')).toBe(TOKEN);
    fake.socket.disconnect();
    online();
    for (let i = 0; i < 3; i++) {
      const rejoin = await nextJoin(i);
      expect(rejoin.payload).toMatchObject({ code: 'KLMNPQ', token: TOKEN });
      rejoin.answer(elsewhere(`far${i}`));
      await vi.waitFor(() => expect(fake.connections).toHaveLength(i + 1));
      online();
    }
    // The fourth is answered ELSEWHERE too: no fourth move; the rejoin is tried again on this
    // connection a second later.
    const fourth = await nextJoin(3);
    fourth.answer(elsewhere('far3'));
    const fifth = await nextJoin(4, 3000);
    expect(fake.connections).toHaveLength(3);
    fifth.answer({
      ...joined(),
      room: roomOf(['Ana', 'Ben'], { status: 'lobby', code: 'KLMNPQ' }),
    });
    await vi.waitFor(() => expect(store.get().room?.code).toBe('KLMNPQ'));
    tokens.clear('KLMNPQ');
    store.set({ code: null, room: null, you: null });
  });

  it('sent elsewhere three times in a row, a join gives up with the refusal (no endless moves)', async () => {
    store.set({ code: null, room: null, you: null, game: null });
    const answer = joinRoom('BCDFGH', { nickname: 'Cyd', role: 'spectator' });
    for (let i = 0; i < 4; i++) {
      const join = await nextJoin(i);
      join.answer(elsewhere(`node${i}`));
      if (i < 3) {
        await vi.waitFor(() => expect(fake.connections).toHaveLength(i + 1));
        online();
      }
    }
    expect(await answer).toMatchObject({ ok: false, code: 'ELSEWHERE' });
    expect(fake.emitted.filter((e) => e.event === 'room:join')).toHaveLength(4);
  });
});
