import type { Action, Actor, PlayerAction, SystemAction } from './actions';
import { cardValue, faceOf } from './cards';
import type { Card } from './cards';
import { cardId, dealRound, drawFirstDealer, reshuffleDiscards } from './deal';
import { ruleError } from './errors';
import type { RuleError } from './errors';
import type { GameEvent, Move } from './events';
import { SHUFFLE_VERSION, commitment, hex256Schema } from './fairness';
import { applyRoundEndAction, arrangeTimeout, endGame, endRound, startNextRound } from './roundEnd';
import { err, exhaustive, ok } from './result';
import type { Result } from './result';
import { MAX_SEATS, MIN_SEATS, ROUNDS, settingsSchema, setupMode } from './settings';
import type { GameSettings } from './settings';
import { STATE_SCHEMA_VERSION } from './state';
import type { GameState, Randomness, RoundState, SeatState, TurnState } from './state';
import { withGame, withRound, withSeat, withTurn } from './records';
import { indexOfId, removeAt, removeFace, replaceAt } from './util';

export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** What one step of the engine produced; internal steps chain these. */
export type Step = Result<Applied, RuleError>;

const FIELD_SIZE = 5;

/**
 * A new game, dealt and waiting for every seat's field choice. The randomness is the caller's:
 * the round secrets it committed to and the seats' nonces (docs/rules/trepenta.md §8).
 */
export function createGame(
  settings: GameSettings,
  seatCount: number,
  randomness: Randomness,
): Result<GameState, RuleError> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    return err(
      ruleError('INVALID_SETTINGS', `Invalid settings: ${parsed.error.issues[0]?.message}`),
    );
  }
  if (!Number.isInteger(seatCount) || seatCount < MIN_SEATS || seatCount > MAX_SEATS) {
    return err(ruleError('INVALID_SEAT_COUNT'));
  }
  if (
    typeof randomness.gameId !== 'string' ||
    randomness.gameId.length === 0 ||
    randomness.gameId.length > 64 ||
    randomness.secrets.length !== ROUNDS ||
    randomness.nonces.length !== seatCount ||
    ![...randomness.secrets, ...randomness.nonces].every(
      (hex) => hex256Schema.safeParse(hex).success,
    )
  ) {
    return err(
      ruleError(
        'INVALID_RANDOMNESS',
        `Randomness needs a game id, ${ROUNDS} secrets and ${seatCount} nonces of 64 hex digits.`,
      ),
    );
  }
  const frozen: Randomness = {
    gameId: randomness.gameId,
    secrets: [...randomness.secrets],
    nonces: [...randomness.nonces],
  };
  const firstDealer = drawFirstDealer(frozen, seatCount);
  return ok({
    schemaVersion: STATE_SCHEMA_VERSION,
    shuffleVersion: SHUFFLE_VERSION,
    settings: parsed.data,
    seatCount,
    randomness: frozen,
    commitments: frozen.secrets.map((secret, i) => commitment(frozen.gameId, i + 1, secret)),
    firstDealer,
    version: 0,
    phase: 'setup',
    round: dealRound(parsed.data, seatCount, frozen, 1, firstDealer),
    scores: [],
    pastRounds: [],
    abandoned: false,
  });
}

/** The public events that open the current round (sent with a new game). */
export function roundStartEvents(state: GameState): GameEvent[] {
  const round = state.round;
  const top = round.discardPile[round.discardPile.length - 1]!;
  return [
    {
      type: 'roundStarted',
      round: round.round,
      dealer: round.dealer,
      dice: round.seats.map((seat) => seat.die),
      discardTop: faceOf(top),
      drawCount: round.drawPile.length,
    },
  ];
}

/**
 * Applies one action for a seat (or the server as 'system'). The input state is never mutated;
 * a refused action returns an error value and the caller keeps its state.
 */
export function applyAction(state: GameState, actor: Actor, action: Action): Step {
  if (state.phase === 'gameOver') return err(ruleError('GAME_OVER'));
  if (actor === 'system') {
    if (action.type !== 'timeout' && action.type !== 'abandon') {
      return err(ruleError('WRONG_PHASE', 'The server only times out or abandons a game.'));
    }
    return bump(applySystemAction(state, action));
  }
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount) {
    return err(ruleError('NOT_A_SEAT'));
  }
  if (action.type === 'timeout' || action.type === 'abandon') return err(ruleError('SYSTEM_ONLY'));
  return bump(applyPlayerAction(state, actor, action));
}

