/**
 * TrumPen 21's engine: three rounds, each a writing phase of four values (V2), then 3N deals in
 * which the start player offers a card face down and the others take or pass it in turn (V3, V4),
 * then the remaining cards are revealed and scored (V5, V6).
 */
import { err, ok, randomInt } from '@trepenta/engine';
import type { Actor, Applied, Randomness, Result, RuleError, SystemAction } from '@trepenta/engine';
import { applyRound, lockHands, readyMove, writingMove } from '../common/rounds';
import type { RoundGame } from '../common/rounds';
import { COMMON_ERRORS, placesByTotal, randomnessFits, refusal, replaceAt } from '../common/base';
import { stream, uniform } from '../common/randomness';
import {
  WRITING_ERRORS,
  asDraft,
  completeCards,
  handOf,
  openWriting,
  seatsNotDone,
} from '../common/writing';
import type { WritingRules } from '../common/writing';
import { bestTotal, roundPoints } from './score';
import { greedyTurn, greedyWrite } from './bots';
import { twentyOneViewFor } from './views';
import { TWENTYONE_HAND_SIZE, TWENTYONE_ROUNDS, twentyOneSettingsSchema } from './state';
import type { TwentyOneAction, TwentyOneEvent, TwentyOneSettings, TwentyOneState } from './state';

export const TWENTYONE_ERRORS = {
  ...COMMON_ERRORS,
  INVALID_SEAT_COUNT: 'TrumPen 21 is played by 2 to 6 players.',
  ...WRITING_ERRORS,
  NOT_YOUR_TURN: 'It is not your turn.',
  NOT_IN_HAND: 'You hold no card of that value.',
} as const;
export type TwentyOneCode = keyof typeof TWENTYONE_ERRORS;
const fail = (code: TwentyOneCode): RuleError => refusal(TWENTYONE_ERRORS, code);

export const TWENTYONE_SEATS = { min: 2, max: 6 } as const;
export const TWENTYONE_RULES: WritingRules = {
  slots: TWENTYONE_HAND_SIZE,
  maxValue: 13,
  suits: false,
  distinct: false,
};

type Step = Result<Applied<TwentyOneState, TwentyOneEvent>, RuleError>;

export function createTwentyOne(
  settings: TwentyOneSettings,
  seatCount: number,
  randomness: Randomness,
): Result<TwentyOneState, RuleError> {
  const parsed = twentyOneSettingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (
    !Number.isInteger(seatCount) ||
    seatCount < TWENTYONE_SEATS.min ||
    seatCount > TWENTYONE_SEATS.max
  )
    return err(fail('INVALID_SEAT_COUNT'));
  if (!randomnessFits(randomness, seatCount)) return err(fail('INVALID_RANDOMNESS'));
  // V3: round 1's first start player, drawn.
  const firstStarter = randomInt(stream(randomness, 'start'), seatCount);
  const none = Array.from({ length: seatCount }, () => [] as number[]);
  return ok({
    schema: 1,
    game: 'trumpen-21',
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    round: 1,
    phase: 'writing',
    writing: openWriting(seatCount, TWENTYONE_HAND_SIZE),
    firstStarter,
    deal: 0,
    starter: firstStarter,
    hands: none,
    faceUp: none,
    offer: null,
    ready: Array.from({ length: seatCount }, () => false),
    rounds: [],
    scores: Array.from({ length: seatCount }, () => 0),
    abandoned: false,
  });
}

/** The seat asked next about the offer: the first after the last asked, or null when all passed. */
export function askedSeat(state: TwentyOneState): number | null {
  if (!state.offer) return null;
  const n = state.seatCount;
  const next = (state.offer.from + 1 + state.offer.passed.length) % n;
  return next === state.offer.from ? null : next;
}

/** Whose move the table awaits. */
export function twentyOnePending(state: TwentyOneState): number[] {
  switch (state.phase) {
    case 'writing':
      return state.writing ? seatsNotDone(state.writing) : [];
    case 'offer':
      return [state.starter];
    case 'respond': {
      const seat = askedSeat(state);
      return seat === null ? [] : [seat];
    }
    case 'between':
      return state.ready.flatMap((r, seat) => (r ? [] : [seat]));
    case 'over':
      return [];
  }
}

export function twentyOneTimer(state: TwentyOneState): { key: string; seconds: number } | null {
  const turn = state.settings.turnSeconds;
  switch (state.phase) {
    case 'writing':
      return { key: `write/${state.round}`, seconds: state.settings.writingSeconds };
    case 'offer':
      return turn === null ? null : { key: `offer/${state.round}/${state.deal}`, seconds: turn };
    case 'respond':
      return turn === null
        ? null
        : {
            key: `ask/${state.round}/${state.deal}/${askedSeat(state)}`,
            seconds: turn,
          };
    case 'between':
      return { key: `next/${state.round}`, seconds: state.settings.betweenSeconds };
    case 'over':
      return null;
  }
}

