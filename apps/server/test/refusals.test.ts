/**
 * Refusals (R25, §7): each comes with its stable code, goes only to the one who asked, and changes
 * nothing: the room view and every seat's and spectator's game view are byte-identical before and
 * after, fetched over the protocol.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, SERVER_ERRORS } from '@trepenta/protocol';
import { RULE_ERRORS, settingsWith } from '@trepenta/rules';
import type { Client } from './harness';
import {
  Scope,
  act,
  actOk,
  chooseFields,
  connect,
  eventCounts,
  openTable,
  randomToken,
  seen,
  snapshot,
  turnSeat,
} from './support';
import type { Table, TableOptions } from './support';

const scope = new Scope();
afterEach(() => scope.cleanup());

/** A started game in its turns phase: no bots and no turn timer, so nothing moves by itself. */
async function playing(options: TableOptions = {}): Promise<Table> {
  const server = await scope.server();
  const table = await openTable(scope, server, {
    humans: 2,
    spectators: 1,
    ...options,
    start: true,
  });
  await chooseFields(table);
  return table;
}

/**
 * Runs the refused requests and checks that nothing changed for anyone, and that nobody but the
 * actor heard of it (the actor may get a fresh view when told so).
 */
async function unchanged<T>(
  table: Table,
  run: () => Promise<T>,
  options: { actor?: Client; actorUpdates?: number } = {},
): Promise<T> {
  const before = await snapshot(table.everyone);
  const counts = eventCounts(table.everyone);
  const result = await run();
  const after = await snapshot(table.everyone);
  expect(after).toEqual(before);
  const expected = table.everyone.map(
    (c, i) => counts[i]! + (c === options.actor ? (options.actorUpdates ?? 0) : 0),
  );
  expect(eventCounts(table.everyone)).toEqual(expected);
  return result;
}

function mover(table: Table): { seat: number; client: Client; other: Client } {
  const seat = turnSeat(table.host.view);
  return { seat, client: table.players[seat]!, other: table.players[1 - seat]! };
}

