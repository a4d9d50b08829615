/**
 * Seeded property tests over whole games: every deck setting, 1–6 seats, all 128 combinations of
 * the seven house rules, bots deciding from their own view (docs/rules/trepenta.md §7) and occasional server
 * timeouts (R9, R24, R26). Each step checks conservation of cards, hand sizes, legality both ways
 * (listed actions are accepted, everything else is refused without touching the frozen input),
 * the round-end rules (R14–R17b) and scoring (§5); each game checks termination, determinism and
 * replay of its log.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECK_SETTINGS,
  HOUSE_RULES,
  applyAction,
  cardValue,
  currentTimer,
  deckComposition,
  faceKey,
  isFieldChoice,
  legalActions,
  replay,
  sampleFieldChoice,
  settingsWith,
  totals,
  viewFor,
  winners,
} from '../src/index';
import type {
  Action,
  Actor,
  BotLevel,
  DeckSetting,
  Face,
  GameEvent,
  GameState,
  LegalActions,
  PlayerAction,
} from '../src/index';
import { newGame, testRandomness } from './helpers';
import {
  deepFreeze,
  describeRules,
  drive,
  isRuleErrorCode,
  mutableCopy,
  randomCandidate,
  rulesOfMask,
  seededRandom,
  stableStringify,
  stateProblems,
} from './invariants';
import type { Step } from './invariants';

// ------------------------------------------------------------------ configuration

interface GameConfig {
  readonly deck: DeckSetting;
  readonly seats: number;
  readonly mask: number;
  readonly seed: number;
  readonly levels: readonly BotLevel[];
  readonly reshuffleLimit: number;
  readonly turnTimer: boolean;
  readonly timeoutChance: number;
  /** Probe legality and refusals at every k-th step. */
  readonly probeEvery: number;
}

function label(config: GameConfig): string {
  return (
    `seed ${config.seed}, ${config.seats} seats, ${config.deck}, ${describeRules(rulesOfMask(config.mask))}, ` +
    `bots ${config.levels.join('/')}, limit ${config.reshuffleLimit}` +
    (config.timeoutChance > 0
      ? `, timeouts ${config.timeoutChance}${config.turnTimer ? ' +turn timer' : ''}`
      : '')
  );
}

function startOf(config: GameConfig): GameState {
  const settings = settingsWith(rulesOfMask(config.mask), {
    deck: config.deck,
    reshuffleLimit: config.reshuffleLimit,
    turnTimerSeconds: config.turnTimer ? 30 : null,
  });
  return deepFreeze(newGame(settings, config.seats, config.seed));
}

// ------------------------------------------------------------------ legality both ways

/** Faces of an arrangement's groups, order-free: the engine compares arrangements by face (R19b). */
function arrangementFaces(
  groups: readonly (readonly string[])[],
  state: GameState,
  seat: number,
): string | null {
  const hand = state.round.seats[seat]!.hand;
  const keys: string[] = [];
  for (const group of groups) {
    const faces: string[] = [];
    for (const id of group) {
      const card = hand.find((c) => c.id === id);
      if (card === undefined) return null;
      faces.push(`${card.rank}${card.suit}`);
    }
    keys.push(faces.sort().join(','));
  }
  return keys.sort().join('|');
}

/** What legalActions says about one concrete action. */
function isListed(legal: LegalActions, action: Action, state: GameState, seat: number): boolean {
  if (action.type === 'timeout' || action.type === 'abandon') return false;
  if (legal.fieldChoice !== null && isFieldChoice(legal.fieldChoice, action)) return true;
  if (action.type === 'arrange') {
    const ids = action.melds.flat();
    if (new Set(ids).size !== ids.length) return false;
    const key = arrangementFaces(action.melds, state, seat);
    return (
      key !== null &&
      legal.actions.some(
        (a) => a.type === 'arrange' && arrangementFaces(a.melds, state, seat) === key,
      )
    );
  }
  const text = stableStringify(action);
  return legal.actions.some((a) => stableStringify(a) === text);
}

function refusalCodeOf(state: GameState, actor: Actor, action: Action): string | null {
  const result = applyAction(state, actor, action);
  if (result.ok) return null;
  if (!isRuleErrorCode(result.error.code) || typeof result.error.message !== 'string') {
    throw new Error(`refusal without a rule error code: ${JSON.stringify(result.error)}`);
  }
  return result.error.code;
}

