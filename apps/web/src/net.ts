import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  applyGameUpdate,
  gameOf,
  replacesRoomView,
  withLatency,
} from '@trepenta/protocol/client';
import type {
  Ack,
  AckPayloads,
  ClientEventName,
  ClientPayload,
  ClientToServerEvents,
  GameHistory as AnyGameHistory,
  GameUpdate as AnyGameUpdate,
  RoomView,
  ServerToClientEvents,
  You,
} from '@trepenta/protocol';
import { loadGame, loadedGame } from './games/load';
import type { GameClient } from './games/types';
import { membershipNotes, seatNames } from './roomNotes';
import { syncClock } from './clock';
import { m } from './messages';
import { navigate, parseRoute } from './router';
import { playTurnSound } from './sound';
import { randomHex, randomId, readJson, tokens, writeJson, writeSessionMap } from './storage';
import {
  COMMITMENTS_KEY,
  NONCES_KEY,
  announce,
  appendLog,
  notify,
  replaceLog,
  store,
} from './store';
import type { LogLine } from './store';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface LooseEmitter {
  emit(event: string, ...args: unknown[]): unknown;
}

let socket: ClientSocket | null = null;
let everConnected = false;
/** Set by `connected`: the room view and the table held came over an earlier connection. */
let roomHeldFromBefore = false;
let tableHeldFromBefore = false;

/**
 * On every (re)connection: the next room view, and the next whole game view, are taken whatever
 * their revision and version, so that a server that came back with less than it had sent
 * (restored after a power cut) is followed.
 */
export function connected(): void {
  roomHeldFromBefore = true;
  tableHeldFromBefore = true;
}

/**
 * Whether this connection is back in the room (or has none to go back to). Requests made in a
 * room wait for it: one sent on a new connection before the rejoin is answered would be refused
 * as from a stranger (NOT_IN_ROOM), and a move made while offline would be lost.
 */
let inRoom = false;
let connectionSeq = 0;
const inRoomWaiters = new Set<() => void>();

function setInRoom(value: boolean): void {
  inRoom = value;
  if (!value) return;
  for (const wake of inRoomWaiters) wake();
  inRoomWaiters.clear();
}

/** Resolves true once back in the room, or false after `ms` without it. */
function whenInRoom(ms: number): Promise<boolean> {
  if (inRoom) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      inRoomWaiters.delete(wake);
      resolve(false);
    }, ms);
    inRoomWaiters.add(wake);
  });
}

/** Requests that put this connection in a room, and so cannot wait for it to be in one. */
const ENTERING: ReadonlySet<ClientEventName> = new Set(['room:create', 'room:join']);

/**
 * Where the connection is aimed (with several servers): `?room=` the room's code, by which the
 * load balancer picks the server, and `?node=` the server a join was sent to (ELSEWHERE). Kept
 * for every reconnection; a new room aims anew.
 */
let aim: { room: string; node?: string } | null = null;

function aimAt(room: string | null, node?: string): void {
  if (room === null) aim = null;
  else if (node !== undefined) aim = { room, node };
  else if (aim?.room !== room) aim = { room };
  if (socket) socket.io.opts.query = aim ? { ...aim } : {};
}

/**
 * A join sent elsewhere goes there at most this many times in a row, over reconnections too
 * (then it is refused, and the player told); entering a room starts the count again.
 */
const MOVES_IN_A_ROW = 3;
let movesInARow = 0;
/** `joinRoom` calls on their way: the rejoin of a reconnection waits for their answer instead. */
let joining = 0;
/**
 * A join may wait for a server to take the room over from one that died (up to its liveness
 * window, 6 s, and a second): longer than other requests.
 */
const JOIN_TIMEOUT_MS = 15_000;

/**
 * A join was answered ELSEWHERE: the connection goes again, aimed at the server named, and the
 * promise resolves once it is connected (false if not within `ms`). The new connection's own
 * rejoin runs as after any reconnection.
 */
function moveTo(room: string, node: string, ms = 8000): Promise<boolean> {
  const s = connection();
  movesInARow += 1;
  aimAt(room, node);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      s.off('connect', onConnect);
      resolve(value);
    };
    const onConnect = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    s.on('connect', onConnect);
    s.disconnect();
    s.connect();
  });
}

