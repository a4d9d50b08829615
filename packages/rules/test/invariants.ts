/**
 * Shared checkers and a game driver for the property, redaction and verification suites.
 * Everything here reads the engine's state from the outside; nothing here is used by the engine.
 */
import {
  HOUSE_RULES,
  RULE_ERRORS,
  applyAction,
  canonicalDeck,
  cardValue,
  chooseBotAction,
  currentTimer,
  deckComposition,
  faceKey,
  isRun,
  isSet,
  roundStartEvents,
  scoreHand,
  setupMode,
  standInActions,
} from '../src/index';
import type {
  Action,
  Actor,
  BotLevel,
  Card,
  EventBatch,
  Face,
  GameEvent,
  GameState,
  HouseRule,
  LegalActions,
  LogEntry,
  PlayerAction,
  Viewer,
} from '../src/index';
import { viewFor } from '../src/index';
import { cardId } from '../src/deal';
import { deepFreeze, pick, seededRandom } from '@trepenta/engine/testing';

// ------------------------------------------------------------------ randomness and utilities

// The tests' own seeded randomness (never Math.random) is the platform's test kit's.
export { deepFreeze, pick, seededRandom };

/** JSON with object keys sorted, so two equal actions compare equal whatever their key order. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(record[key])}`).join(',')}}`;
}

export type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;

/** A deep, writable copy (for tests that build states no honest engine would produce). */
export function mutableCopy<T>(value: T): DeepMutable<T> {
  return structuredClone(value) as DeepMutable<T>;
}

export function rulesOfMask(mask: number): HouseRule[] {
  return HOUSE_RULES.filter((_, bit) => (mask >> bit) & 1);
}

export function describeRules(rules: readonly HouseRule[]): string {
  return rules.length === 0 ? 'core' : rules.join('+');
}

// ------------------------------------------------------------------ multisets of faces

export type FaceCounts = Map<string, number>;

export function countFaces(faces: Iterable<Face>): FaceCounts {
  const counts: FaceCounts = new Map();
  for (const face of faces) add(counts, faceKey(face), 1);
  return counts;
}

function add(counts: FaceCounts, key: string, n: number): void {
  if (n !== 0) counts.set(key, (counts.get(key) ?? 0) + n);
}

export function sameCounts(a: FaceCounts, b: FaceCounts): boolean {
  if (a.size !== b.size) return false;
  for (const [key, n] of a) if (b.get(key) !== n) return false;
  return true;
}

export function countsDiff(actual: FaceCounts, expected: FaceCounts): string {
  const parts: string[] = [];
  for (const key of new Set([...actual.keys(), ...expected.keys()])) {
    const x = actual.get(key) ?? 0;
    const y = expected.get(key) ?? 0;
    if (x !== y) parts.push(`${key}: ${x} (expected ${y})`);
  }
  return parts.join(', ');
}

// ------------------------------------------------------------------ state invariants

/** The cards the seats hold (dealt piles, hands, fields): the ones that carry ids. */
export function cardsAtSeats(state: GameState): Card[] {
  const cards: Card[] = [];
  for (const seat of state.round.seats) {
    if (seat.piles) cards.push(...seat.piles.A, ...seat.piles.B);
    cards.push(...seat.hand, ...seat.field.map((slot) => slot.card));
  }
  return cards;
}

/** Every physical card of the round, wherever it is. */
export function cardsInPlay(state: GameState): Face[] {
  return [...state.round.drawPile, ...state.round.discardPile, ...cardsAtSeats(state)];
}

/**
 * No card created, lost or duplicated; ids unique within the round on the seats' cards, and none
 * in the draw or discard pile (a card gets a fresh id as it enters a hand, §7).
 */
