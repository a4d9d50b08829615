/**
 * Round trips on real sockets (TrumPen Speed's S7): the node serving a real-time game's room pings
 * every seated member and shows each seat's round trip in the room view (`rttMs`), pushing changes
 * with room:latency. Bots, empty seats, away players and clients that never answer show none; a
 * slow client shows a longer one than a prompt one; rooms of other games are not pinged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { speedSettingsSchema } from '@trepenta/trumpen';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

/** A fast meter: a ping every 100 ms, one unanswered for 400 ms is lost. */
async function server(): Promise<TestServer> {
  const s = await startServer({ RTT_INTERVAL_MS: 100, RTT_TIMEOUT_MS: 400 });
  servers.push(s);
  return s;
}

async function connect(url: string, pingDelayMs: number | null = 0): Promise<Client> {
  const c = new Client(url, { pingDelayMs });
  clients.push(c);
  await c.connected();
  return c;
}

/** A Speed room: the host at seat 0, a greedy bot at seat 1, seats 2 and 3 empty. */
async function speedRoom(host: Client): Promise<string> {
  const created = await host.ok('room:create', {
    nickname: 'Ada',
    game: 'trumpen-speed',
    settings: speedSettingsSchema.parse({}),
    seatCount: 4,
    bots: [{ seat: 1, level: 'greedy' }],
  });
  return created.room.code;
}

const rttOf = (client: Client, seat: number) => client.room?.seats[seat]?.rttMs ?? null;
const pings = (client: Client) => client.received.filter((r) => r.event === 'room:ping').length;

describe('round trips (S7)', () => {
  it('a seated person’s round trip reaches the seat info in time, for a fresh view too; bots and empty seats show none', async () => {
    const s = await server();
    const ada = await connect(s.url);
    const code = await speedRoom(ada);
    const bea = await connect(s.url);
    await bea.ok('room:join', { code, nickname: 'Bea' });
    await ada.until(
      () => rttOf(ada, 0) !== null && rttOf(ada, 2) !== null,
      10_000,
      'both people’s round trips',
    );
    expect(ada.received.some((r) => r.event === 'room:latency')).toBe(true);
    expect(rttOf(ada, 0)).toBeGreaterThanOrEqual(0);
    expect(rttOf(ada, 1)).toBeNull();
    expect(rttOf(ada, 3)).toBeNull();

    // A spectator is not pinged, and the view it joins with already holds the round trips.
    const cyd = await connect(s.url);
    const joined = await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' });
    expect(joined.room.seats.map((seat) => seat.rttMs !== null)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    await bea.until(() => pings(bea) >= 5, 10_000, 'five pings to Bea');
    expect(pings(cyd)).toBe(0);

    // A player who drops shows no round trip (away), not the last one measured.
    bea.close();
    await ada.until(() => ada.room?.seats[2]?.connected === false, 10_000, 'Bea away');
    expect(rttOf(ada, 2)).toBeNull();
  });

  it('a client that never answers shows none, is pinged one at a time, and the server goes on', async () => {
    const s = await server();
    const ada = await connect(s.url);
    const code = await speedRoom(ada);
    const silent = await connect(s.url, null);
    await silent.ok('room:join', { code, nickname: 'Mute' });
    const since = Date.now();
    await silent.until(() => pings(silent) >= 3, 10_000, 'three pings to the silent client');
    const elapsed = Date.now() - since;
    // One ping on its way at a time: a lost one (400 ms) is given up before the next.
    expect(pings(silent)).toBeLessThanOrEqual(Math.ceil(elapsed / 400) + 1);
    await ada.until(() => rttOf(ada, 0) !== null, 10_000, 'Ada’s round trip');
    expect(rttOf(ada, 2)).toBeNull();
    expect(rttOf(silent, 2)).toBeNull();
    // The server still answers both.
    await silent.ok('chat:send', { text: 'still here' });
    const synced = await ada.ok('game:sync', {});
    expect(synced.room.seats[2]?.rttMs).toBeNull();
    expect(synced.room.seats[0]?.rttMs).not.toBeNull();

    // Once it answers, it is measured like anyone.
    silent.pingDelayMs = 0;
    await ada.until(() => rttOf(ada, 2) !== null, 10_000, 'the silent client measured');
  });

  it('a slow client shows a round trip at least its delay, a prompt one a much shorter one', async () => {
    const s = await server();
    const prompt = await connect(s.url);
    const code = await speedRoom(prompt);
    const slow = await connect(s.url, 150);
    await slow.ok('room:join', { code, nickname: 'Slow' });
    await prompt.until(
      () => rttOf(prompt, 0) !== null && (rttOf(prompt, 2) ?? 0) >= 150,
      10_000,
      'both measured',
    );
    // Ratios, not absolute times: the machine is noisy, but 150 ms is far from a local answer.
    expect(rttOf(prompt, 2)).toBeGreaterThanOrEqual(150);
    expect(rttOf(prompt, 0)!).toBeLessThan(rttOf(prompt, 2)! / 2);
    // Public (S12): the slow player sees their own as everyone does.
    await slow.until(() => (rttOf(slow, 2) ?? 0) >= 150, 10_000, 'the slow player’s own');
  });

  it('rooms of a game that is not real-time are not pinged and show no round trips', async () => {
    const s = await server();
    const ada = await connect(s.url);
    const created = await ada.ok('room:create', {
      nickname: 'Ada',
      settings: DEFAULT_SETTINGS,
      seatCount: 2,
      bots: [{ seat: 1, level: 'random' }],
    });
    // A Speed room on the same node, whose pings show the meter's rounds going by.
    const racer = await connect(s.url);
    await speedRoom(racer);
    await racer.until(() => pings(racer) >= 5, 10_000, 'five pings in the Speed room');
    expect(pings(ada)).toBe(0);
    expect(created.room.seats.map((seat) => seat.rttMs)).toEqual([null, null]);
    expect(ada.room?.seats.map((seat) => seat.rttMs)).toEqual([null, null]);
  });
});
