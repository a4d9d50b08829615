/** Blind setup: a player sees their own die, and what it makes their positions worth, before choosing. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Table } from '../src/games/trepenta/Table';
import { m } from '../src/games/trepenta/messages';
import { newGame, roomOf, viewOf } from './fixtures';

describe('blind setup', () => {
  it('shows the chooser’s own die with the values of its five positions, as peek does', () => {
    const state = newGame([], 3, 5);
    const view = viewOf(state, 1);
    expect(view.setup?.mode).toBe('blind');
    const die = view.seats[1]!.die;
    render(<Table game={view} room={roomOf(['Ada', 'Bea', 'Cyd'])} />);
    const panel = screen.getByRole('region', { name: m.setup.title });
    expect(panel.textContent).toContain(m.setup.positionsWorth(die));
    expect(screen.getByRole('img', { name: `${m.table.you}: ${m.table.die(die)}` })).toBeTruthy();
  });
});
