/**
 * Tressette through the wire-level test kit (wire-kit.ts): whole games over sockets for 2, 3 and
 * 4 seats with people and bots, the leak sweep with T20's visibility (the hooks its contract test
 * uses), refusals and bad input, a kill -9 mid-game, two nodes on Redis; and what only Tressette
 * does on the wire: the 2-seat game's drawn cards shown to both players and to spectators.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, tressette } from '@trepenta/tressette';
import type { TressetteEventView, TressetteState, TressetteView } from '@trepenta/tressette';
import { secretsFor } from '@trepenta/tressette/testing';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { NonceGiver } from './support';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<TressetteState>(tressette, {
  cases: [
    {
      name: '4 seats, two partners against two bots, target 11',
      settings: { ...DEFAULT_SETTINGS, target: 11 },
      seatCount: 4,
      humans: 2,
    },
    {
      name: '2 seats with the stock, two people, declarations, target 11',
      settings: { ...DEFAULT_SETTINGS, target: 11, declarations: true },
      seatCount: 2,
      humans: 2,
    },
    {
      name: '3 seats, a person and two bots, turn timer, target 11',
      settings: { ...DEFAULT_SETTINGS, target: 11, turnTimerSeconds: 30 },
      seatCount: 3,
      humans: 1,
    },
  ],
  secretsFor,
  turns: true,
});

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

const viewOf = (client: Client) => client.view as unknown as TressetteView | null;

/** The events a client received, as its viewer sees them. */
function eventsOf(client: Client): TressetteEventView[] {
  return client.updates.flatMap((u) => u.events as unknown as TressetteEventView[]);
}

describe('Tressette on the wire', () => {
  it('T12: with 2 seats each card drawn from the stock is shown to both players and to a spectator', async () => {
    const server = await startServer({ TIMER_SCALE: 0.02, NONCE_TIMEOUT_MS: 400 });
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
      settings: { ...DEFAULT_SETTINGS, target: 11 },
      seatCount: 2,
    });
    const code = created.room.code;
    const bea = await connect();
    await bea.ok('room:join', { code, nickname: 'Bea' });
    const cyd = await connect();
    await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' });
    await ana.ok('room:start', {});
    const people = [
      { client: ana, giver: new NonceGiver() },
      { client: bea, giver: new NonceGiver() },
    ];
    const deadline = Date.now() + 30_000;
    let n = 0;
    // Play the first hand's 10 tricks with the stock, each person from their own view.
    while ((viewOf(ana)?.tricksPlayed ?? 0) < 10 || (viewOf(ana)?.stock ?? 20) > 0) {
      if (Date.now() > deadline) throw new Error('the stock was not drawn in time');
      for (const { client, giver } of people) {
        await giver.step(client);
        const view = viewOf(client);
        if (!view) continue;
        const action = tressette.chooseBot(view, 'greedy', n);
        if (!action) continue;
        await client.request('game:action', {
          version: view.version,
          actionId: `d${n++}`,
          action,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await cyd.until(() => (viewOf(cyd)?.stock ?? 20) === 0, 5_000, 'the spectator’s view');
    const drawn = (client: Client) =>
      eventsOf(client).filter(
        (e): e is Extract<TressetteEventView, { type: 'drew' }> => e.type === 'drew',
      );
    expect(drawn(ana)).toHaveLength(20);
    expect(drawn(bea)).toEqual(drawn(ana));
    expect(drawn(cyd)).toEqual(drawn(ana));
    // A drawn card stays known to the other player until it is played.
    const view = viewOf(bea)!;
    const last = drawn(ana).slice(-2);
    for (const { seat, card } of last) {
      const played = view.gone.includes(card);
      if (seat !== view.viewer && !played) expect(view.seats[seat]!.known).toContain(card);
    }
  });
});
