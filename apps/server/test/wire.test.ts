/**
 * The redaction contract (docs/rules/trepenta.md §7) and the secrecy of the round secrets (§8) on the real wire:
 * full games over Socket.IO with humans (test clients deciding from their own views), bots and
 * non-seated viewers. Every payload each client received (Client.received, i.e. onAny, plus the
 * acks it got) is checked against what that client may know at that moment, derived from the true
 * state: the server's stored log replayed version by version (wire-checks.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { botRandom, faceKey, settingsWith, verifyGame, viewFor } from '@trepenta/rules';
import type {
  BotLevel,
  DeckSetting,
  EventView,
  Face,
  GameSettings,
  GameState,
  HouseRule,
  GameView,
  LogEntry,
  PlayerAction,
  Viewer,
} from '@trepenta/rules';
import type { ClientEventName } from '@trepenta/protocol';
import type { GameHistory, GameUpdate } from './trepenta';
import { Client, decide, startServer } from './harness';
import type { TestServer } from './harness';
import { checkClient, engineView, knowledge, replayByVersion } from './wire-checks';
import { hashOf } from './support';
import type { CheckStats, ClientRecord, Payload, TrueGame } from './wire-checks';

let server: TestServer | null = null;
const sockets: Client[] = [];
afterEach(async () => {
  for (const client of sockets.splice(0)) client.close();
  await server?.close();
  server = null;
});

/** A socket with the acks it got, under one viewer identity. */
interface Tracked {
  readonly name: string;
  readonly viewer: Viewer;
  readonly client: Client;
  readonly acks: Payload[];
}

function connect(name: string, viewer: Viewer): Tracked {
  const client = new Client(server!.url);
  sockets.push(client);
  return { name, viewer, client, acks: [] };
}

async function send<E extends ClientEventName>(t: Tracked, event: E, payload: unknown) {
  const answer = await t.client.request(event, payload);
  t.acks.push({ event: `ack:${event}`, args: [answer] });
  return answer;
}

async function must<E extends ClientEventName>(t: Tracked, event: E, payload: unknown) {
  const answer = await send(t, event, payload);
  if (!answer.ok) throw new Error(`${t.name}: ${event} refused: ${answer.code} ${answer.message}`);
  return answer;
}

const RETRYABLE = ['STALE_VERSION', 'WRONG_PHASE', 'NOT_YOUR_TURN', 'ALREADY_CHOSEN', 'WRONG_STEP'];

interface Human {
  readonly seat: number;
  readonly level: BotLevel;
  readonly random: () => number;
  token: string;
  current: Tracked;
  readonly all: Tracked[];
  /** Reconnect (new socket, same token) once the game reaches this version. */
  reconnectAt: number | null;
  actions: number;
  refusals: number;
  dawdles: number;
  /** The nonce this seat's client contributed, once the server acknowledged it (§8.2). */
  nonce?: string;
}

interface Case {
  readonly name: string;
  readonly seats: number;
  readonly humans: number;
  readonly rules: readonly HouseRule[];
  readonly deck: DeckSetting;
  readonly turnTimer: number | null;
  readonly reshuffleLimit?: number;
  readonly levels: readonly BotLevel[];
  /** Chance a human lets a fresh decision wait, so that timers and stand-ins act (R24). */
  readonly dawdle: number;
  readonly hostSpectates?: boolean;
  readonly reconnect?: boolean;
  readonly seed: number;
}