/** The room page's code, if the app opened on one: the first connection is aimed at it. */
function roomOfPage(): string | null {
  const route = parseRoute(location.pathname, '');
  return route.name === 'room' ? route.code : null;
}

/** The one socket, created on first use; it reconnects by itself and rejoins the room. */
export function connection(): ClientSocket {
  if (socket) return socket;
  if (!aim) {
    const room = roomOfPage();
    if (room) aim = { room };
  }
  const s: ClientSocket = io({
    transports: ['websocket'],
    auth: { protocolVersion: PROTOCOL_VERSION },
    query: aim ? { ...aim } : {},
    reconnectionDelay: 300,
    reconnectionDelayMax: 2000,
  });
  socket = s;
  s.on('connect', () => {
    const wasBack = everConnected;
    everConnected = true;
    connected();
    store.set({ conn: 'connected', backAt: wasBack ? Date.now() : store.get().backAt });
    const seq = ++connectionSeq;
    void rejoin(seq).finally(() => {
      // Whatever the answer: a refused rejoin has left the room, and requests then say why.
      if (seq === connectionSeq && s.connected) setInRoom(true);
    });
  });
  s.on('disconnect', (reason) => {
    connectionSeq += 1;
    setInRoom(false);
    store.set({ conn: navigator.onLine ? 'reconnecting' : 'offline' });
    // The server let this connection go (it is stopping, or another server took the room over):
    // Socket.IO does not come back by itself after that, so this tab does, shortly.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 300);
  });
  s.on('connect_error', (error) => {
    const data = (error as Error & { data?: { code?: string } }).data;
    if (data?.code === 'PROTOCOL_MISMATCH') {
      store.set({ outdated: true, conn: 'reconnecting' });
      return;
    }
    const crowded = data?.code === 'TOO_MANY_CONNECTIONS';
    store.set({ conn: crowded ? 'crowded' : navigator.onLine ? 'reconnecting' : 'offline' });
    // A refusal by the server's middleware is not retried by socket.io itself.
    if (!s.active) setTimeout(() => s.connect(), crowded ? 5000 : 1500);
  });
  s.on('room:state', (room) => onRoomState(room));
  s.on('room:latency', (latency) => {
    const { room } = store.get();
    if (room) store.set({ room: withLatency(room, latency) });
  });
  // The server times this connection's round trip (real-time games): answered at once.
  s.on('room:ping', (answer) => answer());
  s.on('game:update', (update) => onGameUpdate(update));
  s.on('game:history', (history) => onGameHistory(history));
  s.on('chat:message', (message) => {
    store.set({ chat: [...store.get().chat, message].slice(-200) });
  });
  s.on('room:closed', (info) => {
    if (info.code !== store.get().code) return;
    tokens.clear(info.code);
    const reason = info.reason === 'kicked' ? m.conn.closedKicked : m.conn.closedLeft;
    leaveLocally();
    notify(reason, 'info');
    navigate('/');
  });
  s.on('server:shutdown', () => store.set({ conn: 'reconnecting' }));
  window.addEventListener('offline', () => {
    store.set({ conn: 'offline' });
    s.disconnect();
  });
  window.addEventListener('online', () => {
    store.set({ conn: 'reconnecting' });
    s.connect();
  });
  return s;
}

/**
 * A request with an ack; a lost answer becomes a TIMEOUT error rather than a frozen table. One
 * made in a room while the connection is away waits (up to `timeoutMs`) until it is back in the
 * room, and is not sent at all, answered OFFLINE, if it does not come back in time.
 */
export async function request<E extends ClientEventName>(
  event: E,
  payload: ClientPayload<E>,
  timeoutMs = 8000,
): Promise<Ack<AckPayloads[E]>> {
  const s = connection();
  if (!ENTERING.has(event) && !(await whenInRoom(timeoutMs))) {
    return { ok: false, code: 'OFFLINE', message: m.errors.offline };
  }
  const sentAt = Date.now();
  return new Promise((resolve) => {
    (s.timeout(timeoutMs) as unknown as LooseEmitter).emit(
      event,
      payload,
      (error: Error | null, answer: Ack<AckPayloads[E]>) => {
        if (error) {
          resolve({ ok: false, code: 'TIMEOUT', message: m.errors.timeout });
          return;
        }
        // Joins answer with the server's time: the countdowns count on its clock.
        if (answer.ok && 'serverTime' in answer && typeof answer.serverTime === 'number')
          syncClock(answer.serverTime, sentAt, Date.now());
        resolve(answer);
      },
    );
  });
}

