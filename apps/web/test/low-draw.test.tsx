/** The low draw pile banner says what an empty pile will do: end the round, or (Long Play) not. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { GameState } from '@trepenta/rules';
import { Table } from '../src/games/trepenta/Table';
import { m } from '../src/games/trepenta/messages';
import { roomOf, search, viewOf } from './fixtures';

const low = (reshuffles: number) => (s: GameState) =>
  s.phase === 'turns' && s.round.drawPile.length <= 2 && s.round.reshuffles === reshuffles;

function banner(state: GameState): string {
  const game = viewOf(state, 0);
  render(<Table game={game} room={roomOf(['Ada', 'Bea'])} />);
  return screen.getAllByRole('status').find((el) => el.classList.contains('warn'))!.textContent;
}

describe('the low draw pile banner', () => {
  it('R15: without Long Play, an empty draw pile ends the round: "only n left to draw"', () => {
    const state = search([], 2, low(0));
    expect(banner(state)).toBe(m.table.lowDrawPile(state.round.drawPile.length));
  });

  it('R16: under Long Play with a reshuffle left, it says the discards become the new pile', () => {
    const state = search(['longPlay'], 2, low(0));
    expect(banner(state)).toBe(m.table.lowDrawPileReshuffle(state.round.drawPile.length));
  });

  it('R17: under Long Play with every reshuffle used, the round ends when it runs out', () => {
    const state = search(['longPlay'], 2, low(0));
    const spent = { ...state, settings: { ...state.settings, reshuffleLimit: 0 } };
    expect(banner(spent)).toBe(m.table.lowDrawPile(state.round.drawPile.length));
  });
});
