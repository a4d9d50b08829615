/**
 * Bad input over real sockets and HTTP: every client event gets malformed payloads of every kind;
 * the server answers each with a refusal (or drops an oversized message), keeps running, and the
 * room's state is byte-identical afterwards. Then the HTTP endpoints and the origin check.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROTOCOL_VERSION,
  SERVER_ERRORS,
  clientSchemas,
  roomSummarySchema,
} from '@trepenta/protocol';
import type { ClientEventName } from '@trepenta/protocol';
import { DEFAULT_SETTINGS, verifyGame } from '@trepenta/rules';
import type { GameRecord } from '@trepenta/rules';
import type { Client } from './harness';
import { playUntilOver } from './harness';
import type { TestServer } from './harness';
import {
  DROPPED,
  Scope,
  act,
  chooseFields,
  connect,
  emitRaw,
  getJson,
  giveNonce,
  metric,
  openTable,
  randomNonce,
  rejoin,
  sleep,
  snapshot,
  turnSeat,
  waitFor,
} from './support';
import type { Table } from './support';
import { addressKey, clientAddress } from '../src/limits';

const scope = new Scope();
afterEach(() => scope.cleanup());

const EVENTS = Object.keys(clientSchemas) as ClientEventName[];
const MB = 1024 * 1024;

/** One well-formed payload per event, aimed at the table so that a slip would change it. */
function validPayloads(table: Table): Record<ClientEventName, Record<string, unknown>> {
  const guest = table.players[1]!.you!.memberId;
  return {
    'room:create': { nickname: 'Eve', settings: DEFAULT_SETTINGS, seatCount: 2, bots: [] },
    'room:join': { code: table.code, nickname: 'Eve', history: true },
    'room:leave': {},
    'room:sit': { seat: 1 },
    'room:stand': {},
    'room:setBot': { seat: 1, level: 'greedy' },
    'room:swapSeats': { seats: [0, 1] },
    'room:configure': { seatCount: 1, settings: { houseRules: { openField: true } } },
    'room:lock': { locked: true },
    'room:kick': { memberId: guest },
    'room:passHost': { memberId: guest },
    'room:handOver': { seat: 1 },
    'room:takeBack': {},
    'room:start': {},
    'room:rematch': {},
    'room:close': {},
    'game:nonce': { gameId: 'g', hash: randomNonce() },
    'game:action': { version: 2, actionId: 'a1', action: { type: 'draw', from: 'drawPile' } },
    'game:sync': {},
    'chat:send': { text: 'hi' },
  };
}

/** Keys whose absence makes the payload invalid (the others are optional or defaulted). */
const REQUIRED: Record<ClientEventName, readonly string[]> = {
  'room:create': ['nickname', 'settings', 'seatCount'],
  'room:join': ['code', 'nickname'],
  'room:leave': [],
  'room:sit': ['seat'],
  'room:stand': [],
  'room:setBot': ['seat', 'level'],
  'room:swapSeats': ['seats'],
  'room:configure': [],
  'room:lock': ['locked'],
  'room:kick': ['memberId'],
  'room:passHost': ['memberId'],
  'room:handOver': ['seat'],
  'room:takeBack': [],
  'room:start': [],
  'room:rematch': [],
  'room:close': [],
  'game:nonce': ['gameId', 'hash'],
  'game:action': ['version', 'actionId', 'action'],
  'game:sync': [],
  'chat:send': ['text'],
};