describe('R25: turn actions against the version', () => {
  it('R25: a stale version is refused with STALE_VERSION and the actor gets a fresh view', async () => {
    const table = await playing();
    const { client } = mover(table);
    const version = client.view!.version;
    const updates = client.updates.length;
    const answers = await unchanged(
      table,
      async () => [
        await act(client, { type: 'draw', from: 'drawPile' }, { version: version - 1 }),
        await act(client, { type: 'draw', from: 'drawPile' }, { version: 0 }),
        await act(client, { type: 'draw', from: 'drawPile' }, { version: version + 1 }),
      ],
      { actor: client, actorUpdates: 3 },
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        code: 'STALE_VERSION',
        message: SERVER_ERRORS.STALE_VERSION,
      });
    }
    const fresh = client.updates.slice(updates);
    expect(fresh).toHaveLength(3);
    for (const update of fresh) {
      expect(update.view.version).toBe(version);
      expect(update.events).toEqual([]);
      expect(update.base).toBeNull();
      expect(JSON.stringify(update.view)).toBe(JSON.stringify(client.view));
    }
    // The fresh view is enough to act.
    expect((await act(client, { type: 'draw', from: 'drawPile' })).ok).toBe(true);
  });

  it('R25: a retried actionId is answered with the same version and applied once; reused for another move it is refused', async () => {
    const table = await playing();
    const { client, other, seat } = mover(table);
    const version = client.view!.version;
    const id = 'retry-me-1';
    const first = await act(client, { type: 'draw', from: 'drawPile' }, { id });
    expect(first).toEqual({ ok: true, version: version + 1 });
    await seen(table.everyone, version + 1);
    expect(client.view!.seats[seat]!.hand).toHaveLength(6);

    // A retry looks up its one earlier entry, never the whole log: sent again and again, it costs
    // the same however long the game has run.
    const store = table.server.server.store;
    const loadGame = vi.spyOn(store, 'loadGame');
    const loadEntry = vi.spyOn(store, 'loadEntry');
    const retries = await unchanged(table, async () => [
      await act(client, { type: 'draw', from: 'drawPile' }, { id, version }),
      await act(client, { type: 'draw', from: 'drawPile' }, { id, version: version + 1 }),
    ]);
    for (const retry of retries) expect(retry).toEqual({ ok: true, version: version + 1 });
    expect(loadEntry.mock.calls).toEqual([
      [table.code, 1, version],
      [table.code, 1, version],
    ]);
    expect(loadGame).not.toHaveBeenCalled();
    loadGame.mockRestore();
    loadEntry.mockRestore();
    // The same id for another move is not a retry: refused, and that move is not made either.
    expect(
      await unchanged(table, () =>
        act(client, { type: 'draw', from: 'discardPile' }, { id, version }),
      ),
    ).toMatchObject({ ok: false, code: 'DUPLICATE_ACTION' });
    expect(client.view!.seats[seat]!.hand).toHaveLength(6);

    // The id is the seat's own: another seat using it is judged on its own.
    expect(
      await unchanged(table, () =>
        act(other, { type: 'draw', from: 'drawPile' }, { id, version: version + 1 }),
      ),
    ).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });

    const hand = client.view!.seats[seat]!.hand!;
    expect(await act(client, { type: 'discard', cardId: hand[0]!.id })).toEqual({
      ok: true,
      version: version + 2,
    });
    const stored = await table.server.server.store.loadGame(table.code, 1);
    expect(stored!.log.filter((entry) => entry.actionId === id)).toHaveLength(1);
    expect(stored!.log.map((entry) => entry.version)).toEqual(
      Array.from({ length: version + 2 }, (_, i) => i),
    );
  });

  it("a player cannot take the id of the stand-in's move in their seat: the stand-in still plays it (R23)", async () => {
    const table = await playing();
    const { client, other, seat } = mover(table);
    const version = client.view!.version;
    // The server's own ids hold a colon, which a client's may not.
    const answer = await unchanged(table, () =>
      act(client, { type: 'draw', from: 'drawPile' }, { id: `bot:${version + 1}:${seat}` }),
    );
    expect(answer).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    // What the server's ids once looked like is a client's id like any other.
    const drawn = await act(
      client,
      { type: 'draw', from: 'drawPile' },
      { id: `bot-${version + 1}-${seat}` },
    );
    expect(drawn).toEqual({ ok: true, version: version + 1 });
    // The player leaves mid-turn: the stand-in plays the rest of it, and play goes on.
    await client.ok('room:leave', {});
    await other.until(
      () => (other.view?.version ?? 0) >= version + 2 && turnSeat(other.view) === 1 - seat,
      5000,
      "the stand-in's discard",
    );
    const stored = await table.server.server.store.loadGame(table.code, 1);
    expect(stored!.log[version + 1]).toMatchObject({
      seat,
      actionId: `bot:${version + 1}:${seat}`,
    });
  });

  it('R25: the field choice is checked for legality only, so two players choosing at once both count', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    const [host, guest] = table.players as [Client, Client];
    expect(host.view!.version).toBe(0);
    expect(await act(host, { type: 'choosePile', pile: 'A' }, { version: 0 })).toMatchObject({
      ok: true,
    });
    expect(await act(guest, { type: 'choosePile', pile: 'B' }, { version: 0 })).toMatchObject({
      ok: true,
    });
    await seen([host, guest], 2);
    expect(host.view!.phase).toBe('turns');
    // A second choice is against the rules, and changes nothing.
    expect(
      await unchanged(table, () => act(host, { type: 'choosePile', pile: 'B' })),
    ).toMatchObject({ ok: false });
  });

  it('R25: out of turn is refused with NOT_YOUR_TURN', async () => {
    const table = await playing();
    const { other, seat } = mover(table);
    const ownCard = other.view!.seats[1 - seat]!.hand![0]!.id;
    const answers = await unchanged(table, async () => [
      await act(other, { type: 'draw', from: 'drawPile' }),
      await act(other, { type: 'draw', from: 'discardPile' }),
      await act(other, { type: 'discard', cardId: ownCard }),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        code: 'NOT_YOUR_TURN',
        message: RULE_ERRORS.NOT_YOUR_TURN,
      });
    }
  });

  it('R25: moves against the rules are refused with their reason', async () => {
    const table = await playing();
    const { client, seat } = mover(table);
    const card = client.view!.seats[seat]!.hand![0]!.id;
    const early = await unchanged(table, () => act(client, { type: 'discard', cardId: card }));
    expect(early).toMatchObject({ ok: false, code: 'WRONG_STEP' });
    await actOk(client, { type: 'draw', from: 'discardPile' });
    await seen(table.everyone, client.view!.version);
    const taken = client.view!.turn!.takenFromDiscard as { id: string };
    const answers = await unchanged(table, async () => [
      await act(client, { type: 'draw', from: 'drawPile' }),
      await act(client, { type: 'discard', cardId: taken.id }),
      await act(client, { type: 'exchange', cardId: card, position: 5 }),
    ]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.code))).toEqual([
      'WRONG_STEP',
      'DISCARD_TAKEN_CARD',
      'BAD_REQUEST',
    ]);
  });
});