export function conservationProblems(state: GameState): string[] {
  const problems: string[] = [];
  const expected = countFaces(canonicalDeck(deckComposition(state.settings.deck, state.seatCount)));
  const actual = countFaces(cardsInPlay(state));
  if (!sameCounts(actual, expected)) {
    problems.push(`cards in play differ from the deck: ${countsDiff(actual, expected)}`);
  }
  const ids = new Set<string>();
  for (const card of cardsAtSeats(state)) {
    if (typeof card.id !== 'string' || card.id.length === 0) problems.push('a card has no id');
    if (ids.has(card.id)) problems.push(`id ${card.id} is on two cards`);
    ids.add(card.id);
  }
  for (const face of [...state.round.drawPile, ...state.round.discardPile]) {
    if ('id' in face) problems.push('a card in the draw or discard pile has an id');
  }
  return problems;
}

/** §3: five cards at every turn boundary; six during one's own turn after the draw. */
export function handSizeProblems(state: GameState): string[] {
  const problems: string[] = [];
  const round = state.round;
  round.seats.forEach((seat, index) => {
    if (seat.piles) {
      if (seat.piles.A.length !== 5 || seat.piles.B.length !== 5)
        problems.push(`seat ${index}: piles not 5+5`);
      if (seat.hand.length !== 0 || seat.field.length !== 0)
        problems.push(`seat ${index}: hand before choosing`);
      return;
    }
    if (seat.field.length !== 5) problems.push(`seat ${index}: field of ${seat.field.length}`);
    let expected = 5;
    if (state.phase === 'turns' && round.turn?.step === 'act' && round.turn.seat === index)
      expected = 6;
    if (seat.hand.length !== expected) {
      problems.push(
        `seat ${index}: hand of ${seat.hand.length} in phase ${state.phase}/${round.turn?.step ?? '-'} (expected ${expected})`,
      );
    }
    // §7: the public "known" list is a sub-multiset of the hand.
    const hand = countFaces(seat.hand);
    for (const [key, n] of countFaces(seat.known)) {
      if ((hand.get(key) ?? 0) < n) problems.push(`seat ${index}: known ${key}×${n} not in hand`);
    }
  });
  if (state.phase === 'turns' && round.turn === null) problems.push('turns without a turn');
  return problems;
}

/** After a round ends: every hand card is in exactly one place (own meld, other's meld, deadwood). */
export function revealProblems(state: GameState): string[] {
  const reveal = state.round.reveal;
  if (reveal === null) return [];
  const problems: string[] = [];
  const owner = new Map<string, number>();
  state.round.seats.forEach((seat, index) =>
    seat.hand.forEach((card) => owner.set(card.id, index)),
  );
  const placed = new Map<string, string>();
  const place = (id: string, where: string) => {
    if (placed.has(id)) problems.push(`card ${id} is both in ${placed.get(id)} and in ${where}`);
    placed.set(id, where);
  };
  const laidOffOnto = new Array<number>(state.seatCount).fill(0);
  reveal.seats.forEach((seatReveal, index) => {
    const hand = state.round.seats[index]!.hand;
    if (seatReveal.options.length === 0) problems.push(`seat ${index}: no arrangement`);
    const best = scoreHand(hand).points;
    seatReveal.options.forEach((option, k) => {
      if (option.points !== best)
        problems.push(`seat ${index}: option ${k} scores ${option.points}, not ${best}`);
    });
    seatReveal.melds.forEach((meld, m) => {
      if (meld.kind === 'set' ? !isSet(meld.cards) : !isRun(meld.cards)) {
        problems.push(`seat ${index}: meld ${m} is not a ${meld.kind}`);
      }
      for (const card of meld.cards) {
        place(card.id, `seat ${index} meld ${m}`);
        const from = owner.get(card.id);
        if (from === undefined) problems.push(`meld card ${card.id} is in no hand`);
        else if (from !== index) laidOffOnto[from]!++;
      }
    });
    for (const card of seatReveal.deadwood) {
      place(card.id, `seat ${index} deadwood`);
      if (owner.get(card.id) !== index)
        problems.push(`seat ${index}: deadwood ${card.id} not in own hand`);
    }
    if (seatReveal.chosen !== null) {
      const shown = seatReveal.options[seatReveal.chosen]!;
      // The shown melds only grow by lay-offs; the deadwood only shrinks.
      const dead = new Set(seatReveal.deadwood.map((card) => card.id));
      for (const card of seatReveal.deadwood) {
        if (!shown.deadwood.some((c) => c.id === card.id))
          problems.push(`seat ${index}: deadwood grew`);
      }
      if (shown.deadwood.length - dead.size !== seatReveal.laidOff) {
        problems.push(`seat ${index}: laidOff ${seatReveal.laidOff} ≠ deadwood removed`);
      }
    }
  });
  laidOffOnto.forEach((n, index) => {
    if (n !== reveal.seats[index]!.laidOff) {
      problems.push(
        `seat ${index}: ${n} of its cards are in others' melds, laidOff says ${reveal.seats[index]!.laidOff}`,
      );
    }
  });
  for (const id of owner.keys())
    if (!placed.has(id)) problems.push(`hand card ${id} is neither melded nor deadwood`);
  if (reveal.points !== null) problems.push(...pointsProblems(state));
  return problems;
}