/** A request whose refusal is only shown to the user (a toast); says whether it was accepted. */
export async function requestOrNotify<E extends ClientEventName>(
  event: E,
  payload: ClientPayload<E>,
): Promise<boolean> {
  const answer = await request(event, payload);
  if (!answer.ok) notify(answer.message);
  return answer.ok;
}

// ---------------------------------------------------------------- rooms

function entered(room: RoomView, you: You): void {
  tokens.set(room.code, you.token);
  movesInARow = 0;
  aimAt(room.code);
  const previous = store.get();
  store.set({
    code: room.code,
    you,
    closed: null,
    ...(previous.code !== room.code
      ? { room: null, game: null, chat: [], chatSeenId: 0, log: [], batches: [], panelTab: 'log' }
      : {}),
  });
  onRoomState(room);
}

export async function createRoom(
  payload: ClientPayload<'room:create'>,
): Promise<{ ok: true; code: string } | { ok: false; message: string }> {
  const answer = await request('room:create', payload);
  if (!answer.ok) return { ok: false, message: answer.message };
  entered(answer.room, answer.you);
  return { ok: true, code: answer.room.code };
}

export async function joinRoom(
  code: string,
  options: { token?: string; nickname?: string; role?: 'player' | 'spectator' },
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  movesInARow = 0;
  joining += 1;
  let answer;
  try {
    const payload = { code, ...options, history: !store.get().game };
    answer = await request('room:join', payload, JOIN_TIMEOUT_MS);
    // Served by another server: the connection goes there, and the join is sent again.
    while (!answer.ok && answer.code === 'ELSEWHERE' && answer.node) {
      if (movesInARow >= MOVES_IN_A_ROW || !(await moveTo(code, answer.node))) break;
      answer = await request('room:join', payload, JOIN_TIMEOUT_MS);
    }
  } finally {
    joining -= 1;
  }
  if (!answer.ok) return { ok: false, code: answer.code, message: answer.message };
  entered(answer.room, answer.you);
  // What was said before this member came is there to read, not news.
  store.set({ chat: answer.chat, chatSeenId: answer.chat.at(-1)?.id ?? 0 });
  return { ok: true };
}

/**
 * Refusals of a join with a token that say the seat is lost for good (forget the token); any
 * other (a rate limit, the server busy or restarting, no answer) is worth trying again.
 */
export function seatLost(code: string): boolean {
  return code === 'BAD_TOKEN' || code === 'KICKED' || code === 'ROOM_NOT_FOUND';
}

/**
 * After a reconnect (or a reload): the same token puts the same player back in the same seat. A
 * refusal that may pass is tried again after 1, 2, 4 and 8 s while the connection lasts (requests
 * wait meanwhile); then the player is told.
 */
async function rejoin(seq: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    // A later connection has its own rejoin.
    if (seq !== connectionSeq) return;
    const { code } = store.get();
    if (!code) return;
    const token = tokens.get(code);
    if (!token) return;
    // A join to another room is on its way (its own answer puts this tab there), or the
    // connection is aimed at another room: this room is not rejoined on it.
    if (joining > 0 || (aim !== null && aim.room !== code)) return;
    // A tab that holds the table has its move log; one that does not asks for the game's history.
    const answer = await request(
      'room:join',
      { code, token, history: !store.get().game },
      JOIN_TIMEOUT_MS,
    );
    if (answer.ok) {
      entered(answer.room, answer.you);
      store.set({ chat: answer.chat });
      return;
    }
    // Served by another server: the connection goes there, and its own rejoin follows.
    if (answer.code === 'ELSEWHERE' && answer.node && movesInARow < MOVES_IN_A_ROW) {
      void moveTo(code, answer.node);
      return;
    }
    if (seatLost(answer.code)) {
      tokens.clear(code);
      leaveLocally();
      notify(answer.message);
      navigate('/');
      return;
    }
    if (seq !== connectionSeq) return;
    if (attempt >= 4) {
      notify(answer.message);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
  }
}