function bump(step: Step): Step {
  if (!step.ok) return step;
  const { state, events } = step.value;
  return ok({ state: withGame(state, { version: state.version + 1 }), events });
}

export function applyPlayerAction(state: GameState, seat: number, action: PlayerAction): Step {
  switch (action.type) {
    case 'choosePile':
    case 'choosePeek':
    case 'chooseSort':
      return chooseField(state, seat, action);
    case 'draw':
      return draw(state, seat, action.from);
    case 'exchange':
      return exchange(state, seat, action.cardId, action.position);
    case 'openFieldSwap':
      return openFieldSwap(state, seat, action.cardId, action.target.seat, action.target.position);
    case 'discard':
      return discard(state, seat, action.cardId);
    case 'arrange':
    case 'layOff':
    case 'pass':
    case 'ready':
      return applyRoundEndAction(state, seat, action);
    default:
      return exhaustive(action);
  }
}

function applySystemAction(state: GameState, action: SystemAction): Step {
  switch (action.type) {
    case 'abandon':
      return ok(endGame(state, true, []));
    case 'timeout':
      return timeout(state, action.key, action.standIn);
    default:
      return exhaustive(action);
  }
}

/** The timer that is running now, keyed by what it times (R26); null when nothing is timed. */
export function currentTimer(
  state: GameState,
): { key: string; kind: 'setup' | 'turn' | 'arrange' | 'layoff' | 'next'; seconds: number } | null {
  const { settings, round } = state;
  const r = round.round;
  switch (state.phase) {
    case 'setup':
      return { key: `setup/${r}`, kind: 'setup', seconds: settings.setupTimerSeconds };
    case 'turns':
      return settings.turnTimerSeconds === null || round.turn === null
        ? null
        : {
            key: `turn/${r}/${round.turn.number}`,
            kind: 'turn',
            seconds: settings.turnTimerSeconds,
          };
    case 'arrange':
      return { key: `arrange/${r}`, kind: 'arrange', seconds: settings.layOffTimerSeconds };
    case 'layoff':
      return round.reveal?.layoff
        ? {
            key: `layoff/${r}/${round.reveal.layoff.number}`,
            kind: 'layoff',
            seconds: settings.layOffTimerSeconds,
          }
        : null;
    case 'roundEnd':
      return { key: `next/${r}`, kind: 'next', seconds: settings.betweenRoundsSeconds };
    case 'gameOver':
      return null;
    default:
      return exhaustive(state.phase);
  }
}

function timeout(state: GameState, key: string, standIn: readonly PlayerAction[]): Step {
  const timer = currentTimer(state);
  if (timer === null || timer.key !== key) return err(ruleError('STALE_TIMER'));
  switch (timer.kind) {
    case 'setup':
      return setupTimeout(state, key);
    case 'turn':
    case 'layoff': {
      const seat =
        timer.kind === 'turn' ? state.round.turn!.seat : state.round.reveal!.layoff!.seat;
      const events: GameEvent[] = [{ type: 'timedOut', key, seat }];
      let current = state;
      for (const action of standIn) {
        // R26: the stand-in acts only while the timed-out turn is current.
        if (currentTimer(current)?.key !== key) return err(ruleError('BAD_STAND_IN'));
        const step = applyPlayerAction(current, seat, action);
        if (!step.ok) return step;
        current = step.value.state;
        events.push(...step.value.events);
      }
      // R24: the stand-in finishes the timed-out turn, so its key is no longer current.
      if (currentTimer(current)?.key === key) return err(ruleError('BAD_STAND_IN'));
      return ok({ state: current, events });
    }
    case 'arrange':
    case 'next':
      return applyRoundEndTimeout(state, key, timer.kind);
    default:
      return exhaustive(timer.kind);
  }
}

function applyRoundEndTimeout(state: GameState, key: string, kind: 'arrange' | 'next'): Step {
  const events: GameEvent[] = [{ type: 'timedOut', key, seat: null }];
  return ok(kind === 'next' ? startNextRound(state, events) : arrangeTimeout(state, events));
}

// ---------------------------------------------------------------- setup