/**
 * At one state: every listed action is accepted, sampled field choices are accepted, random other
 * actions are accepted exactly when listed, and the frozen input is unchanged by all of it.
 */
function probe(state: GameState, random: () => number, fail: (message: string) => never): void {
  const before = JSON.stringify(state);
  const seats = Array.from({ length: state.seatCount }, (_, i) => i);
  for (const seat of seats) {
    const legal = legalActions(viewFor(state, seat));
    const listed =
      legal.actions.length > 24 ? legal.actions.filter(() => random() < 0.5) : legal.actions;
    for (const action of listed) {
      const result = applyAction(state, seat, action);
      if (!result.ok)
        fail(`listed ${JSON.stringify(action)} for seat ${seat} refused: ${result.error.code}`);
    }
    if (legal.fieldChoice !== null) {
      if (legal.actions.length !== 0) fail('field choice space together with concrete actions');
      for (let k = 0; k < 3; k++) {
        const choice = sampleFieldChoice(legal.fieldChoice, random);
        if (!isFieldChoice(legal.fieldChoice, choice))
          fail(`sampled ${JSON.stringify(choice)} not in the space`);
        const result = applyAction(state, seat, choice);
        if (!result.ok) fail(`sampled field choice refused: ${result.error.code}`);
        // The same choice with one card swapped for a card of someone else or a repeated card.
        const other = state.round.seats[(seat + 1) % state.seatCount]!.piles?.A[0]?.id ?? 'nope';
        const bad: PlayerAction =
          choice.type === 'choosePeek'
            ? {
                ...choice,
                order: [...choice.order.slice(0, 4), k === 0 ? choice.order[0]! : other],
              }
            : choice.type === 'chooseSort'
              ? {
                  ...choice,
                  field: [...choice.field.slice(0, 4), k === 0 ? choice.field[0]! : other],
                }
              : choice;
        if (bad !== choice && (state.seatCount > 1 || k === 0)) {
          if (isFieldChoice(legal.fieldChoice, bad))
            fail(`isFieldChoice accepts ${JSON.stringify(bad)}`);
          const code = refusalCodeOf(state, seat, bad);
          if (code !== 'BAD_FIELD_CHOICE') fail(`bad field choice gave ${code}`);
        }
      }
    }
    const isActive =
      legal.actions.length > 0 ||
      legal.fieldChoice !== null ||
      state.phase === 'turns' ||
      state.phase === 'layoff';
    const tries = isActive ? 6 : 2;
    for (let k = 0; k < tries; k++) {
      const candidate = randomCandidate(state, seat, legal, random);
      const expected = isListed(legal, candidate, state, seat);
      const code = refusalCodeOf(state, seat, candidate);
      if ((code === null) !== expected) {
        fail(
          `seat ${seat}: ${JSON.stringify(candidate)} was ${code === null ? 'accepted' : `refused (${code})`}, ` +
            `legalActions says ${expected ? 'legal' : 'illegal'}`,
        );
      }
    }
  }
  // §7 no side channels: a card of someone else's hand is refused exactly like a made-up id.
  const turn = state.round.turn;
  if (state.phase === 'turns' && turn?.step === 'act' && state.seatCount > 1) {
    const other = state.round.seats[(turn.seat + 1) % state.seatCount]!.hand[0]!.id;
    for (const make of [
      (id: string): PlayerAction => ({ type: 'discard', cardId: id }),
      (id: string): PlayerAction => ({ type: 'exchange', cardId: id, position: 0 }),
    ]) {
      const a = applyAction(state, turn.seat, make(other));
      const b = applyAction(state, turn.seat, make('no-such-card'));
      if (a.ok || b.ok || stableStringify(a.error) !== stableStringify(b.error)) {
        fail(
          `refusal for another seat's card differs from a made-up id: ${JSON.stringify([a, b])}`,
        );
      }
    }
    // R13: the card taken from the discard pile cannot be discarded in the same turn.
    const taken = turn.takenFromDiscard;
    if (taken !== null && state.round.seats[turn.seat]!.hand.some((c) => c.id === taken)) {
      const code = refusalCodeOf(state, turn.seat, { type: 'discard', cardId: taken });
      if (code !== 'DISCARD_TAKEN_CARD') fail(`R13: discarding the taken card gave ${code}`);
    }
  }
  // Wrong seats and the server's own actions.
  const someAction: PlayerAction = { type: 'draw', from: 'drawPile' };
  for (const actor of [-1, state.seatCount, 6, 1.5]) {
    if (refusalCodeOf(state, actor, someAction) !== 'NOT_A_SEAT')
      fail(`actor ${actor} was not refused as NOT_A_SEAT`);
  }
  if (refusalCodeOf(state, 0, { type: 'abandon' }) !== 'SYSTEM_ONLY')
    fail('a seat could abandon the game');
  if (refusalCodeOf(state, 0, { type: 'timeout', key: 'x', standIn: [] }) !== 'SYSTEM_ONLY') {
    fail('a seat could send a timeout');
  }
  if (refusalCodeOf(state, 'system', someAction) === null) fail('the server could draw a card');
  if (
    refusalCodeOf(state, 'system', { type: 'timeout', key: 'setup/99', standIn: [] }) !==
    'STALE_TIMER'
  ) {
    fail('a stale timer was accepted');
  }
  const timer = currentTimer(state);
  if (timer !== null && (timer.kind === 'turn' || timer.kind === 'layoff')) {
    const code = refusalCodeOf(state, 'system', { type: 'timeout', key: timer.key, standIn: [] });
    if (code !== 'BAD_STAND_IN')
      fail(`R24: an empty stand-in for a ${timer.kind} timer gave ${code}`);
  }
  if (JSON.stringify(state) !== before) fail('the input state changed');
}