function gameOver(state: TwentyOneState, abandoned: boolean, events: TwentyOneEvent[]) {
  const winners = abandoned ? [] : (placesByTotal(state.scores)[0] ?? []);
  events.push({ type: 'gameOver', winners, scores: [...state.scores], abandoned });
  return { ...state, phase: 'over' as const, writing: null, offer: null, abandoned };
}

function startDeal(state: TwentyOneState, events: TwentyOneEvent[]): TwentyOneState {
  events.push({
    type: 'dealStarted',
    round: state.round,
    deal: state.deal,
    starter: state.starter,
  });
  return { ...state, phase: 'offer', offer: null };
}

function closeWriting(state: TwentyOneState, standIn: readonly number[], events: TwentyOneEvent[]) {
  const locked = lockHands(state, TWENTYONE_RULES, standIn, events);
  const hands = locked.hands.map((hand) => hand.map((card) => card.value));
  const { commitments } = locked;
  const next: TwentyOneState = {
    ...state,
    writing: null,
    hands,
    faceUp: hands.map(() => []),
    deal: 0,
    rounds: [
      ...state.rounds,
      { round: state.round, written: hands, commitments, standIn, finals: null, points: null },
    ],
  };
  return startDeal(next, events);
}

/** V5–V7: the remaining cards revealed, the round scored; the next round or the game's end. */
function endRound(state: TwentyOneState, events: TwentyOneEvent[]): TwentyOneState {
  const finals = state.hands.map((hand) => hand[0]!);
  const totals = state.faceUp.map((cards, seat) => bestTotal([...cards, finals[seat]!]));
  const points = state.faceUp.map((cards, seat) => roundPoints(cards, finals[seat]!));
  const scores = state.scores.map((score, seat) => score + points[seat]!);
  events.push({ type: 'roundEnded', round: state.round, finals, totals, points, scores });
  const rounds = state.rounds.map((record, i) =>
    i === state.rounds.length - 1 ? { ...record, finals, points } : record,
  );
  const next: TwentyOneState = {
    ...state,
    hands: state.hands.map(() => []),
    faceUp: state.faceUp.map((cards, seat) => [...cards, finals[seat]!]),
    offer: null,
    scores,
    rounds,
    phase: 'between',
    ready: state.ready.map(() => false),
  };
  if (state.round >= TWENTYONE_ROUNDS) return gameOver(next, false, events);
  return next;
}

/** A deal is over: the start player passes left (V3), or the round ends after 3N deals. */
function afterDeal(state: TwentyOneState, events: TwentyOneEvent[]): TwentyOneState {
  const deal = state.deal + 1;
  if (deal >= 3 * state.seatCount) return endRound({ ...state, offer: null }, events);
  const starter = (state.starter + 1) % state.seatCount;
  return startDeal({ ...state, deal, starter, offer: null }, events);
}

function nextRound(state: TwentyOneState, events: TwentyOneEvent[]): TwentyOneState {
  const round = state.round + 1;
  events.push({ type: 'writingOpened', round });
  // V3: the next round starts with the previous round's last start player (the starter now).
  return {
    ...state,
    round,
    phase: 'writing',
    writing: openWriting(state.seatCount, TWENTYONE_HAND_SIZE),
    hands: state.hands.map(() => []),
    faceUp: state.faceUp.map(() => []),
    deal: 0,
    ready: state.ready.map(() => false),
  };
}

function take(state: TwentyOneState, seat: number, allPassed: boolean, events: TwentyOneEvent[]) {
  const value = state.offer!.value;
  events.push({ type: 'taken', seat, value, allPassed });
  const faceUp = replaceAt(state.faceUp, seat, [...state.faceUp[seat]!, value]);
  return afterDeal({ ...state, faceUp }, events);
}

