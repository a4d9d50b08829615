/**
 * TrumPen Speed's engine: create, apply, timers and the stand-in (S2–S11). Pure: the server's clock
 * arrives as `apply`'s stamp (S11), so ink and the idle end replay exactly.
 */
import { err, ok, randomInt, shuffle } from '@trepenta/engine';
import type { Applied, Result, RuleError, SystemAction, TimerRequest } from '@trepenta/engine';
import { COMMON_ERRORS, randomnessFits, refusal, replaceAt } from '../common/base';
import { stream } from '../common/randomness';
import {
  COUNTDOWN_SECONDS,
  DECK_SIZE,
  SPEED_SEATS,
  STARTERS_SECONDS,
  TABLEAU_SIZE,
  speedSettingsSchema,
  suitOf,
} from './state';
import type {
  SpeedAction,
  SpeedEvent,
  SpeedSeat,
  SpeedSettings,
  SpeedState,
  StackCard,
} from './state';

export const SPEED_ERRORS = {
  ...COMMON_ERRORS,
  NOT_STARTED: 'The game has not started yet: wait for Go.',
  NOT_A_STARTER: 'Only the two starters write a starting card.',
  ALREADY_WRITTEN: 'Your starting card is already written.',
  NO_CARD: 'You have no such card.',
  DECK_NOT_EMPTY: 'You can pick up a tableau card only once your deck is empty.',
  HOLDING: 'You are already holding a card: play, place or rewrite it first.',
  INK_WET: 'The ink on that card is still wet.',
  STACK_CHANGED: 'That stack moved before your play arrived.',
  TABLEAU_FULL: 'Your tableau already holds four cards.',
  DUPLICATE: 'That card has the same value as the top of the stack.',
  NOT_ADJACENT: 'That card is not one above or below the top of the stack.',
} as const;
export type SpeedCode = keyof typeof SPEED_ERRORS;
export const speedFail = (code: SpeedCode): RuleError => refusal(SPEED_ERRORS, code);

type Step = Result<Applied<SpeedState, SpeedEvent>, RuleError>;

/** S4: values one apart fit, K and A included (A is one above K). */
export function fits(value: number, top: number): boolean {
  const d = Math.abs(value - top);
  return d === 1 || d === 12;
}

/** S4's check of a value against a top: null when it fits. */
export function fitProblem(value: number, top: number): 'DUPLICATE' | 'NOT_ADJACENT' | null {
  if (value === top) return 'DUPLICATE';
  return fits(value, top) ? null : 'NOT_ADJACENT';
}

export function cardsLeft(seat: SpeedSeat): number {
  return seat.deck + (seat.held ? 1 : 0) + seat.tableau.length;
}

/** S9: places by cards left, fewest first; equal counts share a place. */
export function placesByCardsLeft(counts: readonly number[]): number[][] {
  const distinct = [...new Set(counts)].sort((a, b) => a - b);
  return distinct.map((n) => counts.flatMap((c, seat) => (c === n ? [seat] : [])));
}

export function topOf(stack: readonly StackCard[]): StackCard | undefined {
  return stack[stack.length - 1];
}

export function createSpeed(
  settings: SpeedSettings,
  seatCount: number,
  randomness: Parameters<typeof randomnessFits>[0],
): Result<SpeedState, RuleError> {
  const parsed = speedSettingsSchema.safeParse(settings);
  if (!parsed.success) return err(speedFail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < SPEED_SEATS.min || seatCount > SPEED_SEATS.max)
    return err(speedFail('INVALID_SEAT_COUNT'));
  if (!randomnessFits(randomness, seatCount)) return err(speedFail('INVALID_RANDOMNESS'));
  // S2: with two seats both start, the lower on the left; else the first two of a shuffle.
  const order =
    seatCount === 2
      ? [0, 1]
      : shuffle(
          Array.from({ length: seatCount }, (_, s) => s),
          stream(randomness, 'starters'),
        );
  return ok({
    schema: 1,
    game: 'trumpen-speed',
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    phase: 'starters',
    starters: [order[0]!, order[1]!],
    starterCards: [null, null],
    seats: Array.from({ length: seatCount }, () => ({ deck: DECK_SIZE, held: null, tableau: [] })),
    stacks: [[], []],
    plays: 0,
    lastAt: 0,
    goAt: null,
    places: null,
    idleEnd: false,
    abandoned: false,
  });
}