// ------------------------------------------------------------------ rules followed across steps

/** Follows the public events of a game and checks the round-level rules they imply. */
class RoundTracker {
  private lastTurnSeat: number | null = null;
  private finalTurnsSeen = 0;
  private turnsThisRound = 0;

  constructor(
    private readonly start: GameState,
    private readonly fail: (message: string) => never,
  ) {
    this.roundStarted(start, start.round.dealer, start.round.round);
  }

  private roundStarted(state: GameState, dealer: number, round: number): void {
    const n = state.seatCount;
    // R6: round 1's dealer from the committed randomness, then the deal passes left.
    if (dealer !== (state.firstDealer + round - 1) % n)
      this.fail(`R6: round ${round} dealt by ${dealer}`);
    if (state.round.seats.some((s) => s.die < 1 || s.die > 6 || !Number.isInteger(s.die)))
      this.fail('bad die');
    this.lastTurnSeat = null;
    this.finalTurnsSeen = 0;
    this.turnsThisRound = 0;
  }

  step(step: Step): void {
    const { before, after, events } = step;
    const n = after.seatCount;
    if (after.version !== before.version + 1)
      this.fail(`R25: version ${before.version} → ${after.version}`);
    let completedBy = before.round.completedBy;
    for (const event of events as GameEvent[]) {
      switch (event.type) {
        case 'roundStarted':
          if (JSON.stringify(event.dice) !== JSON.stringify(after.round.seats.map((s) => s.die))) {
            this.fail('roundStarted dice differ from the state');
          }
          this.roundStarted(after, event.dealer, event.round);
          break;
        case 'turnStarted': {
          this.turnsThisRound++;
          const dealer = after.round.dealer;
          const expected =
            this.lastTurnSeat === null ? (dealer + 1) % n : (this.lastTurnSeat + 1) % n;
          if (event.seat !== expected)
            this.fail(`turn ${event.turn} went to seat ${event.seat}, not ${expected}`);
          if (this.lastTurnSeat === null && event.turn !== 1)
            this.fail('first turn not numbered 1');
          this.lastTurnSeat = event.seat;
          if (completedBy !== null) {
            // R14: everyone else exactly one more turn; the completing player never again.
            if (event.seat === completedBy)
              this.fail(`R14: seat ${completedBy} played again after completing`);
            if (!event.final) this.fail('R14: a final turn not marked final');
            this.finalTurnsSeen++;
            if (this.finalTurnsSeen > n - 1) this.fail('R14: more than one final turn each');
          } else if (event.final) {
            this.fail('a turn marked final before any field was complete');
          }
          break;
        }
        case 'fieldCompleted':
          if (completedBy !== null) this.fail('R14: a second player completed first');
          if (event.seat !== before.round.turn?.seat) this.fail('R14: completed out of turn');
          if (event.finalTurns !== n - 1)
            this.fail(`R14: ${event.finalTurns} final turns for ${n} seats`);
          completedBy = event.seat;
          break;
        case 'reshuffled': {
          const { longPlay } = after.settings.houseRules;
          if (!longPlay) this.fail('reshuffle without Long Play');
          if (event.reshuffles > after.settings.reshuffleLimit)
            this.fail('R17: reshuffle beyond the limit');
          // R16: the top discard stays.
          const discarded = events.find((e) => e.type === 'discarded');
          const top = after.round.discardPile;
          if (
            top.length !== 1 ||
            discarded?.type !== 'discarded' ||
            faceKey(discarded.moves[0]!.card) !== faceKey(top[0]!)
          ) {
            this.fail('R16: the reshuffle did not keep exactly the top discard');
          }
          if (event.count !== after.round.drawPile.length)
            this.fail('reshuffled count ≠ draw pile');
          break;
        }
        case 'roundEnded':
          this.roundEnded(step, event.reason, completedBy);
          break;
        case 'roundScored': {
          const points = after.scores[after.scores.length - 1];
          if (JSON.stringify(points) !== JSON.stringify(event.points))
            this.fail('roundScored ≠ scores');
          if (JSON.stringify(event.totals) !== JSON.stringify(totals(after)))
            this.fail('roundScored totals');
          break;
        }
        case 'gameEnded':
          if (!event.abandoned) {
            if (after.scores.length !== 5)
              this.fail(`game over after ${after.scores.length} rounds`);
            if (JSON.stringify(event.winners) !== JSON.stringify(winners(after)))
              this.fail('winners');
          }
          break;
        case 'arrangementChosen':
        case 'arrangementsShown':
        case 'discarded':
        case 'drew':
        case 'exchanged':
        case 'fieldChosen':
        case 'laidOff':
        case 'passed':
        case 'ready':
        case 'swapped':
        case 'timedOut':
          break;
      }
    }
    const bound = this.turnBound(after);
    if (this.turnsThisRound > bound)
      this.fail(`round ${after.round.round} runs past ${bound} turns`);
    const turn = after.round.turn;
    if (turn && new Set(turn.swapped).size !== turn.swapped.length)
      this.fail('R12b: a position swapped twice');
    if (after.round.reshuffles > after.settings.reshuffleLimit)
      this.fail('R17: too many reshuffles');
  }