/** §5: points are the deadwood's values after lay-offs, 0 for the Finish Line player. */
export function pointsProblems(state: GameState): string[] {
  const reveal = state.round.reveal!;
  const problems: string[] = [];
  const finisher = state.settings.houseRules.finishLine ? state.round.completedBy : null;
  const rival = state.settings.houseRules.rivalSets && state.seatCount > 1;
  reveal.seats.forEach((seatReveal, index) => {
    const deadwood = seatReveal.deadwood.reduce((sum, card) => sum + cardValue(card), 0);
    const hand = scoreHand(state.round.seats[index]!.hand).points;
    if (scoreHand(seatReveal.deadwood).points !== deadwood) {
      problems.push(`seat ${index}: its deadwood still holds a meld`);
    }
    const expected = index === finisher ? 0 : deadwood;
    if (reveal.points![index] !== expected) {
      problems.push(
        `seat ${index}: scored ${reveal.points![index]}, deadwood is worth ${expected}`,
      );
    }
    if (!rival && index !== finisher && reveal.points![index] !== hand) {
      problems.push(`seat ${index}: scored ${reveal.points![index]}, scoreHand says ${hand}`);
    }
    if (rival && index !== finisher && seatReveal.laidOff === 0 && reveal.points![index] !== hand) {
      problems.push(
        `seat ${index}: no lay-off but scored ${reveal.points![index]}, scoreHand says ${hand}`,
      );
    }
  });
  const last = state.scores[state.scores.length - 1];
  if (JSON.stringify(last) !== JSON.stringify(reveal.points))
    problems.push('scores row ≠ reveal points');
  return problems;
}

export function stateProblems(state: GameState): string[] {
  return [...conservationProblems(state), ...handSizeProblems(state), ...revealProblems(state)];
}

// ------------------------------------------------------------------ what a viewer may know

export interface Knowledge {
  /** How many cards of each face the viewer may see where they are. */
  readonly visible: FaceCounts;
  /** How many cards of each face are hidden from the viewer. */
  readonly hidden: FaceCounts;
  /** The only ids the viewer may be shown (§7, R8). */
  readonly ownIds: Set<string>;
}

