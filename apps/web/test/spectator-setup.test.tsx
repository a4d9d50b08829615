/** A spectator at the table while the players choose their fields: told what happens, not asked. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Table } from '../src/games/trepenta/Table';
import { m } from '../src/games/trepenta/messages';
import { newGame, roomOf, viewOf } from './fixtures';

describe('setup, as a spectator', () => {
  it('says the players are choosing, with the countdown, and asks nothing of the spectator', () => {
    const game = viewOf(newGame([], 3, 7), 'spectator');
    expect(game.phase).toBe('setup');
    const room = roomOf(['Ada', 'Bea', 'Cyd'], {
      deadline: { key: game.timer!.key, at: Date.now() + 60_000 },
    });
    render(<Table game={game} room={room} />);
    expect(screen.getByText(m.setup.watchingTitle)).toBeTruthy();
    expect(screen.queryByText(m.setup.title)).toBeNull();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Make this my field/ })).toBeNull();
  });
});