/** A copy with an own key of any name, `__proto__` included (as JSON.parse would make it). */
function withKey(value: Record<string, unknown>, key: string, inner: unknown) {
  const copy = { ...value };
  Object.defineProperty(copy, key, {
    value: inner,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return 'true';
  if (Array.isArray(value)) return { 0: 'an object, not an array' };
  if (value === null) return 7;
  return 'not an object';
}

const EXTRA_NUMBERS: Partial<Record<ClientEventName, Record<string, unknown>[]>> = {
  'room:create': [
    { seatCount: 0 },
    { seatCount: 7 },
    { seatCount: 9 },
    { seatCount: 2.5 },
    { game: 'chess' },
    { game: 'Trepenta' },
  ],
  // Eight seats at most on the platform (each game says its own range, below).
  'room:sit': [{ seat: -1 }, { seat: 8 }, { seat: 0.5 }],
  'room:setBot': [{ seat: 9 }, { level: 'genius' }],
  'room:configure': [
    { seatCount: 0 },
    { seatCount: 7 },
    { seatCount: 9 },
    { game: 'chess' },
    { settings: { turnTimerSeconds: 1 } },
    { settings: { deck: 'pinochle' } },
    { settings: { houseRules: { openField: 'yes' } } },
    { settings: { houseRules: { jokers: true } } },
  ],
  'room:handOver': [{ seat: -1 }, { seat: 8 }],
  'game:action': [
    { version: -1 },
    { version: 1.5 },
    { actionId: '' },
    { actionId: 'has space' },
    { action: { type: 'draw', from: 'elsewhere' } },
    { action: { type: 'timeout', key: 'setup/1', standIn: [] } },
    { action: { type: 'abandon' } },
    { action: { type: 'chooseSort', field: Array.from({ length: 6 }, (_, i) => `c${i}`) } },
    { action: { type: 'arrange', melds: Array.from({ length: 6 }, () => ['a', 'b', 'c']) } },
    { action: { type: 'discard', cardId: 'x'.repeat(33) } },
  ],
  'game:nonce': [
    { hash: 'A'.repeat(64) },
    { hash: '0'.repeat(63) },
    { gameId: 'g'.repeat(65) },
    { epoch: -1 },
    { epoch: 0.5 },
    { nonce: randomNonce() },
  ],
  'room:join': [{ code: 'AEIOU1' }, { role: 'host' }, { token: 'short' }],
  'room:kick': [{ memberId: 'admin' }],
  'chat:send': [{ text: '' }, { text: 'x'.repeat(281) }],
};

interface Bad {
  readonly label: string;
  readonly payload: unknown;
}

/** Every malformed variant of one event's payload that still fits in a message. */
function badPayloads(event: ClientEventName, valid: Record<string, unknown>): Bad[] {
  const bad: Bad[] = [
    { label: 'null', payload: null },
    { label: 'undefined', payload: undefined },
    { label: 'number', payload: 42 },
    { label: 'string', payload: JSON.stringify(valid) },
    { label: 'true', payload: true },
    { label: 'array', payload: [valid] },
    { label: 'Buffer', payload: Buffer.from(JSON.stringify(valid)) },
    { label: 'ArrayBuffer', payload: new ArrayBuffer(16) },
    { label: 'Uint8Array', payload: new Uint8Array([1, 2, 3]) },
    { label: 'extra field', payload: { ...valid, extra: 1 } },
    { label: '__proto__ key', payload: withKey(valid, '__proto__', { polluted: true }) },
    { label: 'constructor key', payload: withKey(valid, 'constructor', { prototype: {} }) },
    { label: 'prototype key', payload: withKey(valid, 'prototype', { polluted: true }) },
    { label: 'big array', payload: { ...valid, list: Array.from({ length: 2000 }, () => 0) } },
  ];
  for (const key of REQUIRED[event]) {
    const { [key]: _dropped, ...rest } = valid;
    bad.push({ label: `missing ${key}`, payload: rest });
  }
  for (const [key, value] of Object.entries(valid)) {
    bad.push({ label: `${key} of the wrong type`, payload: { ...valid, [key]: wrongType(value) } });
    bad.push({ label: `${key} as a Buffer`, payload: { ...valid, [key]: Buffer.from('x') } });
    if (typeof value === 'string') {
      bad.push({ label: `${key} of 8 KB`, payload: { ...valid, [key]: 'x'.repeat(8192) } });
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inner = value as Record<string, unknown>;
      bad.push({
        label: `${key} with a __proto__ key`,
        payload: { ...valid, [key]: withKey(inner, '__proto__', { polluted: true }) },
      });
      bad.push({
        label: `${key} with an extra key`,
        payload: { ...valid, [key]: { ...inner, constructor: 'x' } },
      });
    }
    if (Array.isArray(value)) {
      bad.push({
        label: `${key} of 9 bots`,
        payload: {
          ...valid,
          [key]: Array.from({ length: 9 }, () => ({ seat: 1, level: 'random' })),
        },
      });
    }
  }
  for (const change of EXTRA_NUMBERS[event] ?? []) {
    bad.push({ label: JSON.stringify(change).slice(0, 60), payload: { ...valid, ...change } });
  }
  return bad;
}

/** Too big for one message (MAX_MESSAGE_BYTES is 16 KB by default). */
function hugePayloads(valid: Record<string, unknown>): Bad[] {
  const stringKey = Object.keys(valid).find((key) => typeof valid[key] === 'string') ?? 'pad';
  return [
    { label: '1 MB string', payload: { ...valid, [stringKey]: 'x'.repeat(MB) } },
    { label: '300k-element array', payload: { ...valid, list: new Array(300_000).fill(0) } },
    { label: '1 MB Buffer', payload: Buffer.alloc(MB, 1) },
  ];
}

function allowedCodes(event: ClientEventName): string[] {
  return event === 'room:join' || event === 'room:create'
    ? ['BAD_REQUEST', 'BAD_NICKNAME']
    : ['BAD_REQUEST'];
}

/** The server still takes new rooms and answers its health check. */
async function expectAlive(server: TestServer): Promise<void> {
  const fresh = await connect(scope, server.url);
  const created = await fresh.request('room:create', {
    nickname: 'Fresh',
    settings: DEFAULT_SETTINGS,
    seatCount: 1,
    bots: [],
  });
  expect(created.ok).toBe(true);
  expect((await getJson(`${server.url}/healthz`)).body).toEqual({ ok: true });
}

async function tableIn(state: 'lobby' | 'playing', server: TestServer): Promise<Table> {
  const table = await openTable(scope, server, {
    humans: 2,
    spectators: 1,
    start: state === 'playing',
  });
  if (state === 'playing') await chooseFields(table);
  return table;
}

describe.each(['lobby', 'playing'] as const)('malformed requests in a room (%s)', (state) => {
  it('every event, every kind of malformed payload: refused, and nothing changes', async () => {
    const server = await scope.server();
    const table = await tableIn(state, server);
    const sender = table.host;
    const valid = validPayloads(table);
    for (const event of EVENTS) {
      expect(clientSchemas[event].safeParse(valid[event]).success, event).toBe(true);
    }
    const before = await snapshot(table.everyone);
    const failures: string[] = [];
    let sent = 0;
    for (const event of EVENTS) {
      for (const bad of badPayloads(event, valid[event])) {
        const answer = await emitRaw(sender.socket, event, [bad.payload], { timeoutMs: 5000 });
        sent++;
        const code = (answer as { code?: unknown } | null)?.code;
        const refused =
          typeof answer === 'object' &&
          answer !== null &&
          (answer as { ok?: unknown }).ok === false &&
          typeof (answer as { message?: unknown }).message === 'string' &&
          allowedCodes(event).includes(String(code));
        if (!refused) {
          failures.push(
            `${event} ${bad.label}: ${typeof answer === 'symbol' ? answer.description : JSON.stringify(answer)}`,
          );
        }
      }
    }
    expect(failures.join('\n')).toBe('');
    expect(sent).toBeGreaterThan(300);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await snapshot(table.everyone)).toEqual(before);
    expect(sender.socket.connected).toBe(true);
    await expectAlive(server);
  });

  it('malformed requests without an ack callback are ignored, and the socket still works', async () => {
    const server = await scope.server();
    const table = await tableIn(state, server);
    const valid = validPayloads(table);
    const before = await snapshot(table.everyone);
    const counts = table.everyone.map((c) => c.received.length);
    for (const event of EVENTS) {
      for (const bad of badPayloads(event, valid[event])) {
        await emitRaw(table.host.socket, event, [bad.payload], { ack: false });
      }
      // A trailing non-function "ack" is just another argument.
      const extra = { ...valid[event], extra: 1 };
      await emitRaw(table.host.socket, event, [extra, 'not a function'], { ack: false });
    }
    expect(await snapshot(table.everyone)).toEqual(before);
    expect(table.everyone.map((c) => c.received.length)).toEqual(counts);
    expect(table.host.socket.connected).toBe(true);
    await expectAlive(server);
  });

  it('an event sent with only an ack callback (no payload) is answered with BAD_REQUEST', async () => {
    const server = await scope.server();
    const table = await tableIn(state, server);
    const before = await snapshot(table.everyone);
    const answers = await Promise.all(
      EVENTS.map((event) => emitRaw(table.host.socket, event, [], { timeoutMs: 1000 })),
    );
    const unanswered = EVENTS.flatMap((event, i) => {
      const answer = answers[i];
      if ((answer as { code?: string } | null)?.code === 'BAD_REQUEST') return [];
      return [
        `${event}: ${typeof answer === 'symbol' ? answer.description : JSON.stringify(answer)}`,
      ];
    });
    expect(await snapshot(table.everyone)).toEqual(before);
    expect(unanswered.join('\n')).toBe('');
  });

  it('oversized messages (1 MB strings, huge arrays, 1 MB binary) are dropped with the socket', async () => {
    const server = await scope.server();
    const table = await tableIn(state, server);
    const valid = validPayloads(table);
    const before = await snapshot(table.everyone);
    const outcomes: string[] = [];
    for (const event of EVENTS) {
      for (const huge of hugePayloads(valid[event])) {
        // A second tab of the host: dropping it leaves the host connected through the first.
        const { client: tab } = await rejoin(scope, server.url, table.code, table.host.you!.token);
        const answer = await emitRaw(tab.socket, event, [huge.payload], { timeoutMs: 3000 });
        if (answer !== DROPPED) outcomes.push(`${event} ${huge.label}: ${String(answer)}`);
        tab.close();
      }
    }
    expect(outcomes.join('\n')).toBe('');
    expect(table.host.socket.connected).toBe(true);
    expect(await snapshot(table.everyone)).toEqual(before);
    await expectAlive(server);
  });
});

describe('the per-socket rate limit', () => {
  it('a flood beyond RATE_BURST is refused with RATE_LIMITED; other sockets and the room are unaffected', async () => {
    const server = await scope.server({ RATE_PER_SECOND: 5, RATE_BURST: 10 });
    const table = await openTable(scope, server, { humans: 2, spectators: 1 });
    const [host, guest] = table.players as [Client, Client];
    const others = [guest, table.spectators[0]!];
    const before = await snapshot(others);
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? host.request('game:sync', {})
          : host.request('room:lock', { locked: i % 4 === 1, junk: true }),
      ),
    );
    const codes = flood.map((answer) => (answer.ok ? 'ok' : answer.code));
    const limited = codes.filter((code) => code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThanOrEqual(25);
    expect(codes.filter((code) => code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(12);
    // Requests passed the limiter are judged as usual: the junk field is still refused.
    expect(codes.filter((code) => code !== 'RATE_LIMITED' && code !== 'ok')).toEqual(
      codes.filter((code) => code === 'BAD_REQUEST'),
    );
    // Another socket is not limited by this one.
    expect(await snapshot(others)).toEqual(before);
    // The bucket refills at RATE_PER_SECOND.
    await waitFor(async () => (await host.request('game:sync', {})).ok, 3000, 'the refill');
    const metrics = (await getJson(`${server.url}/metrics`)).body as string;
    expect(
      metric(metrics, 'trepenta_errors_total', { code: 'RATE_LIMITED' }),
    ).toBeGreaterThanOrEqual(limited);
    expect(host.room!.locked).toBe(false);
    await expectAlive(server);
  });
});

describe('HTTP', () => {
  it('/healthz, /readyz and /api/rooms/:code', async () => {
    const server = await scope.server();
    expect(await getJson(`${server.url}/healthz`)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({
      status: 200,
      body: { ok: true, rooms: 0, store: 'sqlite' },
    });
    const table = await openTable(scope, server, {
      humans: 1,
      bots: [{ seat: 1, level: 'random' }],
      seatCount: 3,
      spectators: 2,
    });
    expect((await getJson(`${server.url}/readyz`)).body).toEqual({
      ok: true,
      rooms: 1,
      store: 'sqlite',
    });
    const summary = await getJson(`${server.url}/api/rooms/${table.code}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      code: table.code,
      game: 'trepenta',
      status: 'lobby',
      locked: false,
      seatCount: 3,
      freeSeats: 1,
      spectators: 2,
      settings: DEFAULT_SETTINGS,
      gameNumber: 0,
      // Whose room it is and who sits where, for the link's page.
      host: 'Host',
      seats: [
        { kind: 'human', nickname: 'Host', botLevel: null },
        { kind: 'bot', nickname: null, botLevel: 'random' },
        { kind: 'empty', nickname: null, botLevel: null },
      ],
    });
    expect(roomSummarySchema.safeParse(summary.body).success).toBe(true);
    const loose = await getJson(`${server.url}/api/rooms/${table.code.toLowerCase()}`);
    expect(loose.body).toEqual(summary.body);
    const unknown = table.code === 'BCDFGH' ? 'BCDFGJ' : 'BCDFGH';
    for (const code of [unknown, 'nope', '%00', '..%2F..', 'x'.repeat(90)]) {
      expect(await getJson(`${server.url}/api/rooms/${code}`)).toMatchObject({
        status: 404,
        body: { error: 'ROOM_NOT_FOUND' },
      });
    }
    // Beyond Fastify's parameter length: refused before the route runs.
    expect((await getJson(`${server.url}/api/rooms/${'x'.repeat(300)}`)).status).toBe(414);
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
  });

  it('/metrics: rooms, sockets, actions, action latency and errors by code', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    await emitRaw(table.host.socket, 'room:lock', [{ locked: 'yes' }]);
    const seat = turnSeat(table.host.view);
    expect(await act(table.players[1 - seat]!, { type: 'draw', from: 'drawPile' })).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
    const response = await getJson(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.type).toContain('text/plain');
    const text = response.body as string;
    for (const name of [
      'trepenta_rooms',
      'trepenta_sockets',
      'trepenta_actions_total',
      'trepenta_action_seconds',
      'trepenta_errors_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(metric(text, 'trepenta_rooms')).toBe(1);
    expect(metric(text, 'trepenta_sockets')).toBe(2);
    expect(metric(text, 'trepenta_actions_total', { kind: 'seat' })).toBe(2);
    expect(metric(text, 'trepenta_action_seconds_count')).toBe(2);
    expect(metric(text, 'trepenta_action_seconds_bucket', { le: '+Inf' })).toBe(2);
    expect(metric(text, 'trepenta_errors_total', { code: 'BAD_REQUEST' })).toBe(1);
    expect(metric(text, 'trepenta_errors_total', { code: 'NOT_YOUR_TURN' })).toBeGreaterThan(0);

    table.players[1]!.close();
    await waitFor(
      async () =>
        metric((await getJson(`${server.url}/metrics`)).body as string, 'trepenta_sockets') === 1,
      5000,
      'the socket gauge to drop',
    );
  });

  it('/metrics: each refused request counts once in trepenta_errors_total', async () => {
    const server = await scope.server();
    const table = await openTable(scope, server, { humans: 2, start: true });
    await chooseFields(table);
    const seat = turnSeat(table.host.view);
    const errors = async (code: string) =>
      metric((await getJson(`${server.url}/metrics`)).body as string, 'trepenta_errors_total', {
        code,
      });
    const before = {
      NOT_YOUR_TURN: await errors('NOT_YOUR_TURN'),
      STALE_VERSION: await errors('STALE_VERSION'),
      NOT_HOST: await errors('NOT_HOST'),
    };
    await act(table.players[1 - seat]!, { type: 'draw', from: 'drawPile' });
    await act(table.players[seat]!, { type: 'draw', from: 'drawPile' }, { version: 0 });
    await table.players[1]!.request('room:lock', { locked: true });
    expect({
      NOT_YOUR_TURN: (await errors('NOT_YOUR_TURN')) - before.NOT_YOUR_TURN,
      STALE_VERSION: (await errors('STALE_VERSION')) - before.STALE_VERSION,
      NOT_HOST: (await errors('NOT_HOST')) - before.NOT_HOST,
    }).toEqual({ NOT_YOUR_TURN: 1, STALE_VERSION: 1, NOT_HOST: 1 });
  });

  it('§8: the replay is refused while playing and complete, secrets and all, once finished', async () => {
    const server = await scope.server({ TIMER_SCALE: 0.05 });
    const table = await openTable(scope, server, {
      humans: 1,
      bots: [{ seat: 1, level: 'greedy' }],
    });
    const host = table.host;
    await host.ok('room:start', {});
    const commit = host.room!.commit!;
    expect(host.room!.status).toBe('starting');
    const nonce = randomNonce();
    await giveNonce(host, nonce);
    await host.until(() => host.view !== null, 5000, 'the deal');
    const base = `${server.url}/api/rooms/${table.code}/games`;
    expect(await getJson(`${base}/1/replay`)).toMatchObject({
      status: 409,
      body: { error: 'NOT_FINISHED' },
    });
    expect((await getJson(`${base}/2/replay`)).status).toBe(404);
    for (const game of ['0', '-1', 'abc', '1.5']) {
      expect((await getJson(`${base}/${game}/replay`)).status).toBe(400);
    }
    expect((await getJson(`${server.url}/api/rooms/nope/games/1/replay`)).status).toBe(400);

    await playUntilOver(host, 'greedy', 40_000);
    const replay = await getJson(`${base}/1/replay`);
    expect(replay.status).toBe(200);
    // Asked again (every browser at the table asks when the game ends): the same body, from
    // memory, and marked as never changing.
    const loadGame = vi.spyOn(server.server.store, 'loadGame');
    const again = await fetch(`${base}/1/replay`);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await again.json()).toEqual(replay.body);
    expect(loadGame).not.toHaveBeenCalled();
    loadGame.mockRestore();
    const record = replay.body as GameRecord & {
      code: string;
      game: number;
      names: string[];
      commitments: string[];
    };
    expect(record.code).toBe(table.code);
    expect(record.game).toBe(1);
    expect(record.names).toEqual(['Host', 'Bot (greedy)']);
    expect(record.commitments).toEqual(commit.commitments);
    expect(record.randomness.gameId).toBe(commit.gameId);
    expect(record.randomness.secrets).toEqual(host.view!.fairness.secrets);
    expect(record.randomness.secrets).toHaveLength(5);
    expect(record.randomness.nonces[0]).toBe(nonce);
    expect(record.log.length).toBe(host.view!.version);
    const observation = {
      viewer: 0,
      batches: host.updates
        .filter((u) => u.events.length > 0)
        .map((u) => ({ version: u.view.version, events: u.events })),
    };
    expect(observation.batches.length).toBeGreaterThan(10);
    const verified = verifyGame(record, commit.commitments, observation);
    expect(verified.problems).toEqual([]);
    expect(verified.ok).toBe(true);
    // A tampered record does not verify.
    const tampered = {
      ...record,
      randomness: { ...record.randomness, nonces: [randomNonce(), record.randomness.nonces[1]!] },
    };
    expect(verifyGame(tampered, commit.commitments, observation).ok).toBe(false);
  });
});

describe('the join limit (per address)', () => {
  /** room:create from a socket whose handshake carries this X-Forwarded-For. */
  async function create(url: string, forwardedFor: string): Promise<string> {
    const socket = scope.socket(url, {
      transports: ['websocket'],
      auth: { protocolVersion: PROTOCOL_VERSION },
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', reject);
    });
    const answer = (await socket.emitWithAck('room:create', {
      nickname: 'Ann',
      settings: DEFAULT_SETTINGS,
      seatCount: 2,
      bots: [],
    })) as { ok: boolean; code?: string };
    socket.close();
    return answer.ok ? 'ok' : answer.code!;
  }

  it('new joins, room creations, wrong tokens and unknown codes count; a member coming back with a right token does not', async () => {
    const server = await scope.server({ JOINS_PER_MINUTE: 5 });
    const table = await openTable(scope, server, { humans: 2 }); // a creation and a join: 2
    const stranger = await connect(scope, server.url);
    const wrong = 'A'.repeat(43);
    expect(await stranger.request('room:join', { code: table.code, token: wrong })).toMatchObject({
      code: 'BAD_TOKEN',
    });
    // A token does not make guessing codes free.
    const unknown = table.code === 'BCDFGH' ? 'BCDFGJ' : 'BCDFGH';
    expect(await stranger.request('room:join', { code: unknown, token: wrong })).toMatchObject({
      code: 'ROOM_NOT_FOUND',
    });
    expect(await stranger.request('room:join', { code: table.code, nickname: 'Cy' })).toMatchObject(
      { ok: true },
    );
    // The budget of 5 is spent.
    for (const attempt of [
      { code: table.code, nickname: 'Di' },
      { code: table.code, token: wrong },
      { code: unknown, token: wrong },
    ])
      expect(await stranger.request('room:join', attempt)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(
      await stranger.request('room:create', {
        nickname: 'Di',
        settings: DEFAULT_SETTINGS,
        seatCount: 2,
        bots: [],
      }),
    ).toMatchObject({ code: 'RATE_LIMITED' });
    // A member's token (256 random bits) is not a guess: coming back always works.
    for (let i = 0; i < 3; i++) {
      const { ack } = await rejoin(scope, server.url, table.code, table.players[1]!.you!.token);
      expect(ack.you.seat).toBe(1);
    }
  });

  it('REJOINS_PER_MINUTE: a socket flipping between two members’ tokens is stopped after 30 returns per member a minute; everyone else is not', async () => {
    const server = await scope.server({ REJOINS_PER_MINUTE: 30 });
    const table = await openTable(scope, server, { humans: 3 });
    const [host, bea, cyd] = table.players as [Client, Client, Client];
    const tokens = [bea.you!.token, cyd.you!.token];
    const flipper = await connect(scope, server.url);
    const roomStates = () => host.received.filter((r) => r.event === 'room:state').length;
    const statesBefore = roomStates();
    const answers: string[] = [];
    for (let i = 0; i < 70; i++) {
      const answer = await flipper.request('room:join', {
        code: table.code,
        token: tokens[i % 2]!,
      });
      answers.push(answer.ok ? 'ok' : answer.code);
    }
    // Their first joins were new ones (by nickname): 30 returns each pass, then none. (Each
    // refusal leaves the socket in as the other member, which it may join again: no return.)
    expect(answers.slice(0, 60).every((a) => a === 'ok')).toBe(true);
    expect(answers.slice(60).filter((_, i) => i % 2 === 0)).toEqual(
      Array<string>(5).fill('RATE_LIMITED'),
    );
    // The room heard of at most two presence changes per accepted flip, and then no more.
    await sleep(200);
    const heard = roomStates() - statesBefore;
    expect(heard).toBeLessThanOrEqual(2 * 60 + 2);
    await sleep(200);
    expect(roomStates() - statesBefore).toBe(heard);
    // The host returns as usual, and the room works.
    const { ack } = await rejoin(scope, server.url, table.code, host.you!.token);
    expect(ack.you.seat).toBe(0);
    expect(await host.request('room:lock', { locked: true })).toEqual({ ok: true });
  });

  it('REJOINS_PER_MINUTE: an address gets four members’ worth of returns, however many members it flips through; a socket already in as that member spends none', async () => {
    const server = await scope.server({ REJOINS_PER_MINUTE: 2 });
    const table = await openTable(scope, server, { humans: 6 });
    const tokens = table.players.slice(1).map((p) => p.you!.token);
    const flipper = await connect(scope, server.url);
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const token of tokens) {
        const answer = await flipper.request('room:join', { code: table.code, token });
        answers.push(answer.ok ? 'ok' : answer.code);
      }
    }
    // Five members with 2 each would be 10; the address stops at 8 (the first round, then three
    // of the second). In the third, the member the socket is already in is no return: it passes.
    expect(answers).toEqual([
      ...Array<string>(8).fill('ok'),
      ...Array<string>(4).fill('RATE_LIMITED'),
      'ok',
      ...Array<string>(2).fill('RATE_LIMITED'),
    ]);
    // The host's own socket joining again as the host is not a return.
    const host = table.players[0]!;
    for (let i = 0; i < 3; i++) {
      expect(
        await host.request('room:join', { code: table.code, token: host.you!.token }),
      ).toMatchObject({ ok: true });
    }
  });

  it('TRUST_PROXY: behind a proxy every client has a budget of its own; the header alone buys nothing', async () => {
    const proxied = await scope.server({ JOINS_PER_MINUTE: 1, TRUST_PROXY: 1 });
    // As a proxy that appends the address it received from sends them.
    expect(await create(proxied.url, '203.0.113.1')).toBe('ok');
    expect(await create(proxied.url, '203.0.113.2')).toBe('ok');
    expect(await create(proxied.url, '203.0.113.1')).toBe('RATE_LIMITED');
    // A client that writes the header itself: the proxy's entry, on the right, is the one used.
    expect(await create(proxied.url, '198.51.100.7, 203.0.113.2')).toBe('RATE_LIMITED');
    // Without TRUST_PROXY the header is ignored: one peer, one budget.
    const direct = await scope.server({ JOINS_PER_MINUTE: 1 });
    expect(await create(direct.url, '203.0.113.1')).toBe('ok');
    expect(await create(direct.url, '203.0.113.2')).toBe('RATE_LIMITED');
    // Two addresses of one IPv6 /64 are one client; the next /64 is another.
    expect(await create(proxied.url, '2001:db8:a:b::1')).toBe('ok');
    expect(await create(proxied.url, '2001:db8:a:b:ffff::2')).toBe('RATE_LIMITED');
    expect(await create(proxied.url, '2001:db8:a:c::1')).toBe('ok');
  });

  it('ROOMS_PER_ADDRESS: one address cannot fill the server with rooms; a room that closes frees its place', async () => {
    const server = await scope.server({
      ROOMS_PER_ADDRESS: 2,
      TRUST_PROXY: 1,
      ROOM_IDLE_MS: 1500,
      SWEEP_INTERVAL_MS: 100,
    });
    expect(await create(server.url, '203.0.113.1')).toBe('ok');
    expect(await create(server.url, '203.0.113.1')).toBe('ok');
    expect(await create(server.url, '203.0.113.1')).toBe('TOO_MANY_ROOMS');
    expect(await create(server.url, '203.0.113.2')).toBe('ok');
    expect(server.server.rooms.size).toBe(3);
    // Nobody is in them: they expire, and the address may open rooms again.
    await waitFor(() => server.server.rooms.size === 0, 5000, 'the idle rooms to expire');
    expect(await create(server.url, '203.0.113.1')).toBe('ok');
  });

  it('API_PER_MINUTE: room look-ups and replays are limited per address, with Retry-After', async () => {
    const server = await scope.server({ API_PER_MINUTE: 3, TRUST_PROXY: 1 });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const lookUp = (address: string) => getJson(`${server.url}/api/rooms/BBBBBB`, from(address));
    for (let i = 0; i < 3; i++) expect((await lookUp('203.0.113.1')).status).toBe(404);
    const response = await fetch(
      `${server.url}/api/rooms/BBBBBB/games/1/replay`,
      from('203.0.113.1'),
    );
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many requests; slow down a little.',
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await lookUp('203.0.113.1')).status).toBe(429);
    // The router decodes the path: an encoded /api/ is the same route, and the same budget.
    const encoded = await getJson(`${server.url}/%61pi/rooms/BBBBBB`, from('203.0.113.1'));
    expect(encoded.status).toBe(429);
    // Another address has its own budget; the health endpoints are not limited.
    expect((await lookUp('203.0.113.2')).status).toBe(404);
    expect((await getJson(`${server.url}/healthz`, from('203.0.113.1'))).status).toBe(200);
    const metrics = (await getJson(`${server.url}/metrics`)).body as string;
    expect(metric(metrics, 'trepenta_errors_total', { code: 'RATE_LIMITED' })).toBe(3);
  });

  it('CONNECTIONS_PER_ADDRESS: one address cannot hold more sockets than that; told why, or past the slack not let in', async () => {
    const server = await scope.server({ CONNECTIONS_PER_ADDRESS: 3, TRUST_PROXY: 1 });
    const open = (address: string) => {
      const socket = scope.socket(server.url, {
        transports: ['websocket'],
        auth: { protocolVersion: PROTOCOL_VERSION },
        extraHeaders: { 'x-forwarded-for': address },
      });
      return new Promise<{ socket: typeof socket; refusal?: unknown }>((resolve) => {
        socket.once('connect', () => resolve({ socket }));
        socket.once('connect_error', (error: Error & { data?: unknown }) =>
          resolve({ socket, refusal: { message: error.message, data: error.data } }),
        );
      });
    };
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await open('203.0.113.1'));
    expect(first.map((attempt) => attempt.refusal)).toEqual([undefined, undefined, undefined]);
    const fourth = await open('203.0.113.1');
    expect(fourth.refusal).toEqual({
      message: SERVER_ERRORS.TOO_MANY_CONNECTIONS,
      data: { code: 'TOO_MANY_CONNECTIONS', limit: 3 },
    });
    fourth.socket.close();
    // Another address has its own budget, and the ones let in still work.
    expect((await open('203.0.113.2')).refusal).toBeUndefined();
    const client = first[0]!.socket;
    expect(
      await client.emitWithAck('room:create', {
        nickname: 'Ann',
        settings: DEFAULT_SETTINGS,
        seatCount: 2,
        bots: [],
      }),
    ).toMatchObject({ ok: true });
    // One closes: its place is free again.
    first[2]!.socket.close();
    await waitFor(
      async () => (await open('203.0.113.1')).refusal === undefined,
      3000,
      'a place to come free',
    );
    // Connections that never say which namespace they want count too; past the slack (10) the
    // door stays shut: a bare 403, nothing opened.
    const handshake = () =>
      fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
        headers: { 'x-forwarded-for': '203.0.113.1' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await handshake()).status);
    // 3 sockets are open from this address (the closed ones may still be closing).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(9);
    expect(statuses.slice(-2)).toEqual([403, 403]);
    const refused = await handshake();
    expect(await refused.json()).toMatchObject({ message: SERVER_ERRORS.TOO_MANY_CONNECTIONS });
    expect((await open('203.0.113.2')).refusal).toBeUndefined();
    const metrics = (await getJson(`${server.url}/metrics`)).body as string;
    expect(
      metric(metrics, 'trepenta_errors_total', { code: 'TOO_MANY_CONNECTIONS' }),
    ).toBeGreaterThanOrEqual(4);
  });

  it('one connection carries one socket: CONNECT packets sent together are refused past the first, however often', async () => {
    const server = await scope.server({ CONNECTIONS_PER_ADDRESS: 2 });
    const base = `${server.url}/socket.io/?EIO=4&transport=polling`;
    const opened = await (await fetch(base)).text();
    const { sid } = JSON.parse(opened.slice(1)) as { sid: string };
    const session = `${base}&sid=${sid}`;
    const post = async (body: string) =>
      expect((await fetch(session, { method: 'POST', body })).status).toBe(200);
    /** The packets the server has for this connection (one long-poll). */
    const poll = async () => (await (await fetch(session)).text()).split('\x1e');
    const connectPacket = `40${JSON.stringify({ protocolVersion: PROTOCOL_VERSION })}`;
    const sockets = () => server.server.io.of('/').sockets.size;
    for (let round = 0; round < 5; round++) {
      // Each round leaves the namespace ("41") and sends 300 CONNECTs in one body.
      if (round > 0) await post('41');
      await post(Array.from({ length: 300 }, () => connectPacket).join('\x1e'));
      const packets: string[] = [];
      // (A heartbeat's ping may come among them.)
      const answers = () => packets.filter((packet) => /^4[04]/.test(packet)).length;
      while (answers() < 300) packets.push(...(await poll()));
      // The first is connected; the other 299 are told why not, in words.
      expect(packets.filter((packet) => packet.startsWith('40')).length).toBe(1);
      const refusals = packets.filter((packet) => packet.startsWith('44'));
      expect(refusals).toHaveLength(299);
      expect(JSON.parse(refusals[0]!.slice(2))).toEqual({
        message: 'This connection already carries a socket.',
        data: { code: 'BAD_REQUEST' },
      });
      await waitFor(() => Promise.resolve(sockets() === 1), 2000, 'one socket');
    }
    // The socket it has works.
    await post(
      `420["room:create",${JSON.stringify({ nickname: 'Ann', settings: DEFAULT_SETTINGS, seatCount: 2, bots: [] })}]`,
    );
    let answer: string | undefined;
    while (answer === undefined) answer = (await poll()).find((packet) => packet.startsWith('430'));
    expect(answer).toMatch(/^430\[\{"ok":true/);
    expect(sockets()).toBe(1);
  });

  it('clientAddress: the entry TRUST_PROXY hops from the right, never one the client wrote', () => {
    expect(clientAddress('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '203.0.113.1', 0)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '203.0.113.1', 1)).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.5', ' 1.1.1.1 ,203.0.113.1 , 10.0.0.4', 2)).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.5', ['1.1.1.1', '203.0.113.1'], 1)).toBe('203.0.113.1');
    // Fewer entries than hops (a request that skipped a proxy): the leftmost one there is.
    expect(clientAddress('10.0.0.5', '203.0.113.1', 3)).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.5', ' , ', 1)).toBe('10.0.0.5');
    expect(clientAddress('::ffff:10.0.0.5', undefined, 0)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '2001:db8:a:b:1:2:3:4', 1)).toBe('2001:db8:a:b::/64');
  });

  it('addressKey: IPv4 as it is, IPv6 by its /64, whichever way it is written', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    for (const written of [
      '2001:db8:a:b:1:2:3:4',
      '2001:0DB8:000a:000b::9',
      '2001:db8:a:b::',
      '2001:db8:a:b::203.0.113.9',
      '2001:db8:a:b:ffff:ffff:ffff:ffff%eth0',
    ])
      expect(addressKey(written), written).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    // IPv4 clients written as IPv6, in either notation: each keeps its own IPv4 budget.
    for (const [written, v4] of [
      ['::ffff:cb00:7109', '203.0.113.9'],
      ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
      ['::ffff:203.0.113.9%1', '203.0.113.9'],
      ['64:ff9b::203.0.113.10', '203.0.113.10'],
      ['64:ff9b::cb00:710a', '203.0.113.10'],
    ])
      expect(addressKey(written!), written).toBe(v4);
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    // Not an address (a proxy that writes something else): kept as written.
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('203.0.113.9:4711')).toBe('203.0.113.9:4711');
  });
});

describe('the origin check', () => {
  function attempt(
    url: string,
    origin: string | null,
    transport: 'websocket' | 'polling',
  ): Promise<'connected' | 'refused'> {
    const socket = scope.socket(url, {
      transports: [transport],
      auth: { protocolVersion: PROTOCOL_VERSION },
      ...(origin === null ? {} : { extraHeaders: { origin } }),
    });
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
  }

  it('a socket from a foreign Origin is refused unless ALLOWED_ORIGINS lets it in', async () => {
    const closed = await scope.server();
    const open = await scope.server({
      ALLOWED_ORIGINS: 'http://friend.example, http://pal.example',
    });
    const any = await scope.server({ ALLOWED_ORIGINS: '*' });
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await attempt(closed.url, 'http://evil.example', transport)).toBe('refused');
      expect(await attempt(closed.url, 'null', transport)).toBe('refused');
      expect(await attempt(closed.url, closed.url, transport)).toBe('connected');
      expect(await attempt(closed.url, null, transport)).toBe('connected');
      expect(await attempt(open.url, 'http://friend.example', transport)).toBe('connected');
      expect(await attempt(open.url, 'http://pal.example', transport)).toBe('connected');
      expect(await attempt(open.url, 'http://evil.example', transport)).toBe('refused');
      expect(await attempt(any.url, 'http://evil.example', transport)).toBe('connected');
    }
  });
});
