/**
 * The redaction contract (docs/rules/trepenta.md §7), tested two ways on views (viewFor) and on events
 * (eventFor), for every viewer (each seat and 'spectator'), over many bot games:
 *
 * (a) non-interference: alter what a viewer may not know (draw pile order, hidden hand cards,
 *     face-down field cards, hand slots, which of two look-alike cards was taken, setup piles) and
 *     the viewer's view must be byte-identical; apply the same next action to both states and the
 *     viewer's events and next view must be byte-identical too, unless that action legitimately
 *     reveals the altered cards (a round end shows hands and fields, not hand order).
 * (b) no leak: derived from the state, no id outside the viewer's own cards (own hand, own piles
 *     and own face-down field under peek/sort, R8) and no rank+suit of a hidden card (counted with
 *     multiplicity, since several decks hold look-alike cards) in any view or event; no round
 *     secret before the game is over.
 *
 * The sweep runs once and sorts what it finds by kind, so that each contract clause is its own test.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  eventFor,
  eventViewSchema,
  faceKey,
  gameViewSchema,
  legalActions,
  replay,
  setupMode,
  settingsWith,
  viewFor,
} from '../src/index';
import type {
  Action,
  Actor,
  BotLevel,
  Card,
  DeckSetting,
  Face,
  GameEvent,
  GameState,
  HouseRule,
  PlayerAction,
  Viewer,
} from '../src/index';
import { newGame, playGame, testRandomness } from './helpers';
import {
  countFaces,
  deepFreeze,
  describeRules,
  drive,
  facesIn,
  idsIn,
  knowledge,
  mutableCopy,
  randomCandidate,
  seededRandom,
  viewersOf,
} from './invariants';
import type { DeepMutable, FaceCounts, Knowledge } from './invariants';

// ------------------------------------------------------------------ configurations

interface Config {
  readonly deck: DeckSetting;
  readonly seats: number;
  readonly rules: readonly HouseRule[];
  readonly seed: number;
  readonly levels: readonly BotLevel[];
  readonly timeoutChance: number;
}

const RULE_SETS: readonly (readonly HouseRule[])[] = [
  [],
  ['peek'],
  ['sort'],
  ['peek', 'sort', 'openField'],
  ['openField'],
  ['fieldUnlimited', 'openField'],
  ['rivalSets'],
  ['rivalSets', 'finishLine', 'peek'],
  ['sort', 'fieldUnlimited', 'openField', 'longPlay'],
  ['longPlay', 'rivalSets'],
  ['peek', 'sort', 'fieldUnlimited', 'openField', 'longPlay', 'finishLine', 'rivalSets'],
  ['fieldUnlimited', 'finishLine'],
];
const DECKS: readonly DeckSetting[] = ['casual', 'challenging', 'trepenta'];

const CONFIGS: readonly Config[] = RULE_SETS.flatMap((rules, i) =>
  [0, 1].map((k) => ({
    deck: DECKS[(i + k) % 3]!,
    seats: [2, 3, 4, 5, 6, 1][(2 * i + k) % 6]!,
    rules,
    seed: 500 + 10 * i + k,
    levels: k === 0 ? ['random', 'greedy'] : ['greedy'],
    timeoutChance: i % 3 === 0 ? 0.05 : 0,
  })),
);

function label(config: Config): string {
  return `seed ${config.seed}, ${config.seats} seats, ${config.deck}, ${describeRules(config.rules)}`;
}

// ------------------------------------------------------------------ findings

interface Finding {
  readonly kind: string;
  readonly message: string;
}

class Findings {
  readonly list: Finding[] = [];
  readonly counts = new Map<string, number>();
  private readonly perKind = new Map<string, number>();

  add(kind: string, message: string): void {
    const n = this.perKind.get(kind) ?? 0;
    this.perKind.set(kind, n + 1);
    // Keep the first few of each kind: enough to reproduce, not a wall of text.
    if (n < 5) this.list.push({ kind, message });
  }

  /** How often a check ran (so a clause that was never exercised shows). */
  ran(kind: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  of(prefix: string): string[] {
    return this.list
      .filter((f) => f.kind.startsWith(prefix))
      .map((f) => `[${f.kind}] ${f.message}`);
  }

  total(prefix: string): number {
    let sum = 0;
    for (const [kind, n] of this.perKind) if (kind.startsWith(prefix)) sum += n;
    return sum;
  }
}

