/** Small helpers for the rulings tests: cards from text, games played to a given point. */
import { exampleRandomness } from '@trepenta/engine';
import type { Actor } from '@trepenta/engine';
import { asDraft, pokerSettingsSchema, trumpenPoker } from '../src/index';
import type { Card, PokerAction, PokerEvent, PokerSettings, PokerState, Suit } from '../src/index';

const SUIT_OF: Record<string, Suit> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };
const VALUE_OF: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };

/** "3♠4♠5♠6♠7♠" or "A♠ 10♥" → cards. */
export function cards(text: string): Card[] {
  const out: Card[] = [];
  const pattern = /(10|[2-9]|[AJQK])([♠♥♦♣])?/g;
  for (const match of text.matchAll(pattern)) {
    const value = VALUE_OF[match[1]!] ?? Number(match[1]);
    out.push({ value, suit: match[2] ? SUIT_OF[match[2]]! : null });
  }
  return out;
}

export function pokerGame(seatCount: number, change: Partial<PokerSettings> = {}, seed = 1) {
  const settings = pokerSettingsSchema.parse(change);
  const created = trumpenPoker.create(settings, seatCount, exampleRandomness(1, seatCount, seed));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export function act(
  state: PokerState,
  actor: Actor,
  action: PokerAction | { type: string; [key: string]: unknown },
) {
  return trumpenPoker.apply(state, actor, action as PokerAction);
}

/** Applies or throws. */
export function must(
  state: PokerState,
  actor: Actor,
  action: PokerAction | { type: string; [key: string]: unknown },
): { state: PokerState; events: PokerEvent[] } {
  const step = act(state, actor, action);
  if (!step.ok) throw new Error(`${String(actor)} ${JSON.stringify(action)}: ${step.error.code}`);
  return { state: step.value.state, events: [...step.value.events] };
}

/** Every seat writes its hand and presses Done: the round closes and resolves. */
export function playRound(state: PokerState, hands: readonly string[]) {
  let current = state;
  const events: PokerEvent[] = [];
  hands.forEach((hand, seat) => {
    current = must(current, seat, { type: 'write', cards: asDraft(cards(hand)) }).state;
  });
  hands.forEach((hand, seat) => {
    const step = must(current, seat, { type: 'done', cards: asDraft(cards(hand)) });
    current = step.state;
    events.push(...step.events);
  });
  return { state: current, events };
}

export function everyoneReady(state: PokerState): PokerState {
  let current = state;
  for (let seat = 0; seat < state.seatCount; seat++)
    current = must(current, seat, { type: 'ready' }).state;
  return current;
}
