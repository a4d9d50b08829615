/**
 * The host arranges the seats in the lobby (Tressette's partnerships: who sits opposite whom) by
 * swapping two seats' occupants; nobody else may, and not once the game has started.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@trepenta/tressette';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

describe('room:swapSeats', () => {
  it('the host swaps a person, a bot and an empty seat in the lobby; a guest may not; not after the start', async () => {
    const server = await startServer({ TIMER_SCALE: 0.02 });
    servers.push(server);
    const connect = async () => {
      const c = new Client(server.url);
      clients.push(c);
      await c.connected();
      return c;
    };
    const ana = await connect();
    const created = await ana.ok('room:create', {
      nickname: 'Ana',
      game: 'tressette',
      settings: DEFAULT_SETTINGS,
      seatCount: 4,
      bots: [{ seat: 3, level: 'greedy' }],
    });
    const code = created.room.code;
    const bea = await connect();
    await bea.ok('room:join', { code, nickname: 'Bea' });
    await ana.until(() => ana.room?.seats[1]?.nickname === 'Bea', 5_000, 'Bea seated');

    // Bea to seat 2, opposite Ana: her partner now.
    await ana.ok('room:swapSeats', { seats: [1, 2] });
    await bea.until(() => bea.room?.seats[2]?.nickname === 'Bea', 5_000, 'Bea moved');
    expect(ana.room!.seats[1]!.kind).toBe('empty');
    await bea.until(() => bea.you?.seat === 2, 5_000, 'Bea’s own seat');
    // The bot moves too.
    await ana.ok('room:swapSeats', { seats: [3, 1] });
    await ana.until(() => ana.room?.seats[1]?.kind === 'bot', 5_000, 'the bot moved');
    expect(ana.room!.seats[3]!.kind).toBe('empty');

    expect(await bea.request('room:swapSeats', { seats: [0, 2] })).toMatchObject({
      ok: false,
      code: 'NOT_HOST',
    });
    expect(await ana.request('room:swapSeats', { seats: [0, 7] })).toMatchObject({
      ok: false,
      code: 'NO_SUCH_SEAT',
    });
    await ana.ok('room:setBot', { seat: 3, level: 'random' });
    await ana.ok('room:start', {});
    expect(await ana.request('room:swapSeats', { seats: [0, 1] })).toMatchObject({
      ok: false,
      code: 'WRONG_STATUS',
    });
  });
});
