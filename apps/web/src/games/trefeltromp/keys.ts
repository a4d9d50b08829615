/** Trefeltromp's table keys that need no React: stepping the amount of a bet or raise. */

/**
 * The amount's keys: the arrows step by the ante (Page Up and Page Down by ten antes), Home and
 * End go to the least and the most; every step lands on a legal amount. Null for any other key.
 */
export function stepAmount(
  key: string,
  amount: number,
  wager: { min: number; max: number },
  ante: number,
): number | null {
  const clamp = (n: number) => Math.max(wager.min, Math.min(wager.max, n));
  const from = clamp(Number.isInteger(amount) ? amount : wager.min);
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return clamp(from + ante);
    case 'ArrowDown':
    case 'ArrowLeft':
      return clamp(from - ante);
    case 'PageUp':
      return clamp(from + 10 * ante);
    case 'PageDown':
      return clamp(from - 10 * ante);
    case 'Home':
      return wager.min;
    case 'End':
      return wager.max;
    default:
      return null;
  }
}