// ------------------------------------------------------------------ (b) no leak

function who(viewer: Viewer): string {
  return viewer === 'spectator' ? 'spectator' : `seat ${viewer}`;
}

function maxCounts(a: FaceCounts, b: FaceCounts): FaceCounts {
  const out: FaceCounts = new Map(a);
  for (const [key, n] of b) out.set(key, Math.max(n, out.get(key) ?? 0));
  return out;
}

/** The sections of a view where each visible card is shown once (before any round end). */
function primaryFaces(view: ReturnType<typeof viewFor>): FaceCounts {
  const faces: { rank: string; suit: string }[] = [...view.discardPile];
  for (const seat of view.seats) {
    for (const slot of seat.field) if (slot.card) faces.push(slot.card);
    if (seat.hand) faces.push(...seat.hand);
    if (seat.seat !== view.viewer) faces.push(...seat.known);
  }
  if (view.setup?.piles) faces.push(...view.setup.piles.A, ...view.setup.piles.B);
  return countFaces(faces as Card[]);
}

function checkView(
  state: GameState,
  viewer: Viewer,
  where: string,
  findings: Findings,
  schema: boolean,
): void {
  const view = viewFor(state, viewer);
  const json = JSON.stringify(view);
  const known: Knowledge = knowledge(state, viewer);
  const at = `${where}, phase ${state.phase}, version ${state.version}, viewer ${who(viewer)}`;
  findings.ran('view');
  // Finished rounds' tables were revealed to everyone at their round's end and hold other deals'
  // cards: they are the state's public record itself, the same object for every viewer, with no
  // id in it; the rest of the view is checked against this round's knowledge.
  const current = { ...view, pastRounds: [] };
  if (view.pastRounds !== (state.pastRounds as unknown)) {
    findings.add('view:face', `${at}: finished rounds are not the public record`);
  }
  if (viewer === 'spectator') {
    for (const { path } of idsIn(state.pastRounds)) {
      findings.add('view:id', `${at}: an id in a finished round at ${path}`);
    }
  }
  for (const { value: id, path } of idsIn(current)) {
    if (!known.ownIds.has(id)) findings.add('view:id', `${at}: id ${id} at ${path}`);
  }
  for (const { value: face, path } of facesIn(current)) {
    if ((known.visible.get(faceKey(face)) ?? 0) === 0) {
      findings.add('view:face', `${at}: hidden ${faceKey(face)} at ${path}`);
    }
  }
  if (state.round.reveal === null && state.phase !== 'gameOver') {
    const shown = primaryFaces(view);
    for (const key of new Set([...shown.keys(), ...known.visible.keys()])) {
      const n = shown.get(key) ?? 0;
      const allowed = known.visible.get(key) ?? 0;
      if (n > allowed) findings.add('view:face', `${at}: ${n}× ${key} shown, ${allowed} visible`);
      else if (n < allowed)
        findings.add('view:missing', `${at}: ${n}× ${key} shown, ${allowed} visible`);
    }
  }
  if (state.phase !== 'gameOver') {
    state.randomness.secrets.forEach((secret, r) => {
      if (json.includes(secret) || json.includes(secret.slice(0, 24))) {
        findings.add('view:secret', `${at}: round ${r + 1}'s secret`);
      }
    });
  }
  if (schema) {
    const parsed = gameViewSchema.safeParse(view);
    if (!parsed.success) findings.add('schema', `${at}: view ${parsed.error.issues[0]?.message}`);
  }
}