const CASES: readonly Case[] = [
  {
    name: '2p core',
    seats: 2,
    humans: 2,
    rules: [],
    deck: 'challenging',
    turnTimer: null,
    levels: ['greedy', 'random'],
    dawdle: 0,
    seed: 1,
  },
  {
    name: '2p peek longPlay, trepenta deck',
    seats: 2,
    humans: 1,
    rules: ['peek', 'longPlay'],
    deck: 'trepenta',
    turnTimer: null,
    reshuffleLimit: 2,
    levels: ['greedy'],
    dawdle: 0,
    seed: 2,
  },
  {
    name: '3p sort openField',
    seats: 3,
    humans: 2,
    rules: ['sort', 'openField'],
    deck: 'casual',
    turnTimer: 5,
    levels: ['greedy', 'random', 'greedy'],
    dawdle: 0.06,
    reconnect: true,
    seed: 3,
  },
  {
    name: '3p peek+sort fieldUnlimited openField',
    seats: 3,
    humans: 3,
    rules: ['peek', 'sort', 'fieldUnlimited', 'openField'],
    deck: 'challenging',
    turnTimer: null,
    levels: ['greedy', 'random', 'greedy'],
    dawdle: 0,
    seed: 4,
  },
  {
    name: '4p openField rivalSets finishLine',
    seats: 4,
    humans: 2,
    rules: ['openField', 'rivalSets', 'finishLine'],
    deck: 'challenging',
    turnTimer: null,
    levels: ['greedy', 'greedy'],
    dawdle: 0,
    hostSpectates: true,
    seed: 5,
  },
  {
    name: '4p longPlay rivalSets peek, trepenta deck',
    seats: 4,
    humans: 4,
    rules: ['longPlay', 'rivalSets', 'peek'],
    deck: 'trepenta',
    turnTimer: 5,
    reshuffleLimit: 1,
    levels: ['greedy', 'random'],
    dawdle: 0.03,
    reconnect: true,
    seed: 6,
  },
  {
    name: '5p fieldUnlimited openField longPlay',
    seats: 5,
    humans: 2,
    rules: ['fieldUnlimited', 'openField', 'longPlay'],
    deck: 'challenging',
    turnTimer: null,
    reshuffleLimit: 1,
    levels: ['greedy'],
    dawdle: 0,
    seed: 7,
  },
  {
    name: '5p sort rivalSets longPlay finishLine',
    seats: 5,
    humans: 3,
    rules: ['sort', 'rivalSets', 'longPlay', 'finishLine'],
    deck: 'casual',
    turnTimer: 5,
    levels: ['greedy'],
    dawdle: 0.04,
    seed: 8,
  },
  {
    name: '6p every house rule',
    seats: 6,
    humans: 3,
    rules: ['peek', 'sort', 'fieldUnlimited', 'openField', 'longPlay', 'finishLine', 'rivalSets'],
    deck: 'challenging',
    turnTimer: null,
    levels: ['greedy', 'random'],
    dawdle: 0,
    reconnect: true,
    seed: 9,
  },
  {
    name: '6p peek openField fieldUnlimited rivalSets',
    seats: 6,
    humans: 6,
    rules: ['openField', 'fieldUnlimited', 'peek', 'rivalSets'],
    deck: 'trepenta',
    turnTimer: null,
    levels: ['greedy'],
    dawdle: 0,
    seed: 10,
  },
];

/** Event types seen over the whole sweep (a clause never exercised would show here). */
const coverage = new Map<string, number>();
const totals: CheckStats = { updates: 0, events: 0, payloads: 0, idsSeen: 0, facesSeen: 0 };
/** Clients that received a game:history (they joined mid-game). */
let histories = 0;

async function playSeat(
  h: Human,
  code: string,
  deadline: number,
  c: Pick<Case, 'dawdle'>,
  stop: () => boolean = () => false,
): Promise<void> {
  let decidedAt = -1;
  let lastAttempt = 0;
  let nonceFor = null as {
    gameId: string;
    nonce: string;
    speaks: boolean;
    sent: Set<string>;
  } | null;
  for (let loops = 0; loops < 100_000; loops++) {
    let t = h.current;
    const view = t.client.view;
    if (view?.phase === 'gameOver' || stop()) return;
    if (Date.now() > deadline)
      throw new Error(`${t.name}: the game did not finish in time (version ${view?.version})`);
    // A seat's client contributes its nonce in two steps, hash then nonce (or stays silent, and
    // the server's nonce, fixed by the secret, stands in).
    const commit = t.client.room?.commit;
    if (commit && (commit.step === 'hashes' || commit.step === 'nonces')) {
      if (nonceFor?.gameId !== commit.gameId)
        nonceFor = {
          gameId: commit.gameId,
          nonce: randomBytes(32).toString('hex'),
          speaks: h.random() < 0.7,
          sent: new Set(),
        };
      const mine = nonceFor;
      if (mine.speaks && !mine.sent.has(commit.step)) {
        mine.sent.add(commit.step);
        const target = { gameId: commit.gameId, epoch: commit.epoch };
        if (commit.step === 'hashes')
          await send(t, 'game:nonce', { ...target, hash: hashOf(mine.nonce) });
        else if (commit.hashes?.[h.seat] === hashOf(mine.nonce)) {
          const answer = await send(t, 'game:nonce', { ...target, nonce: mine.nonce });
          if (answer.ok && (answer as { kept?: boolean }).kept) h.nonce ??= mine.nonce;
        }
      }
    }
    if (view && h.reconnectAt !== null && view.version >= h.reconnectAt) {
      // R23: the player comes back on a new socket with the seat's token.
      h.reconnectAt = null;
      t.client.close();
      const again = connect(`${t.name}'`, h.seat);
      await again.client.connected();
      // As a new device would: it asks for the move log so far.
      const joined = await must(again, 'room:join', { code, token: h.token, history: true });
      if (joined.you.seat !== h.seat) throw new Error('the seat was not given back');
      h.current = again;
      h.all.push(again);
      await again.client.until(() => again.client.view !== null, 5000, 'the resync');
      continue;
    }
    if (view && (view.version !== decidedAt || Date.now() - lastAttempt > 500)) {
      const fresh = view.version !== decidedAt;
      decidedAt = view.version;
      let action: PlayerAction | null = decide(view, h.level, Math.floor(h.random() * 2 ** 31));
      // Now and then a player lets the turn's (or lay-off turn's) timer run out (R24).
      if (action && fresh && (view.phase === 'turns' || view.phase === 'layoff')) {
        if (h.random() < c.dawdle) {
          h.dawdles++;
          action = null;
        }
      }
      if (action) {
        lastAttempt = Date.now();
        const answer = await send(t, 'game:action', {
          version: view.version,
          actionId: `h${h.seat}-${++h.actions}`,
          action,
        });
        if (!answer.ok) {
          h.refusals++;
          if (!RETRYABLE.includes(answer.code))
            throw new Error(`${t.name}: ${JSON.stringify(action)} refused: ${answer.code}`);
        }
        continue;
      }
      if (fresh && h.random() < 0.03) {
        await must(t, 'game:sync', {});
        t = h.current;
      }
    }
    await t.client
      .until(
        () => (t.client.view?.version ?? -1) !== decidedAt || t.client.view?.phase === 'gameOver',
        600,
      )
      .catch(() => undefined);
  }
  throw new Error(`${h.current.name}: too many loops`);
}

