/**
 * Keyboard focus after an exchange: the turn goes on in the hand, so the focus goes to the card
 * the exchange took, also when the position just used can still be acted on (Open Field with
 * Field Unlimited: a card you just laid face up may be swapped for an equal one in your hand).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { applyAction, legalActions } from '@trepenta/rules';
import type { GameState, PlayerAction } from '@trepenta/rules';
import { store } from '../src/store';
import { Table } from '../src/games/trepenta/Table';
import { roomOf, search, viewOf } from './fixtures';

/** The exchange onto a face-down position of seat 0 after which that position is usable still. */
function exchangeKeepingSlotUsable(state: GameState): PlayerAction | null {
  if (state.phase !== 'turns') return null;
  const view = viewOf(state, 0);
  if (view.turn?.seat !== 0 || view.turn.step !== 'act') return null;
  for (const action of legalActions(view).actions) {
    if (action.type !== 'exchange') continue;
    const step = applyAction(state, 0, action);
    if (!step.ok) continue;
    const after = legalActions(viewOf(step.value.state, 0)).actions;
    if (
      after.some(
        (a) =>
          a.type === 'openFieldSwap' &&
          a.target.seat === 0 &&
          a.target.position === action.position,
      )
    )
      return action;
  }
  return null;
}

describe('focus after an exchange', () => {
  beforeEach(() => {
    // happy-dom lays nothing out; the table only moves focus to what is shown.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 40, 56));
    // The table follows a keyboard player's focus, not a pointer's.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    store.set({ selection: null, pending: false });
  });

  it('goes from the position to the card it took, though the position is still usable', () => {
    const state = search(
      ['fieldUnlimited', 'openField'],
      2,
      (s) => exchangeKeepingSlotUsable(s) !== null,
    );
    const exchange = exchangeKeepingSlotUsable(state)!;
    if (exchange.type !== 'exchange') throw new Error('not an exchange');
    const step = applyAction(state, 0, exchange);
    if (!step.ok) throw new Error(step.error.message);
    const room = roomOf(['Ada', 'Bea']);
    store.set({ selection: null, pending: false });
    const { rerender } = render(<Table game={viewOf(state, 0)} room={room} />);
    const slot = document.querySelector<HTMLButtonElement>(
      `[data-field-slot="0:${exchange.position}"]`,
    )!;
    act(() => slot.focus());
    expect(document.activeElement).toBe(slot);

    const after = viewOf(step.value.state, 0);
    const before = new Set(viewOf(state, 0).seats[0]!.hand!.map((card) => card.id));
    const taken = after.seats[0]!.hand!.find((card) => !before.has(card.id))!;
    rerender(<Table game={after} room={room} />);
    // The position is still there to act on; the focus has gone on to the hand all the same.
    expect(slot.disabled).toBe(false);
    expect((document.activeElement as HTMLElement).dataset.cardId).toBe(taken.id);
  });
});
