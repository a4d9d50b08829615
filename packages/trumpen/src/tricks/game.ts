/**
 * Trick Taking's engine: three rounds, each a writing phase of three numbers (K2) and three tricks
 * played clockwise from the leader with must-follow and lead changes by matching number (K4), the
 * server passing for whoever cannot play (−2), trick and completion scores (K5, K6), the round's
 * end with the unplayable cards shown (K7).
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
import { greedyPlay, greedyWrite } from './bots';
import { completes, leadAfter, legalPlays, trickWinner, tricksMaxValue } from './rules';
import type { Played } from './rules';
import { TRICKS_HAND_SIZE, TRICKS_PER_ROUND, TRICKS_ROUNDS, tricksSettingsSchema } from './state';
import type { Trick, TricksAction, TricksEvent, TricksSettings, TricksState } from './state';

export const TRICKS_ERRORS = {
  ...COMMON_ERRORS,
  INVALID_SEAT_COUNT: 'TrumPen Trick Taking is played by 3 to 5 players.',
  ...WRITING_ERRORS,
  NOT_YOUR_TURN: 'It is not your turn.',
  ILLEGAL_PLAY:
    'That card cannot be played now (follow the lead suit or the last number if you can; a card on the grid never again).',
} as const;
export type TricksCode = keyof typeof TRICKS_ERRORS;
const fail = (code: TricksCode): RuleError => refusal(TRICKS_ERRORS, code);

export const TRICKS_SEATS = { min: 3, max: 5 } as const;

export function tricksRules(seatCount: number): WritingRules {
  return {
    slots: TRICKS_HAND_SIZE,
    maxValue: tricksMaxValue(seatCount),
    suits: false,
    distinct: false,
  };
}

type Step = Result<Applied<TricksState, TricksEvent>, RuleError>;

export function createTricks(
  settings: TricksSettings,
  seatCount: number,
  randomness: Randomness,
): Result<TricksState, RuleError> {
  const parsed = tricksSettingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < TRICKS_SEATS.min || seatCount > TRICKS_SEATS.max)
    return err(fail('INVALID_SEAT_COUNT'));
  if (!randomnessFits(randomness, seatCount)) return err(fail('INVALID_RANDOMNESS'));
  const zeros = Array.from({ length: seatCount }, () => 0);
  return ok({
    schema: 1,
    game: 'trumpen-tricks',
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    round: 1,
    phase: 'writing',
    writing: openWriting(seatCount, TRICKS_HAND_SIZE),
    // K2: the first lead of round 1 is drawn.
    leader: randomInt(stream(randomness, 'start'), seatCount),
    hands: zeros.map(() => []),
    grid: [],
    trick: null,
    tricks: [],
    ready: zeros.map(() => false),
    rounds: [],
    points: [],
    scores: zeros,
    abandoned: false,
  });
}

/** The seat to play in the current trick, or null. */
export function toPlay(state: TricksState): number | null {
  const trick = state.trick;
  if (state.phase !== 'play' || !trick || trick.plays.length >= state.seatCount) return null;
  return (trick.leader + trick.plays.length) % state.seatCount;
}

export function tricksPending(state: TricksState): number[] {
  if (state.phase === 'writing' && state.writing) return seatsNotDone(state.writing);
  if (state.phase === 'between') return state.ready.flatMap((r, seat) => (r ? [] : [seat]));
  const seat = toPlay(state);
  return seat === null ? [] : [seat];
}

export function tricksTimer(state: TricksState): { key: string; seconds: number } | null {
  switch (state.phase) {
    case 'writing':
      return { key: `write/${state.round}`, seconds: state.settings.writingSeconds };
    case 'play': {
      const turn = state.settings.turnSeconds;
      if (turn === null || !state.trick) return null;
      return { key: `turn/${state.round}/${state.trick.number}/${toPlay(state)}`, seconds: turn };
    }
    case 'between':
      return { key: `next/${state.round}`, seconds: state.settings.betweenSeconds };
    case 'over':
      return null;
  }
}

function addPoints(state: TricksState, seat: number, points: number): TricksState {
  const row = state.points[state.round - 1]!;
  return {
    ...state,
    points: replaceAt(state.points, state.round - 1, replaceAt(row, seat, row[seat]! + points)),
  };
}

function gameOver(state: TricksState, abandoned: boolean, events: TricksEvent[]) {
  const winners = abandoned ? [] : (placesByTotal(state.scores)[0] ?? []);
  events.push({ type: 'gameOver', winners, scores: [...state.scores], abandoned });
  return { ...state, phase: 'over' as const, writing: null, trick: null, abandoned };
}

