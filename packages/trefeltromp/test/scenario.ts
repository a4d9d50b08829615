/** Tables set up by hand for the rulings' tests: chosen stacks, dealer and cards. */
import { trefeltromp, timerOf } from '../src/index';
import type { Action, Card, CarryPart, GameEvent, GameState, Settings } from '../src/index';
import type { SystemAction } from '@trepenta/engine';

export interface Setup {
  seats: number;
  dealer: number;
  stacks?: number[];
  settings?: Partial<Settings>;
  carry?: CarryPart[];
  cards?: Card[][];
}

export function created(seats: number, settings: Partial<Settings> = {}): GameState {
  const full = { ...trefeltromp.defaultSettings, ...settings };
  const made = trefeltromp.create(full, seats, trefeltromp.exampleRandomness(full, seats, 7));
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

export function step(
  state: GameState,
  actor: number | 'system',
  action: Action | SystemAction<Action>,
): { state: GameState; events: GameEvent[] } {
  const result = trefeltromp.apply(state, actor, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.code}`);
  return { state: result.value.state, events: [...result.value.events] };
}

export function play(
  state: GameState,
  actor: number | 'system',
  action: Action | SystemAction<Action>,
) {
  return step(state, actor, action).state;
}

export function refusal(
  state: GameState,
  actor: number | 'system',
  action: Action | SystemAction<Action>,
) {
  const result = trefeltromp.apply(state, actor, action);
  return result.ok ? 'ACCEPTED' : result.error.code;
}

/** Runs the between-hands timer out: the next hand is dealt. */
export function nextHand(state: GameState) {
  const key = timerOf(state)!.key;
  return step(state, 'system', { type: 'timeout', key, standIn: [] });
}

/** A hand dealt with these stacks (before the antes), this dealer, and these cards. */
export function dealt(setup: Setup): GameState {
  const base = created(setup.seats, setup.settings);
  const stacks = setup.stacks ?? base.seats.map((s) => s.stack);
  const state: GameState = {
    ...base,
    handsDealt: 1,
    // The deal passes to the right: the dealer after seat d + 1 is d.
    lastDealer: (setup.dealer + 1) % setup.seats,
    carry: setup.carry ?? [],
    seats: base.seats.map((s, i) => ({ ...s, stack: stacks[i]! })),
    stints: base.stints.map((t, i) => ({ ...t, bought: stacks[i]! })),
  };
  const bought = (setup.carry ?? []).reduce((sum, c) => sum + c.amount, 0);
  // A carry-over from an earlier hand: its chips were bought by the seats that tied.
  const withCarry: GameState = {
    ...state,
    stints: state.stints.map((t, i) => (i === 0 ? { ...t, bought: t.bought + bought } : t)),
  };
  const next = nextHand(withCarry).state;
  return setup.cards ? give(next, setup.cards) : next;
}

/** Puts these cards in the players' hands (seats not dealt in: empty lists). */
export function give(state: GameState, cards: Card[][]): GameState {
  const hand = state.hand!;
  return {
    ...state,
    hand: {
      ...hand,
      players: hand.players.map((p, s) => (p && cards[s]?.length ? { ...p, cards: cards[s] } : p)),
    },
  };
}

/** Every live player locks the given card (null: already locked or out). */
export function lockAll(state: GameState, cards: (Card | null)[]) {
  let s = state;
  const events: GameEvent[] = [];
  cards.forEach((card, seat) => {
    if (card === null) return;
    const r = step(s, seat, { type: 'lock', card });
    s = r.state;
    events.push(...r.events);
  });
  return { state: s, events };
}

/** Every live player keeps their hand at the draw. */
export function keepAll(state: GameState): GameState {
  let s = state;
  s.hand!.players.forEach((p, seat) => {
    if (p && !p.folded) s = play(s, seat, { type: 'draw', card: null });
  });
  return s;
}

export function checkAround(state: GameState): GameState {
  let s = state;
  for (let guard = 0; s.hand?.stage === 'call' && s.hand.call.turn !== null && guard < 16; guard++)
    s = play(s, s.hand.call.turn, { type: 'check' });
  return s;
}

export const stacks = (state: GameState) => state.seats.map((s) => s.stack);
export const pots = (state: GameState) =>
  (state.hand?.pots ?? []).map((p) => `${p.amount} {${p.eligible.join(',')}}`);
