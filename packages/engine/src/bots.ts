/**
 * Ordinary seeded randomness for bots whose text gives them no committed stream (sfc32 seeded
 * through splitmix32): separate from the game's committed randomness, and never `Math.random`.
 */
export function botRandom(seed: number): () => number {
  // splitmix32 spreads nearby seeds apart, so consecutive decisions are independent.
  let z = (seed + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = (z ^ (z >>> 16)) >>> 0;
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}