function startTrick(state: TricksState, events: TricksEvent[]): TricksState {
  const number = state.tricks.length + 1;
  events.push({ type: 'trickStarted', trick: number, leader: state.leader });
  const trick: Trick = { number, leader: state.leader, plays: [], lead: null, last: null };
  return advance({ ...state, trick }, events);
}

/** K4d: whoever cannot play passes (−2), by the server; the trick ends after every seat's turn. */
function advance(state: TricksState, events: TricksEvent[]): TricksState {
  let current = state;
  for (;;) {
    const trick = current.trick!;
    if (trick.plays.length >= current.seatCount) return endTrick(current, events);
    const seat = toPlay(current)!;
    if (legalPlays(current.hands[seat]!, current.grid, trick).length > 0) return current;
    events.push({ type: 'passed', seat, points: -2 });
    current = addPoints(
      { ...current, trick: { ...trick, plays: [...trick.plays, { seat, card: null }] } },
      seat,
      -2,
    );
  }
}

function endTrick(state: TricksState, events: TricksEvent[]): TricksState {
  const trick = state.trick!;
  const maxValue = tricksMaxValue(state.seatCount);
  const played = trick.plays.filter((p) => p.card !== null);
  // K6: completions in play order, against the grid as each card joined it.
  let grid = state.grid.slice(0, state.grid.length - played.length);
  let current = state;
  for (const play of played) {
    const card = play.card!;
    const done = completes(grid, card, maxValue);
    grid = [...grid, card];
    const points = (done.number ? -1 : 0) + (done.suit ? 2 : 0);
    if (done.number || done.suit) {
      events.push({
        type: 'completed',
        seat: play.seat,
        card,
        number: done.number,
        suit: done.suit,
        points,
      });
      current = addPoints(current, play.seat, points);
    }
  }
  // K5: the highest card in the lead suit as it stands; a void trick scores nothing.
  const winner = trickWinner(trick.plays, trick.lead);
  const points = winner === null ? 0 : state.round === TRICKS_ROUNDS ? 3 : 2;
  events.push({ type: 'trickWon', trick: trick.number, winner, points });
  if (winner !== null) current = addPoints(current, winner, points);
  const next: TricksState = {
    ...current,
    trick: null,
    tricks: [...current.tricks, { ...trick, winner }],
    leader: winner ?? trick.leader,
  };
  if (next.tricks.length >= TRICKS_PER_ROUND) return endRound(next, events);
  return startTrick(next, events);
}

function endRound(state: TricksState, events: TricksEvent[]): TricksState {
  const roundPoints = state.points[state.round - 1]!;
  const scores = state.scores.map((score, seat) => score + roundPoints[seat]!);
  const unplayed = state.hands.map((hand) => [...hand]);
  events.push({
    type: 'roundEnded',
    round: state.round,
    unplayed,
    points: [...roundPoints],
    scores,
  });
  const rounds = state.rounds.map((record, i) =>
    i === state.rounds.length - 1 ? { ...record, unplayed } : record,
  );
  // K7: the unplayable cards are shown and set aside.
  const next: TricksState = {
    ...state,
    scores,
    rounds,
    hands: state.hands.map(() => []),
    phase: 'between',
    ready: state.ready.map(() => false),
  };
  if (state.round >= TRICKS_ROUNDS) return gameOver(next, false, events);
  return next;
}

function closeWriting(state: TricksState, standIn: readonly number[], events: TricksEvent[]) {
  const rules = tricksRules(state.seatCount);
  const locked = lockHands(state, rules, standIn, events);
  const hands = locked.hands.map((hand) => hand.map((card) => card.value));
  const { commitments } = locked;
  const next: TricksState = {
    ...state,
    writing: null,
    hands,
    phase: 'play',
    tricks: [],
    points: [...state.points, hands.map(() => 0)],
    rounds: [
      ...state.rounds,
      { round: state.round, written: hands, commitments, standIn, unplayed: null },
    ],
  };
  return startTrick(next, events);
}

function nextRound(state: TricksState, events: TricksEvent[]): TricksState {
  const round = state.round + 1;
  events.push({ type: 'writingOpened', round });
  return {
    ...state,
    round,
    phase: 'writing',
    writing: openWriting(state.seatCount, TRICKS_HAND_SIZE),
    tricks: [],
    ready: state.ready.map(() => false),
  };
}

