/** T20's table, row by row, and a check that the redaction hooks catch a leak when there is one. */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@trepenta/engine/testing';
import { greedyCard, applyAction, viewFor } from '../src/index';
import type { TressetteState } from '../src/index';
import { fresh } from './helpers';
import { indistinguishable, secretsFor } from './hooks';

function untilDraw(state: TressetteState): TressetteState {
  let s = state;
  while (s.known.every((k) => k.length === 0)) {
    const step = applyAction(s, s.turn!, { type: 'play', card: greedyCard(viewFor(s, s.turn!)) });
    if (!step.ok) throw new Error(step.error.message);
    s = step.value.state;
  }
  return s;
}

describe('T20: who may know what', () => {
  it('a partner sees the other’s hand as a count only', () => {
    const state = fresh(4);
    const view = viewFor(state, 0);
    expect(view.seats[2]!.cards).toBe(10);
    for (const card of state.hands[2]!) expect(JSON.stringify(view)).not.toContain(`"${card}"`);
  });

  it('with 2 seats a drawn card is known to the other player and to spectators until played', () => {
    const state = untilDraw(fresh(2));
    for (const seat of [0, 1]) {
      for (const viewer of [1 - seat, 'spectator'] as const)
        expect(viewFor(state, viewer).seats[seat]!.known).toEqual(state.known[seat]);
      expect(state.known[seat]).toHaveLength(1);
    }
  });

  it('the stock is a count for everyone, and its order is hidden from all', () => {
    const state = fresh(2);
    for (const viewer of [0, 1, 'spectator'] as const) {
      const text = JSON.stringify(viewFor(state, viewer));
      expect(viewFor(state, viewer).stock).toBe(20);
      for (const card of state.stock) expect(text).not.toContain(`"${card}"`);
      expect(secretsFor(state, viewer)).toEqual(expect.arrayContaining([...state.stock]));
    }
  });

  it('the secret is revealed only when the game is over', () => {
    const state = fresh(4);
    expect(viewFor(state, 0).secrets).toBeNull();
    const over = applyAction(state, 'system', { type: 'abandon' });
    expect(over.ok && viewFor(over.value.state, 'spectator').secrets).toEqual(
      state.randomness.secrets,
    );
  });

  it('the hooks catch a leak: a view that showed a partner’s hand would differ between indistinguishable states', () => {
    const state = fresh(4);
    const leaky = (s: TressetteState) => JSON.stringify(s.hands[2]);
    const others = indistinguishable(state, 0, seededRandom(1));
    expect(others.length).toBeGreaterThan(0);
    expect(others.some((other) => leaky(other) !== leaky(state))).toBe(true);
    // …while the real view does not change.
    for (const other of others)
      expect(JSON.stringify(viewFor(other, 0))).toBe(JSON.stringify(viewFor(state, 0)));
  });
});