/** §7's table, computed from the state: what this viewer may know right now. */
export function knowledge(state: GameState, viewer: Viewer): Knowledge {
  const visible: FaceCounts = new Map();
  const hidden: FaceCounts = new Map();
  const ownIds = new Set<string>();
  const round = state.round;
  const sawSetup = setupMode(state.settings) !== 'blind';
  // After a round ends every hand and field is shown (§7, last row).
  const revealed = round.reveal !== null || state.phase === 'gameOver';
  const see = (card: Face, yes: boolean) => add(yes ? visible : hidden, faceKey(card), 1);
  for (const card of round.drawPile) see(card, false);
  for (const card of round.discardPile) see(card, true);
  round.seats.forEach((seat, index) => {
    const own = viewer === index;
    if (seat.piles) {
      for (const card of [...seat.piles.A, ...seat.piles.B]) {
        see(card, own && sawSetup);
        if (own && sawSetup) ownIds.add(card.id);
      }
    }
    if (own) {
      for (const card of seat.hand) {
        see(card, true);
        ownIds.add(card.id);
      }
    } else if (revealed) {
      for (const card of seat.hand) see(card, true);
    } else {
      const hand = countFaces(seat.hand);
      const known = countFaces(seat.known);
      for (const [key, n] of hand) {
        const k = Math.min(n, known.get(key) ?? 0);
        add(visible, key, k);
        add(hidden, key, n - k);
      }
    }
    for (const slot of seat.field) {
      const ownDown = own && sawSetup && !slot.faceUp;
      see(slot.card, slot.faceUp || revealed || ownDown);
      if (ownDown) ownIds.add(slot.card.id);
    }
  });
  return { visible, hidden, ownIds };
}

export interface Found<T> {
  readonly value: T;
  /** Where in the JSON, e.g. `seats.1.field.3.card`. */
  readonly path: string;
}

function walk(
  value: unknown,
  path: string,
  visit: (record: Record<string, unknown>, path: string) => void,
): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, path ? `${path}.${i}` : String(i), visit));
    return;
  }
  const record = value as Record<string, unknown>;
  visit(record, path);
  for (const key of Object.keys(record)) walk(record[key], path ? `${path}.${key}` : key, visit);
}

/** Every object with a rank and a suit inside a JSON value. */
export function facesIn(value: unknown): Found<Face>[] {
  const out: Found<Face>[] = [];
  walk(value, '', (record, path) => {
    if (typeof record.rank === 'string' && typeof record.suit === 'string') {
      out.push({ value: { rank: record.rank, suit: record.suit } as Face, path });
    }
  });
  return out;
}

/** Every value of a property named `id` inside a JSON value. */
export function idsIn(value: unknown): Found<string>[] {
  const out: Found<string>[] = [];
  walk(value, '', (record, path) => {
    if ('id' in record) out.push({ value: String(record.id), path });
  });
  return out;
}

export function viewersOf(state: GameState): Viewer[] {
  return [...Array.from({ length: state.seatCount }, (_, i) => i), 'spectator'];
}

// ------------------------------------------------------------------ a checked driver

export interface Step {
  readonly n: number;
  readonly before: GameState;
  readonly actor: Actor;
  readonly action: Action;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
}

export interface DriveOptions {
  readonly levels: readonly BotLevel[];
  readonly seed: number;
  readonly maxActions?: number;
  /** Chance per step that the server times out the running timer instead (R9, R24, R26). */
  readonly timeoutChance?: number;
  /** A dishonest server: may alter the live state before an action is applied. */
  readonly tamper?: (state: GameState, actor: Actor, action: Action, n: number) => GameState;
  /** A dishonest server: may alter what a step produced (state and events) before it is sent. */
  readonly tamperAfter?: (
    step: { state: GameState; events: readonly GameEvent[] },
    n: number,
  ) => {
    state: GameState;
    events: readonly GameEvent[];
  };
  readonly onStep?: (step: Step) => void;
  /** Called before each action with the state it will be applied to. */
  readonly beforeStep?: (state: GameState, actor: Actor, action: Action, n: number) => void;
}

export interface Driven {
  readonly state: GameState;
  readonly log: LogEntry[];
  readonly batches: EventBatch[];
}

