/**
 * The flow the three turn-based TrumPen games share: rounds that open with a writing phase (C3) and
 * close with a break that ends when every seat is Ready, the game's apply around its own moves (a
 * finished game refuses everything, the server's timeouts and abandon, a real seat, the version
 * step that a draft edit does not take).
 */
import { err, ok } from '@trepenta/engine';
import type { Actor, Applied, Randomness, Result, RuleError, SystemAction } from '@trepenta/engine';
import { COMMON_ERRORS, refusal, replaceAt } from './base';
import type { Card } from './cards';
import { writeCommitment } from './commitment';
import { saltOf } from './randomness';
import type { Writing, WritingAction, WritingRules } from './writing';
import { WRITING_ERRORS, allDone, applyWriting, handOf, nextVersion } from './writing';

const ROUND_ERRORS = { ...COMMON_ERRORS, ...WRITING_ERRORS };
const fail = (code: keyof typeof ROUND_ERRORS): RuleError => refusal(ROUND_ERRORS, code);

/** What a round game's state holds for the shared flow. */
export interface RoundState {
  readonly phase: string;
  readonly seatCount: number;
  readonly version: number;
  readonly writing: Writing | null;
  readonly ready: readonly boolean[];
}

/** The events the shared flow emits (every round game has them). */
export type RoundEvent =
  | { type: 'done'; seat: number }
  | { type: 'withdrawn'; seat: number }
  | { type: 'ready'; seat: number }
  | { type: 'closed'; round: number; commitments: string[]; standIn: number[] };

export type RoundStep<S, E> = Result<Applied<S, E>, RuleError>;

/** A round game's own steps, for the shared flow to call. */
export interface RoundGame<S extends RoundState, E, A> {
  /** Every seat Done (stand-in: the seats whose drafts the stand-in completed). */
  closeWriting(state: S, standIn: readonly number[], events: E[]): S;
  /** Every seat Ready: the next round, or the game's end. */
  nextRound(state: S, events: E[]): S;
  gameOver(state: S, abandoned: boolean, events: E[]): S;
  timeout(state: S, key: string, standIn: readonly A[]): RoundStep<S, E>;
  /** A seat's move, the seat known to be at the table. */
  seatMove(state: S, seat: number, action: A | SystemAction<A>): RoundStep<S, E>;
}

/** The game's apply: everything but a seat's own move is the same in every round game. */
export function applyRound<S extends RoundState, E, A extends { readonly type: string }>(
  game: RoundGame<S, E, A>,
  state: S,
  actor: Actor,
  action: A | SystemAction<A>,
): RoundStep<S, E> {
  if (state.phase === 'over') return err(fail('GAME_OVER'));
  let step: RoundStep<S, E>;
  if (actor === 'system') {
    // The server acts only with system actions (the room checks them against the game's schema).
    const system = action as SystemAction<A>;
    if (system.type === 'timeout') step = game.timeout(state, system.key, system.standIn);
    else if (system.type === 'abandon') {
      const events: E[] = [];
      step = ok({ state: game.gameOver(state, true, events), events });
    } else step = err(fail('WRONG_PHASE'));
  } else {
    if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount)
      return err(fail('NOT_A_SEAT'));
    step = game.seatMove(state, actor, action);
  }
  if (!step.ok) return step;
  return ok({
    state: { ...step.value.state, version: nextVersion(state.version, action) },
    events: step.value.events,
  });
}

/** A seat's write, Done or withdrawal (C3); the last Done closes the phase. */
export function writingMove<S extends RoundState, E>(
  game: RoundGame<S, E | RoundEvent, unknown>,
  state: S,
  seat: number,
  action: WritingAction,
  rules: WritingRules,
): RoundStep<S, E | RoundEvent> {
  if (state.phase !== 'writing' || !state.writing) return err(fail('WRONG_PHASE'));
  const changed = applyWriting(state.writing, seat, action, rules);
  if (!changed.ok) return err(fail(changed.error));
  // A draft's edit is nobody else's business (C3): no event.
  const events: (E | RoundEvent)[] = [];
  if (action.type === 'done') events.push({ type: 'done', seat });
  if (action.type === 'withdraw') events.push({ type: 'withdrawn', seat });
  const next: S = { ...state, writing: changed.value };
  if (action.type === 'done' && allDone(changed.value))
    return ok({ state: game.closeWriting(next, [], events), events });
  return ok({ state: next, events });
}

/** A seat's Ready in the break between rounds; the last one starts the next round. */
export function readyMove<S extends RoundState, E>(
  game: RoundGame<S, E | RoundEvent, unknown>,
  state: S,
  seat: number,
): RoundStep<S, E | RoundEvent> {
  if (state.phase !== 'between') return err(fail('WRONG_PHASE'));
  if (state.ready[seat]) return err(fail('ALREADY_READY'));
  const events: (E | RoundEvent)[] = [{ type: 'ready', seat }];
  const next: S = { ...state, ready: replaceAt(state.ready, seat, true) };
  if (next.ready.every(Boolean)) return ok({ state: game.nextRound(next, events), events });
  return ok({ state: next, events });
}

/**
 * C4: the writing phase closes. Every hand is complete by now (its seat pressed Done, or the
 * stand-in completed it); each is committed with its seat's salt and the commitments announced.
 */
export function lockHands<E>(
  state: RoundState & { readonly round: number; readonly randomness: Randomness },
  rules: WritingRules,
  standIn: readonly number[],
  events: (E | RoundEvent)[],
): { hands: Card[][]; commitments: string[] } {
  const hands = state.writing!.drafts.map((draft) => {
    const hand = handOf(draft, rules);
    if (!hand.ok) throw new Error(`closeWriting: an incomplete hand (${hand.error})`);
    return hand.value;
  });
  const commitments = hands.map((hand, seat) =>
    writeCommitment(
      state.randomness.gameId,
      state.round,
      seat,
      hand,
      saltOf(state.randomness, state.round, seat),
    ),
  );
  events.push({ type: 'closed', round: state.round, commitments, standIn: [...standIn] });
  return { hands, commitments };
}