function checkEvents(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  viewer: Viewer,
  where: string,
  findings: Findings,
  schema: boolean,
): void {
  const kb = knowledge(before, viewer);
  const ka = knowledge(after, viewer);
  const visible = maxCounts(kb.visible, ka.visible);
  // A batch (a stand-in's whole turn) may move a card into the viewer's hand and out again.
  const passedThrough = new Set<string>();
  for (const event of events) {
    if (!('moves' in event)) continue;
    for (const move of event.moves) {
      const into = move.to.zone === 'hand' && move.to.seat === viewer;
      const outOf = move.from.zone === 'hand' && move.from.seat === viewer;
      if (into || outOf) passedThrough.add(move.card.id);
    }
  }
  const at = `${where}, version ${after.version}, viewer ${who(viewer)}`;
  for (const event of events) {
    const seen = eventFor(event, viewer);
    const json = JSON.stringify(seen);
    findings.ran('event');
    for (const { value: id, path } of idsIn(seen)) {
      if (!kb.ownIds.has(id) && !ka.ownIds.has(id) && !passedThrough.has(id)) {
        findings.add('event:id', `${at}: ${event.type} shows id ${id} at ${path}`);
      }
    }
    const faces = countFaces(facesIn(seen).map((f) => f.value));
    for (const [key, n] of faces) {
      const allowed = visible.get(key) ?? 0;
      if (n > allowed)
        findings.add('event:face', `${at}: ${event.type} shows ${n}× ${key}, ${allowed} visible`);
    }
    if (after.phase !== 'gameOver' || event.type !== 'gameEnded') {
      before.randomness.secrets.forEach((secret, r) => {
        if (json.includes(secret) || json.includes(secret.slice(0, 24))) {
          findings.add('event:secret', `${at}: ${event.type} carries round ${r + 1}'s secret`);
        }
      });
    }
    if (schema) {
      const parsed = eventViewSchema.safeParse(seen);
      if (!parsed.success)
        findings.add('schema', `${at}: ${event.type} ${parsed.error.issues[0]?.message}`);
    }
  }
}

// ------------------------------------------------------------------ (a) non-interference

interface Alteration {
  readonly kind: string;
  readonly state: GameState;
  /** Whether even a round end (which shows hands and fields) must not show the change. */
  readonly survivesReveal: boolean;
}

/** What the next action (with a stand-in's moves) touches, so alterations can stay clear of it. */
function touchedBy(state: GameState, actor: Actor, action: Action) {
  const ids = new Set<string>();
  let drawsTop = false;
  const positions = new Set<string>();
  const moves = action.type === 'timeout' ? action.standIn : [action];
  const seat =
    actor === 'system' ? (state.round.turn?.seat ?? state.round.reveal?.layoff?.seat ?? -1) : actor;
  for (const move of moves) {
    switch (move.type) {
      case 'draw':
        if (move.from === 'drawPile') drawsTop = true;
        break;
      case 'exchange':
        ids.add(move.cardId);
        positions.add(`${seat}/${move.position}`);
        break;
      case 'openFieldSwap':
      case 'discard':
      case 'layOff':
        ids.add(move.cardId);
        break;
      case 'arrange':
        for (const id of move.melds.flat()) ids.add(id);
        break;
      case 'choosePile':
      case 'choosePeek':
      case 'chooseSort':
      case 'pass':
      case 'ready':
      case 'abandon':
        break;
    }
  }
  return { ids, drawsTop, positions };
}

function differentFacePair<T>(
  items: readonly T[],
  faceOf: (item: T) => string,
  random: () => number,
): [number, number] | null {
  if (items.length < 2) return null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const i = Math.floor(random() * items.length);
    const j = Math.floor(random() * items.length);
    if (i !== j && faceOf(items[i]!) !== faceOf(items[j]!)) return [i, j];
  }
  return null;
}