function chooseField(
  state: GameState,
  seat: number,
  action: Extract<PlayerAction, { type: 'choosePile' | 'choosePeek' | 'chooseSort' }>,
): Step {
  if (state.phase !== 'setup') return err(ruleError('WRONG_PHASE'));
  const seatState = state.round.seats[seat]!;
  const piles = seatState.piles;
  if (piles === null)
    return err(ruleError('ALREADY_CHOSEN', 'You have already chosen your field.'));
  const mode = setupMode(state.settings);
  let field: readonly Card[];
  let hand: readonly Card[];
  switch (action.type) {
    case 'choosePile':
      if (mode !== 'blind') return err(ruleError('WRONG_SETUP_MODE'));
      field = piles[action.pile];
      hand = piles[action.pile === 'A' ? 'B' : 'A'];
      break;
    case 'choosePeek': {
      if (mode !== 'peek') return err(ruleError('WRONG_SETUP_MODE'));
      const ordered = pickInOrder(piles[action.pile], action.order);
      if (ordered === null) return err(ruleError('BAD_FIELD_CHOICE'));
      field = ordered;
      hand = piles[action.pile === 'A' ? 'B' : 'A'];
      break;
    }
    case 'chooseSort': {
      if (mode !== 'sort') return err(ruleError('WRONG_SETUP_MODE'));
      const all = [...piles.A, ...piles.B];
      const ordered = pickInOrder(all, action.field);
      if (ordered === null) return err(ruleError('BAD_FIELD_CHOICE'));
      field = ordered;
      hand = all.filter((card) => !action.field.includes(card.id));
      break;
    }
    default:
      return exhaustive(action);
  }
  return ok(placeField(state, seat, field, hand, false, mode !== 'blind'));
}

/** The cards with these ids, in the ids' order, if they are distinct and all present. */
function pickInOrder(cards: readonly Card[], ids: readonly string[]): Card[] | null {
  if (ids.length !== FIELD_SIZE || new Set(ids).size !== ids.length) return null;
  const picked: Card[] = [];
  for (const id of ids) {
    const index = indexOfId(cards, id);
    if (index < 0) return null;
    picked.push(cards[index]!);
  }
  return picked;
}

function placeField(
  state: GameState,
  seat: number,
  field: readonly Card[],
  hand: readonly Card[],
  timedOut: boolean,
  peeked: boolean,
): Applied {
  const round = state.round;
  const seatState = withSeat(round.seats[seat]!, {
    piles: null,
    hand,
    field: field.map((card) => ({ card, faceUp: false })),
  });
  const next = withGame(state, {
    round: withRound(round, { seats: replaceAt(round.seats, seat, seatState) }),
  });
  const events: GameEvent[] = [{ type: 'fieldChosen', seat, timedOut, hand, field, peeked }];
  if (next.round.seats.some((s) => s.piles !== null)) return { state: next, events };
  return startTurns(next, events);
}

function setupTimeout(state: GameState, key: string): Step {
  // R9: whoever has not chosen gets pile A as the field, in dealt order.
  const events: GameEvent[] = [{ type: 'timedOut', key, seat: null }];
  let current = state;
  const peeked = setupMode(state.settings) !== 'blind';
  for (let seat = 0; seat < state.seatCount; seat++) {
    const piles = current.round.seats[seat]!.piles;
    if (piles === null) continue;
    const placed = placeField(current, seat, piles.A, piles.B, true, peeked);
    current = placed.state;
    events.push(...placed.events);
  }
  return ok({ state: current, events });
}

function startTurns(state: GameState, events: GameEvent[]): Applied {
  const first = (state.round.dealer + 1) % state.seatCount;
  const turn = newTurn(first, 1);
  events.push({ type: 'turnStarted', seat: first, turn: 1, final: false });
  return {
    state: withGame(state, { phase: 'turns', round: withRound(state.round, { turn }) }),
    events,
  };
}

function newTurn(seat: number, number: number): TurnState {
  return {
    seat,
    number,
    step: 'draw',
    takenFromDiscard: null,
    takenPlacedAt: null,
    exchanges: 0,
    swapped: [],
    progressed: false,
    emptiedDrawPile: false,
  };
}

// ---------------------------------------------------------------- a turn

type TurnCheck = Result<TurnState, RuleError>;

