/** The tab's title: what this seat has to do now, in the words of the moment. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { pendingSeats } from '@trepenta/rules';
import { Table } from '../src/games/trepenta/Table';
import { apply, newGame, roomOf, viewOf } from './fixtures';

const names = ['Ada', 'Bea', 'Cyd'];

describe('the tab title', () => {
  it('asks a player who has not chosen to choose a field, not to take a turn, and then names whose turn it is', () => {
    let state = newGame([], 3, 11);
    const { rerender } = render(<Table game={viewOf(state, 0)} room={roomOf(names)} />);
    expect(document.title).toBe('● Choose your field — Trepenta');

    // Once seat 0 has chosen, the others still choosing ask nothing of it.
    state = apply(state, 0, { type: 'choosePile', pile: 'A' });
    rerender(<Table game={viewOf(state, 0)} room={roomOf(names)} />);
    expect(document.title).not.toContain('●');

    state = apply(state, 1, { type: 'choosePile', pile: 'A' });
    state = apply(state, 2, { type: 'choosePile', pile: 'B' });
    const seat = pendingSeats(state)[0]!;
    rerender(<Table game={viewOf(state, seat)} room={roomOf(names)} />);
    expect(document.title).toBe('● Your turn — Trepenta');
    const other = (seat + 1) % 3;
    rerender(<Table game={viewOf(state, other)} room={roomOf(names)} />);
    expect(document.title).toMatch(new RegExp(`^${names[seat]}’s turn — Trepenta`));
  });
});