function alterations(
  state: GameState,
  viewer: Viewer,
  actor: Actor,
  action: Action,
  random: () => number,
): Alteration[] {
  const out: Alteration[] = [];
  const round = state.round;
  const touched = touchedBy(state, actor, action);
  const blind = setupMode(state.settings) === 'blind';
  const others = round.seats.map((_, i) => i).filter((i) => i !== viewer);
  const key = (card: Face) => faceKey(card);
  const drawable = round.drawPile
    .map((card, index) => ({ card, index }))
    .filter(({ index }) => !(touched.drawsTop && index === round.drawPile.length - 1));
  const viewerActs = actor === viewer || (actor === 'system' && action.type === 'timeout');

  // A: the draw pile's order.
  const pair = differentFacePair(drawable, (d) => key(d.card), random);
  if (pair) {
    const altered = mutableCopy(state);
    const [i, j] = [drawable[pair[0]]!.index, drawable[pair[1]]!.index];
    [altered.round.drawPile[i], altered.round.drawPile[j]] = [
      altered.round.drawPile[j]!,
      altered.round.drawPile[i]!,
    ];
    out.push({ kind: 'drawPile', state: altered, survivesReveal: true });
  }

  // One seat per kind of alteration (a random other seat; the turn's seat for E).
  const seat = others.length > 0 ? others[Math.floor(random() * others.length)]! : null;
  if (seat !== null) {
    const seatState = round.seats[seat]!;
    // B: a hidden hand card of another seat for a draw-pile card.
    const hand = countFaces(seatState.hand);
    const known = countFaces(seatState.known);
    const hidden = seatState.hand
      .map((card, index) => ({ card, index }))
      .filter(
        ({ card }) =>
          !touched.ids.has(card.id) &&
          card.id !== round.turn?.takenFromDiscard &&
          (hand.get(key(card)) ?? 0) > (known.get(key(card)) ?? 0),
      );
    if (
      hidden.length > 0 &&
      drawable.length > 0 &&
      state.phase !== 'gameOver' &&
      round.reveal === null
    ) {
      const h = hidden[Math.floor(random() * hidden.length)]!;
      const d = drawable.find((x) => key(x.card) !== key(h.card));
      if (d) {
        const altered = mutableCopy(state);
        // The faces trade places; the hand keeps its card id, the pile holds faces only.
        const inHand = altered.round.seats[seat]!.hand;
        const pileFace = altered.round.drawPile[d.index]!;
        const handCard = inHand[h.index]!;
        inHand[h.index] = { id: handCard.id, rank: pileFace.rank, suit: pileFace.suit };
        altered.round.drawPile[d.index] = { rank: handCard.rank, suit: handCard.suit };
        out.push({ kind: 'handWithDrawPile', state: altered, survivesReveal: false });
      }
    }
    // G: a hidden hand card of another seat for one of its own face-down field cards.
    const down = seatState.field
      .map((slot, position) => ({ slot, position }))
      .filter(
        ({ slot, position }) => !slot.faceUp && !touched.positions.has(`${seat}/${position}`),
      );
    if (
      hidden.length > 0 &&
      down.length > 0 &&
      round.reveal === null &&
      state.phase !== 'gameOver'
    ) {
      const h = hidden[Math.floor(random() * hidden.length)]!;
      const f = down.find((x) => key(x.slot.card) !== key(h.card));
      if (f) {
        const altered = mutableCopy(state);
        const target = altered.round.seats[seat]!;
        [target.hand[h.index], target.field[f.position]!.card] = [
          target.field[f.position]!.card,
          target.hand[h.index]!,
        ];
        out.push({ kind: 'handWithField', state: altered, survivesReveal: false });
      }
    }
    // D: the order of another seat's hand (hand slots are never shown, §7).
    if (seatState.hand.length >= 2 && new Set(seatState.hand.map(key)).size >= 2) {
      const altered = mutableCopy(state);
      altered.round.seats[seat]!.hand.reverse();
      out.push({ kind: 'handOrder', state: altered, survivesReveal: true });
    }
    // F: another seat's dealt piles (faces move, ids stay, so its choice stays valid).
    if (seatState.piles) out.push(...pileSwap(state, seat, random));
  }
  // E: which of two look-alike cards in the hand is the one taken from the discard pile.
  const turn = round.turn;
  if (turn !== null && turn.seat !== viewer && turn.takenFromDiscard !== null) {
    const seatState = round.seats[turn.seat]!;
    {
      const taken = seatState.hand.find((c) => c.id === turn.takenFromDiscard);
      const twin = taken && seatState.hand.find((c) => c.id !== taken.id && key(c) === key(taken));
      const discardsTwin =
        action.type === 'discard' && twin !== undefined && action.cardId === twin.id;
      if (twin && !discardsTwin) {
        const altered = mutableCopy(state);
        altered.round.turn!.takenFromDiscard = twin.id;
        out.push({ kind: 'takenTwin', state: altered, survivesReveal: true });
      }
    }
  }
  // F (own, core game): a blind chooser has not seen its piles.
  if (typeof viewer === 'number' && blind && round.seats[viewer]?.piles && !viewerActs) {
    out.push(...pileSwap(state, viewer, random));
  }

  // C: face-down field cards of another seat, and under the blind core setup the viewer's own.
  if (round.reveal === null && state.phase !== 'gameOver') {
    const fieldSeats = blind && typeof viewer === 'number' ? [...others, viewer] : others;
    const fieldSeat =
      fieldSeats.length > 0 ? fieldSeats[Math.floor(random() * fieldSeats.length)]! : null;
    for (const seat of fieldSeat === null ? [] : [fieldSeat]) {
      const down = round.seats[seat]!.field.map((slot, position) => ({ slot, position })).filter(
        ({ slot, position }) => !slot.faceUp && !touched.positions.has(`${seat}/${position}`),
      );
      const two = differentFacePair(down, (d) => key(d.slot.card), random);
      if (two) {
        const altered = mutableCopy(state);
        const field = altered.round.seats[seat]!.field;
        const [p, q] = [down[two[0]]!.position, down[two[1]]!.position];
        [field[p]!.card, field[q]!.card] = [field[q]!.card, field[p]!.card];
        out.push({ kind: 'faceDownField', state: altered, survivesReveal: false });
      }
    }
  }
  return out;
}