function record(t: Tracked): ClientRecord {
  return { name: t.name, viewer: t.viewer, payloads: [...t.client.received, ...t.acks] };
}

function updatesOf(t: Tracked): GameUpdate[] {
  return t.client.received
    .filter((p) => p.event === 'game:update')
    .map((p) => p.args[0] as GameUpdate);
}

async function playCase(c: Case): Promise<void> {
  server = await startServer({ TIMER_SCALE: 0.02 });
  const random = botRandom(c.seed * 7919);
  const humans: Human[] = [];
  const hostSpectates = c.hostSpectates === true;
  const host = connect(
    hostSpectates ? 'host (spectating)' : 'seat 0',
    hostSpectates ? 'spectator' : 0,
  );
  await host.client.connected();
  const bots = Array.from({ length: c.seats - c.humans }, (_, i) => ({
    seat: c.humans + i,
    level: c.levels[i % c.levels.length]!,
  }));
  const created = await must(host, 'room:create', {
    nickname: hostSpectates ? 'Watcher' : 'Seat 0',
    settings: settingsWith(c.rules, {
      deck: c.deck,
      turnTimerSeconds: c.turnTimer,
      reshuffleLimit: c.reshuffleLimit ?? 3,
    }),
    seatCount: c.seats,
    bots,
    spectate: hostSpectates,
  });
  const code = created.room.code;
  const newHuman = (t: Tracked, seat: number, token: string): Human => ({
    seat,
    level: c.levels[seat % c.levels.length]!,
    random: botRandom(c.seed * 1000 + seat),
    token,
    current: t,
    all: [t],
    reconnectAt: null,
    actions: 0,
    refusals: 0,
    dawdles: 0,
  });
  if (!hostSpectates) humans.push(newHuman(host, 0, created.you.token));
  for (let seat = humans.length; seat < c.humans; seat++) {
    const t = connect(`seat ${seat}`, seat);
    await t.client.connected();
    if (hostSpectates) {
      // Through the lobby's channels: in as a spectator, then take the seat.
      const joined = await must(t, 'room:join', {
        code,
        nickname: `Seat ${seat}`,
        role: 'spectator',
      });
      expect(joined.you.seat).toBeNull();
      const sat = await must(t, 'room:sit', { seat });
      expect(sat.seat).toBe(seat);
      humans.push(newHuman(t, seat, joined.you.token));
      continue;
    }
    const joined = await must(t, 'room:join', { code, nickname: `Seat ${seat}` });
    expect(joined.you.seat).toBe(seat);
    humans.push(newHuman(t, seat, joined.you.token));
  }
  // A spectator from the lobby on; another spectator and a late "player" (no seat left) join
  // mid-game: all three are non-seated viewers.
  const early = connect('spectator (lobby)', 'spectator');
  await early.client.connected();
  await must(early, 'room:join', { code, nickname: 'Early watcher', role: 'spectator' });
  if (c.reconnect) {
    const h = humans[humans.length - 1]!;
    h.reconnectAt = 20 + Math.floor(random() * 60);
  }
  const lateAt = 10 + Math.floor(random() * 80);
  const deadline = Date.now() + 40_000;
  const nonSeated: Tracked[] = [early];
  const http: { path: string; status: number; body: string; endedBefore: boolean }[] = [];
  if (hostSpectates) nonSeated.push(host);
  const watchers = (async () => {
    const watch = humans[0]!.current;
    await watch.client.until(
      () => (humans[0]!.current.client.view?.version ?? -1) >= lateAt || over(humans[0]!),
      30_000,
      'the mid-game join',
    );
    const late = connect('spectator (mid-game)', 'spectator');
    const player = connect('late player (no seat)', 'spectator');
    await Promise.all([late.client.connected(), player.client.connected()]);
    await must(late, 'room:join', {
      code,
      nickname: 'Late watcher',
      role: 'spectator',
      history: true,
    });
    const joined = await must(player, 'room:join', {
      code,
      nickname: 'Late player',
      history: true,
    });
    expect(joined.you.seat).toBeNull();
    nonSeated.push(late, player);
    // The HTTP side of the same moment: room info, the replay (refused while playing), metrics.
    const endedBefore = over(humans[0]!);
    for (const path of [`/api/rooms/${code}`, `/api/rooms/${code}/games/1/replay`, '/metrics']) {
      const response = await fetch(`${server.url}${path}`);
      http.push({ path, status: response.status, body: await response.text(), endedBefore });
    }
  })();

  await must(host, 'room:start', {});
  await Promise.all([...humans.map((h) => playSeat(h, code, deadline, c)), watchers]);
  const everyone = [...humans.flatMap((h) => h.all), ...nonSeated];
  const listening = everyone.filter((t) => t.client.socket.connected);
  await Promise.all(
    listening.map((t) =>
      t.client.until(() => t.client.view?.phase === 'gameOver', 10_000, `${t.name}: game over`),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));

  // The true game: the stored record, replayed version by version.
  const stored = await server.server.store.loadGame(code, 1);
  expect(stored?.finished).toBe(true);
  const log = stored!.log as readonly LogEntry[];
  const game: TrueGame = replayByVersion(stored!.header, log);
  const live = server.server.rooms.get(code)!.game!.state;
  // §8.2: an acknowledged nonce is the one the deal used.
  for (const h of humans)
    if (h.nonce) expect(stored!.header.randomness.nonces[h.seat], `seat ${h.seat}`).toBe(h.nonce);
  expect(JSON.stringify(game.states.at(-1))).toBe(JSON.stringify(live));

  const problems: string[] = [];
  for (const t of everyone) {
    const stats: CheckStats = { updates: 0, events: 0, payloads: 0, idsSeen: 0, facesSeen: 0 };
    problems.push(...checkClient(game, record(t), stats));
    for (const key of Object.keys(totals) as (keyof CheckStats)[]) totals[key] += stats[key];
    for (const update of updatesOf(t))
      for (const event of update.events)
        coverage.set(event.type, (coverage.get(event.type) ?? 0) + 1);
    // §8.4: what this client saw is what the revealed secrets and the log replay to.
    const batches = updatesOf(t)
      .filter((u) => u.events.length > 0)
      .map((u) => ({ version: u.view.version, events: u.events }));
    const verified = verifyGame(
      { ...stored!.header, settings: stored!.header.settings as GameSettings, log },
      stored!.header.commitments,
      { viewer: t.viewer, batches },
    );
    if (!verified.ok) problems.push(`${t.name}: ${verified.problems.join('; ')}`);
    // A client that joined mid-game: its history and what came after it verify as well.
    const history = t.client.received.find((p) => p.event === 'game:history')?.args[0] as
      GameHistory | undefined;
    if (history) {
      histories++;
      const merged = [...history.batches, ...batches.filter((b) => b.version > history.version)];
      const whole = verifyGame(
        { ...stored!.header, settings: stored!.header.settings as GameSettings, log },
        stored!.header.commitments,
        {
          viewer: t.viewer,
          batches: merged,
        },
      );
      if (!whole.ok) problems.push(`${t.name} with its history: ${whole.problems.join('; ')}`);
    }
  }

  expect(problems).toEqual([]);
  // A client's table never goes back in time: each update is at least as new as the last one.
  const regressions = everyone.flatMap((t) => {
    const versions = updatesOf(t).map((u) => u.view.version);
    return versions.flatMap((v, i) =>
      i > 0 && v < versions[i - 1]! ? [`${t.name}: v${versions[i - 1]} then v${v}`] : [],
    );
  });
  expect(regressions).toEqual([]);
  sample ??= { game, records: everyone.map(record) };

  // The commitments were on the wire before the first deal (§8.1), the secrets only at the end.
  const hostPayloads = host.client.received;
  const firstUpdate = hostPayloads.findIndex((p) => p.event === 'game:update');
  const committed = hostPayloads.findIndex(
    (p) =>
      p.event === 'room:state' &&
      JSON.stringify(
        (p.args[0] as { commit: { commitments: string[] } | null }).commit?.commitments,
      ) === JSON.stringify(stored!.header.commitments),
  );
  expect(committed).toBeGreaterThanOrEqual(0);
  expect(committed).toBeLessThan(firstUpdate);
  for (const t of listening)
    expect(t.client.view!.fairness.secrets).toEqual(stored!.header.randomness.secrets);
  expect(http).toHaveLength(3);
  for (const answer of http) {
    if (answer.endedBefore) continue;
    if (answer.path.endsWith('/replay')) expect(answer.status).toBe(409);
    for (const secret of game.secrets)
      expect(answer.body.includes(secret), `${answer.path} mid-game`).toBe(false);
  }
  const replayed = await fetch(`${server.url}/api/rooms/${code}/games/1/replay`);
  expect(replayed.status).toBe(200);
  const published = (await replayed.json()) as {
    randomness: { secrets: string[] };
    log: unknown[];
  };
  expect(published.randomness.secrets).toEqual(stored!.header.randomness.secrets);
  expect(published.log).toEqual(stored!.log);

  // Non-seated viewers all get the same thing: the spectator view of each version.
  const spectatorUpdates = nonSeated.map(
    (t) =>
      new Map(
        updatesOf(t)
          .filter((u) => u.events.length > 0)
          .map((u) => [u.view.version, u]),
      ),
  );
  const [first, ...rest] = spectatorUpdates;
  let compared = 0;
  for (const other of rest) {
    for (const [version, update] of other) {
      const same = first!.get(version);
      if (!same) continue;
      compared++;
      expect(JSON.stringify(update)).toBe(JSON.stringify(same));
    }
  }
  expect(compared).toBeGreaterThan(0);
  for (const map of spectatorUpdates)
    for (const update of map.values())
      expect(JSON.stringify(update.view)).toBe(engineView(game, update, 'spectator'));
}

