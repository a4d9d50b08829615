/**
 * What a client may know at each version (docs/rules/trepenta.md §7), derived from the true game state, and the
 * checks that every payload a client received on the wire stays inside it. The true states come
 * from replaying the stored log (the server's own record), version by version.
 */
import {
  applyAction,
  viewPatchesFor,
  bytesToHex,
  createGame,
  eventFor,
  faceKey,
  roundKey,
  roundStartEvents,
  setupMode,
  trepenta,
  viewFor,
} from '@trepenta/rules';
import type {
  Card,
  EventView,
  Face,
  GameEvent,
  GameSettings,
  GameState,
  GameViewPatch,
  LogEntry,
  Viewer,
} from '@trepenta/rules';
import { gameHistorySchemaFor, gameUpdateSchemaFor } from '@trepenta/protocol';
import type { GameHistory, GameUpdate } from './trepenta';
import type { GameHeader } from '../src/store/types';

const gameUpdateSchema = gameUpdateSchemaFor(trepenta);
const gameHistorySchema = gameHistorySchemaFor(trepenta);

export type FaceCounts = Map<string, number>;

export interface Knowledge {
  /** Cards the viewer may see by rank and suit, with multiplicity. */
  readonly visible: FaceCounts;
  /** Ids the viewer may see (§7, R8). */
  readonly ownIds: ReadonlySet<string>;
}

function add(counts: FaceCounts, key: string, n: number): void {
  if (n > 0) counts.set(key, (counts.get(key) ?? 0) + n);
}

export function countFaces(faces: readonly Face[]): FaceCounts {
  const counts: FaceCounts = new Map();
  for (const face of faces) add(counts, faceKey(face), 1);
  return counts;
}

/** docs/rules/trepenta.md §7's table, for one viewer at one moment. */
export function knowledge(state: GameState, viewer: Viewer): Knowledge {
  const visible: FaceCounts = new Map();
  const ownIds = new Set<string>();
  const round = state.round;
  const sawSetup = setupMode(state.settings) !== 'blind';
  // After a round ends every hand and field is shown to everyone (§7, last row).
  const revealed = round.reveal !== null || state.phase === 'gameOver';
  const see = (card: Face) => add(visible, faceKey(card), 1);
  for (const card of round.discardPile) see(card);
  round.seats.forEach((seat, index) => {
    const own = viewer === index;
    if (seat.piles && own && sawSetup) {
      for (const card of [...seat.piles.A, ...seat.piles.B]) {
        see(card);
        ownIds.add(card.id);
      }
    }
    if (own || revealed) {
      for (const card of seat.hand) see(card);
      if (own) for (const card of seat.hand) ownIds.add(card.id);
    } else {
      // Others' hands: only the publicly seen cards, as a multiset (§7).
      const hand = countFaces(seat.hand);
      const known = countFaces(seat.known);
      for (const [key, n] of hand) add(visible, key, Math.min(n, known.get(key) ?? 0));
    }
    for (const slot of seat.field) {
      const ownDown = own && sawSetup && !slot.faceUp;
      if (slot.faceUp || revealed || ownDown) see(slot.card);
      if (ownDown) ownIds.add(slot.card.id);
    }
  });
  return { visible, ownIds };
}

/** Every card id anywhere in the state. */
export function idsOfState(state: GameState, into: Set<string> = new Set()): Set<string> {
  const round = state.round;
  const addAll = (cards: readonly Card[]) => {
    for (const card of cards) into.add(card.id);
  };
  // The draw and discard piles hold faces: a card gets its id as it enters a hand (§7).
  for (const seat of round.seats) {
    if (seat.piles) addAll([...seat.piles.A, ...seat.piles.B]);
    addAll(seat.hand);
    addAll(seat.field.map((slot) => slot.card));
  }
  return into;
}

// ------------------------------------------------------------------ the true game, by version

export interface TrueGame {
  /** The state at each version (index = version). */
  readonly states: readonly GameState[];
  /** The events of the step that produced each version (index = version; 0: the opening deal). */
  readonly events: readonly (readonly GameEvent[])[];
  /** Every card id of the game (all rounds). */
  readonly allIds: ReadonlySet<string>;
  /** The round secrets and the working keys derived from them (§8). */
  readonly secrets: readonly string[];
  readonly log: readonly LogEntry[];
  /** Memo of knowledge() and of the engine's view JSON per version and viewer. */
  readonly memo: Map<string, { knowledge: Knowledge; view: string; events: string }>;
}

