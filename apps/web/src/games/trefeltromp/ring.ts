/**
 * The seats round the oval: the viewer sits at the bottom (below the felt), the others round it in
 * play order, clockwise from the viewer's left: up the left side, along the top from left to right,
 * down the right side. A grid: the top row, and beside the pots in the middle the side seats (two
 * a side from six others, the upper one in the top row's corner). The seats keep their play order
 * in the page, so reading and tabbing go round the table too.
 */

export interface Place {
  /** Grid row and column, from 1. */
  readonly row: number;
  readonly column: number;
  readonly side: 'left' | 'top' | 'right';
}

export interface Ring {
  readonly columns: number;
  readonly rows: number;
  /** The pots' cell: row 2 (row 1 with nobody on top), between the sides. */
  readonly pots: { readonly row: number; readonly from: number; readonly to: number };
  /** One place per other seat, in play order. */
  readonly places: readonly Place[];
}

/** Where `count` other seats (1 to 8: a spectator sees all eight) sit round the pots. */
export function ring(count: number): Ring {
  const perSide = count >= 6 ? 2 : count >= 2 ? 1 : 0;
  const top = count - 2 * perSide;
  const sides = perSide > 0 ? 1 : 0;
  const columns = Math.max(top, 1) + 2 * sides;
  // A top row when someone sits there, or when the upper side seats share its corners.
  const topRow = top > 0 || perSide === 2 ? 1 : 0;
  const potsRow = 1 + topRow;
  const places: Place[] = [];
  // Up the left side: the lower seat first.
  for (let i = 0; i < perSide; i++) places.push({ row: potsRow - i, column: 1, side: 'left' });
  for (let i = 0; i < top; i++) places.push({ row: 1, column: 1 + sides + i, side: 'top' });
  // Down the right side: the upper seat first.
  for (let i = perSide - 1; i >= 0; i--)
    places.push({ row: potsRow - i, column: columns, side: 'right' });
  return {
    columns,
    rows: potsRow,
    pots: { row: potsRow, from: 1 + sides, to: columns - sides },
    places,
  };
}
