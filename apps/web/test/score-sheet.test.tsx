import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ScoreSheet } from '@trepenta/engine';
import { ScoreTable, TotalsChart, resultLine } from '../src/table/ScoreSheet';

/** A Trepenta-shaped sheet: one row per seat, five rounds, the lowest total leading. */
function sheetOf(
  rounds: readonly (readonly number[])[],
  totals: readonly number[],
  winners: readonly number[] | null,
): ScoreSheet {
  return {
    unit: 'points',
    better: 'lower',
    columns: { kind: 'round', count: 5 },
    rows: totals.map((total, seat) => ({
      seats: [seat],
      cells: rounds.map((round) => round[seat]!),
      total,
    })),
    target: null,
    winners,
    abandoned: false,
  };
}

const names = ['Ada', 'Bea', 'Cyd'];
const scores = [
  [10, 0, 25],
  [5, 12, 0],
  [0, 3, 8],
];
const totals = [15, 15, 33];

describe('score sheet', () => {
  it('lists every round and the totals, and highlights the lowest (ties shared)', () => {
    render(<ScoreTable sheet={sheetOf(scores, totals, [0, 1])} names={names} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    const ada = within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(ada).toEqual(['10', '5', '0', '–', '–', '15']);
    expect(rows[1]!.className).toContain('best');
    expect(rows[2]!.className).toContain('best');
    expect(rows[3]!.className).not.toContain('best');
    expect(within(rows[1]!).getByText('winner')).toBeTruthy();
    expect(within(rows[3]!).queryByText('winner')).toBeNull();
    expect(within(rows[1]!).getByText('winner').className).toBe('badge ok');
  });

  it('in the narrow side panel the winner is read out, not drawn', () => {
    render(<ScoreTable inPanel sheet={sheetOf(scores, totals, [2])} names={names} />);
    const rows = screen.getAllByRole('row');
    expect(within(rows[3]!).getByText('winner').className).toBe('sr-only');
  });

  it('mid-game, the lowest running total is highlighted', () => {
    render(<ScoreTable sheet={sheetOf(scores.slice(0, 1), [10, 0, 25], null)} names={names} />);
    const rows = screen.getAllByRole('row');
    expect(rows[2]!.className).toContain('best');
    expect(rows[1]!.className).not.toContain('best');
  });

  it('draws one line of running totals per player', () => {
    render(<TotalsChart sheet={sheetOf(scores, totals, null)} names={names} />);
    const chart = screen.getByRole('img', { name: /running total/ });
    const lines = chart.querySelectorAll('polyline');
    expect(lines).toHaveLength(3);
    // Ada: 0, 10, 15, 15 → four points.
    expect(lines[0]!.getAttribute('points')!.split(' ')).toHaveLength(4);
  });

  it('names the winner in words: one player, partners in the plural, a shared win, a stop', () => {
    expect(resultLine(sheetOf(scores, totals, [2]), names)).toBe('Cyd wins!');
    expect(resultLine(sheetOf(scores, totals, [0, 1]), names)).toBe('Shared victory: Ada & Bea');
    const parties: ScoreSheet = {
      ...sheetOf([], [0, 0], [1, 3]),
      better: 'higher',
      rows: [
        { seats: [0, 2], cells: [5], total: 5 },
        { seats: [1, 3], cells: [11], total: 11 },
      ],
    };
    const four = ['Ada', 'Good bot 2', 'Bea', 'Easy bot 4'];
    expect(resultLine(parties, four)).toBe('Good bot 2 & Easy bot 4 win!');
    expect(resultLine({ ...parties, abandoned: true }, four)).toBe(
      'The game was stopped before the end.',
    );
  });
});