/** Replays a stored game step by step (createGame, then every logged action). */
export function replayByVersion(
  header: GameHeader,
  stored: readonly { readonly action: unknown }[],
): TrueGame {
  const log = stored as readonly LogEntry[];
  const created = createGame(header.settings as GameSettings, header.seatCount, header.randomness);
  if (!created.ok) throw new Error(`the stored game cannot be created: ${created.error.code}`);
  const states: GameState[] = [created.value];
  // A new game's first update may carry the public events that open round 1.
  const events: GameEvent[][] = [roundStartEvents(created.value)];
  const allIds = idsOfState(created.value);
  let state = created.value;
  for (const [i, entry] of log.entries()) {
    if (entry.version !== state.version)
      throw new Error(`log entry ${i} has version ${entry.version}, expected ${state.version}`);
    const step = applyAction(state, entry.seat, entry.action);
    if (!step.ok) throw new Error(`log entry ${i} does not replay: ${step.error.code}`);
    state = step.value.state;
    states.push(state);
    events.push([...step.value.events]);
    idsOfState(state, allIds);
  }
  const { secrets, nonces } = header.randomness;
  const keys = secrets.map((secret) => bytesToHex(roundKey(secret, nonces)));
  return { states, events, allIds, secrets: [...secrets, ...keys], log, memo: new Map() };
}

// ------------------------------------------------------------------ walking JSON

interface Found<T> {
  readonly value: T;
  readonly path: string;
}

