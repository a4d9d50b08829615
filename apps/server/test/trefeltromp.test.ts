/**
 * What only Trefeltromp does over sockets: a folded hand stays hidden from every other socket, the
 * spectator's included, for the rest of the session, and comes to light in the replay once the
 * host has closed the table (rules F19, F20); the session's result is net chips summing to zero.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { replay, verifyGame } from '@trepenta/engine';
import type { GameRecord } from '@trepenta/engine';
import { chooseBot, trefeltromp } from '@trepenta/trefeltromp';
import type { Action, GameState, View } from '@trepenta/trefeltromp';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { NonceGiver } from './support';

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

const view = (client: Client) => client.view as unknown as View | null;

describe('Trefeltromp on the wire', () => {
  it('F19: a folded hand is in no other socket’s frames during the session, and in the replay after it', async () => {
    const server = await startServer({ TIMER_SCALE: 0.02, NONCE_TIMEOUT_MS: 400 });
    servers.push(server);
    const connect = async () => {
      const c = new Client(server.url);
      clients.push(c);
      await c.connected();
      return c;
    };
    const host = await connect();
    const created = await host.ok('room:create', {
      nickname: 'Ana',
      game: 'trefeltromp',
      settings: { ...trefeltromp.defaultSettings, startingAntes: 20 },
      seatCount: 3,
      bots: [{ seat: 2, level: 'greedy' }],
    });
    const code = created.room.code;
    const bea = await connect();
    await bea.ok('room:join', { code, nickname: 'Bea' });
    const cyd = await connect();
    await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' });
    await host.ok('room:start', {});

    // Ana folds at her first decision of every hand; Bea plays as the greedy bot would.
    const folded = new Map<number, string[]>();
    const givers = [new NonceGiver(), new NonceGiver()];
    let n = 0;
    const deadline = Date.now() + 60_000;
    while ((view(host)?.handsDealt ?? 0) < 4 || view(host)?.phase !== 'between') {
      if (Date.now() > deadline) throw new Error('four hands did not come in time');
      for (const [i, client] of [host, bea].entries()) {
        await givers[i]!.step(client);
        const seen = view(client);
        if (!seen || typeof seen.viewer !== 'number' || seen.phase !== 'hand') continue;
        let action: Action | null;
        if (client === host && seen.turn === seen.viewer) {
          action = { type: 'fold' };
          folded.set(seen.handsDealt, [...seen.mine!.cards]);
        } else action = chooseBot(seen, 'greedy', n);
        if (!action) continue;
        await client.request('game:action', {
          version: seen.version,
          actionId: `a${n++}`,
          action,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(folded.size).toBeGreaterThan(0);

    // While each folded hand's hand was played, none of its cards reached Bea or Cyd (a card shows
    // up again only once a later hand has dealt it anew).
    for (const watcher of [bea, cyd]) {
      let hand = 0;
      for (const frame of watcher.received) {
        const text = JSON.stringify(frame.args);
        const dealt = /"type":"dealt","hand":(\d+)/.exec(text);
        if (dealt) hand = Number(dealt[1]);
        for (const card of folded.get(hand) ?? []) expect(text).not.toContain(`"${card}"`);
      }
    }

    await host.ok('room:close', {});
    await host.until(() => view(host)?.phase === 'over', 20_000, 'the session to end');
    const stored = await server.server.store.loadGame(code, 1);
    const record: GameRecord = { ...stored!.header, log: stored!.log };
    const replayed = replay<GameState, unknown>(trefeltromp, record);
    if (!replayed.ok) throw new Error(replayed.error.message);
    // The published record replays every deal: Ana's folded cards are there.
    const dealts = replayed.value.batches
      .flatMap((b) => b.events as { type: string; hand?: number; cards?: (string[] | null)[] }[])
      .filter((e) => e.type === 'dealt');
    for (const [hand, cards] of folded) {
      const deal = dealts.find((e) => e.hand === hand)!;
      expect(deal.cards![0]).toEqual(cards);
    }
    expect(verifyGame(trefeltromp, record, stored!.header.commitments).problems).toEqual([]);
    const final = view(host)!;
    expect(final.stints.reduce((sum, t) => sum + t.result, 0)).toBe(0);
    expect(final.secrets).toEqual(record.randomness.secrets);
  });

  it('F21: a seat handed to the stand-in checks, stays or folds, keeps its hand and locks as F22: it never puts a person’s chips in', async () => {
    const server = await startServer({ TIMER_SCALE: 0.02, NONCE_TIMEOUT_MS: 400 });
    servers.push(server);
    const host = new Client(server.url);
    clients.push(host);
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Ana',
      game: 'trefeltromp',
      settings: { ...trefeltromp.defaultSettings, startingAntes: 20 },
      seatCount: 2,
      bots: [{ seat: 1, level: 'greedy' }],
    });
    const code = created.room.code;
    await host.ok('room:start', {});
    const giver = new NonceGiver();
    const deadline = Date.now() + 30_000;
    while (view(host)?.phase !== 'hand') {
      if (Date.now() > deadline) throw new Error('no hand');
      await giver.step(host);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Ana asks the stand-in to play her seat.
    await host.ok('room:handOver', { seat: 0 });
    await host.until(() => (view(host)?.handsDealt ?? 0) >= 4, 30_000, 'four hands');
    await host.ok('room:close', {});
    await host.until(() => view(host)?.phase === 'over', 30_000, 'the session to end');
    const stored = await server.server.store.loadGame(code, 1);
    const moves = stored!.log.filter((e) => e.seat === 0 && e.actionId.startsWith('bot:'));
    expect(moves.length).toBeGreaterThan(0);
    for (const { action } of moves) {
      const a = action as Action;
      const ok =
        a.type === 'check' ||
        a.type === 'fold' ||
        a.type === 'stay' ||
        a.type === 'lock' ||
        (a.type === 'draw' && a.card === null);
      expect(ok, JSON.stringify(a)).toBe(true);
    }
  });
});