function applyTurn(
  state: TwentyOneState,
  seat: number,
  action: Extract<TwentyOneAction, { type: 'offer' | 'take' | 'pass' }>,
  events: TwentyOneEvent[],
): Result<TwentyOneState, RuleError> {
  if (action.type === 'offer') {
    if (state.phase !== 'offer') return err(fail('WRONG_PHASE'));
    if (seat !== state.starter) return err(fail('NOT_YOUR_TURN'));
    const hand = state.hands[seat]!;
    const index = hand.indexOf(action.value);
    if (index < 0) return err(fail('NOT_IN_HAND'));
    events.push({ type: 'offered', seat, value: action.value });
    const hands = replaceAt(
      state.hands,
      seat,
      hand.filter((_, i) => i !== index),
    );
    return ok({
      ...state,
      hands,
      phase: 'respond',
      offer: { from: seat, value: action.value, passed: [] },
    });
  }
  if (state.phase !== 'respond' || !state.offer) return err(fail('WRONG_PHASE'));
  if (askedSeat(state) !== seat) return err(fail('NOT_YOUR_TURN'));
  if (action.type === 'take') return ok(take(state, seat, false, events));
  events.push({ type: 'passed', seat });
  const passedState = {
    ...state,
    offer: { ...state.offer, passed: [...state.offer.passed, seat] },
  };
  // V4: if all pass, the start player takes it face up.
  if (askedSeat(passedState) === null) return ok(take(passedState, state.offer.from, true, events));
  return ok(passedState);
}

/** The stand-in's moves for the running timer (C7, V8). */
export function twentyOneStandIn(state: TwentyOneState, key: string): TwentyOneAction[] {
  const timer = twentyOneTimer(state);
  if (timer?.key !== key) return [];
  if (state.phase === 'writing' && state.writing) {
    return seatsNotDone(state.writing).map((seat) => {
      const keep = completeCards(state.writing!.drafts[seat]!, TWENTYONE_RULES).map((c) => c.value);
      const random = uniform(stream(state.randomness, `bot/${seat}/${state.round}/0`));
      const values = greedyWrite(random, keep);
      return { type: 'write', cards: asDraft(values.map((value) => ({ value, suit: null }))) };
    });
  }
  const seat = twentyOnePending(state)[0];
  if (seat === undefined) return [];
  const action = greedyTurn(twentyOneViewFor(state, seat));
  return action ? [action] : [];
}

function timeout(state: TwentyOneState, key: string, standIn: readonly TwentyOneAction[]): Step {
  const timer = twentyOneTimer(state);
  if (timer === null || timer.key !== key) return err(fail('STALE_TIMER'));
  const events: TwentyOneEvent[] = [{ type: 'timedOut', key }];
  if (state.phase === 'between') {
    if (standIn.length > 0) return err(fail('BAD_STAND_IN'));
    return ok({ state: nextRound(state, events), events });
  }
  if (state.phase === 'writing') {
    const writing = state.writing!;
    const waiting = seatsNotDone(writing);
    if (standIn.length !== waiting.length) return err(fail('BAD_STAND_IN'));
    let drafts = writing.drafts;
    for (let i = 0; i < waiting.length; i++) {
      const action = standIn[i]!;
      const hand = action.type === 'write' ? handOf(action.cards, TWENTYONE_RULES) : null;
      if (!hand?.ok) return err(fail('BAD_STAND_IN'));
      drafts = replaceAt(drafts, waiting[i]!, asDraft(hand.value));
    }
    return ok({
      state: closeWriting({ ...state, writing: { ...writing, drafts } }, waiting, events),
      events,
    });
  }
  // A turn: the stand-in's one move, which must end the timed-out turn (R24).
  const seat = twentyOnePending(state)[0]!;
  const action = standIn[0];
  if (standIn.length !== 1 || !action) return err(fail('BAD_STAND_IN'));
  if (action.type !== 'offer' && action.type !== 'take' && action.type !== 'pass')
    return err(fail('BAD_STAND_IN'));
  const step = applyTurn(state, seat, action, events);
  if (!step.ok) return err(fail('BAD_STAND_IN'));
  return ok({ state: step.value, events });
}

/** The game's steps for the flow every round game shares (common/rounds.ts). */
const flow: RoundGame<TwentyOneState, TwentyOneEvent, TwentyOneAction> = {
  closeWriting,
  nextRound,
  gameOver,
  timeout,
  seatMove: applySeat,
};

export function applyTwentyOne(
  state: TwentyOneState,
  actor: Actor,
  action: TwentyOneAction | SystemAction<TwentyOneAction>,
): Step {
  return applyRound(flow, state, actor, action);
}

function applySeat(
  state: TwentyOneState,
  seat: number,
  action: TwentyOneAction | SystemAction<TwentyOneAction>,
): Step {
  const events: TwentyOneEvent[] = [];
  switch (action.type) {
    case 'write':
    case 'done':
    case 'withdraw':
      return writingMove(flow, state, seat, action, TWENTYONE_RULES);
    case 'offer':
    case 'take':
    case 'pass': {
      const next = applyTurn(state, seat, action, events);
      return next.ok ? ok({ state: next.value, events }) : next;
    }
    case 'ready':
      return readyMove(flow, state, seat);
    case 'timeout':
    case 'abandon':
    case 'nonces':
    case 'seat':
    case 'close':
      // The server's own actions are not a seat's.
      return err(fail('SYSTEM_ONLY'));
  }
}
