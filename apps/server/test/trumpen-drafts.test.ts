/**
 * TrumPen's writing phase on real sockets (C3): a draft is kept on the server, so a reload (a new
 * socket with the seat's token) restores it; no other seat and no spectator is ever sent it; Done
 * is public and may be withdrawn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DraftCard, PokerView } from '@trepenta/trumpen';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { NonceGiver } from './support';

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

const view = (client: Client) => client.view as unknown as PokerView | null;

describe('TrumPen drafts over the wire', () => {
  it('a reload restores the draft; other seats and spectators never see it; Done is public', async () => {
    const server = await startServer({ TIMER_SCALE: 1, NONCE_TIMEOUT_MS: 300 });
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
      game: 'trumpen-poker',
      settings: {},
      seatCount: 3,
      bots: [{ seat: 2, level: 'greedy' }],
    });
    const code = created.room.code;
    const bea = await connect();
    await bea.ok('room:join', { code, nickname: 'Bea' });
    const cyd = await connect();
    await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' });
    await ana.ok('room:start', {});
    const givers = [new NonceGiver(), new NonceGiver()];
    const deadline = Date.now() + 20_000;
    while (view(ana)?.phase !== 'writing' || view(bea)?.phase !== 'writing') {
      if (Date.now() > deadline) throw new Error('no writing phase');
      await givers[0]!.step(ana);
      await givers[1]!.step(bea);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    // Ana writes three of her five cards: a draft, not Done.
    const draft: DraftCard[] = [
      { value: 6, suit: 'H' },
      { value: 6, suit: 'D' },
      { value: 2, suit: 'C' },
      { value: null, suit: 'S' },
      { value: null, suit: null },
    ];
    const written = await ana.request('game:action', {
      version: view(ana)!.version,
      actionId: 'ana-draft-1',
      action: { type: 'write', cards: draft },
    });
    expect(written.ok).toBe(true);
    await ana.until(() => view(ana)?.draft?.[0]?.value === 6, 5000, 'the draft in the view');

    // A reload: a new socket with Ana's token gets her draft back from the server.
    ana.close();
    const again = await connect();
    const joined = await again.ok('room:join', { code, token: created.you.token });
    expect(joined.you.seat).toBe(0);
    await again.until(() => view(again) !== null, 5000, 'the view after the reload');
    expect(view(again)!.draft).toEqual(draft);

    // Done is public; withdrawing too.
    const done = await again.request('game:action', {
      version: view(again)!.version,
      actionId: 'ana-done',
      action: { type: 'done' },
    });
    expect(done).toMatchObject({ ok: false, code: 'INCOMPLETE' });
    const full = draft.slice(0, 3).concat([
      { value: 1, suit: 'S' },
      { value: 3, suit: 'S' },
    ]);
    await again.ok('game:action', {
      version: view(again)!.version,
      actionId: 'ana-draft-2',
      action: { type: 'write', cards: full },
    });
    await again.ok('game:action', {
      version: view(again)!.version,
      actionId: 'ana-done-2',
      action: { type: 'done' },
    });
    await bea.until(() => view(bea)?.done?.[0] === true, 5000, 'Ana’s Done seen by Bea');
    await cyd.until(() => view(cyd)?.done?.[0] === true, 5000, 'Ana’s Done seen by Cyd');

    // Nothing Bea or Cyd received holds Ana's draft: Bea's views carry only her own (blank)
    // draft, Cyd's none, and no event names a written value before the phase closes.
    for (const update of bea.updates) {
      const seen = update.view as unknown as PokerView;
      expect(seen.draft === null || seen.draft.every((c) => c.value === null)).toBe(true);
    }
    for (const update of cyd.updates) {
      expect((update.view as unknown as PokerView).draft).toBeNull();
    }
    for (const client of [bea, cyd])
      for (const update of client.updates)
        for (const event of update.events as { type: string }[])
          expect(['writingOpened', 'done', 'withdrawn']).toContain(event.type);
  });
});