/** Who moves next: a random seat among those with something to do, each deciding from its view. */
export function nextMove(
  state: GameState,
  levels: readonly BotLevel[],
  seed: number,
  random: () => number,
  timeoutChance: number,
): { actor: Actor; action: Action } | null {
  const timer = currentTimer(state);
  if (timer !== null && timeoutChance > 0 && random() < timeoutChance) {
    const standIn =
      timer.kind === 'turn' || timer.kind === 'layoff' ? standInActions(state, seed) : [];
    return { actor: 'system', action: { type: 'timeout', key: timer.key, standIn } };
  }
  let seats: number[];
  if (state.phase === 'turns') seats = [state.round.turn!.seat];
  else if (state.phase === 'layoff') seats = [state.round.reveal!.layoff!.seat];
  else seats = Array.from({ length: state.seatCount }, (_, i) => i);
  const moves: { actor: number; action: Action }[] = [];
  for (const seat of seats) {
    const action = chooseBotAction(viewFor(state, seat), levels[seat % levels.length]!, seed);
    if (action !== null) moves.push({ actor: seat, action });
  }
  return moves.length === 0 ? null : pick(moves, random);
}

/** Plays a game to the end with the bots (and optional timeouts), recording log and batches. */
export function drive(start: GameState, options: DriveOptions): Driven {
  const random = seededRandom(options.seed ^ 0x5eed);
  let state = start;
  const log: LogEntry[] = [];
  const batches: EventBatch[] = [{ version: state.version, events: roundStartEvents(state) }];
  const max = options.maxActions ?? 40_000;
  for (let n = 0; state.phase !== 'gameOver' && n < max; n++) {
    const move = nextMove(
      state,
      options.levels,
      options.seed * 7919 + n,
      random,
      options.timeoutChance ?? 0,
    );
    if (move === null)
      throw new Error(`nobody can act in phase ${state.phase} (version ${state.version})`);
    if (options.tamper) state = options.tamper(state, move.actor, move.action, n);
    options.beforeStep?.(state, move.actor, move.action, n);
    const applied = applyAction(state, move.actor, move.action);
    if (!applied.ok) {
      throw new Error(
        `refused ${JSON.stringify(move.action)} by ${move.actor} at version ${state.version}: ${applied.error.code}`,
      );
    }
    log.push({ version: state.version, actionId: `a${n}`, seat: move.actor, action: move.action });
    let produced = { state: applied.value.state, events: applied.value.events };
    if (options.tamperAfter) produced = options.tamperAfter(produced, n);
    options.onStep?.({
      n,
      before: state,
      actor: move.actor,
      action: move.action,
      after: produced.state,
      events: produced.events,
    });
    batches.push({ version: produced.state.version, events: produced.events });
    state = produced.state;
  }
  return { state, log, batches };
}

export function isRuleErrorCode(code: unknown): boolean {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(RULE_ERRORS, code);
}

// ------------------------------------------------------------------ random (mostly illegal) actions

export function idPools(state: GameState, seat: number) {
  const round = state.round;
  const own = round.seats[seat];
  const others = round.seats.filter((_, i) => i !== seat);
  const live = new Set(cardsAtSeats(state).map((card) => card.id));
  return {
    own: own ? own.hand.map((c) => c.id) : [],
    ownPiles: own?.piles ? [...own.piles.A, ...own.piles.B].map((c) => c.id) : [],
    otherHands: others.flatMap((s) => s.hand.map((c) => c.id)),
    otherPiles: others.flatMap((s) =>
      s.piles ? [...s.piles.A, ...s.piles.B].map((c) => c.id) : [],
    ),
    fields: round.seats.flatMap((s) => s.field.map((slot) => slot.card.id)),
    // Ids of cards that have left the seats (discarded, or placed and re-labelled).
    retired: Array.from({ length: round.nextCardId }, (_, n) => cardId(round.round, n)).filter(
      (id) => !live.has(id),
    ),
    fake: ['nope', '9-0', `${round.round}-zzz`, ''],
  };
}