/** One finished game's true record and what its clients received, for the checker's self-test. */
let sample: { game: TrueGame; records: ClientRecord[] } | null = null;

function last<T>(items: readonly T[]): T {
  const item = items.at(-1);
  if (item === undefined) throw new Error('empty');
  return item;
}

function over(h: Human): boolean {
  return h.current.client.view?.phase === 'gameOver';
}

describe('§7 and §8 on the wire: full games, every payload of every client', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: no hidden card, foreign id or early secret reaches anyone',
    async (_name, c) => {
      await playCase(c);
    },
    60_000,
  );

  it('the checks are not vacuous: planted leaks are caught', async () => {
    if (!sample) {
      await playCase(CASES[0]!);
      await server?.close();
      server = null;
    }
    const { game, records } = sample!;
    const seated = records.find((r) => r.viewer === 0)!;
    const stats: CheckStats = { updates: 0, events: 0, payloads: 0, idsSeen: 0, facesSeen: 0 };
    expect(checkClient(game, seated, stats)).toEqual([]);
    const updateAt = seated.payloads.findIndex(
      (p) =>
        p.event === 'game:update' &&
        game.states[(p.args[0] as GameUpdate).view.version]!.phase === 'turns',
    );
    expect(updateAt).toBeGreaterThanOrEqual(0);
    const received = seated.payloads[updateAt]!.args[0] as GameUpdate;
    const state = game.states[received.view.version]!;
    // Leaks are planted in the whole view of that version: a patch may leave those parts out.
    const original: GameUpdate = {
      ...received,
      base: null,
      view: JSON.parse(JSON.stringify(viewFor(state, 0))) as GameView,
    };
    const plant = (change: (update: GameUpdate) => void, extra: Payload[] = []): string[] => {
      const update = structuredClone(original);
      change(update);
      const payloads = [...seated.payloads];
      payloads[updateAt] = { event: 'game:update', args: [update] };
      return checkClient(game, { ...seated, payloads: [...payloads, ...extra] }, stats, {
        engineEquality: false,
      });
    };
    const before = game.states[original.view.version - 1] ?? state;
    const visibleNow = (card: Face) =>
      Math.max(
        knowledge(state, 0).visible.get(faceKey(card)) ?? 0,
        knowledge(before, 0).visible.get(faceKey(card)) ?? 0,
      );
    const other = state.round.seats[1]!;
    // Another seat's hand with its ids.
    expect(plant((u) => (u.view.seats[1]!.hand = other.hand.map((c) => ({ ...c }))))).not.toEqual(
      [],
    );
    // A hidden id under a key that is not `id`.
    expect(plant((u) => (u.view.fairness!.gameId = other.hand[0]!.id))).not.toEqual([]);
    // A draw-pile card by rank and suit, in the view and in an event.
    const hidden = state.round.drawPile.find((card) => visibleNow(card) === 0)!;
    expect(hidden).toBeDefined();
    const face = { rank: hidden.rank, suit: hidden.suit };
    expect(plant((u) => u.view.discardPile!.push(face))).not.toEqual([]);
    expect(
      plant((u) =>
        u.events.push({
          type: 'drew',
          seat: 1,
          from: 'drawPile',
          moves: [{ card: face, from: { zone: 'drawPile' }, to: { zone: 'hand', seat: 1 } }],
        }),
      ),
    ).not.toEqual([]);
    // One copy more of a public card than is public.
    const top = last(original.view.discardPile!);
    expect(
      plant((u) => (u.view.seats[1]!.known ??= []).push(...Array.from({ length: 20 }, () => top))),
    ).not.toEqual([]);
    // A round secret in a room update, and in a game update before the end.
    const secret = game.secrets[2]!;
    expect(plant(() => undefined, [{ event: 'room:state', args: [{ note: secret }] }])).not.toEqual(
      [],
    );
    expect(plant((u) => (u.view.fairness!.secrets = [secret]))).not.toEqual([]);
    // The same card, and a secret, in a game:history before the end.
    const drewHidden: EventView = {
      type: 'drew',
      seat: 1,
      from: 'drawPile',
      moves: [{ card: face, from: { zone: 'drawPile' }, to: { zone: 'hand', seat: 1 } }],
    };
    const history = (code: string, events: EventView[]): Payload => ({
      event: 'game:history',
      args: [
        {
          code,
          gameId: state.randomness.gameId,
          version: original.view.version,
          batches: [{ version: original.view.version, events }],
        },
      ],
    });
    expect(plant(() => undefined, [history('X', [])])).toEqual([]);
    expect(plant(() => undefined, [history('X', [drewHidden])])).not.toEqual([]);
    expect(plant(() => undefined, [history(secret, [])])).not.toEqual([]);
    // The view of another viewer.
    expect(
      checkClient(game, { ...seated, viewer: 1 }, stats).some((p) => p.includes('view for')),
    ).toBe(true);
  });

  it('the sweep exercised the contract', () => {
    if (totals.updates === 0) return; // The games were filtered out of this run.
    // Printed so a reader sees what the sweep covered.
    console.log(
      'wire sweep:',
      JSON.stringify(totals),
      JSON.stringify(Object.fromEntries(coverage)),
      `histories: ${histories}`,
    );
    expect(totals.updates).toBeGreaterThan(1000);
    expect(histories).toBeGreaterThanOrEqual(CASES.length * 2);
    expect(totals.idsSeen).toBeGreaterThan(1000);
    for (const type of [
      'drew',
      'exchanged',
      'swapped',
      'discarded',
      'laidOff',
      'roundEnded',
      'gameEnded',
      'timedOut',
      'fieldChosen',
    ])
      expect(coverage.get(type) ?? 0, type).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------ refusals go only to the actor

describe('R25 and §7: a refusal goes to the actor only, and says nothing about hidden cards', () => {
  it('probes on a quiet table: others receive nothing, the game does not move', async () => {
    // Real timers (60 s setup) and no turn timer: between our moves nothing else happens.
    server = await startServer({ TIMER_SCALE: 1 });
    const a = connect('seat 0', 0);
    await a.client.connected();
    const created = await must(a, 'room:create', {
      nickname: 'Ann',
      settings: settingsWith(['openField']),
      seatCount: 3,
      bots: [{ seat: 2, level: 'greedy' }],
    });
    const code = created.room.code;
    const b = connect('seat 1', 1);
    const s = connect('spectator', 'spectator');
    await Promise.all([b.client.connected(), s.client.connected()]);
    await must(b, 'room:join', { code, nickname: 'Bea' });
    await must(s, 'room:join', { code, nickname: 'Sam', role: 'spectator' });
    await must(a, 'room:start', {});
    const room = server.server.rooms.get(code)!;
    const state = () => room.game!.state as GameState;
    await a.client.until(
      () => room.game !== null && state().round.seats[2]!.piles === null,
      5000,
      'the bot to choose',
    );
    await a.client.until(
      () => a.client.view?.seats[2]!.fieldChosen === true,
      5000,
      'the bot choice on the wire',
    );
    await b.client.until(
      () => b.client.view?.seats[2]!.fieldChosen === true,
      5000,
      'the bot choice on the wire',
    );
    await s.client.until(
      () => s.client.view?.seats[2]!.fieldChosen === true,
      5000,
      'the bot choice on the wire',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const everyone = [a, b, s];
    let probes = 0;

    /** One refused request: only its sender hears anything (its ack, and a resync if stale). */
    async function probe(actor: Tracked, event: ClientEventName, payload: unknown, code: string) {
      const counts = everyone.map((t) => t.client.received.length);
      const version = state().version;
      const answer = await send(actor, event, payload);
      expect(answer.ok, JSON.stringify(payload)).toBe(false);
      if (answer.ok) return answer;
      expect(answer.code, JSON.stringify(payload)).toBe(code);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(state().version).toBe(version);
      everyone.forEach((t, i) => {
        const got = t.client.received.slice(counts[i]);
        if (t !== actor) expect(got, `${t.name} heard ${actor.name}'s refusal`).toEqual([]);
        else if (code === 'STALE_VERSION') {
          // The server answers a stale move with the table as it is, to the actor alone.
          expect(got.map((p) => p.event)).toEqual(['game:update']);
          expect((got[0]!.args[0] as GameUpdate).view).toEqual(viewFor(state(), actor.viewer));
        } else expect(got).toEqual([]);
      });
      probes++;
      return answer;
    }
    let sent = 0;
    const act = (_actor: Tracked, action: unknown, version = state().version) =>
      ({ version, actionId: `p${++sent}`, action }) as const;

    // Setup: moves of the wrong phase or mode.
    await probe(b, 'game:action', act(b, { type: 'draw', from: 'drawPile' }), 'WRONG_PHASE');
    await probe(
      a,
      'game:action',
      act(a, { type: 'choosePeek', pile: 'A', order: ['1-0', '1-1', '1-2', '1-3', '1-4'] }),
      'WRONG_SETUP_MODE',
    );
    await probe(s, 'game:action', act(s, { type: 'choosePile', pile: 'A' }), 'NOT_SEATED');
    await probe(
      a,
      'game:action',
      { version: 'x', actionId: 'bad', action: { type: 'draw' } },
      'BAD_REQUEST',
    );
    // Both humans choose; play on until a human's turn.
    await must(a, 'game:action', act(a, { type: 'choosePile', pile: 'A' }));
    await must(b, 'game:action', act(b, { type: 'choosePile', pile: 'B' }));
    const seatOf = (viewer: Viewer) => (viewer === 0 ? a : b);
    for (let i = 0; i < 50 && !(state().phase === 'turns' && state().round.turn!.seat !== 2); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state().phase).toBe('turns');
    const mover = seatOf(state().round.turn!.seat);
    const other = mover === a ? b : a;
    await mover.client.until(
      () => mover.client.view?.version === state().version,
      5000,
      'the turn',
    );
    await other.client.until(
      () => other.client.view?.version === state().version,
      5000,
      'the turn',
    );
    await s.client.until(() => s.client.view?.version === state().version, 5000, 'the turn');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const otherHand = state().round.seats[other.viewer as number]!.hand;
    // Out of turn: the same answer whether or not the card exists.
    await probe(
      other,
      'game:action',
      act(other, { type: 'draw', from: 'drawPile' }),
      'NOT_YOUR_TURN',
    );
    await probe(
      other,
      'game:action',
      act(other, { type: 'discard', cardId: otherHand[0]!.id }),
      'NOT_YOUR_TURN',
    );
    // A move against an old version (R25).
    await probe(
      mover,
      'game:action',
      act(mover, { type: 'draw', from: 'drawPile' }, state().version - 1),
      'STALE_VERSION',
    );
    await probe(mover, 'game:action', act(mover, { type: 'discard', cardId: 'zz' }), 'WRONG_STEP');
    await must(mover, 'game:action', act(mover, { type: 'draw', from: 'drawPile' }));
    for (const t of everyone)
      await t.client.until(() => t.client.view?.version === state().version, 5000, 'the draw');
    await new Promise((resolve) => setTimeout(resolve, 100));

    // §7: a card that is someone else's, the id the next drawn card will get and a card that does
    // not exist are refused with the same words: the answer depends only on the actor's own view.
    const nextId = `${state().round.round}-${state().round.nextCardId.toString(36)}`;
    const foreign = state().round.seats[other.viewer as number]!.hand[1]!.id;
    const faceDown = state().round.seats[other.viewer as number]!.field[0]!.card.id;
    const answers = [];
    for (const cardId of [foreign, nextId, faceDown, '9-zz']) {
      answers.push(
        await probe(
          mover,
          'game:action',
          act(mover, { type: 'discard', cardId }),
          'CARD_NOT_IN_HAND',
        ),
      );
      answers.push(
        await probe(
          mover,
          'game:action',
          act(mover, { type: 'exchange', cardId, position: 0 }),
          'CARD_NOT_IN_HAND',
        ),
      );
      answers.push(
        await probe(
          mover,
          'game:action',
          act(mover, {
            type: 'openFieldSwap',
            cardId,
            target: { seat: other.viewer as number, position: 0 },
          }),
          'CARD_NOT_IN_HAND',
        ),
      );
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // An Open Field swap onto someone's face-down card: refused for a public reason.
    const mine = state().round.seats[mover.viewer as number]!.hand[0]!.id;
    await probe(
      mover,
      'game:action',
      act(mover, {
        type: 'openFieldSwap',
        cardId: mine,
        target: { seat: other.viewer as number, position: 0 },
      }),
      'POSITION_FACE_DOWN',
    );
    // Other players' and spectators' lobby moves mid-game.
    await probe(other, 'room:sit', { seat: 2 }, 'WRONG_STATUS');
    await probe(s, 'room:start', {}, 'NOT_HOST');
    expect(probes).toBeGreaterThanOrEqual(20);

    const problems: string[] = [];
    const stored = await server.server.store.loadGame(code, 1);
    const game = replayByVersion(stored!.header, stored!.log);
    const stats: CheckStats = { updates: 0, events: 0, payloads: 0, idsSeen: 0, facesSeen: 0 };
    for (const t of everyone) problems.push(...checkClient(game, record(t), stats));
    expect(problems).toEqual([]);
  });
});

// ------------------------------------------------------------------ after leaving

describe('R23 and §7: a player who leaves or is kicked hears nothing more of the table', () => {
  it('no update reaches their sockets; their tokens stop working; the stand-in plays on', async () => {
    server = await startServer({ TIMER_SCALE: 0.02 });
    const a = connect('seat 0', 0);
    await a.client.connected();
    const created = await must(a, 'room:create', {
      nickname: 'Ann',
      settings: settingsWith(['openField', 'peek']),
      seatCount: 4,
      bots: [{ seat: 3, level: 'greedy' }],
    });
    const code = created.room.code;
    const b = connect('seat 1', 1);
    const c = connect('seat 2', 2);
    await Promise.all([b.client.connected(), c.client.connected()]);
    const bJoined = await must(b, 'room:join', { code, nickname: 'Bea' });
    const cJoined = await must(c, 'room:join', { code, nickname: 'Cy' });
    const human = (t: Tracked, seat: number, token: string): Human => ({
      seat,
      level: 'greedy',
      random: botRandom(40 + seat),
      token,
      current: t,
      all: [t],
      reconnectAt: null,
      actions: 0,
      refusals: 0,
      dawdles: 0,
    });
    const humans = [
      human(a, 0, created.you.token),
      human(b, 1, bJoined.you.token),
      human(c, 2, cJoined.you.token),
    ];
    await must(a, 'room:start', {});
    const deadline = Date.now() + 30_000;
    const version = () => a.client.view?.version ?? -1;
    const leaveAt = 25;
    await Promise.all(
      humans.map((h) => playSeat(h, code, deadline, { dawdle: 0 }, () => version() >= leaveAt)),
    );

    // Bea leaves; Ann kicks Cy. Whatever was on its way before may arrive, nothing after.
    await must(b, 'room:leave', {});
    const bCut = b.client.received.length;
    expect(b.client.received.at(-1)?.event).toBe('room:closed');
    await must(a, 'room:kick', { memberId: cJoined.you.memberId });
    await c.client.until(
      () => c.client.received.some((p) => p.event === 'room:closed'),
      5000,
      'the kick notice',
    );
    const cCut = c.client.received.findIndex((p) => p.event === 'room:closed') + 1;
    await a.client.until(
      () => a.client.room?.seats[1]?.standIn === true && a.client.room.seats[2]?.standIn === true,
      5000,
      'the stand-ins',
    );
    const from = version();
    await playSeat(humans[0]!, code, deadline, { dawdle: 0 }, () => version() >= from + 60);
    expect(version()).toBeGreaterThanOrEqual(from + 60);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.client.received.slice(bCut)).toEqual([]);
    expect(c.client.received.slice(cCut)).toEqual([]);

    // Their seat links no longer open the table.
    const bAgain = connect('seat 1 again', 1);
    const cAgain = connect('seat 2 again', 2);
    await Promise.all([bAgain.client.connected(), cAgain.client.connected()]);
    const refusedB = await send(bAgain, 'room:join', { code, token: bJoined.you.token });
    const refusedC = await send(cAgain, 'room:join', { code, token: cJoined.you.token });
    expect(refusedB.ok ? 'ok' : refusedB.code).toBe('BAD_TOKEN');
    expect(refusedC.ok ? 'ok' : refusedC.code).toBe('KICKED');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bAgain.client.received).toEqual([]);
    expect(cAgain.client.received).toEqual([]);

    const stored = await server.server.store.loadGame(code, 1);
    const game = replayByVersion(stored!.header, stored!.log);
    const stats: CheckStats = { updates: 0, events: 0, payloads: 0, idsSeen: 0, facesSeen: 0 };
    const problems = [a, b, c, bAgain, cAgain].flatMap((t) => checkClient(game, record(t), stats));
    expect(problems).toEqual([]);
  });
});