  /** Each turn either progresses (draw-pile draw, face-down exchange) or is idle; R17b caps idle runs. */
  private turnBound(state: GameState): number {
    const n = state.seatCount;
    const { copies, suits } = deckComposition(state.settings.deck, n);
    const deck = copies * suits.length * 13;
    const draws =
      deck * (state.settings.houseRules.longPlay ? state.settings.reshuffleLimit + 1 : 1);
    return (draws + 5 * n + 1) * 3 * n + n;
  }

  private roundEnded(step: Step, reason: string, completedBy: number | null): void {
    const { after } = step;
    const round = after.round;
    const n = after.seatCount;
    const { longPlay } = after.settings.houseRules;
    switch (reason) {
      case 'fieldComplete':
        if (completedBy === null || !round.seats[completedBy]!.field.every((s) => s.faceUp)) {
          this.fail('R14: fieldComplete without a complete field');
        }
        if (this.finalTurnsSeen !== n - 1)
          this.fail(`R14: round ended after ${this.finalTurnsSeen} final turns`);
        break;
      case 'drawPile':
        if (longPlay || round.drawPile.length !== 0)
          this.fail('R15: drawPile end with Long Play or cards left');
        break;
      case 'reshuffleLimit':
        if (
          !longPlay ||
          round.drawPile.length !== 0 ||
          round.reshuffles !== after.settings.reshuffleLimit
        ) {
          this.fail('R17: reshuffleLimit end before the limit');
        }
        break;
      case 'stall':
        if (round.idleTurns !== 3 * n) this.fail(`R17b: stall after ${round.idleTurns} idle turns`);
        break;
      default:
        this.fail(`unknown round end reason ${reason}`);
    }
  }
}