function walk(
  value: unknown,
  path: string,
  visit: (value: unknown, path: string, key: string | null) => void,
  key: string | null = null,
): void {
  visit(value, path, key);
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}.${i}`, visit, String(i)));
    return;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    walk(v, `${path}.${k}`, visit, k);
}

function facesIn(value: unknown, skip: (path: string) => boolean = () => false): Found<Face>[] {
  const out: Found<Face>[] = [];
  walk(value, '', (v, path) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || skip(path)) return;
    const record = v as Record<string, unknown>;
    if (typeof record.rank === 'string' && typeof record.suit === 'string')
      out.push({ value: { rank: record.rank, suit: record.suit } as Face, path });
  });
  return out;
}

/** Values of properties named `id`, and every string anywhere, with where they are. */
function stringsIn(value: unknown): { ids: Found<string>[]; strings: Found<string>[] } {
  const ids: Found<string>[] = [];
  const strings: Found<string>[] = [];
  walk(value, '', (v, path, key) => {
    if (key === 'id') ids.push({ value: String(v), path });
    if (typeof v === 'string') strings.push({ value: v, path });
  });
  return { ids, strings };
}

function maxCounts(a: FaceCounts, b: FaceCounts): FaceCounts {
  const out: FaceCounts = new Map(a);
  for (const [key, n] of b) out.set(key, Math.max(n, out.get(key) ?? 0));
  return out;
}

/** The parts of a view where each visible card is shown once. */
function primaryFaces(view: GameViewPatch): Face[] {
  const faces: Face[] = [...(view.discardPile ?? [])];
  if (view.reveal) {
    for (const seat of view.reveal.seats) faces.push(...seat.hand, ...seat.field);
    return faces;
  }
  for (const seat of view.seats) {
    if (seat === null) continue;
    // A patch leaves out a seat's unchanged field and known cards.
    for (const slot of seat.field ?? []) if (slot.card) faces.push(slot.card);
    if (seat.hand) faces.push(...seat.hand);
    if (seat.seat !== view.viewer) faces.push(...(seat.known ?? []));
  }
  if (view.setup?.piles) faces.push(...view.setup.piles.A, ...view.setup.piles.B);
  return faces;
}

// ------------------------------------------------------------------ per-client payload checks

/** Which of the game's secrets or keys (§8) the JSON holds, whole or its first half; -1 for none. */
function secretIn(game: TrueGame, json: string): number {
  return game.secrets.findIndex((s) => json.includes(s) || json.includes(s.slice(0, 24)));
}

/** What the viewer may know at version v, and what the engine would send them then. */
function expected(game: TrueGame, v: number, viewer: Viewer) {
  const key = `${v}/${viewer}`;
  let entry = game.memo.get(key);
  if (!entry) {
    const state = game.states[v]!;
    entry = {
      knowledge: knowledge(state, viewer),
      view: JSON.stringify(viewFor(state, viewer)),
      events: JSON.stringify((game.events[v] ?? []).map((e) => eventFor(e, viewer))),
    };
    game.memo.set(key, entry);
  }
  return entry;
}

/**
 * The JSON of what the engine says an update must carry, from the game's states by version: the
 * whole view, or the patch to the view of the version before; null when the update names a
 * version the states do not have or a base that is not the version before.
 */
export function engineView(
  game: { readonly states: readonly GameState[] },
  update: GameUpdate,
  viewer: Viewer,
): string | null {
  const v = update.view.version;
  const state = game.states[v];
  if (!state) return null;
  if (update.base === null) return JSON.stringify(viewFor(state, viewer));
  if (update.base.version !== v - 1 || update.base.gameId !== state.randomness.gameId) return null;
  return JSON.stringify(viewPatchesFor(game.states[v - 1]!, state, [viewer])[0]);
}

export interface Payload {
  /** 'game:update', 'room:state', …, or 'ack:<event>' for an acknowledgement. */
  readonly event: string;
  readonly args: readonly unknown[];
}

export interface ClientRecord {
  readonly name: string;
  readonly viewer: Viewer;
  /** Everything received, in order (onAny), then the acks this client got. */
  readonly payloads: readonly Payload[];
}

export interface CheckStats {
  updates: number;
  events: number;
  payloads: number;
  idsSeen: number;
  facesSeen: number;
}

/** Each problem as one plain sentence; an empty list means the client saw nothing it should not. */
export function checkClient(
  game: TrueGame,
  record: ClientRecord,
  stats: CheckStats,
  options: { readonly engineEquality: boolean } = { engineEquality: true },
): string[] {
  const problems: string[] = [];
  const report = (message: string) => {
    if (problems.length < 20) problems.push(`${record.name}: ${message}`);
  };

  for (const [index, payload] of record.payloads.entries()) {
    stats.payloads++;
    const at = `payload ${index} (${payload.event})`;
    const json = JSON.stringify(payload.args);
    const updates: GameUpdate[] = [];
    if (payload.event === 'game:update') updates.push(payload.args[0] as GameUpdate);
    if (payload.event === 'ack:game:sync') {
      const answer = payload.args[0] as { ok: boolean; game?: GameUpdate | null };
      if (answer.ok && answer.game) updates.push(answer.game);
    }
    if (payload.event === 'game:history') {
      checkHistory(game, record.viewer, at, payload.args[0] as GameHistory, stats, report, options);
      continue;
    }
    if (updates.length === 0) {
      // Room state, chat, acks, shutdown notices: no card, no id, no secret, ever.
      const { strings } = stringsIn(payload.args);
      for (const s of strings)
        if (game.allIds.has(s.value)) report(`${at}: card id ${s.value} at ${s.path}`);
      for (const face of facesIn(payload.args)) report(`${at}: a card face at ${face.path}`);
      const secret = secretIn(game, json);
      if (secret >= 0) report(`${at}: carries secret/key #${secret}`);
      continue;
    }
    for (const update of updates) {
      stats.updates++;
      const parsed = gameUpdateSchema.safeParse(update);
      if (!parsed.success)
        report(`${at}: not a valid update (${parsed.error.issues[0]?.message ?? '?'})`);
      const v = update.view.version;
      const state = game.states[v];
      if (!state) {
        report(`${at}: version ${v} is not in the stored log`);
        continue;
      }
      const truth = expected(game, v, record.viewer);
      const now = truth.knowledge;
      const where = `${at} v${v} ${state.phase}`;
      if (update.view.viewer !== record.viewer)
        report(`${where}: view for ${update.view.viewer}, expected ${record.viewer}`);

      // The server sends exactly the engine's redacted view (or its patch to the view of the
      // version before) and events for this viewer (checkEvents).
      if (options.engineEquality) {
        const base = update.base;
        if (base === null) {
          if (JSON.stringify(update.view) !== truth.view)
            report(`${where}: the view differs from viewFor(state at v${v}, ${record.viewer})`);
        } else if (base.version !== v - 1 || base.gameId !== state.randomness.gameId) {
          report(`${where}: a patch to v${base.version} of ${base.gameId}`);
        } else if (JSON.stringify(update.view) !== engineView(game, update, record.viewer)) {
          report(`${where}: the patch differs from viewPatchesFor(v${v - 1}, v${v})`);
        }
      }

      // Finished rounds' tables were revealed to everyone at their round's end and hold other
      // deals' cards: they must be the state's public record itself, with no id in it (a patch
      // leaves them out while unchanged); the rest of the view is checked against this round.
      const { pastRounds, ...current } = update.view as GameViewPatch & { pastRounds?: unknown };
      if (pastRounds !== undefined) {
        if (JSON.stringify(pastRounds) !== JSON.stringify(state.pastRounds))
          report(`${where}: finished rounds differ from the public record`);
        for (const id of stringsIn(pastRounds).ids)
          report(`${where}: id ${id.value} in a finished round at view.pastRounds${id.path}`);
      }

      // (b) ids: the viewer's own cards only (hand, R8 piles and face-down field).
      const viewStrings = stringsIn(current);
      for (const id of viewStrings.ids) {
        stats.idsSeen++;
        if (!now.ownIds.has(id.value)) report(`${where}: id ${id.value} at view${id.path}`);
      }
      for (const s of viewStrings.strings)
        if (game.allIds.has(s.value) && !now.ownIds.has(s.value))
          report(`${where}: hidden card id ${s.value} at view${s.path}`);

      // (a) faces: nothing hidden, and no more copies of a face than are public.
      for (const face of facesIn(current)) {
        stats.facesSeen++;
        if ((now.visible.get(faceKey(face.value)) ?? 0) === 0)
          report(`${where}: hidden ${faceKey(face.value)} at view${face.path}`);
      }
      for (const [key, n] of countFaces(primaryFaces(current))) {
        const allowed = now.visible.get(key) ?? 0;
        if (n > allowed) report(`${where}: ${n}× ${key} shown, ${allowed} public`);
      }
      checkEvents(game, record.viewer, where, v, update.events, stats, report, options);

      // (c) secrets only with the game's end.
      const ends =
        update.view.phase === 'gameOver' || update.events.some((e) => e.type === 'gameEnded');
      const secret = secretIn(game, json);
      if (!ends && secret >= 0) report(`${where}: carries secret/key #${secret} before game end`);
      if (ends && state.phase !== 'gameOver') report(`${where}: claims the game ended early`);
    }
  }
  return problems;
}