function ownTurn(state: GameState, seat: number, step: TurnState['step']): TurnCheck {
  if (state.phase !== 'turns') return err(ruleError('WRONG_PHASE'));
  const turn = state.round.turn!;
  if (turn.seat !== seat) return err(ruleError('NOT_YOUR_TURN'));
  if (turn.step !== step) {
    return err(
      ruleError(
        'WRONG_STEP',
        step === 'draw' ? 'You have already drawn this turn.' : 'Draw a card first.',
      ),
    );
  }
  return ok(turn);
}

function draw(state: GameState, seat: number, from: 'drawPile' | 'discardPile'): Step {
  const check = ownTurn(state, seat, 'draw');
  if (!check.ok) return check;
  const turn = check.value;
  const round = state.round;
  if (from !== 'drawPile' && from !== 'discardPile')
    return err(ruleError('EMPTY_PILE', 'There is no such pile.'));
  const pile = from === 'drawPile' ? round.drawPile : round.discardPile;
  const top = pile[pile.length - 1];
  if (top === undefined) return err(ruleError('EMPTY_PILE'));
  // A card entering a hand gets a fresh id, so ids never link a card to where it has been (§7).
  const card: Card = { id: cardId(round.round, round.nextCardId), rank: top.rank, suit: top.suit };
  const seatState = round.seats[seat]!;
  const fromDiscard = from === 'discardPile';
  const nextSeat = withSeat(seatState, {
    hand: [...seatState.hand, card],
    known: fromDiscard ? [...seatState.known, faceOf(card)] : seatState.known,
  });
  const rest = pile.slice(0, -1);
  const nextRound = withRound(round, {
    seats: replaceAt(round.seats, seat, nextSeat),
    drawPile: fromDiscard ? round.drawPile : rest,
    discardPile: fromDiscard ? rest : round.discardPile,
    nextCardId: round.nextCardId + 1,
    turn: withTurn(turn, {
      step: 'act',
      takenFromDiscard: fromDiscard ? card.id : null,
      progressed: turn.progressed || !fromDiscard,
      emptiedDrawPile: !fromDiscard && rest.length === 0,
    }),
  });
  const move: Move = {
    card,
    from: { zone: from },
    to: { zone: 'hand', seat },
    isPublic: fromDiscard,
  };
  return ok({
    state: withGame(state, { round: nextRound }),
    events: [{ type: 'drew', seat, from, moves: [move] }],
  });
}

function exchangeAllowed(state: GameState, turn: TurnState): RuleError | null {
  return turn.exchanges > 0 && !state.settings.houseRules.fieldUnlimited
    ? ruleError('NO_EXCHANGE_LEFT')
    : null;
}

/** The checks every exchange shares: the seat's act step, an exchange left, the card in hand. */
function exchangeTurn(
  state: GameState,
  seat: number,
  id: string,
): Result<{ turn: TurnState; seatState: SeatState; index: number }, RuleError> {
  const check = ownTurn(state, seat, 'act');
  if (!check.ok) return check;
  const refusal = exchangeAllowed(state, check.value);
  if (refusal) return err(refusal);
  const seatState = state.round.seats[seat]!;
  const index = indexOfId(seatState.hand, id);
  if (index < 0) return err(ruleError('CARD_NOT_IN_HAND'));
  return ok({ turn: check.value, seatState, index });
}

function exchange(state: GameState, seat: number, id: string, position: number): Step {
  const checked = exchangeTurn(state, seat, id);
  if (!checked.ok) return checked;
  const { turn, seatState, index } = checked.value;
  const round = state.round;
  const slot = seatState.field[position];
  if (slot === undefined) return err(ruleError('BAD_POSITION'));
  if (slot.faceUp) return err(ruleError('POSITION_FACE_UP'));
  const placed = seatState.hand[index]!;
  if (cardValue(placed) !== seatState.die + position) return err(ruleError('VALUE_MISMATCH'));
  const taken: Card = {
    id: cardId(round.round, round.nextCardId),
    rank: slot.card.rank,
    suit: slot.card.suit,
  };
  const hand = removeAt(seatState.hand, index);
  hand.push(taken);
  const field = replaceAt(seatState.field, position, { card: placed, faceUp: true });
  const nextSeat = withSeat(seatState, { hand, field, known: removeFace(seatState.known, placed) });
  const events: GameEvent[] = [
    {
      type: 'exchanged',
      seat,
      position,
      moves: [
        {
          card: placed,
          from: { zone: 'hand', seat },
          to: { zone: 'field', seat, position },
          isPublic: true,
        },
        {
          card: taken,
          from: { zone: 'field', seat, position },
          to: { zone: 'hand', seat },
          isPublic: false,
        },
      ],
    },
  ];
  let completedBy = round.completedBy;
  let finalTurnsLeft = round.finalTurnsLeft;
  if (completedBy === null && field.every((s) => s.faceUp)) {
    // R14: the first to complete; everyone else gets exactly one more turn.
    completedBy = seat;
    finalTurnsLeft = state.seatCount - 1;
    events.push({ type: 'fieldCompleted', seat, finalTurns: finalTurnsLeft });
  }
  const nextRound = withRound(round, {
    seats: replaceAt(round.seats, seat, nextSeat),
    nextCardId: round.nextCardId + 1,
    completedBy,
    finalTurnsLeft,
    turn: withTurn(turn, {
      exchanges: turn.exchanges + 1,
      progressed: true,
      takenPlacedAt:
        placed.id === turn.takenFromDiscard ? seat * FIELD_SIZE + position : turn.takenPlacedAt,
    }),
  });
  return ok({ state: withGame(state, { round: nextRound }), events });
}