export function leaveLocally(): void {
  aimAt(null);
  store.set({
    code: null,
    room: null,
    you: null,
    game: null,
    selection: null,
    log: [],
    batches: [],
  });
}

export async function leaveRoom(): Promise<void> {
  const code = store.get().code;
  // Leaving does not wait long for a connection that is away: the seat is then held until the
  // room expires, as for anyone who closes the tab.
  await request('room:leave', {}, 3000);
  if (code) tokens.clear(code);
  leaveLocally();
  navigate('/');
}

let resyncing: Promise<void> | null = null;
/** One resync at a time, however many patches arrive that do not fit meanwhile. */
function resyncOnce(): Promise<void> {
  resyncing ??= resync().finally(() => (resyncing = null));
  return resyncing;
}

/** Asks again for the room and the table (after an error, or to be sure). */
export async function resync(): Promise<void> {
  const answer = await request('game:sync', {});
  if (!answer.ok) return;
  onRoomState(answer.room);
  if (answer.game) onGameUpdate(answer.game);
}

/** A room view from a push or an ack; one older than the room held only refreshes `you` from it. */
export function onRoomState(received: RoomView): void {
  const state = store.get();
  if (state.code !== null && received.code !== state.code) return;
  const taken = roomHeldFromBefore || replacesRoomView(state.room, received);
  roomHeldFromBefore = false;
  const room = taken ? received : state.room!;
  let you = state.you;
  if (you) {
    const me = room.members.find((member) => member.id === you!.memberId);
    if (me) you = { ...you, seat: me.seat, host: me.host };
  }
  store.set({ room, you });
  if (!taken) return;
  if (state.room?.code === room.code) {
    const notes = membershipNotes(state.room, room, you?.memberId ?? null);
    // Losing one's seat is shown, not only spoken: the notice (a status) is read out itself.
    if (notes.includes(m.lobby.yourSeatRemoved)) notify(m.lobby.yourSeatRemoved, 'info');
    const spoken = notes.filter((note) => note !== m.lobby.yourSeatRemoved);
    if (spoken.length > 0) announce(spoken.join(' '));
    if (notes.length > 0 && state.game) appendLog(notes.map((text) => ({ text, own: false })));
  }
  if (room.commit) sendNonce(room, you);
  if (room.status === 'lobby' && state.game) {
    // The score sheet tab goes with the game; the next game opens on the log.
    const panelTab =
      state.panelTab === 'scores' || state.panelTab === 'rounds' ? 'log' : state.panelTab;
    store.set({ game: null, selection: null, panelTab });
  }
}

/** The deals whose commitments and nonce this tab keeps (the latest ones). */
const DEALS_KEPT = 10;
/** Steps of nonce sets the server has answered (`ok`), and those whose request is on its way. */
const nonceStepsTaken = new Set<string>();
const nonceStepsSending = new Set<string>();
/** A step the server could not take (its storage, the connection) is sent again after this. */
const NONCE_RETRY_MS = 1000;