// ------------------------------------------------------------------ one checked game

function checkedGame(config: GameConfig): GameState {
  const name = label(config);
  const fail = (message: string): never => {
    throw new Error(`${name}: ${message}`);
  };
  const start = startOf(config);
  const random = seededRandom(config.seed * 31 + config.mask);
  const tracker = new RoundTracker(start, fail);
  const options = {
    levels: config.levels,
    seed: config.seed,
    timeoutChance: config.timeoutChance,
    maxActions: 60_000,
  };
  const played = drive(start, {
    ...options,
    beforeStep: (state, _actor, _action, n) => {
      if (n % config.probeEvery === 0) probe(state, random, fail);
    },
    onStep: (step) => {
      deepFreeze(step.after);
      const problems = stateProblems(step.after);
      if (problems.length > 0) {
        fail(
          `after ${JSON.stringify(step.action)} by ${step.actor} (version ${step.after.version}): ${problems.join('; ')}`,
        );
      }
      tracker.step(step);
    },
  });
  const { state } = played;
  if (state.phase !== 'gameOver') fail(`no game over after ${played.log.length} actions`);
  if (state.scores.length !== 5) fail(`${state.scores.length} rows of scores`);
  for (const row of state.scores)
    if (row.length !== config.seats) fail('a scores row has the wrong width');
  const sums = state.scores.reduce(
    (acc, row) => acc.map((v, i) => v + row[i]!),
    new Array<number>(config.seats).fill(0),
  );
  if (JSON.stringify(sums) !== JSON.stringify(totals(state)))
    fail('totals are not the sum of the rounds');
  if (refusalCodeOf(state, 0, { type: 'ready' }) !== 'GAME_OVER')
    fail('an action after the game was accepted');

  // Determinism: the log replays to the same state and the same events.
  const replayed = replay({
    settings: start.settings,
    seatCount: start.seatCount,
    randomness: start.randomness,
    log: played.log,
  });
  if (!replayed.ok) fail(`replay failed at entry ${replayed.error.entry}: ${replayed.error.code}`);
  else {
    if (JSON.stringify(replayed.value.state) !== JSON.stringify(state))
      fail('replay reached another state');
    if (JSON.stringify(replayed.value.batches) !== JSON.stringify(played.batches))
      fail('replay produced other events');
  }
  return state;
}

/** The same seed and the same choices give the same game, byte for byte. */
function sameTwice(config: GameConfig): void {
  const run = () =>
    drive(startOf(config), {
      levels: config.levels,
      seed: config.seed,
      timeoutChance: config.timeoutChance,
    });
  const a = run();
  const b = run();
  expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
  expect(JSON.stringify(b.log)).toBe(JSON.stringify(a.log));
}

// ------------------------------------------------------------------ the sweeps

const LEVEL_MIXES: readonly (readonly BotLevel[])[] = [
  ['random'],
  ['greedy'],
  ['random', 'greedy'],
  ['greedy', 'random', 'random'],
];

/** Combination `mask` of the house rules, with the deck and seat count cycling through all 18 pairs. */
function comboConfig(mask: number): GameConfig {
  const seats = 1 + (mask % 6);
  const timeouts = Math.floor(mask / 5) % 3 === 0;
  return {
    deck: DECK_SETTINGS[Math.floor(mask / 6) % 3]!,
    seats,
    mask,
    seed: 1000 + mask,
    levels: LEVEL_MIXES[mask % 4]!,
    reshuffleLimit: [3, 0, 1, 2][Math.floor(mask / 7) % 4]!,
    turnTimer: timeouts && mask % 2 === 0,
    timeoutChance: timeouts ? 0.04 : 0,
    probeEvery: seats <= 2 ? 2 : 4,
  };
}

describe('properties: every combination of the seven house rules', () => {
  it('covers all 128 combinations, 3 decks and 1–6 seats', () => {
    const masks = Array.from({ length: 128 }, (_, m) => m);
    expect(new Set(masks.map((m) => describeRules(rulesOfMask(m)))).size).toBe(128);
    const pairs = new Set(masks.map((m) => `${comboConfig(m).deck}/${comboConfig(m).seats}`));
    expect(pairs.size).toBe(18);
    expect(HOUSE_RULES).toHaveLength(7);
  });

  for (let mask = 0; mask < 128; mask++) {
    const config = comboConfig(mask);
    it(`combo ${mask}: ${label(config)}`, () => {
      checkedGame(config);
    });
  }
});