function end(
  state: SpeedState,
  idle: boolean,
  events: SpeedEvent[],
): Applied<SpeedState, SpeedEvent> {
  const places = placesByCardsLeft(state.seats.map(cardsLeft));
  events.push({ type: 'ended', places, idle, abandoned: false });
  return { state: { ...state, phase: 'over', places, idleEnd: idle }, events };
}

/** S2: a starter writes its starting card; when both are written the countdown runs. */
function writeStarter(
  state: SpeedState,
  seat: number,
  value: number,
  events: SpeedEvent[],
): SpeedState {
  const index = state.starters.indexOf(seat);
  const starterCards: [number | null, number | null] = [...state.starterCards];
  starterCards[index] = value;
  events.push({ type: 'starterWritten', seat, value });
  return { ...state, starterCards };
}

function startCountdown(state: SpeedState, standIn: number[], events: SpeedEvent[]): SpeedState {
  events.push({ type: 'countdown', standIn });
  return { ...state, phase: 'countdown' };
}

function go(state: SpeedState, at: number, events: SpeedEvent[]): SpeedState {
  const bases = state.starters.map((seat, i) => ({
    value: state.starterCards[i]!,
    suit: suitOf(seat),
  })) as [StackCard, StackCard];
  events.push({ type: 'go', bases });
  return { ...state, phase: 'play', stacks: [[bases[0]], [bases[1]]], goAt: at };
}

/** The timer a state wants (S2's writing and countdown, S10's idle end keyed by the plays). */
export function speedTimer(state: SpeedState): TimerRequest | null {
  switch (state.phase) {
    case 'starters':
      return { key: 'starters', seconds: STARTERS_SECONDS };
    case 'countdown':
      return { key: 'go', seconds: COUNTDOWN_SECONDS };
    case 'play':
      return { key: `idle/${state.plays}`, seconds: state.settings.idleSeconds };
    case 'over':
      return null;
  }
}

/** The starters still to write (S2). */
export function unwrittenStarters(state: SpeedState): number[] {
  return state.starters.filter((_, i) => state.starterCards[i] === null);
}

/** S2's stand-in: a random value from "bot/seat/0/0" for each starter that wrote none. */
export function speedStandIn(state: SpeedState, key: string): SpeedAction[] {
  if (state.phase !== 'starters' || key !== 'starters') return [];
  return unwrittenStarters(state).map((seat) => {
    const source = stream(state.randomness, `bot/${seat}/0/0`);
    return { type: 'start', value: 1 + randomInt(source, 13) };
  });
}

function timeout(
  state: SpeedState,
  key: string,
  standIn: readonly SpeedAction[],
  at: number,
): Step {
  const timer = speedTimer(state);
  if (timer === null || timer.key !== key) return err(speedFail('STALE_TIMER'));
  const events: SpeedEvent[] = [];
  if (state.phase === 'starters') {
    const waiting = unwrittenStarters(state);
    if (standIn.length !== waiting.length) return err(speedFail('BAD_STAND_IN'));
    let next = state;
    for (let i = 0; i < waiting.length; i++) {
      const action = standIn[i]!;
      if (action.type !== 'start') return err(speedFail('BAD_STAND_IN'));
      next = writeStarter(next, waiting[i]!, action.value, events);
    }
    return ok({ state: startCountdown(next, waiting, events), events });
  }
  if (standIn.length > 0) return err(speedFail('BAD_STAND_IN'));
  if (state.phase === 'countdown') return ok({ state: go(state, at, events), events });
  // S10: no card onto a stack for the idle time: fewest cards left win.
  return ok(end(state, true, events));
}