/** SHA-256 of a nonce's bytes, in hex: what a seat publishes first (Web Crypto). */
async function hashOfNonce(nonce: string): Promise<string> {
  const bytes = new Uint8Array(nonce.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where this tab keeps a nonce set's nonce: the game id for the first set, then with its number. */
const nonceKey = (gameId: string, epoch: number) => (epoch === 0 ? gameId : `${gameId}#${epoch}`);

function forgetNonce(key: string): void {
  const { [key]: _unused, ...others } = store.get().nonces;
  store.set({ nonces: writeSessionMap(NONCES_KEY, others, DEALS_KEPT) });
}

/**
 * This seat's share of a nonce set, in two steps (docs/fairness.md): the hash of a nonce drawn
 * here while the hashes are collected, then the nonce once they are published, if the published
 * hash is this tab's (another tab of the seat may have sent first: this one's is then forgotten,
 * so that Verify the deals does not report a nonce it never gave).
 */
function sendNonce(room: RoomView, you: You | null): void {
  const commit = room.commit;
  if (!commit) return;
  const { gameId, epoch, step } = commit;
  if (step !== 'hashes' && step !== 'nonces') return;
  const state = store.get();
  // The commitments as first seen, before the deal; kept for Verify the deals.
  if (!state.commitments[gameId]) {
    const seen = { ...state.commitments, [gameId]: [...commit.commitments] };
    store.set({ commitments: writeSessionMap(COMMITMENTS_KEY, seen, DEALS_KEPT) });
  }
  const seat = you?.seat;
  if (seat == null) return;
  const key = nonceKey(gameId, epoch);
  const stepKey = `${key}/${step}`;
  if (nonceStepsTaken.has(stepKey) || nonceStepsSending.has(stepKey)) return;
  // After a reload, or a refusal, while the set waits, the nonce this tab chose before is used
  // again: the server keeps the first one it takes, and the check compares with this one.
  let nonce = state.nonces[key];
  if (!nonce) {
    // Too late to give one (the hashes were published without this tab's): the server's stands.
    if (step === 'nonces') return;
    nonce = randomHex(32);
    store.set({
      nonces: writeSessionMap(NONCES_KEY, { ...state.nonces, [key]: nonce }, DEALS_KEPT),
    });
  }
  nonceStepsSending.add(stepKey);
  const chosen = nonce;
  void (async () => {
    const hash = await hashOfNonce(chosen);
    if (step === 'nonces' && commit.hashes?.[seat] !== hash) {
      // The seat's published hash is another tab's, or none: this nonce is not in the set.
      nonceStepsSending.delete(stepKey);
      forgetNonce(key);
      return;
    }
    const answer = await request(
      'game:nonce',
      step === 'hashes' ? { gameId, epoch, hash } : { gameId, epoch, nonce: chosen },
    );
    nonceStepsSending.delete(stepKey);
    if (answer.ok) {
      nonceStepsTaken.add(stepKey);
      if (answer.kept === false) forgetNonce(key);
      return;
    }
    // Nothing waits for it any more (dealt at the deadline, the step moved on), or this member
    // has no seat now, or the nonce is not the one hashed: nothing to send again.
    if (['WRONG_STATUS', 'NOT_SEATED', 'WRONG_NONCE'].includes(answer.code)) return;
    // Not taken: sent again while the set still waits (a room state in between may send it too).
    setTimeout(() => {
      const now = store.get();
      const current = now.room?.commit;
      if (current?.gameId === gameId && current.epoch === epoch && current.step === step)
        sendNonce(now.room!, now.you);
    }, NONCE_RETRY_MS);
  })();
}

// ---------------------------------------------------------------- the game

interface Observed {
  batches: { version: number; events: unknown[] }[];
  log: LogLine[];
}
const observedKey = (gameId: string) => `trepenta.seen.${gameId}`;

/**
 * Game pushes wait here, in order, while the room's game's chunk loads (a tab that opens on a
 * table): applied at once when it is loaded and nothing waits before them.
 */
let waiting: Promise<void> | null = null;
let waitingCount = 0;

function withGame(run: (client: GameClient) => void): void {
  const id = gameOf(store.get().room ?? {});
  const ready = loadedGame(id);
  if (ready && waitingCount === 0) {
    run(ready);
    return;
  }
  waitingCount++;
  waiting = (waiting ?? Promise.resolve())
    .then(() => loadGame(id))
    .then(run, () => {
      // The chunk did not load (offline): the next update or a resync brings the table.
      notify(m.home.loadFailed);
    })
    .finally(() => {
      waitingCount--;
    });
}

/** A game update from the server onto this tab's table (exported for tests). */
export function onGameUpdate(update: AnyGameUpdate): void {
  const state = store.get();
  if (state.code !== null && update.code !== state.code) return;
  withGame((client) => takeUpdate(client, update));
}

function takeUpdate(client: GameClient, update: AnyGameUpdate): void {
  const { module } = client;
  const state = store.get();
  if (state.code !== null && update.code !== state.code) return;
  const whole = update.base === null && (!module.patches || module.patches.isWhole(update.view));
  // The first whole view since a reconnection replaces the table even if it is older.
  const restart = tableHeldFromBefore && whole;
  if (restart) tableHeldFromBefore = false;
  const previous = state.game;
  const view = applyGameUpdate(module, restart ? null : previous, update);
  if (view === null) {
    // A patch to a view this tab does not hold (it missed one, or joined in between).
    void resyncOnce();
    return;
  }
  const head = module.viewHead(view);
  const held = previous === null ? null : module.viewHead(previous);
  const sameGame = held?.gameId === head.gameId;
  // An update older than the table held changes nothing (its events are not this version's).
  const sent =
    update.base !== null && module.patches
      ? module.patches.patchVersion(update.view)
      : module.viewHead(update.view).version;
  if (!restart && held && sameGame && sent < held.version) return;
  let { batches, log } = state;
  if (!sameGame) {
    // A new game, or this page was reloaded: pick up what this tab saw before.
    const seen = readJson<Observed | null>(observedKey(head.gameId), null, true);
    batches = seen?.batches ?? [];
    log = seen?.log ?? [];
  }
  // Events of versions the server no longer has are not this game's any more.
  if (restart) batches = batches.filter((b) => b.version <= head.version);
  store.set({
    game: view,
    batches,
    log,
    pending: false,
    // Whatever was picked on the table was picked on the table as it was.
    selection: held?.version !== head.version ? null : state.selection,
  });
  if (update.events.length > 0 && !batches.some((b) => b.version === head.version)) {
    store.set({ batches: [...batches, { version: head.version, events: update.events }] });
    const now = store.get();
    const names = seatNames(now.room, now.room?.seatCount ?? 0);
    const lines = update.events.flatMap((event) => client.describe(event, head.viewer, names));
    appendLog(lines.map(({ text, own, fold }) => ({ text, own, fold })));
    const turnCame = client.turnCame(previous, view);
    announce(
      lines
        .filter((line) => line.news || line.text === m.log.yourTurn)
        .map((line) => line.text)
        .join(' '),
    );
    client.played?.(update.events);
    if (turnCame && store.get().prefs.sound) playTurnSound();
  }
  remember(head.gameId);
}

/** What this tab saw of the game, kept for a reload of the tab. */
function remember(gameId: string): void {
  const now = store.get();
  writeJson(observedKey(gameId), { batches: now.batches, log: now.log } satisfies Observed, true);
}

/**
 * The game's events so far, sent by the server after a join (exported for tests): the move log
 * of a tab that joined in the middle (another device, a new tab) and the batches "verify the
 * deals" checks. Batches of later versions, received meanwhile, are kept after it.
 */
export function onGameHistory(history: AnyGameHistory): void {
  const state = store.get();
  if (state.code !== null && history.code !== state.code) return;
  withGame((client) => {
    const now = store.get();
    if (now.game === null || client.module.viewHead(now.game).gameId !== history.gameId) return;
    const batches = [
      ...history.batches,
      ...now.batches.filter((batch) => batch.version > history.version),
    ];
    const names = seatNames(now.room, now.room?.seatCount ?? 0);
    const { viewer } = client.module.viewHead(now.game);
    replaceLog(
      batches.flatMap((batch) =>
        batch.events.flatMap((event) =>
          client.describe(event, viewer, names).map(({ text, own, fold }) => ({ text, own, fold })),
        ),
      ),
    );
    store.set({ batches });
    remember(history.gameId);
  });
}

/** Sends a move; the server decides. A refusal is shown in words and the table re-syncs. */
export async function act(action: unknown): Promise<boolean> {
  const { game, pending, queued, room } = store.get();
  if (game === null) return false;
  if (pending) {
    // One move at a time: a second press never sends a move that might conflict with the first.
    if (queued !== null) notify(m.conn.stillQueued(queued), 'info');
    return false;
  }
  const client = loadedGame(gameOf(room ?? {}));
  if (!client) return false;
  const { version } = client.module.viewHead(game);
  // Away from the room: the move waits for the rejoin (`request`), and the table says so.
  const waiting = inRoom ? null : (client.describeAction?.(action, game) ?? m.conn.yourMove);
  store.set({ pending: true, selection: null, queued: waiting });
  const actionId = randomId();
  let answer = await request('game:action', { version, actionId, action });
  if (!answer.ok && answer.code === 'TIMEOUT' && store.get().conn === 'connected') {
    // Same id: if the first try did arrive, the server answers it instead of playing it twice.
    answer = await request('game:action', { version, actionId, action });
  }
  store.set({ pending: false, queued: null });
  if (answer.ok) return true;
  if (answer.code !== 'DUPLICATE_ACTION') notify(answer.message);
  // Back in the room, the table comes whole with the rejoin; no need to ask for it too.
  if (answer.code !== 'OFFLINE') void resync();
  return false;
}