describe('§7: refusals say nothing about others', () => {
  it("another seat's card id is refused exactly like an unknown id (CARD_NOT_IN_HAND)", async () => {
    const table = await playing();
    const { client, other, seat } = mover(table);
    await actOk(client, { type: 'draw', from: 'drawPile' });
    await seen(table.everyone, client.view!.version);
    const theirs = other.view!.seats[1 - seat]!.hand!.map((c) => c.id);
    const [foreign, unknown, foreignExchange, unknownExchange] = await unchanged(
      table,
      async () => [
        await act(client, { type: 'discard', cardId: theirs[0]! }),
        await act(client, { type: 'discard', cardId: 'no-such-card' }),
        await act(client, { type: 'exchange', cardId: theirs[1]!, position: 0 }),
        await act(client, { type: 'exchange', cardId: 'no-such-card', position: 0 }),
      ],
    );
    expect(foreign).toEqual({
      ok: false,
      code: 'CARD_NOT_IN_HAND',
      message: RULE_ERRORS.CARD_NOT_IN_HAND,
    });
    expect(unknown).toEqual(foreign);
    expect(foreignExchange).toEqual(unknownExchange);
    expect(foreignExchange).toMatchObject({ ok: false });
  });
});

describe('who may act', () => {
  it('a spectator acting is refused with NOT_SEATED', async () => {
    const table = await playing();
    const watcher = table.spectators[0]!;
    const answers = await unchanged(table, async () => [
      await act(watcher, { type: 'draw', from: 'drawPile' }),
      await act(watcher, { type: 'choosePile', pile: 'A' }),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({ ok: false, code: 'NOT_SEATED', message: SERVER_ERRORS.NOT_SEATED });
    }
  });

  it('a socket in no room is refused with NOT_IN_ROOM', async () => {
    const table = await playing();
    const stranger = await connect(scope, table.server.url);
    const answers = await unchanged(table, async () => [
      await stranger.request('game:action', {
        version: table.host.view!.version,
        actionId: 'stranger-1',
        action: { type: 'draw', from: 'drawPile' },
      }),
      await stranger.request('game:sync', {}),
      await stranger.request('room:start', {}),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
  });

  it('a kicked player acting is refused with KICKED', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 3, spectators: 1, start: true });
    await chooseFields(table);
    const turn = turnSeat(table.host.view);
    const kickedSeat = turn === 1 ? 2 : 1;
    const kicked = table.players[kickedSeat]!;
    const rest = table.everyone.filter((c) => c !== kicked);
    await table.host.ok('room:kick', { memberId: kicked.you!.memberId });
    await table.host.until(() => table.host.room?.seats[kickedSeat]?.standIn === true);
    const remaining: Table = { ...table, everyone: rest };
    const again = await connect(scope, server.url);
    const [rejoined, acted, synced, chatted] = await unchanged(remaining, async () => [
      await again.request('room:join', { code: table.code, token: kicked.you!.token }),
      await act(kicked, { type: 'draw', from: 'drawPile' }),
      await kicked.request('game:sync', {}),
      await kicked.request('chat:send', { text: 'let me back in' }),
    ]);
    expect(rejoined).toEqual({ ok: false, code: 'KICKED', message: SERVER_ERRORS.KICKED });
    expect({ acted, synced, chatted }).toEqual({
      acted: { ok: false, code: 'KICKED', message: SERVER_ERRORS.KICKED },
      synced: { ok: false, code: 'KICKED', message: SERVER_ERRORS.KICKED },
      chatted: { ok: false, code: 'KICKED', message: SERVER_ERRORS.KICKED },
    });
  });

  it('host actions by anyone else are refused with NOT_HOST', async () => {
    const table = await playing();
    const [host, guest] = table.players as [Client, Client];
    const watcher = table.spectators[0]!;
    for (const member of [guest, watcher]) {
      const answers = await unchanged(table, async () => [
        await member.request('room:setBot', { seat: 1, level: 'greedy' }),
        await member.request('room:configure', { settings: settingsWith(['peek']) }),
        await member.request('room:configure', { seatCount: 1 }),
        await member.request('room:lock', { locked: true }),
        await member.request('room:kick', { memberId: host.you!.memberId }),
        await member.request('room:passHost', { memberId: member.you!.memberId }),
        await member.request('room:handOver', { seat: 0 }),
        await member.request('room:start', {}),
        await member.request('room:rematch', {}),
      ]);
      for (const answer of answers) {
        expect(answer).toEqual({ ok: false, code: 'NOT_HOST', message: SERVER_ERRORS.NOT_HOST });
      }
    }
  });
});