describe('properties: random configurations (fast-check)', () => {
  it('random deck, seats, rules, bots and timeouts keep every invariant', () => {
    fc.assert(
      fc.property(
        fc.record({
          deck: fc.constantFrom(...DECK_SETTINGS),
          seats: fc.integer({ min: 1, max: 6 }),
          mask: fc.integer({ min: 0, max: 127 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          levels: fc.array(fc.constantFrom<BotLevel>('random', 'greedy'), {
            minLength: 1,
            maxLength: 6,
          }),
          reshuffleLimit: fc.integer({ min: 0, max: 5 }),
          turnTimer: fc.boolean(),
          timeoutChance: fc.constantFrom(0, 0, 0.02, 0.1),
        }),
        (record) => {
          checkedGame({ ...record, probeEvery: 4 });
        },
      ),
      { seed: 20240601, numRuns: 60, endOnFailure: true },
    );
  });
});

describe('properties: determinism', () => {
  for (const mask of [0, 127, 0b1010101, 0b0110110]) {
    const config = { ...comboConfig(mask), timeoutChance: 0.05, turnTimer: true };
    it(`same seed and actions give the same game: ${label(config)}`, () => {
      sameTwice(config);
    });
  }
});

describe('properties: focused rulings', () => {
  it('R17b: a round where nobody draws from the draw pile or exchanges ends after 3 × seats idle turns', () => {
    for (const seats of [1, 2, 4]) {
      let state = newGame(settingsWith(['openField', 'longPlay']), seats, 77);
      for (let seat = 0; seat < seats; seat++) {
        const step = applyAction(state, seat, { type: 'choosePile', pile: 'A' });
        if (!step.ok) throw new Error(step.error.code);
        state = step.value.state;
      }
      let turns = 0;
      while (state.phase === 'turns') {
        const seat = state.round.turn!.seat;
        let step = applyAction(state, seat, { type: 'draw', from: 'discardPile' });
        if (!step.ok) throw new Error(step.error.code);
        const taken = step.value.state.round.turn!.takenFromDiscard;
        const other = step.value.state.round.seats[seat]!.hand.find((c) => c.id !== taken)!;
        step = applyAction(step.value.state, seat, { type: 'discard', cardId: other.id });
        if (!step.ok) throw new Error(step.error.code);
        state = step.value.state;
        turns++;
      }
      expect(state.round.reveal?.reason).toBe('stall');
      expect(turns).toBe(3 * seats);
    }
  });

  it('R17: Long Play with limit 0 ends the round the first time the draw pile empties', () => {
    let state = newGame(settingsWith(['longPlay'], { reshuffleLimit: 0 }), 2, 5);
    for (let seat = 0; seat < 2; seat++) {
      const step = applyAction(state, seat, { type: 'choosePile', pile: 'B' });
      if (!step.ok) throw new Error(step.error.code);
      state = step.value.state;
    }
    while (state.phase === 'turns') {
      const seat = state.round.turn!.seat;
      let step = applyAction(state, seat, { type: 'draw', from: 'drawPile' });
      if (!step.ok) throw new Error(step.error.code);
      // Discard the drawn card: nothing is exchanged, so the round runs until the pile is empty.
      const hand = step.value.state.round.seats[seat]!.hand;
      step = applyAction(step.value.state, seat, {
        type: 'discard',
        cardId: hand[hand.length - 1]!.id,
      });
      if (!step.ok) throw new Error(step.error.code);
      state = step.value.state;
    }
    expect(state.round.reveal?.reason).toBe('reshuffleLimit');
    expect(state.round.reshuffles).toBe(0);
    expect(state.round.drawPile).toHaveLength(0);
    expect(stateProblems(state)).toEqual([]);
  });

  it('R3/§2.7: field positions are worth die, die+1 … die+4 and J/Q/K match a 10', () => {
    let state = newGame(settingsWith([]), 3, 9);
    for (let seat = 0; seat < 3; seat++) {
      const step = applyAction(state, seat, { type: 'choosePile', pile: 'A' });
      if (!step.ok) throw new Error(step.error.code);
      state = step.value.state;
    }
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      for (const seat of viewFor(state, viewer).seats) {
        expect(seat.field.map((slot) => slot.value)).toEqual(
          [0, 1, 2, 3, 4].map((p) => seat.die + p),
        );
      }
    }
    expect((['J', 'Q', 'K', '10'] as const).map((rank) => cardValue({ rank, suit: 'S' }))).toEqual([
      10, 10, 10, 10,
    ]);
    expect(cardValue({ rank: 'A', suit: 'H' })).toBe(1);
  });

  it('R24: a timed-out turn’s stand-in may play only the rest of that turn (solo, 1 seat)', () => {
    // A timeout carries the stand-in's moves; they must finish the timed-out turn and no more.
    let state = newGame(settingsWith([], { turnTimerSeconds: 30 }), 1, 3);
    const chosen = applyAction(state, 0, { type: 'choosePile', pile: 'A' });
    if (!chosen.ok) throw new Error(chosen.error.code);
    state = chosen.value.state;
    const timer = currentTimer(state)!;
    const hand = state.round.seats[0]!.hand;
    const standIn: PlayerAction[] = [
      { type: 'draw', from: 'drawPile' },
      { type: 'discard', cardId: hand[0]!.id },
      { type: 'draw', from: 'drawPile' },
      { type: 'discard', cardId: hand[1]!.id },
    ];
    const result = applyAction(state, 'system', { type: 'timeout', key: timer.key, standIn });
    // Observed: accepted, and the timeout of turn 1 also played all of turn 2.
    expect(
      result.ok
        ? `accepted, now at turn ${result.value.state.round.turn?.number}`
        : result.error.code,
    ).toBe('BAD_STAND_IN');
  });
});

describe('properties: the checkers themselves can fail', () => {
  const settings = settingsWith(['rivalSets'], { deck: 'casual' });
  const played = drive(newGame(settings, 3, 4), { levels: ['greedy'], seed: 4 });
  const upTo = (entries: number): GameState => {
    const replayed = replay({
      settings,
      seatCount: 3,
      randomness: testRandomness(4, 3),
      log: played.log.slice(0, entries),
    });
    if (!replayed.ok) throw new Error(replayed.error.code);
    return replayed.value.state;
  };

  it('sees a duplicated, a lost and a re-labelled card, a shared id, a pile id and a wrong hand size', () => {
    const inTurns = upTo(20);
    expect(inTurns.phase).toBe('turns');
    expect(stateProblems(inTurns)).toEqual([]);
    const duplicated = mutableCopy(inTurns);
    duplicated.round.discardPile.push({ ...duplicated.round.drawPile[0]! });
    expect(stateProblems(duplicated).join()).toMatch(/differ from the deck/);
    const lost = mutableCopy(inTurns);
    lost.round.seats[1]!.hand.pop();
    expect(stateProblems(lost).join()).toMatch(/seat 1: hand of/);
    const sameId = mutableCopy(inTurns);
    sameId.round.seats[0]!.hand[0]!.id = sameId.round.seats[1]!.hand[0]!.id;
    expect(stateProblems(sameId).join()).toMatch(/is on two cards/);
    const pileId = mutableCopy(inTurns);
    pileId.round.discardPile[0] = { ...pileId.round.discardPile[0]!, id: 'labelled' } as Face;
    expect(stateProblems(pileId).join()).toMatch(/pile has an id/);
    const relabelled = mutableCopy(inTurns);
    relabelled.round.drawPile[0]!.rank = relabelled.round.drawPile[0]!.rank === 'K' ? 'Q' : 'K';
    expect(stateProblems(relabelled).join()).toMatch(/differ from the deck/);
  });

  it('sees wrong round points', () => {
    const ended = played.batches.findIndex((b) => b.events.some((e) => e.type === 'roundScored'));
    const scored = upTo(ended);
    expect(scored.round.reveal?.points).not.toBeNull();
    expect(stateProblems(scored)).toEqual([]);
    const wrong = mutableCopy(scored);
    wrong.round.reveal!.points![0]! += 1;
    expect(stateProblems(wrong).join()).toMatch(/scored/);
  });
});
