/**
 * X at the table: discards the selected card, else the focused one; when no card can go it says
 * why and what to do instead (never silent).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import type { GameState } from '@trepenta/rules';
import { store } from '../src/store';
import { m } from '../src/games/trepenta/messages';
import type * as Net from '../src/net';
import { apply, roomOf, search, viewOf } from './fixtures';

const act = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock('../src/net', async (original) => ({ ...(await original<typeof Net>()), act }));
const { Table } = await import('../src/games/trepenta/Table');

const room = roomOf(['Ada', 'Bea']);
const turnOf0 = (step: 'draw' | 'act') => (s: GameState) =>
  s.phase === 'turns' && s.round.turn?.seat === 0 && viewOf(s, 0).turn?.step === step;

function pressX(): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'x' });
}

function cardButton(id: string): HTMLElement {
  return document.querySelector<HTMLElement>(`.my-area [data-card-id="${id}"]`)!;
}

beforeEach(() => store.set({ selection: null, pending: false, announcement: { id: 0, text: '' } }));
afterEach(() => act.mockClear());

describe('X from the keyboard', () => {
  it('discards the focused card when none is selected', () => {
    const state = search([], 2, turnOf0('act'));
    const view = viewOf(state, 0);
    render(<Table game={view} room={room} />);
    const card = view.seats[0]!.hand![0]!;
    cardButton(card.id).focus();
    pressX();
    expect(act).toHaveBeenCalledWith({ type: 'discard', cardId: card.id });
  });

  it('says to draw first at the start of a turn, and whose turn it is off turn', () => {
    const state = search([], 2, turnOf0('draw'));
    const { unmount } = render(<Table game={viewOf(state, 0)} room={room} />);
    pressX();
    expect(act).not.toHaveBeenCalled();
    expect(store.get().announcement.text).toBe(m.table.xDrawFirst);
    unmount();

    render(<Table game={viewOf(state, 1)} room={room} />);
    pressX();
    expect(store.get().announcement.text).toBe(m.table.xNotYourTurn);
    expect(act).not.toHaveBeenCalled();
  });

  it('names the card just taken from the discard pile as the one that cannot go', () => {
    const before = search([], 2, (s) => turnOf0('draw')(s) && s.round.discardPile.length > 0);
    const ids = new Set(viewOf(before, 0).seats[0]!.hand!.map((c) => c.id));
    const state = apply(before, 0, { type: 'draw', from: 'discardPile' });
    const view = viewOf(state, 0);
    const taken = view.seats[0]!.hand!.find((c) => !ids.has(c.id))!;
    render(<Table game={view} room={room} />);
    cardButton(taken.id).focus();
    pressX();
    expect(act).not.toHaveBeenCalled();
    expect(store.get().announcement.text).toMatch(/^You can’t discard the .+: you took it/);
  });
});
