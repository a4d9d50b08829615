import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { isFieldChoice, legalActions } from '@trepenta/rules';
import type { PlayerAction } from '@trepenta/rules';
import { cardText } from '../src/games/trepenta/describe';
import { SetupPanel } from '../src/games/trepenta/Setup';
import { m } from '../src/games/trepenta/messages';
import { newGame, viewOf } from './fixtures';

const names = ['Ada', 'Bea', 'Cyd'];

function renderSetup(rules: ('peek' | 'sort')[]) {
  const view = viewOf(newGame(rules, 3, 7), 0);
  const send = vi.fn<(action: PlayerAction) => void>();
  render(<SetupPanel game={view} room={null} names={names} send={send} />);
  return { view, send };
}

describe('setup modes', () => {
  it('core game: two face-down piles, each with "Make this my field"; no card is shown', () => {
    const { send } = renderSetup([]);
    expect(document.querySelector('[data-face]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make this my field: Pile B' }));
    expect(send).toHaveBeenCalledWith({ type: 'choosePile', pile: 'B' });
  });

  it('peek: both piles face up; pick one, reorder it with the arrows, lay it', () => {
    const { view, send } = renderSetup(['peek']);
    const piles = view.setup!.piles!;
    expect(document.querySelectorAll('[data-face]').length).toBe(10);
    // The own die is shown before a pile is picked: the positions' values decide the choice.
    const die = view.seats[0]!.die;
    expect(
      screen.getByText(
        `Your die shows ${die}: your five positions are worth ${die} to ${die + 4}.`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: `You: Die: ${die}` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use Pile A' }));
    const first = piles.A[0]!;
    fireEvent.click(screen.getAllByRole('button', { name: /^Move right:/ })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Lay this field' }));
    const action = send.mock.calls[0]![0];
    expect(action.type).toBe('choosePeek');
    if (action.type !== 'choosePeek') return;
    expect(action.pile).toBe('A');
    expect(action.order[1]).toBe(first.id);
    expect(action.order[0]).toBe(piles.A[1]!.id);
    expect(isFieldChoice(legalActions(view).fieldChoice!, action)).toBe(true);
  });

  it('sort: ten cards; five go to the field in the order picked; laying needs exactly five', () => {
    const { view, send } = renderSetup(['sort', 'peek']);
    const all = [...view.setup!.piles!.A, ...view.setup!.piles!.B];
    expect(document.querySelectorAll('[data-face]').length).toBe(10);
    const confirm = () => screen.getByRole('button', { name: /Field needs|Lay this field/ });
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    const picked = [all[9]!, all[2]!, all[5]!, all[0]!, all[7]!];
    for (const card of picked) {
      const name = new RegExp(`, to field$`);
      const button = screen
        .getAllByRole('button', { name })
        .find((b) => b.querySelector(`[data-face="${card.rank}${card.suit}"]`))!;
      fireEvent.click(button);
    }
    // A sixth card cannot join the field.
    for (const b of screen.getAllByRole('button', { name: /, to field$/ }))
      expect((b as HTMLButtonElement).disabled).toBe(true);
    // Taking one back and putting it in again keeps five.
    fireEvent.click(screen.getAllByRole('button', { name: /, to hand$/ })[0]!);
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      screen
        .getAllByRole('button', { name: /, to field$/ })
        .find((b) => b.querySelector(`[data-face="${picked[0]!.rank}${picked[0]!.suit}"]`))!,
    );
    fireEvent.click(confirm());
    const action = send.mock.calls[0]![0];
    expect(action.type).toBe('chooseSort');
    if (action.type !== 'chooseSort') return;
    expect(new Set(action.field)).toEqual(new Set(picked.map((c) => c.id)));
    expect(isFieldChoice(legalActions(view).fieldChoice!, action)).toBe(true);
  });

  it('the field being ordered names each card by position and value in words of its own', () => {
    // A translation of the face-down sentence, its commas elsewhere, leaves these names alone
    // (they were cut from that sentence at its commas).
    const spy = vi
      .spyOn(m.table, 'slotFaceDown')
      .mockImplementation((pos, value) => `Platz ${pos + 1} (Wert ${value}), verdeckt`);
    try {
      const { view } = renderSetup(['sort', 'peek']);
      const first = view.setup!.piles!.A[0]!;
      fireEvent.click(screen.getAllByRole('button', { name: /, to field$/ })[0]!);
      const die = view.seats[0]!.die;
      expect(
        screen.getByRole('button', {
          name: `Position 1, value ${die}: ${cardText(first)}, to hand`,
        }),
      ).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });

  it('after choosing, the player waits and sees who is still choosing', () => {
    const state = newGame([], 3, 7);
    const view = viewOf(state, 0);
    const chosen = {
      ...view,
      seats: view.seats.map((s, i) => (i === 0 ? { ...s, fieldChosen: true } : s)),
    };
    render(<SetupPanel game={chosen} room={null} names={names} send={vi.fn()} />);
    expect(screen.getByText(/Waiting for the others/)).toBeTruthy();
    expect(screen.getByText(/Still choosing: Bea, Cyd/)).toBeTruthy();
    // The timer no longer decides anything for this player.
    expect(screen.queryByText(/When time runs out/)).toBeNull();
  });

  it('the timer note says what a timeout lays, in the words of the mode (R9: pile A as dealt)', () => {
    renderSetup([]);
    expect(screen.getByText(new RegExp(m.setup.timerNote))).toBeTruthy();
    cleanup();
    renderSetup(['peek']);
    expect(screen.getByText(new RegExp(m.setup.timerNote))).toBeTruthy();
    cleanup();
    // Under sort no pile A is shown: the ten cards are one row, pile A's five first.
    renderSetup(['sort']);
    expect(screen.getByText(/When time runs out/).textContent).not.toMatch(/pile A/i);
    expect(screen.getByText(/When time runs out/).textContent).toContain(m.setup.timerNoteSort);
  });
});