function play(
  state: TricksState,
  seat: number,
  card: Played,
  events: TricksEvent[],
): Result<TricksState, RuleError> {
  if (state.phase !== 'play' || !state.trick) return err(fail('WRONG_PHASE'));
  if (toPlay(state) !== seat) return err(fail('NOT_YOUR_TURN'));
  const trick = state.trick;
  const hand = state.hands[seat]!;
  const legal = legalPlays(hand, state.grid, trick);
  if (!legal.some((c) => c.value === card.value && c.suit === card.suit))
    return err(fail('ILLEGAL_PLAY'));
  const lead = leadAfter(trick, card);
  events.push({
    type: 'played',
    seat,
    card,
    lead,
    leadChanged: trick.lead !== null && lead !== trick.lead,
  });
  const index = hand.indexOf(card.value);
  const next: TricksState = {
    ...state,
    hands: replaceAt(
      state.hands,
      seat,
      hand.filter((_, i) => i !== index),
    ),
    grid: [...state.grid, card],
    trick: { ...trick, plays: [...trick.plays, { seat, card }], lead, last: card.value },
  };
  return ok(advance(next, events));
}

export function tricksStandIn(state: TricksState, key: string): TricksAction[] {
  const timer = tricksTimer(state);
  if (timer?.key !== key) return [];
  const rules = tricksRules(state.seatCount);
  if (state.phase === 'writing' && state.writing) {
    return seatsNotDone(state.writing).map((seat) => {
      const keep = completeCards(state.writing!.drafts[seat]!, rules).map((c) => c.value);
      const random = uniform(stream(state.randomness, `bot/${seat}/${state.round}/0`));
      const values = greedyWrite(state.grid, rules.maxValue, random, keep);
      return { type: 'write', cards: asDraft(values.map((value) => ({ value, suit: null }))) };
    });
  }
  const seat = toPlay(state);
  if (seat === null || !state.trick) return [];
  const card = greedyPlay(seat, state.hands[seat]!, state.grid, state.trick, rules.maxValue);
  return card ? [{ type: 'play', value: card.value, suit: card.suit }] : [];
}

function timeout(state: TricksState, key: string, standIn: readonly TricksAction[]): Step {
  const timer = tricksTimer(state);
  if (timer === null || timer.key !== key) return err(fail('STALE_TIMER'));
  const events: TricksEvent[] = [{ type: 'timedOut', key }];
  if (state.phase === 'between') {
    if (standIn.length > 0) return err(fail('BAD_STAND_IN'));
    return ok({ state: nextRound(state, events), events });
  }
  if (state.phase === 'writing') {
    const writing = state.writing!;
    const waiting = seatsNotDone(writing);
    if (standIn.length !== waiting.length) return err(fail('BAD_STAND_IN'));
    const rules = tricksRules(state.seatCount);
    let drafts = writing.drafts;
    for (let i = 0; i < waiting.length; i++) {
      const action = standIn[i]!;
      const hand = action.type === 'write' ? handOf(action.cards, rules) : null;
      if (!hand?.ok) return err(fail('BAD_STAND_IN'));
      drafts = replaceAt(drafts, waiting[i]!, asDraft(hand.value));
    }
    return ok({
      state: closeWriting({ ...state, writing: { ...writing, drafts } }, waiting, events),
      events,
    });
  }
  const seat = toPlay(state)!;
  const action = standIn[0];
  if (standIn.length !== 1 || action?.type !== 'play') return err(fail('BAD_STAND_IN'));
  const next = play(state, seat, { value: action.value, suit: action.suit }, events);
  if (!next.ok) return err(fail('BAD_STAND_IN'));
  return ok({ state: next.value, events });
}

/** The game's steps for the flow every round game shares (common/rounds.ts). */
const flow: RoundGame<TricksState, TricksEvent, TricksAction> = {
  closeWriting,
  nextRound,
  gameOver,
  timeout,
  seatMove: applySeat,
};

export function applyTricks(
  state: TricksState,
  actor: Actor,
  action: TricksAction | SystemAction<TricksAction>,
): Step {
  return applyRound(flow, state, actor, action);
}

function applySeat(
  state: TricksState,
  seat: number,
  action: TricksAction | SystemAction<TricksAction>,
): Step {
  const events: TricksEvent[] = [];
  const rules = tricksRules(state.seatCount);
  switch (action.type) {
    case 'write':
    case 'done':
    case 'withdraw':
      return writingMove(flow, state, seat, action, rules);
    case 'play': {
      const next = play(state, seat, { value: action.value, suit: action.suit }, events);
      return next.ok ? ok({ state: next.value, events }) : next;
    }
    case 'ready':
      return readyMove(flow, state, seat);
    case 'timeout':
    case 'abandon':
    case 'nonces':
    case 'seat':
    case 'close':
      return err(fail('SYSTEM_ONLY'));
  }
}