describe('connecting and joining', () => {
  it('a client of another protocol version is refused at connect with PROTOCOL_MISMATCH', async () => {
    const table = await playing();
    const errors = await unchanged(table, async () => {
      const found: unknown[] = [];
      for (const auth of [
        { protocolVersion: PROTOCOL_VERSION + 1 },
        { protocolVersion: 0 },
        { protocolVersion: String(PROTOCOL_VERSION) },
        {},
      ]) {
        const socket = scope.socket(table.server.url, { transports: ['websocket'], auth });
        found.push(
          await new Promise((resolve, reject) => {
            socket.once('connect', () =>
              reject(new Error(`connected with ${JSON.stringify(auth)}`)),
            );
            socket.once('connect_error', (error: Error & { data?: unknown }) =>
              resolve({ message: error.message, data: error.data }),
            );
          }),
        );
      }
      return found;
    });
    for (const error of errors) {
      expect(error).toEqual({
        message: SERVER_ERRORS.PROTOCOL_MISMATCH,
        data: { code: 'PROTOCOL_MISMATCH', serverVersion: PROTOCOL_VERSION },
      });
    }
  });

  it('joining an unknown room is refused with ROOM_NOT_FOUND', async () => {
    const table = await playing();
    const other = table.code === 'BCDFGH' ? 'BCDFGJ' : 'BCDFGH';
    const client = await connect(scope, table.server.url);
    const answers = await unchanged(table, async () => [
      await client.request('room:join', { code: other, nickname: 'Lost' }),
      await client.request('room:join', { code: other, token: table.host.you!.token }),
      await client.request('room:join', { code: other.toLowerCase(), nickname: 'Lost' }),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        code: 'ROOM_NOT_FOUND',
        message: SERVER_ERRORS.ROOM_NOT_FOUND,
      });
    }
    // The code is read leniently: case and dashes do not matter.
    const loose = `${table.code.slice(0, 3).toLowerCase()}-${table.code.slice(3)}`;
    const joined = await client.request('room:join', {
      code: loose,
      nickname: 'Found',
      role: 'spectator',
    });
    expect(joined).toMatchObject({ ok: true, room: { code: table.code } });
  });

  it('a token that is not a member of this room is refused with BAD_TOKEN', async () => {
    const table = await playing();
    const elsewhere = await openTable(scope, table.server, { humans: 1 });
    const client = await connect(scope, table.server.url);
    const answers = await unchanged(table, async () => [
      await client.request('room:join', { code: table.code, token: randomToken() }),
      await client.request('room:join', { code: table.code, token: elsewhere.host.you!.token }),
      await client.request('room:join', {
        code: table.code,
        token: randomToken(),
        nickname: 'Sneaky',
      }),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({ ok: false, code: 'BAD_TOKEN', message: SERVER_ERRORS.BAD_TOKEN });
    }
    const malformed = await unchanged(table, () =>
      client.request('room:join', { code: table.code, token: 'not-a-token' }),
    );
    expect(malformed).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});