function openFieldSwap(
  state: GameState,
  seat: number,
  id: string,
  targetSeat: number,
  position: number,
): Step {
  if (!state.settings.houseRules.openField) return err(ruleError('OPEN_FIELD_OFF'));
  const checked = exchangeTurn(state, seat, id);
  if (!checked.ok) return checked;
  const { turn, seatState, index } = checked.value;
  const round = state.round;
  if (!Number.isInteger(targetSeat) || targetSeat < 0 || targetSeat >= state.seatCount) {
    return err(ruleError('BAD_POSITION'));
  }
  const slot = round.seats[targetSeat]!.field[position];
  if (slot === undefined) return err(ruleError('BAD_POSITION'));
  if (!slot.faceUp) return err(ruleError('POSITION_FACE_DOWN'));
  const targetKey = targetSeat * FIELD_SIZE + position;
  if (turn.swapped.includes(targetKey)) return err(ruleError('ALREADY_SWAPPED'));
  const placed = seatState.hand[index]!;
  if (cardValue(placed) !== cardValue(slot.card)) return err(ruleError('VALUE_MISMATCH'));
  const taken: Card = {
    id: cardId(round.round, round.nextCardId),
    rank: slot.card.rank,
    suit: slot.card.suit,
  };
  const hand = removeAt(seatState.hand, index);
  hand.push(taken);
  let seats = replaceAt(
    round.seats,
    seat,
    withSeat(seatState, { hand, known: [...removeFace(seatState.known, placed), faceOf(taken)] }),
  );
  const target = seats[targetSeat]!;
  seats = replaceAt(
    seats,
    targetSeat,
    withSeat(target, { field: replaceAt(target.field, position, { card: placed, faceUp: true }) }),
  );
  const nextRound = withRound(round, {
    seats,
    nextCardId: round.nextCardId + 1,
    turn: withTurn(turn, {
      exchanges: turn.exchanges + 1,
      swapped: [...turn.swapped, targetKey],
      ...takenDiscardAfterSwap(turn, placed, taken, targetKey),
    }),
  });
  const at = { zone: 'field', seat: targetSeat, position } as const;
  return ok({
    state: withGame(state, { round: nextRound }),
    events: [
      {
        type: 'swapped',
        seat,
        target: { seat: targetSeat, position },
        moves: [
          { card: placed, from: { zone: 'hand', seat }, to: at, isPublic: true },
          { card: taken, from: at, to: { zone: 'hand', seat }, isPublic: true },
        ],
      },
    ],
  });
}

/** R13 follows the taken card through the field: placed by a swap, or taken back by one. */
function takenDiscardAfterSwap(
  turn: TurnState,
  placed: Card,
  taken: Card,
  targetKey: number,
): Pick<TurnState, 'takenFromDiscard' | 'takenPlacedAt'> {
  if (placed.id === turn.takenFromDiscard) {
    return { takenFromDiscard: turn.takenFromDiscard, takenPlacedAt: targetKey };
  }
  if (turn.takenPlacedAt === targetKey) return { takenFromDiscard: taken.id, takenPlacedAt: null };
  return { takenFromDiscard: turn.takenFromDiscard, takenPlacedAt: turn.takenPlacedAt };
}