function pileSwap(state: GameState, seat: number, random: () => number): Alteration[] {
  const piles = state.round.seats[seat]!.piles!;
  const all = [...piles.A, ...piles.B];
  const pair = differentFacePair(all, faceKey, random);
  if (!pair) return [];
  const altered = mutableCopy(state);
  const slots = altered.round.seats[seat]!.piles!;
  const at = (i: number): DeepMutable<Card> => (i < 5 ? slots.A[i]! : slots.B[i - 5]!);
  const [a, b] = [at(pair[0]), at(pair[1])];
  [a.rank, a.suit, b.rank, b.suit] = [b.rank, b.suit, a.rank, a.suit];
  return [{ kind: 'piles', state: altered, survivesReveal: false }];
}

/** Accepted, or the refusal exactly as the actor receives it. */
function outcomeOf(state: GameState, seat: number, action: PlayerAction): string {
  const result = applyAction(state, seat, action);
  return result.ok ? 'accepted' : JSON.stringify(result.error);
}

function nonInterference(
  state: GameState,
  actor: Actor,
  action: Action,
  where: string,
  random: () => number,
  findings: Findings,
  due: boolean,
): void {
  const original = applyAction(state, actor, action);
  if (!original.ok) return;
  const reveals = original.value.events.some((e) => e.type === 'roundEnded');
  // Every few steps, and always at the moments that reveal, reshuffle or follow a discard draw.
  const moment =
    reveals ||
    state.round.turn?.takenFromDiscard != null ||
    original.value.events.some((e) => e.type === 'reshuffled' || e.type === 'fieldCompleted');
  if (!due && !moment) return;
  for (const viewer of viewersOf(state)) {
    // §7 no side channels: a refusal depends only on what the actor's view shows, so the
    // alterations below must not change the outcome of anything this seat might try.
    const tries: { action: PlayerAction; outcome: string }[] = [];
    if (typeof viewer === 'number') {
      const legal = legalActions(viewFor(state, viewer));
      for (let k = 0; k < 3; k++) {
        const tried = randomCandidate(state, viewer, legal, random);
        tries.push({ action: tried, outcome: outcomeOf(state, viewer, tried) });
      }
    }
    const viewBefore = JSON.stringify(viewFor(state, viewer));
    const eventsAfter = JSON.stringify(original.value.events.map((e) => eventFor(e, viewer)));
    const viewAfter = JSON.stringify(viewFor(original.value.state, viewer));
    for (const alteration of alterations(state, viewer, actor, action, random)) {
      const kind = `ni:${alteration.kind}`;
      const at = `${where}, version ${state.version}, viewer ${who(viewer)}, next ${JSON.stringify(action)} by ${actor}`;
      findings.ran(kind);
      if (JSON.stringify(viewFor(alteration.state, viewer)) !== viewBefore) {
        findings.add(`${kind}:view`, `${at}: the view changed`);
        continue;
      }
      for (const tried of tries) {
        findings.ran('refusal');
        if (outcomeOf(alteration.state, viewer as number, tried.action) !== tried.outcome) {
          findings.add(
            `${kind}:refusal`,
            `${at}: ${JSON.stringify(tried.action)} by the viewer: ${tried.outcome} became ${outcomeOf(alteration.state, viewer as number, tried.action)}`,
          );
        }
      }
      if (reveals && !alteration.survivesReveal) continue;
      const altered = applyAction(alteration.state, actor, action);
      if (!altered.ok) {
        findings.add(
          `${kind}:refused`,
          `${at}: refused after the alteration (${altered.error.code})`,
        );
        continue;
      }
      findings.ran(`${kind}:next`);
      const events = JSON.stringify(altered.value.events.map((e) => eventFor(e, viewer)));
      if (events !== eventsAfter) {
        findings.add(`${kind}:events`, `${at}: events differ:\n  ${eventsAfter}\n  ${events}`);
      }
      if (JSON.stringify(viewFor(altered.value.state, viewer)) !== viewAfter) {
        findings.add(`${kind}:nextView`, `${at}: the next view differs`);
      }
    }
  }
}

