/**
 * TrumPen Poker's engine: a game of up to nine rounds, each a writing phase (C3) closed by the
 * write commitment (C4) and the showdown (P5, P6), then the countdown to the next round (C9).
 */
import { err, exhaustive, ok } from '@trepenta/engine';
import type { Actor, Applied, Randomness, Result, RuleError, SystemAction } from '@trepenta/engine';
import { applyRound, lockHands, readyMove, writingMove } from '../common/rounds';
import type { RoundGame } from '../common/rounds';
import { COMMON_ERRORS, placesByTotal, randomnessFits, refusal, replaceAt } from '../common/base';
import { botStream } from '../common/randomness';
import {
  WRITING_ERRORS,
  asDraft,
  completeCards,
  handOf,
  openWriting,
  seatsNotDone,
} from '../common/writing';
import type { WritingRules } from '../common/writing';
import { greedyHand } from './bots';
import { resolveShowdown } from './showdown';
import {
  POKER_HAND_SIZE,
  POKER_ROUNDS,
  POKER_TARGET,
  pokerMaxValue,
  pokerSettingsSchema,
} from './state';
import type { PokerAction, PokerEvent, PokerSettings, PokerState } from './state';

export const POKER_ERRORS = {
  ...COMMON_ERRORS,
  INVALID_SEAT_COUNT: 'TrumPen Poker is played by 3 to 6 players.',
  ...WRITING_ERRORS,
} as const;
export type PokerCode = keyof typeof POKER_ERRORS;
const fail = (code: PokerCode): RuleError => refusal(POKER_ERRORS, code);

export const POKER_SEATS = { min: 3, max: 6 } as const;

type Step = Result<Applied<PokerState, PokerEvent>, RuleError>;

export function pokerRules(seatCount: number): WritingRules {
  return {
    slots: POKER_HAND_SIZE,
    maxValue: pokerMaxValue(seatCount),
    suits: true,
    distinct: true,
  };
}

export function createPoker(
  settings: PokerSettings,
  seatCount: number,
  randomness: Randomness,
): Result<PokerState, RuleError> {
  const parsed = pokerSettingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < POKER_SEATS.min || seatCount > POKER_SEATS.max)
    return err(fail('INVALID_SEAT_COUNT'));
  if (!randomnessFits(randomness, seatCount)) return err(fail('INVALID_RANDOMNESS'));
  return ok({
    schema: 1,
    game: 'trumpen-poker',
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    round: 1,
    phase: 'writing',
    writing: openWriting(seatCount, POKER_HAND_SIZE),
    ready: Array.from({ length: seatCount }, () => false),
    rounds: [],
    scores: Array.from({ length: seatCount }, () => 0),
    abandoned: false,
  });
}

export function pokerTimer(state: PokerState): { key: string; seconds: number } | null {
  if (state.phase === 'writing')
    return { key: `write/${state.round}`, seconds: state.settings.writingSeconds };
  if (state.phase === 'between')
    return { key: `next/${state.round}`, seconds: state.settings.betweenSeconds };
  return null;
}

function gameOver(state: PokerState, abandoned: boolean, events: PokerEvent[]) {
  const winners = abandoned ? [] : (placesByTotal(state.scores)[0] ?? []);
  events.push({ type: 'gameOver', winners, scores: [...state.scores], abandoned });
  return { ...state, phase: 'over' as const, writing: null, abandoned };
}

/** The phase closes: hands locked and committed (C4), the showdown resolved (P5–P7). */
function closeWriting(state: PokerState, standIn: readonly number[], events: PokerEvent[]) {
  const rules = pokerRules(state.seatCount);
  const { hands, commitments } = lockHands(state, rules, standIn, events);
  const showdown = resolveShowdown(hands, state.settings.pokerOrder);
  for (const level of showdown.levels) events.push({ type: 'level', round: state.round, level });
  const scores = state.scores.map((score, seat) => score + showdown.points[seat]!);
  const declared = new Set(showdown.levels.flatMap((level) => level.declarers));
  events.push({
    type: 'roundEnded',
    round: state.round,
    decidedAt: showdown.decidedAt,
    winners: [...showdown.winners],
    points: [...showdown.points],
    scores,
    hands: hands.map((hand, seat) =>
      state.settings.showAllHands || declared.has(seat) ? hand : null,
    ),
  });
  const next: PokerState = {
    ...state,
    writing: null,
    rounds: [...state.rounds, { round: state.round, hands, commitments, showdown, standIn }],
    scores,
    phase: 'between',
    ready: state.ready.map(() => false),
  };
  // P7: the game ends after a round in which someone reached the target, or after round 9.
  if (scores.some((score) => score >= POKER_TARGET) || state.round >= POKER_ROUNDS)
    return gameOver(next, false, events);
  return next;
}

