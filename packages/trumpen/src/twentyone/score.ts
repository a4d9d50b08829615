/** V6: a 21 total and its points. */

/** A card's scoring value: A 1 (or 11), 2–10 their number, J Q K 10. */
export function pointValue(value: number): number {
  return value >= 10 ? 10 : value;
}

/**
 * The best total of some cards: each A counts 1 or 11, chosen for the highest total not above 21,
 * else the lowest total.
 */
export function bestTotal(values: readonly number[]): number {
  const low = values.reduce((sum, v) => sum + pointValue(v), 0);
  let total = low;
  for (const v of values) if (v === 1 && total + 10 <= 21) total += 10;
  return total;
}

/** V6's table: 21 → 6, 20 → 3, 19 → 2, 18 → 1, anything else 0. */
export function pointsForTotal(total: number): number {
  return total === 21 ? 6 : total === 20 ? 3 : total === 19 ? 2 : total === 18 ? 1 : 0;
}

/** A round's points: the face-up cards plus the final card; a final A scores 0 whatever the total. */
export function roundPoints(faceUp: readonly number[], final: number): number {
  if (final === 1) return 0;
  return pointsForTotal(bestTotal([...faceUp, final]));
}