// ------------------------------------------------------------------ the sweep

let sweepResult: Findings | null = null;

/** Plays every configuration once, checking every step for every viewer. */
function sweep(): Findings {
  if (sweepResult) return sweepResult;
  const findings = new Findings();
  for (const config of CONFIGS) {
    const where = label(config);
    const settings = settingsWith(config.rules, {
      deck: config.deck,
      turnTimerSeconds: config.timeoutChance > 0 ? 30 : null,
    });
    const start = deepFreeze(newGame(settings, config.seats, config.seed));
    const random = seededRandom(config.seed);
    for (const viewer of viewersOf(start)) checkView(start, viewer, where, findings, true);
    drive(start, {
      levels: config.levels,
      seed: config.seed,
      timeoutChance: config.timeoutChance,
      beforeStep: (state, actor, action, n) => {
        nonInterference(state, actor, action, where, random, findings, n % 6 === 0);
      },
      onStep: ({ n, before, after, events }) => {
        deepFreeze(after);
        const schema = n % 7 === 0;
        for (const viewer of viewersOf(after)) {
          checkView(after, viewer, where, findings, schema);
          checkEvents(before, after, events, viewer, where, findings, schema);
        }
      },
    });
  }
  sweepResult = findings;
  return findings;
}

function expectNone(prefix: string): void {
  const findings = sweep();
  expect(findings.of(prefix), `${findings.total(prefix)} findings`).toEqual([]);
}