function seatMove(state: SpeedState, seat: number, action: SpeedAction, at: number): Step {
  const events: SpeedEvent[] = [];
  if (action.type === 'start') {
    if (state.phase !== 'starters') return err(speedFail('WRONG_PHASE'));
    const index = state.starters.indexOf(seat);
    if (index < 0) return err(speedFail('NOT_A_STARTER'));
    if (state.starterCards[index] !== null) return err(speedFail('ALREADY_WRITTEN'));
    let next = writeStarter(state, seat, action.value, events);
    if (unwrittenStarters(next).length === 0) next = startCountdown(next, [], events);
    return ok({ state: next, events });
  }
  if (state.phase !== 'play') return err(speedFail('NOT_STARTED'));
  const own = state.seats[seat]!;
  const ink = Math.round(state.settings.inkSeconds * 1000);
  const withSeat = (changed: SpeedSeat): SpeedState => ({
    ...state,
    seats: replaceAt(state.seats, seat, changed),
  });
  switch (action.type) {
    case 'write': {
      const wetUntil = at + ink;
      if (action.slot !== undefined) {
        if (own.deck > 0) return err(speedFail('DECK_NOT_EMPTY'));
        if (own.held) return err(speedFail('HOLDING'));
        if (action.slot >= own.tableau.length) return err(speedFail('NO_CARD'));
        events.push({
          type: 'written',
          seat,
          value: action.value,
          from: 'tableau',
          slot: action.slot,
          wetUntil,
        });
        const tableau = own.tableau.filter((_, i) => i !== action.slot);
        return ok({
          state: withSeat({ ...own, tableau, held: { value: action.value, wetUntil } }),
          events,
        });
      }
      if (!own.held && own.deck === 0) return err(speedFail('NO_CARD'));
      const from = own.held ? 'held' : 'deck';
      events.push({ type: 'written', seat, value: action.value, from, slot: null, wetUntil });
      const deck = own.held ? own.deck : own.deck - 1;
      return ok({
        state: withSeat({ ...own, deck, held: { value: action.value, wetUntil } }),
        events,
      });
    }
    case 'place': {
      if (!own.held) return err(speedFail('NO_CARD'));
      if (at < own.held.wetUntil) return err(speedFail('INK_WET'));
      if (own.tableau.length >= TABLEAU_SIZE) return err(speedFail('TABLEAU_FULL'));
      const slot = own.tableau.length;
      events.push({ type: 'placed', seat, value: own.held.value, slot });
      return ok({
        state: withSeat({ ...own, held: null, tableau: [...own.tableau, own.held.value] }),
        events,
      });
    }
    case 'play': {
      const value = action.source === 'held' ? own.held?.value : own.tableau[action.source];
      if (value === undefined) return err(speedFail('NO_CARD'));
      if (action.source === 'held' && at < own.held!.wetUntil) return err(speedFail('INK_WET'));
      const stack = state.stacks[action.stack];
      // S6: only the height the player saw; a lower or a higher one is stale.
      if (action.height !== stack.length) return err(speedFail('STACK_CHANGED'));
      const problem = fitProblem(value, topOf(stack)!.value);
      if (problem) return err(speedFail(problem));
      const card: StackCard = { value, suit: suitOf(seat) };
      const changed: SpeedSeat =
        action.source === 'held'
          ? { ...own, held: null }
          : { ...own, tableau: own.tableau.filter((_, i) => i !== action.source) };
      const stacks: [StackCard[], StackCard[]] = [[...state.stacks[0]], [...state.stacks[1]]];
      stacks[action.stack].push(card);
      events.push({
        type: 'played',
        seat,
        source: action.source,
        stack: action.stack,
        card,
        height: stacks[action.stack].length,
      });
      const next: SpeedState = {
        ...withSeat(changed),
        stacks,
        plays: state.plays + 1,
      };
      // S9: the first with no cards wins at once.
      if (cardsLeft(changed) === 0) return ok(end(next, false, events));
      return ok({ state: next, events });
    }
  }
}

export function applySpeed(
  state: SpeedState,
  actor: number | 'system',
  action: SpeedAction | SystemAction<SpeedAction>,
  stamp?: number,
): Step {
  if (state.phase === 'over') return err(speedFail('GAME_OVER'));
  // S11: the pipeline's stamp, never before the last one.
  const at = Math.max(stamp ?? state.lastAt, state.lastAt);
  let step: Step;
  if (actor === 'system') {
    if (action.type === 'abandon') {
      const events: SpeedEvent[] = [{ type: 'ended', places: [], idle: false, abandoned: true }];
      step = ok({ state: { ...state, phase: 'over', places: [], abandoned: true }, events });
    } else if (action.type === 'timeout') {
      step = timeout(state, action.key, action.standIn, at);
    } else {
      return err(speedFail('WRONG_PHASE'));
    }
  } else {
    if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount)
      return err(speedFail('NOT_A_SEAT'));
    if (!['start', 'write', 'place', 'play'].includes(action.type))
      return err(speedFail('SYSTEM_ONLY'));
    step = seatMove(state, actor, action as SpeedAction, at);
  }
  if (!step.ok) return step;
  return ok({
    state: { ...step.value.state, version: state.version + 1, lastAt: at },
    events: step.value.events,
  });
}

/** Who may act now: the starters still to write, then every seat with cards, until the end. */
export function speedPending(state: SpeedState): number[] {
  switch (state.phase) {
    case 'starters':
      return unwrittenStarters(state);
    case 'play':
      return state.seats.flatMap((s, seat) => (cardsLeft(s) > 0 ? [seat] : []));
    case 'countdown':
    case 'over':
      return [];
  }
}
