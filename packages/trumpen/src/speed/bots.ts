/**
 * Speed's bots and stand-in (S14), deciding from their own seat's view only. A bot acts once per
 * reaction time (its pace), which is never shorter than the ink left on its held card, so a card
 * it chooses to play or place is dry by the time the move is applied: rule (2), "a wet held card
 * that fits: wait", is the pace.
 */
import { botRandom } from '@trepenta/engine';
import type { BotLevel, BotPace, LegalActions } from '@trepenta/engine';
import { fits, topOf } from './game';
import { BOT_PACES, TABLEAU_SIZE } from './state';
import type { SpeedAction, Source } from './state';
import type { SpeedView } from './views';

type Play = Extract<SpeedAction, { type: 'play' }>;
const VALUES = Array.from({ length: 13 }, (_, i) => i + 1);

function tops(view: SpeedView): [number, number] {
  return [topOf(view.stacks[0])!.value, topOf(view.stacks[1])!.value];
}

/** Every play of the seat's cards that fits a top (ink aside: a view shows no time). */
export function speedPlays(view: SpeedView, seat: number): Play[] {
  const own = view.seats[seat]!;
  const sources: [Source, number][] = own.tableau.map((value, slot) => [slot, value]);
  if (own.held?.value != null) sources.push(['held', own.held.value]);
  const t = tops(view);
  const plays: Play[] = [];
  for (const [source, value] of sources) {
    for (const stack of [0, 1] as const) {
      if (fits(value, t[stack])) {
        plays.push({ type: 'play', source, stack, height: view.stacks[stack].length });
      }
    }
  }
  return plays;
}

/** The legal actions of a view: ink is time, which a view does not show, so it is left aside. */
export function speedLegalActions(view: SpeedView): LegalActions<SpeedAction> {
  const seat = view.viewer;
  const none = { actions: [], spaces: [] };
  if (typeof seat !== 'number') return none;
  if (view.phase === 'starters') {
    const i = view.starters.indexOf(seat);
    if (i < 0 || view.starterWritten[i]) return none;
    return { actions: VALUES.map((value) => ({ type: 'start', value })), spaces: [] };
  }
  if (view.phase !== 'play') return none;
  const own = view.seats[seat]!;
  const actions: SpeedAction[] = [];
  if (own.held || own.deck > 0) {
    for (const value of VALUES) actions.push({ type: 'write', value });
  } else {
    own.tableau.forEach((_, slot) => {
      for (const value of VALUES) actions.push({ type: 'write', value, slot });
    });
  }
  if (own.held && own.tableau.length < TABLEAU_SIZE) actions.push({ type: 'place' });
  actions.push(...speedPlays(view, seat));
  return { actions, spaces: [] };
}

function valueOf(view: SpeedView, seat: number, source: Source): number {
  const own = view.seats[seat]!;
  return source === 'held' ? own.held!.value! : own.tableau[source]!;
}

/** Whether another of the seat's cards (not `except`) fits once `top` lies on `stack`. */
function leavesAFit(
  view: SpeedView,
  seat: number,
  except: Source | null,
  stack: 0 | 1,
  top: number,
) {
  const own = view.seats[seat]!;
  const t = tops(view);
  t[stack] = top;
  const others = own.tableau.filter((_, slot) => slot !== except);
  if (except !== 'held' && own.held?.value != null) others.push(own.held.value);
  return others.some((v) => fits(v, t[0]) || fits(v, t[1]));
}

/** S14 (4): a value that fits a stack, preferring one after which a tableau card fits. */
function fittingValue(view: SpeedView, seat: number, random: () => number, greedy: boolean) {
  const t = tops(view);
  const fitting = VALUES.filter((v) => fits(v, t[0]) || fits(v, t[1]));
  const own = view.seats[seat]!;
  const better = fitting.filter((v) =>
    ([0, 1] as const).some((s) => {
      if (!fits(v, t[s])) return false;
      const after: [number, number] = [...t];
      after[s] = v;
      return own.tableau.some((c) => fits(c, after[0]) || fits(c, after[1]));
    }),
  );
  const pool = greedy && better.length > 0 ? better : fitting;
  return pool[Math.floor(random() * pool.length)]!;
}

/** A write that leaves the seat holding a fitting card (held rewritten, drawn, or picked up). */
function writeToFit(view: SpeedView, seat: number, random: () => number, greedy: boolean) {
  const own = view.seats[seat]!;
  const value = fittingValue(view, seat, random, greedy);
  if (own.held || own.deck > 0) return { type: 'write', value } as const;
  const slot = greedy ? 0 : Math.floor(random() * own.tableau.length);
  return { type: 'write', value, slot } as const;
}

export function speedChooseBot(
  view: SpeedView,
  level: BotLevel,
  seed: number,
  committed?: () => number,
): SpeedAction | null {
  const seat = view.viewer;
  if (typeof seat !== 'number') return null;
  const random = committed ?? botRandom(seed);
  if (view.phase === 'starters') {
    const i = view.starters.indexOf(seat);
    if (i < 0 || view.starterWritten[i]) return null;
    return { type: 'start', value: 1 + Math.floor(random() * 13) };
  }
  if (view.phase !== 'play') return null;
  const own = view.seats[seat]!;
  if (own.left === 0) return null;
  const plays = speedPlays(view, seat);
  const greedy = level === 'greedy';
  if (plays.length > 0) {
    if (!greedy) return plays[Math.floor(random() * plays.length)]!;
    // (1) tableau before held; one that leaves another card fitting; the left stack; the lower slot.
    const rank = (p: Play) => [
      p.source === 'held' ? 1 : 0,
      leavesAFit(view, seat, p.source, p.stack, valueOf(view, seat, p.source)) ? 0 : 1,
      p.stack,
      p.source === 'held' ? 0 : p.source,
    ];
    const sorted = [...plays].sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
      return 0;
    });
    return sorted[0]!;
  }
  // (3) a held card that does not fit goes to the tableau while the deck has cards.
  const canPlace = own.held !== null && own.deck > 0 && own.tableau.length < TABLEAU_SIZE;
  if (canPlace && (greedy || random() < 0.5)) return { type: 'place' };
  // (4) write a card that fits.
  return writeToFit(view, seat, random, greedy);
}

/** S14: the reaction time of a level (random plays relaxed), ±25 % jitter, never before the ink dries. */
export function speedBotPace(view: SpeedView, level: BotLevel): BotPace {
  const seat = view.viewer;
  const base = BOT_PACES[level === 'random' ? 'relaxed' : view.settings.botPace] * 1000;
  const jitter =
    0.75 + 0.5 * botRandom((view.version * 31 + (typeof seat === 'number' ? seat : 7)) | 0)();
  const held = typeof seat === 'number' ? view.seats[seat]?.held : null;
  const ink = held ? Math.max(0, held.wetUntil - view.at) : 0;
  return { ms: Math.max(Math.round(base * jitter), ink) };
}