function discard(state: GameState, seat: number, id: string): Step {
  const check = ownTurn(state, seat, 'act');
  if (!check.ok) return check;
  const turn = check.value;
  const round = state.round;
  const seatState = round.seats[seat]!;
  const index = indexOfId(seatState.hand, id);
  if (index < 0) return err(ruleError('CARD_NOT_IN_HAND'));
  if (turn.takenFromDiscard === id) return err(ruleError('DISCARD_TAKEN_CARD'));
  const card = seatState.hand[index]!;
  const nextSeat = withSeat(seatState, {
    hand: removeAt(seatState.hand, index),
    known: removeFace(seatState.known, card),
  });
  const afterDiscard = withRound(round, {
    seats: replaceAt(round.seats, seat, nextSeat),
    discardPile: [...round.discardPile, faceOf(card)],
  });
  const events: GameEvent[] = [
    {
      type: 'discarded',
      seat,
      moves: [{ card, from: { zone: 'hand', seat }, to: { zone: 'discardPile' }, isPublic: true }],
    },
  ];
  return ok(endTurn(state, afterDiscard, turn, events));
}

/** Ends `turn` on `round` (the state's round after the turn's last move) and starts the next. */
function endTurn(
  state: GameState,
  round: RoundState,
  turn: TurnState,
  events: GameEvent[],
): Applied {
  const n = state.seatCount;
  const isFinalTurn = round.completedBy !== null && round.completedBy !== turn.seat;
  const finalTurnsLeft = isFinalTurn ? round.finalTurnsLeft - 1 : round.finalTurnsLeft;
  const idleTurns = turn.progressed ? 0 : round.idleTurns + 1;
  const ended: Partial<RoundState> = { finalTurnsLeft, idleTurns, turn: null };
  if (round.completedBy !== null && finalTurnsLeft === 0) {
    return endRound(withRoundOf(state, round, ended), 'fieldComplete', events);
  }
  let current = round;
  if (turn.emptiedDrawPile) {
    // R15 / Long Play (R16, R17): reshuffle while the limit allows, else the round ends now.
    const { longPlay } = state.settings.houseRules;
    if (!longPlay || round.reshuffles >= state.settings.reshuffleLimit) {
      const reason = longPlay ? 'reshuffleLimit' : 'drawPile';
      return endRound(withRoundOf(state, round, ended), reason, events);
    }
    const reshuffles = round.reshuffles + 1;
    const piles = reshuffleDiscards(state.randomness, round.round, reshuffles, round.discardPile);
    current = withRound(round, { ...piles, reshuffles });
    events.push({ type: 'reshuffled', count: piles.drawPile.length, reshuffles });
  }
  // R17b: a round where nobody draws from the draw pile or exchanges face down must end.
  if (idleTurns >= 3 * n) return endRound(withRoundOf(state, current, ended), 'stall', events);
  const seat = (turn.seat + 1) % n;
  events.push({
    type: 'turnStarted',
    seat,
    turn: turn.number + 1,
    final: round.completedBy !== null,
  });
  const next = { finalTurnsLeft, idleTurns, turn: newTurn(seat, turn.number + 1) };
  return { state: withRoundOf(state, current, next), events };
}

function withRoundOf(state: GameState, round: RoundState, changes: Partial<RoundState>): GameState {
  return withGame(state, { round: withRound(round, changes) });
}

/** The seats that may act now: the server schedules bots from this, the UI shows who we wait for. */
export function pendingSeats(state: GameState): number[] {
  const { round } = state;
  switch (state.phase) {
    case 'setup':
      return seatsWhere(state, (seat) => round.seats[seat]!.piles !== null);
    case 'turns':
      return round.turn ? [round.turn.seat] : [];
    case 'arrange':
      return seatsWhere(state, (seat) => round.reveal!.seats[seat]!.chosen === null);
    case 'layoff':
      return round.reveal?.layoff ? [round.reveal.layoff.seat] : [];
    case 'roundEnd':
      return seatsWhere(state, (seat) => !round.seats[seat]!.ready);
    case 'gameOver':
      return [];
    default:
      return exhaustive(state.phase);
  }
}

function seatsWhere(state: GameState, test: (seat: number) => boolean): number[] {
  const seats: number[] = [];
  for (let seat = 0; seat < state.seatCount; seat++) if (test(seat)) seats.push(seat);
  return seats;
}
