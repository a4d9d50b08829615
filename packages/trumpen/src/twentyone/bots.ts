/**
 * V9: how 21's bots write, offer and take. The greedy bot writes one low (2–4), one middle (5–7)
 * and two high (8–K) values; offers its highest card but the one it keeps as its closer; takes
 * when its face-up total (A as 1) + 6 + its smallest held card stays at 17 or below.
 */
import { pointValue } from './score';
import type { TwentyOneAction } from './state';
import type { TwentyOneView } from './views';

type Random = () => number;

const BANDS: readonly (readonly [number, number])[] = [
  [2, 4],
  [5, 7],
  [8, 13],
  [8, 13],
];

/** Four values, one per band; `keep` (the stand-in's complete draft values) fill their band first. */
export function greedyWrite(random: Random, keep: readonly number[] = []): number[] {
  const bands = [...BANDS];
  const values = keep.slice(0, 4);
  for (const value of values) {
    const band = bands.findIndex(([low, high]) => value >= low && value <= high);
    bands.splice(band >= 0 ? band : bands.length - 1, 1);
  }
  for (const [low, high] of bands) values.push(low + Math.floor(random() * (high - low + 1)));
  return values;
}

/** The face-up total with every A as 1. */
function lowTotal(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + pointValue(v), 0);
}

/** The card a bot keeps for the end: the non-A that brings its face-up total nearest 21. */
export function closer(hand: readonly number[], faceUp: readonly number[]): number {
  const base = lowTotal(faceUp);
  const nonAces = hand.filter((v) => v !== 1);
  if (nonAces.length === 0) return 1;
  const fitting = nonAces.filter((v) => base + pointValue(v) <= 21);
  if (fitting.length === 0) return Math.min(...nonAces);
  return fitting.reduce((best, v) => (pointValue(v) > pointValue(best) ? v : best));
}

export function greedyOffer(hand: readonly number[], faceUp: readonly number[]): number {
  const keep = closer(hand, faceUp);
  const others = [...hand];
  others.splice(others.indexOf(keep), 1);
  // The highest other card, A as 1 (ties: the higher written value).
  return others.reduce((best, v) =>
    pointValue(v) > pointValue(best) || (pointValue(v) === pointValue(best) && v > best) ? v : best,
  );
}

export function greedyTakes(hand: readonly number[], faceUp: readonly number[]): boolean {
  const smallest = Math.min(...hand.map(pointValue));
  return lowTotal(faceUp) + 6 + smallest <= 17;
}

/** The greedy bot's turn move from its view (the stand-in's too), or null when it is not its turn. */
export function greedyTurn(view: TwentyOneView): TwentyOneAction | null {
  const seat = view.viewer;
  if (typeof seat !== 'number' || !view.hand) return null;
  const faceUp = view.faceUp[seat] ?? [];
  if (view.phase === 'offer' && view.starter === seat && view.hand.length > 0)
    return {
      type: 'offer',
      value: view.hand.length === 1 ? view.hand[0]! : greedyOffer(view.hand, faceUp),
    };
  if (view.phase === 'respond' && view.asked === seat)
    return { type: greedyTakes(view.hand, faceUp) ? 'take' : 'pass' };
  return null;
}