/**
 * One step's events as a viewer received them (in an update or in game:history): the engine's
 * events for that viewer, ids only of the viewer's own cards (held then or moved by this step),
 * and no more copies of a face than were public before or after the step.
 */
function checkEvents(
  game: TrueGame,
  viewer: Viewer,
  where: string,
  v: number,
  events: readonly EventView[],
  stats: CheckStats,
  report: (message: string) => void,
  options: { readonly engineEquality: boolean },
): void {
  const now = expected(game, v, viewer);
  const earlier = v > 0 ? expected(game, v - 1, viewer).knowledge : now.knowledge;
  if (options.engineEquality && events.length > 0 && JSON.stringify(events) !== now.events)
    report(`${where}: the events differ from the engine's events for this viewer`);
  const moved = new Set<string>();
  for (const event of game.events[v] ?? []) {
    if (!('moves' in event)) continue;
    for (const move of event.moves) {
      const mine =
        (move.to.zone === 'hand' && move.to.seat === viewer) ||
        (move.from.zone === 'hand' && move.from.seat === viewer);
      if (mine) moved.add(move.card.id);
    }
  }
  const allowed = (id: string) =>
    now.knowledge.ownIds.has(id) || earlier.ownIds.has(id) || moved.has(id);
  const visible = maxCounts(earlier.visible, now.knowledge.visible);
  for (const event of events) {
    stats.events++;
    const { ids, strings } = stringsIn(event);
    for (const id of ids) {
      stats.idsSeen++;
      if (!allowed(id.value)) report(`${where}: ${event.type} shows id ${id.value}`);
    }
    for (const s of strings)
      if (game.allIds.has(s.value) && !allowed(s.value))
        report(`${where}: ${event.type} carries hidden id ${s.value} at ${s.path}`);
    const faces = facesIn(event).map((f) => f.value);
    stats.facesSeen += faces.length;
    for (const [key, n] of countFaces(faces)) {
      const public_ = visible.get(key) ?? 0;
      if (n > public_) report(`${where}: ${event.type} shows ${n}× ${key}, ${public_} public then`);
    }
  }
}

/**
 * game:history: every batch checked as the events of its version, the batches those of the log
 * up to the history's version (with events for this viewer), and secrets only once it holds the
 * game's end.
 */
function checkHistory(
  game: TrueGame,
  viewer: Viewer,
  at: string,
  history: GameHistory,
  stats: CheckStats,
  report: (message: string) => void,
  options: { readonly engineEquality: boolean },
): void {
  const parsed = gameHistorySchema.safeParse(history);
  if (!parsed.success) {
    report(`${at}: not a valid history (${parsed.error.issues[0]?.message ?? '?'})`);
    return;
  }
  const end = game.states[history.version];
  if (!end) {
    report(`${at}: version ${history.version} is not in the stored log`);
    return;
  }
  if (history.gameId !== end.randomness.gameId) report(`${at}: the history of another game`);
  if (options.engineEquality) {
    const versions = [];
    for (let v = 0; v <= history.version; v++)
      if ((game.events[v] ?? []).length > 0) versions.push(v);
    const got = history.batches.map((batch) => batch.version);
    if (JSON.stringify(got) !== JSON.stringify(versions))
      report(`${at}: batches for versions ${got.join(',')}, the log has ${versions.join(',')}`);
  }
  for (const batch of history.batches) {
    const state = game.states[batch.version];
    if (!state || batch.version > history.version) {
      report(`${at}: a batch for version ${batch.version}, past the history's end`);
      continue;
    }
    checkEvents(
      game,
      viewer,
      `${at} v${batch.version}`,
      batch.version,
      batch.events,
      stats,
      report,
      options,
    );
  }
  const json = JSON.stringify(history);
  const secret = secretIn(game, json);
  if (secret >= 0 && end.phase !== 'gameOver')
    report(`${at}: carries secret/key #${secret} before game end`);
}
