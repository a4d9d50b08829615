/**
 * A session through the pipeline, on real sockets: Pot, the engine's small session module (chips,
 * hands with no fixed number, seats that change between hands, the host closing the table). A
 * session starts with a chair free; a spectator takes it between hands and brings in a new nonce
 * set (two steps, as the first); a player leaves and their seat is freed between hands; the host
 * closes the table; the whole log replays and verifies, every nonce set included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { replay, verifyGame } from '@trepenta/engine';
import type { GameRecord } from '@trepenta/engine';
import { pot } from '@trepenta/engine/testing';
import type { PotAction, PotState, PotView } from '@trepenta/engine/testing';
import { Client, startServer } from './harness';
import type { TestServer } from './harness';
import { NonceGiver, waitFor } from './support';
import { registerGame } from '../src/games';

registerGame(pot);

const servers: TestServer[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const s of servers.splice(0)) await s.close();
});

const view = (client: Client) => client.view as unknown as PotView | null;

interface Seated {
  readonly client: Client;
  readonly giver: NonceGiver;
}

/** Each seated client decides when its seat is in a hand, and gives its nonces; until `stop`. */
async function play(
  people: readonly Seated[],
  stop: () => boolean,
  deadline: number,
): Promise<void> {
  let n = 0;
  while (!stop()) {
    if (Date.now() > deadline) throw new Error('the session did not get there in time');
    for (const { client, giver } of people) {
      if (!client.socket.connected) continue;
      await giver.step(client);
      const seen = view(client);
      const seat = client.you?.seat;
      if (!seen || seat == null || seen.phase !== 'decide') continue;
      const mine = seen.seats[seat];
      if (!mine?.inHand || mine.decided) continue;
      const action: PotAction = { type: 'choose', stay: (n++ + seat) % 3 !== 0 };
      await client.request('game:action', {
        version: seen.version,
        actionId: `p${n}s${seat}`,
        action,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a session: seats that change between hands', () => {
  it('a chair free at the start is taken between hands with a new nonce set; a leaver’s seat is freed; the host closes; the log replays and verifies', async () => {
    const server = await startServer({ TIMER_SCALE: 0.05, NONCE_TIMEOUT_MS: 400 });
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
      game: 'test-pot',
      settings: { ...pot.defaultSettings, decideSeconds: 20, betweenSeconds: 2 },
      seatCount: 4,
      bots: [{ seat: 3, level: 'greedy' }],
    });
    const code = created.room.code;
    const bea = await connect();
    await bea.ok('room:join', { code, nickname: 'Bea' });
    // Seat 2 stays free: a session starts with too few for none, not with every chair taken.
    await host.ok('room:stand', {}).catch(() => undefined);
    await host.ok('room:sit', { seat: 0 });
    const cyd = await connect();
    await cyd.ok('room:join', { code, nickname: 'Cyd', role: 'spectator' });
    await host.ok('room:start', {});

    const people: Seated[] = [
      { client: host, giver: new NonceGiver() },
      { client: bea, giver: new NonceGiver() },
    ];
    const deadline = Date.now() + 60_000;
    await play(
      people,
      () => (view(host)?.hand ?? 0) >= 2 && view(host)?.phase === 'between',
      deadline,
    );
    // While Cyd watches, no seat's card is in what Cyd is sent.
    for (const update of cyd.updates) {
      const seen = update.view as unknown as PotView;
      expect(seen.seats.every((seat) => seat.card === null)).toBe(true);
    }

    // Mid-hand a seat is not taken: the answer says to wait for the hand's end.
    await host.until(() => view(host)?.phase === 'decide', 10_000, 'a hand in play');
    expect(await cyd.request('room:sit', { seat: 2 })).toMatchObject({
      ok: false,
      code: 'WRONG_STATUS',
    });
    // Cyd takes the free chair between hands.
    await waitFor(
      async () => {
        const sat = await cyd.request('room:sit', { seat: 2 });
        return sat.ok;
      },
      20_000,
      'a seat between hands',
    );
    people.push({ client: cyd, giver: new NonceGiver() });
    // A new nonce set, collected in two steps from the three people, before the next hand.
    await play(
      people,
      () => (host.room?.commit?.epoch ?? 0) >= 1 && host.room?.commit?.step === 'done',
      deadline,
    );
    const hand = view(host)!.hand;
    await play(people, () => (view(host)?.hand ?? 0) > hand + 1, deadline);

    // Bea leaves; her seat is freed between hands.
    await bea.ok('room:leave', {});
    people.splice(1, 1);
    await play(people, () => view(host)?.seats[1]?.occupant === null, deadline);
    const afterLeave = view(host)!.hand;
    await play(people, () => (view(host)?.hand ?? 0) > afterLeave, deadline);

    // The host closes the table: the session ends after the hand in play.
    await host.ok('room:close', {});
    await play(people, () => view(host)?.phase === 'over', deadline);
    await host.until(() => host.room?.status === 'finished', 5000, 'the room to finish');

    const stored = await server.server.store.loadGame(code, 1);
    expect(stored?.finished).toBe(true);
    const record: GameRecord & { nonceHashes?: readonly (string | null)[] } = {
      ...stored!.header,
      log: stored!.log,
    };
    const replayed = replay<PotState, unknown>(pot, record);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const final = replayed.value.state;
    // Chips conserved; the seats' occupants as the room had them.
    expect(final.seats.reduce((n, s) => n + s.chips, 0) + final.pot).toBe(
      final.seats.reduce((n, s) => n + s.bought, 0),
    );
    expect(final.seats.map((s) => s.occupant)).toEqual(['human', null, 'human', 'bot']);
    // Every nonce set checks out: the first one's hashes, the later ones' in the log.
    const sets = stored!.log.filter((e) => (e.action as { type: string }).type === 'nonces');
    expect(sets.length).toBeGreaterThanOrEqual(1);
    const taken = people.find((p) => p.client === cyd)!.giver.taken;
    const cydSet = sets.find((e) => (e.action as { epoch: number }).epoch === 1)!;
    expect((cydSet.action as { nonces: string[] }).nonces[2]).toBe([...taken.values()].at(-1));
    const verified = verifyGame(pot, record, stored!.header.commitments);
    expect(verified.problems).toEqual([]);
    // The bot played its seat from the first hand on.
    expect(stored!.log.some((e) => e.seat === 3)).toBe(true);
  });
});

describe('seats 6 and 7 (the platform seats up to 8)', () => {
  it('a player who moves off seat 7 in the lobby is sent only their new seat’s view: nothing of seat 7', async () => {
    const server = await startServer({ TIMER_SCALE: 0.05, NONCE_TIMEOUT_MS: 200 });
    servers.push(server);
    const host = new Client(server.url);
    clients.push(host);
    await host.connected();
    const created = await host.ok('room:create', {
      nickname: 'Ana',
      game: 'test-pot',
      settings: pot.defaultSettings,
      seatCount: 8,
      bots: [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, level: 'greedy' as const })),
    });
    expect(created.you.seat).toBe(0);
    // Ana goes to seat 7, then to seat 6 (a bot's seat emptied first); Bea takes seat 7.
    await host.ok('room:sit', { seat: 7 });
    await host.ok('room:setBot', { seat: 6, level: null });
    await host.ok('room:sit', { seat: 6 });
    await host.ok('room:setBot', { seat: 0, level: 'greedy' });
    const bea = new Client(server.url);
    clients.push(bea);
    await bea.connected();
    await bea.ok('room:join', { code: created.room.code, nickname: 'Bea' });
    expect(bea.you?.seat).toBe(7);
    await host.ok('room:start', {});
    await host.until(() => (view(host)?.hand ?? 0) >= 2, 20_000, 'two hands');
    const viewers = (client: Client) => [
      ...new Set(client.updates.map((u) => pot.viewHead(u.view as unknown as PotView).viewer)),
    ];
    expect(viewers(host)).toEqual([6]);
    expect(viewers(bea)).toEqual([7]);
  });
});