function nextRound(state: PokerState, events: PokerEvent[]): PokerState {
  const round = state.round + 1;
  events.push({ type: 'writingOpened', round });
  return {
    ...state,
    round,
    phase: 'writing',
    writing: openWriting(state.seatCount, POKER_HAND_SIZE),
    ready: state.ready.map(() => false),
  };
}

/** P10: the stand-in's hands for the seats not Done, in seat order. */
export function pokerStandIn(state: PokerState, key: string): PokerAction[] {
  const timer = pokerTimer(state);
  if (timer?.key !== key || state.phase !== 'writing' || !state.writing) return [];
  const rules = pokerRules(state.seatCount);
  return seatsNotDone(state.writing).map((seat) => {
    const keep = completeCards(state.writing!.drafts[seat]!, rules);
    const random = botStream(state.randomness, seat, state.round, 0);
    const hand = greedyHand(
      rules.maxValue,
      state.seatCount,
      seat,
      state.settings.pokerOrder,
      random,
      keep,
    );
    return { type: 'write', cards: asDraft(hand) };
  });
}

function timeout(state: PokerState, key: string, standIn: readonly PokerAction[]): Step {
  const timer = pokerTimer(state);
  if (timer === null || timer.key !== key) return err(fail('STALE_TIMER'));
  const events: PokerEvent[] = [{ type: 'timedOut', key }];
  if (state.phase === 'between') {
    if (standIn.length > 0) return err(fail('BAD_STAND_IN'));
    return ok({ state: nextRound(state, events), events });
  }
  const writing = state.writing!;
  const waiting = seatsNotDone(writing);
  if (standIn.length !== waiting.length) return err(fail('BAD_STAND_IN'));
  const rules = pokerRules(state.seatCount);
  let drafts = writing.drafts;
  for (let i = 0; i < waiting.length; i++) {
    const action = standIn[i]!;
    const hand = action.type === 'write' ? handOf(action.cards, rules) : null;
    if (!hand?.ok) return err(fail('BAD_STAND_IN'));
    drafts = replaceAt(drafts, waiting[i]!, asDraft(hand.value));
  }
  const closed = closeWriting({ ...state, writing: { ...writing, drafts } }, waiting, events);
  return ok({ state: closed, events });
}

function applySeat(state: PokerState, seat: number, action: PokerAction): Step {
  switch (action.type) {
    case 'write':
    case 'done':
    case 'withdraw':
      return writingMove(flow, state, seat, action, pokerRules(state.seatCount));
    case 'ready':
      return readyMove(flow, state, seat);
    default:
      return exhaustive(action);
  }
}

/** The game's steps for the flow every round game shares (common/rounds.ts). */
const flow: RoundGame<PokerState, PokerEvent, PokerAction> = {
  closeWriting,
  nextRound,
  gameOver,
  timeout,
  // Poker's seats write and press Ready only: any other action is the server's.
  seatMove: (state, seat, action) =>
    action.type === 'write' ||
    action.type === 'done' ||
    action.type === 'withdraw' ||
    action.type === 'ready'
      ? applySeat(state, seat, action)
      : err(fail('SYSTEM_ONLY')),
};

export function applyPoker(
  state: PokerState,
  actor: Actor,
  action: PokerAction | SystemAction<PokerAction>,
): Step {
  return applyRound(flow, state, actor, action);
}

export function pokerPending(state: PokerState): number[] {
  if (state.phase === 'writing' && state.writing) return seatsNotDone(state.writing);
  if (state.phase === 'between') return state.ready.flatMap((r, seat) => (r ? [] : [seat]));
  return [];
}