describe('redaction (§7): every viewer, many games', () => {
  it('the sweep exercises every check', { timeout: 180_000 }, () => {
    const findings = sweep();
    const ran = (kind: string) => findings.counts.get(kind) ?? 0;
    expect(ran('view')).toBeGreaterThan(10_000);
    expect(ran('event')).toBeGreaterThan(10_000);
    expect(ran('refusal')).toBeGreaterThan(10_000);
    expect(ran('ni:takenTwin')).toBeGreaterThan(10);
    for (const kind of [
      'drawPile',
      'handWithDrawPile',
      'handWithField',
      'faceDownField',
      'handOrder',
      'piles',
    ]) {
      expect(ran(`ni:${kind}:next`), kind).toBeGreaterThan(100);
    }
  });

  it('(b) views: ids only on the viewer’s own hand, own setup piles and own face-down field (R8)', () => {
    expectNone('view:id');
  });

  it('(b) views: no rank and suit of a card hidden from the viewer (counted with multiplicity)', () => {
    expectNone('view:face');
  });

  it('views show every card the viewer may see (public knowledge is not lost)', () => {
    expectNone('view:missing');
  });

  it('(b) events: ids only on the viewer’s own cards', () => {
    expectNone('event:id');
  });

  it('(b) events: no rank and suit of a card hidden from the viewer', () => {
    expectNone('event:face');
  });

  it('(b) no round secret in any view or event before the game is over (§8.4)', () => {
    expectNone('view:secret');
    expectNone('event:secret');
  });

  it('views and events match their published schemas', () => {
    expectNone('schema');
  });

  it('(a) swapping two draw-pile cards changes nothing a viewer receives', () => {
    expectNone('ni:drawPile');
  });

  it('(a) swapping a hidden hand card of another seat with a draw-pile card changes nothing', () => {
    expectNone('ni:handWithDrawPile');
  });

  it('(a) swapping a hidden hand card of another seat with one of its face-down field cards changes nothing', () => {
    expectNone('ni:handWithField');
  });

  it('(a) no refusal depends on what the actor cannot see (§7 no side channels)', () => {
    const findings = sweep();
    const refusals = findings.list
      .filter((f) => f.kind.endsWith(':refusal'))
      .map((f) => `[${f.kind}] ${f.message}`);
    expect(refusals).toEqual([]);
  });

  it('(a) swapping face-down field cards (others’; own under the blind core setup) changes nothing', () => {
    expectNone('ni:faceDownField');
  });

  it('(a) swapping cards in another seat’s dealt piles changes nothing', () => {
    expectNone('ni:piles');
  });

  it('(a) the order of another seat’s hand (its hand slots) is never shown, not even at the round end', () => {
    expectNone('ni:handOrder');
  });

  it('(a) which of two look-alike cards was taken from the discard pile is never shown', () => {
    expectNone('ni:takenTwin');
  });
});

// ------------------------------------------------------------------ pinned reproductions

