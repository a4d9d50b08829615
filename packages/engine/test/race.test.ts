/**
 * Race, the small real-time test module, passes the contract kit like any game: so the kit's
 * real-time paths (clock stamps, no turns, stale refusals) are exercised, and the server's
 * real-time tests play a module that keeps its own contract.
 */
import { describe, expect, it } from 'vitest';
import { describeGameModule } from '../src/testing/index';
import { race } from '../src/testing/race';
import type { RaceState } from '../src/testing/race';
import type { Viewer } from '../src/index';

function indistinguishable(state: RaceState, viewer: Viewer, random: () => number): RaceState[] {
  const out: RaceState[] = [];
  const deck = state.deck;
  const i = Math.floor(random() * deck.length);
  const j = Math.floor(random() * deck.length);
  if (deck.length >= 2 && deck[i] !== deck[j]) {
    const swapped = [...deck];
    [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
    out.push({ ...state, deck: swapped });
  }
  // Another seat's hand card for a deck card of another value (ids stay: they say nothing).
  const others = state.hands.map((_, seat) => seat).filter((seat) => seat !== viewer);
  const seat = others[Math.floor(random() * others.length)];
  const hand = seat === undefined ? [] : state.hands[seat]!;
  const k = hand.findIndex((card) => deck.some((value) => value !== card.value));
  if (seat !== undefined && k >= 0 && !state.over) {
    const d = deck.findIndex((value) => value !== hand[k]!.value);
    const hands = state.hands.map((h, s) =>
      s === seat ? h.map((card, n) => (n === k ? { ...card, value: deck[d]! } : card)) : h,
    );
    const swapped = deck.map((value, n) => (n === d ? hand[k]!.value : value));
    out.push({ ...state, hands, deck: swapped });
  }
  return out;
}

function secretsFor(state: RaceState, viewer: Viewer): string[] {
  const ids = state.hands.flatMap((hand, seat) => (seat === viewer ? [] : hand.map((c) => c.id)));
  return state.over ? ids : [...ids, ...state.randomness.secrets];
}

describeGameModule<RaceState>(race, {
  cases: [
    { name: '2 seats', settings: race.defaultSettings, seatCount: 2 },
    {
      name: '4 seats, no cooldown',
      settings: { ...race.defaultSettings, cooldownMs: 0 },
      seatCount: 4,
    },
  ],
  games: 3,
  // Every action plays a card or flips two from the deck (52 cards), or ends the game.
  maxActions: () => 60,
  indistinguishable,
  secretsFor,
  invariants: (state) => {
    const cards =
      state.hands.reduce((n, hand) => n + hand.length, 0) +
      state.stacks[0].length +
      state.stacks[1].length +
      state.deck.length;
    return cards === 52 ? [] : [`${cards} cards, not 52`];
  },
});

describe('Race: what the platform relies on of a real-time module', () => {
  const created = race.create(
    race.defaultSettings,
    2,
    race.exampleRandomness(race.defaultSettings, 2, 7),
  );
  if (!created.ok) throw new Error(created.error.message);
  const start = created.value;
  const view = race.viewFor(start, 0);
  const play = race.legalActions(view).actions[0]!;

  it('a play against a stack that has moved is refused with a stale code', () => {
    const moved = { ...play, height: play.height + 1 };
    const result = race.apply(start, 0, moved, 0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(race.realTime!.staleCodes).toContain(result.error.code);
  });

  it('the server’s clock decides the cooldown: a seat plays again only once it is over', () => {
    const first = race.apply(start, 0, play, 1000);
    if (!first.ok) throw new Error(first.error.code);
    const again = race.legalActions(race.viewFor(first.value.state, 0)).actions[0];
    if (!again) return;
    expect(race.apply(first.value.state, 0, again, 1100).ok).toBe(false);
    expect(race.apply(first.value.state, 0, again, 1000 + start.settings.cooldownMs).ok).toBe(true);
  });
});
