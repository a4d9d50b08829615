/**
 * TrumPen's writing phase on real sockets (C3): a draft is kept on the server, so a reload (a new
 * socket with the seat's token) restores it; no other seat and no spectator is ever sent it; Done
 * is public and may be withdrawn.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  it('C3: while a seat edits its draft nobody else receives a frame; a reload and a restart restore it; Done is public', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trumpen-drafts-'));
    let server = await startServer({ TIMER_SCALE: 1, NONCE_TIMEOUT_MS: 300 }, dir);
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
    const beaToken = (await bea.ok('room:join', { code, nickname: 'Bea' })).you.token;
    const cyd = await connect();
    const cydToken = (await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' })).you
      .token;
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
    // The greedy bot has pressed Done by now (or presses it meanwhile, which is public): wait
    // for it, then count what Bea and Cyd receive while Ana edits.
    await bea.until(() => view(bea)?.done?.[2] === true, 5000, 'the bot’s Done');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const version = view(ana)!.version;
    const seen = [bea.received.length, cyd.received.length];
    const EDITS = 12;
    for (let n = 1; n <= EDITS; n++) {
      const edit =
        n === EDITS ? draft : draft.map((c, i) => (i === 0 ? { ...c, value: 1 + (n % 6) } : c));
      const written = await ana.request('game:action', {
        version,
        actionId: `ana-draft-${n}`,
        action: { type: 'write', cards: edit },
      });
      // A draft takes no version step: the ack names the version it was made at.
      expect(written).toEqual({ ok: true, version });
    }
    await ana.until(() => view(ana)?.draft?.[1]?.suit === 'D', 5000, 'the draft in the view');
    expect(view(ana)!.draft).toEqual(draft);
    expect(view(ana)!.version).toBe(version);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([bea.received.length, cyd.received.length]).toEqual(seen);

    // A reload: a new socket with Ana's token gets her draft back from the server.
    ana.close();
    let again = await connect();
    const joined = await again.ok('room:join', { code, token: created.you.token });
    expect(joined.you.seat).toBe(0);
    await again.until(() => view(again) !== null, 5000, 'the view after the reload');
    expect(view(again)!.draft).toEqual(draft);

    // A restart: the draft comes back from the store, not from the process's memory.
    for (const c of clients.splice(0)) c.close();
    await server.close();
    servers.splice(0);
    server = await startServer({ TIMER_SCALE: 1, NONCE_TIMEOUT_MS: 300 }, dir);
    servers.push(server);
    again = await connect();
    await again.ok('room:join', { code, token: created.you.token });
    await again.until(() => view(again) !== null, 5000, 'the view after the restart');
    expect(view(again)!.draft).toEqual(draft);
    expect(view(again)!.version).toBe(version);
    const beaAgain = await connect();
    await beaAgain.ok('room:join', { code, token: beaToken });
    const cydAgain = await connect();
    await cydAgain.ok('room:join', { code, token: cydToken });
    await cydAgain.until(() => view(cydAgain) !== null, 5000, 'Cyd’s view after the restart');

    // Done carries the hand it locks (the log alone replays the game); an incomplete one is refused.
    const done = await again.request('game:action', {
      version: view(again)!.version,
      actionId: 'ana-done',
      action: { type: 'done', cards: draft },
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
      action: { type: 'done', cards: full },
    });
    await beaAgain.until(() => view(beaAgain)?.done?.[0] === true, 5000, 'Ana’s Done seen by Bea');
    await cydAgain.until(() => view(cydAgain)?.done?.[0] === true, 5000, 'Ana’s Done seen by Cyd');

    // Nothing Bea or Cyd received holds Ana's draft: Bea's views carry only her own (blank)
    // draft, Cyd's none, and no event names a written value before the phase closes.
    for (const update of [...bea.updates, ...beaAgain.updates]) {
      const seen = update.view as unknown as PokerView;
      expect(seen.draft === null || seen.draft.every((c) => c.value === null)).toBe(true);
    }
    for (const update of [...cyd.updates, ...cydAgain.updates]) {
      expect((update.view as unknown as PokerView).draft).toBeNull();
    }
    for (const client of [bea, cyd, beaAgain, cydAgain])
      for (const update of client.updates)
        for (const event of update.events as { type: string }[])
          expect(['writingOpened', 'done', 'withdrawn']).toContain(event.type);
  });
});