/** One random, usually illegal, action: wrong ids, wrong positions, wrong types, mutated legal ones. */
export function randomCandidate(
  state: GameState,
  seat: number,
  legal: LegalActions,
  random: () => number,
): PlayerAction {
  const pools = idPools(state, seat);
  const anyId = () => {
    const pool = pick(
      [
        pools.own,
        pools.own,
        pools.ownPiles,
        pools.otherHands,
        pools.otherPiles,
        pools.fields,
        pools.retired,
        pools.fake,
      ].filter((p) => p.length > 0),
      random,
    );
    return pick(pool, random);
  };
  const position = () => pick([-1, 0, 1, 2, 3, 4, 5, 1.5], random);
  const seatNumber = () =>
    pick([-1, ...Array.from({ length: state.seatCount + 1 }, (_, i) => i)], random);
  const fiveIds = () => Array.from({ length: pick([4, 5, 5, 5, 6], random) }, anyId);
  const mutate = (action: PlayerAction): PlayerAction => {
    switch (action.type) {
      case 'draw':
        return { type: 'draw', from: action.from === 'drawPile' ? 'discardPile' : 'drawPile' };
      case 'discard':
        return { type: 'discard', cardId: anyId() };
      case 'exchange':
        return random() < 0.5
          ? { ...action, position: position() }
          : { ...action, cardId: anyId() };
      case 'openFieldSwap':
        return random() < 0.5
          ? { ...action, target: { seat: seatNumber(), position: position() } }
          : { ...action, cardId: anyId() };
      case 'layOff':
        switch (Math.floor(random() * 4)) {
          case 0:
            return { ...action, cardId: anyId() };
          case 1:
            return { ...action, target: { seat: seatNumber(), meld: action.target.meld } };
          case 2:
            return {
              ...action,
              target: { seat: action.target.seat, meld: Math.floor(random() * 4) },
            };
          default:
            return { ...action, end: pick(['set', 'low', 'high'] as const, random) };
        }
      case 'arrange': {
        const groups = action.melds.map((g) => g.slice());
        if (groups.length > 0 && random() < 0.5) groups[0]![0] = anyId();
        else groups.push([anyId(), anyId(), anyId()]);
        return { type: 'arrange', melds: groups };
      }
      case 'choosePile':
        return { type: 'choosePeek', pile: action.pile, order: fiveIds() };
      case 'choosePeek':
        return random() < 0.5
          ? { ...action, pile: action.pile === 'A' ? 'B' : 'A' }
          : { ...action, order: [...action.order.slice(0, 4), anyId()] };
      case 'chooseSort': {
        const field = action.field.slice();
        field[Math.floor(random() * field.length)] = random() < 0.5 ? field[0]! : anyId();
        return { type: 'chooseSort', field };
      }
      case 'pass':
      case 'ready':
        return { type: action.type === 'pass' ? 'ready' : 'pass' };
    }
  };
  if (legal.actions.length > 0 && random() < 0.4) return mutate(pick(legal.actions, random));
  switch (Math.floor(random() * 12)) {
    case 0:
      return { type: 'draw', from: random() < 0.5 ? 'drawPile' : 'discardPile' };
    case 1:
      return { type: 'discard', cardId: anyId() };
    case 2:
      return { type: 'exchange', cardId: anyId(), position: position() };
    case 3:
      return {
        type: 'openFieldSwap',
        cardId: anyId(),
        target: { seat: seatNumber(), position: position() },
      };
    case 4:
      return { type: 'choosePile', pile: random() < 0.5 ? 'A' : 'B' };
    case 5:
      return { type: 'choosePeek', pile: random() < 0.5 ? 'A' : 'B', order: fiveIds() };
    case 6:
      return { type: 'chooseSort', field: fiveIds() };
    case 7:
      return { type: 'arrange', melds: [[anyId(), anyId(), anyId()]] };
    case 8:
      return {
        type: 'layOff',
        cardId: anyId(),
        target: { seat: seatNumber(), meld: Math.floor(random() * 3) },
        end: pick(['set', 'low', 'high'] as const, random),
      };
    case 9:
      return { type: 'pass' };
    case 10:
      return { type: 'ready' };
    default:
      return legal.actions.length > 0
        ? mutate(pick(legal.actions, random))
        : { type: 'discard', cardId: anyId() };
  }
}