describe('redaction regressions', () => {
  it('regression: seed 1, 3 seats, casual, rivalSets (greedy bots): no foreign id in the meld owner’s view after a lay-off', () => {
    // §7: ids only on cards the viewer holds. A card that another seat laid off onto my meld
    // (Rival Sets) keeps that seat's id, which says when and how it entered that hand.
    // Seed 1 shows it (round 4, seat 1); later seeds only in case the bots change.
    let layOffs = 0;
    const leaks: string[] = [];
    for (let seed = 1; seed < 40 && layOffs === 0; seed++) {
      const game = playGame(
        newGame(settingsWith(['rivalSets'], { deck: 'casual' }), 3, seed),
        ['greedy'],
        seed,
        {
          keepStates: true,
        },
      );
      game.events.forEach((events, i) => {
        if (!events.some((e) => e.type === 'laidOff')) return;
        layOffs++;
        const state = game.states[i]!;
        for (let viewer = 0; viewer < 3; viewer++) {
          const own = knowledge(state, viewer).ownIds;
          for (const { value, path } of idsIn(viewFor(state, viewer))) {
            if (!own.has(value)) {
              leaks.push(
                `seed ${seed}, round ${state.round.round}, version ${state.version}, seat ${viewer}: ${value} at ${path}`,
              );
            }
          }
        }
      });
    }
    expect(layOffs).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });

  it('regression: the revealed hands do not depend on the order of the hand (seed 3, 2 seats, core)', () => {
    // §7: no view or event reveals a hand slot or the order in which hidden cards arrived. Two
    // states that differ only in the order of seat 1's hand must look the same at the round end.
    const game = playGame(newGame(settingsWith([]), 2, 3), ['greedy'], 3, { keepStates: true });
    const index = game.states.findIndex((s) => s.round.reveal !== null);
    const before = game.states[index - 1]!;
    const action = game.log[index]!.action;
    const actor = game.log[index]!.seat;
    const reordered = mutableCopy(before);
    const other = actor === 0 ? 1 : 0;
    reordered.round.seats[other]!.hand.reverse();
    expect(JSON.stringify(viewFor(reordered as GameState, 'spectator'))).toBe(
      JSON.stringify(viewFor(before, 'spectator')),
    );
    const a = applyAction(before, actor, action);
    const b = applyAction(reordered, actor, action);
    if (!a.ok || !b.ok) throw new Error('the round-ending action was refused');
    expect(a.value.events.some((e) => e.type === 'roundEnded')).toBe(true);
    const seen = (events: readonly GameEvent[]) =>
      JSON.stringify(events.map((e) => eventFor(e, 'spectator')));
    expect(seen(b.value.events)).toBe(seen(a.value.events));
    expect(JSON.stringify(viewFor(b.value.state, 'spectator'))).toBe(
      JSON.stringify(viewFor(a.value.state, 'spectator')),
    );
  });

  it('regression: seed 510, 4 seats, challenging, peek: whether the placed 6♠ was the one just taken from the discard pile shows', () => {
    // §7: known cards are a multiset; an observer cannot tell look-alike cards apart. Seat 2 holds
    // a dealt 6♠ (1-r) and takes another 6♠ (1-30) from the discard pile; which copy is "the taken
    // one" is invisible. After it exchanges one 6♠ onto its field, the view's
    // turn.takenFromDiscard is null if the placed copy was the taken one and still shows 6♠ if not,
    // so everyone learns whether seat 2 still holds a 6♠.
    const settings = settingsWith(['peek'], { deck: 'challenging' });
    const moves: [number, PlayerAction][] = [
      [2, { type: 'choosePeek', pile: 'A', order: ['1-k', '1-n', '1-m', '1-l', '1-o'] }],
      [0, { type: 'choosePeek', pile: 'A', order: ['1-3', '1-4', '1-2', '1-1', '1-0'] }],
      [1, { type: 'choosePeek', pile: 'B', order: ['1-f', '1-g', '1-h', '1-i', '1-j'] }],
      [3, { type: 'choosePeek', pile: 'B', order: ['1-z', '1-10', '1-11', '1-12', '1-13'] }],
      [0, { type: 'draw', from: 'discardPile' }],
      [0, { type: 'exchange', cardId: '1-8', position: 2 }],
      [0, { type: 'discard', cardId: '1-6' }],
      [1, { type: 'draw', from: 'drawPile' }],
      [1, { type: 'exchange', cardId: '1-b', position: 0 }],
      [1, { type: 'discard', cardId: '1-2y' }],
      [2, { type: 'draw', from: 'discardPile' }],
    ];
    const replayed = replay({
      settings,
      seatCount: 4,
      randomness: testRandomness(510, 4),
      log: moves.map(([seat, action], version) => ({
        version,
        actionId: `a${version}`,
        seat,
        action,
      })),
    });
    if (!replayed.ok) throw new Error(replayed.error.message);
    const state = replayed.value.state;
    const hand = state.round.seats[2]!.hand;
    expect(state.round.turn?.takenFromDiscard).toBe('1-30');
    expect(
      hand
        .filter((c) => c.rank === '6' && c.suit === 'S')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['1-30', '1-r']);
    // The other world: the taken copy is the other 6♠. Nobody but seat 2 can tell them apart.
    const twin = mutableCopy(state);
    twin.round.turn!.takenFromDiscard = '1-r';
    const exchange: PlayerAction = { type: 'exchange', cardId: '1-30', position: 2 };
    const a = applyAction(state, 2, exchange);
    const b = applyAction(twin, 2, exchange);
    if (!a.ok || !b.ok) throw new Error('exchange refused');
    for (const viewer of [0, 1, 3, 'spectator'] as const) {
      expect(JSON.stringify(viewFor(twin as GameState, viewer))).toBe(
        JSON.stringify(viewFor(state, viewer)),
      );
      const seen = (events: readonly GameEvent[]) =>
        JSON.stringify(events.map((e) => eventFor(e, viewer)));
      expect(seen(b.value.events)).toBe(seen(a.value.events));
      expect(viewFor(b.value.state, viewer).turn?.takenFromDiscard ?? null).toEqual(
        viewFor(a.value.state, viewer).turn?.takenFromDiscard ?? null,
      );
    }
  });
});
