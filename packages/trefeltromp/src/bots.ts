/**
 * Decisions from one seat's view: the legal actions, the greedy bot of F22, the random bot, and
 * F21's stand-in (check or fold, stay when privileged; keep; lock as F22 would).
 */
import { botRandom } from '@trepenta/engine';
import type { ActionSpace, LegalActions } from '@trepenta/engine';
import { compareForBot, faceOf, trumpNumber } from './cards';
import type { Card } from './cards';
import { optionsFor } from './betting';
import type { Options, Table } from './betting';
import type { Action } from './actions';
import type { View } from './views';

/** The betting table as a view shows it (the same numbers the engine checks against). */
export function tableFromView(view: View): Table | null {
  if (view.phase !== 'hand' || view.stage !== 'call' || !view.call) return null;
  return {
    structure: view.settings.betting,
    stacks: view.seats.map((s) => s.stack),
    allIn: view.seats.map((s) => s.allIn),
    bets: view.seats.map((s) => s.bet),
    live: view.seats.map((s) => s.inHand && !s.folded),
    stayed: view.seats.map((s) => s.stayed),
    privileged: view.seats.map((s) => s.privileged),
    acted: view.seats.map((s) => s.acted),
    facedAt: view.seats.map((s) => s.facedAt),
    highest: view.call.highest,
    raiseSize: view.call.raiseSize,
    fullRaises: view.call.fullRaises,
    potTotal: view.pots.reduce((sum, p) => sum + p.amount, 0),
  };
}

/** The options of the viewer, when it is their turn to bet. */
export function myOptions(view: View): Options | null {
  const table = tableFromView(view);
  if (!table || typeof view.viewer !== 'number' || view.turn !== view.viewer) return null;
  return optionsFor(table, view.viewer);
}

function wagerSpace(kind: 'bet' | 'raise', min: number, max: number): ActionSpace<Action> {
  return {
    kind,
    size: max - min + 1,
    sample: (random) => ({ type: kind, to: min + Math.floor(random() * (max - min + 1)) }),
    contains: (action) =>
      action.type === kind && Number.isInteger(action.to) && action.to >= min && action.to <= max,
  };
}

export function legalActions(view: View): LegalActions<Action> {
  const none = { actions: [], spaces: [] };
  if (typeof view.viewer !== 'number' || view.phase !== 'hand') return none;
  const seat = view.seats[view.viewer]!;
  if (!seat.inHand || seat.folded) return none;
  const mine = view.mine;
  if (view.stage === 'draw') {
    if (seat.drawChosen || !mine) return none;
    return {
      actions: [
        { type: 'draw', card: null },
        ...mine.cards.map((card): Action => ({ type: 'draw', card })),
      ],
      spaces: [],
    };
  }
  if (view.stage === 'reveal') {
    if (seat.locked || !mine) return none;
    return { actions: mine.cards.map((card): Action => ({ type: 'lock', card })), spaces: [] };
  }
  const options = myOptions(view);
  if (!options) return none;
  const actions: Action[] = [];
  if (options.check) actions.push({ type: 'check' });
  if (options.call !== null) actions.push({ type: 'call' });
  actions.push({ type: 'fold' });
  if (options.stay) actions.push({ type: 'stay' });
  const spaces: ActionSpace<Action>[] = [];
  const wager = options.wager;
  if (wager) {
    actions.push({ type: wager.kind, to: wager.min });
    if (wager.max > wager.min) {
      actions.push({ type: wager.kind, to: wager.max });
      spaces.push(wagerSpace(wager.kind, wager.min, wager.max));
    }
  }
  return { actions, spaces };
}

/**
 * F22: a sure winner is a trump whose every higher trump has been revealed this hand, is in the
 * bot's hand or was discarded by it (XXI always is).
 */
export function isSureWinner(
  card: Card,
  hand: readonly Card[],
  revealed: readonly Card[],
  discarded: Card | null,
): boolean {
  const n = trumpNumber(card);
  if (n === null) return false;
  const known = new Set([...hand, ...revealed, ...(discarded ? [discarded] : [])]);
  for (let higher = n + 1; higher <= 21; higher++) if (!known.has(`trump:${higher}`)) return false;
  return true;
}

/** F22 (and F21's stand-in): the strongest card that is not a sure winner; else the weakest. */
export function lockFor(
  hand: readonly Card[],
  revealed: readonly Card[],
  discarded: Card | null,
): Card {
  const sorted = [...hand].sort(compareForBot);
  const plain = sorted.filter((c) => !isSureWinner(c, hand, revealed, discarded));
  return plain.length > 0 ? plain[plain.length - 1]! : sorted[0]!;
}

/** F22's draw: exchange the weakest card if it is a pip or a court; otherwise keep. */
export function drawFor(hand: readonly Card[]): Card | null {
  const weakest = [...hand].sort(compareForBot)[0];
  if (weakest === undefined) return null;
  const face = faceOf(weakest);
  if (face.kind !== 'suit' || face.rank === 'A') return null;
  return weakest;
}

function isAce(card: Card): boolean {
  const face = faceOf(card);
  return face.kind === 'suit' && face.rank === 'A';
}

function revealedOf(view: View): Card[] {
  return view.seats.flatMap((s) => s.revealed);
}

function greedy(view: View): Action | null {
  const { actions } = legalActions(view);
  if (actions.length === 0 || typeof view.viewer !== 'number' || !view.mine) return null;
  const mine = view.mine;
  if (view.stage === 'draw') return { type: 'draw', card: drawFor(mine.cards) };
  if (view.stage === 'reveal')
    return { type: 'lock', card: lockFor(mine.cards, revealedOf(view), mine.discarded) };
  const options = myOptions(view)!;
  const table = tableFromView(view)!;
  const sure = mine.cards.some((c) =>
    isSureWinner(c, mine.cards, revealedOf(view), mine.discarded),
  );
  const pot = table.potTotal + table.bets.reduce((a, b) => a + b, 0);
  const wager = options.wager;
  const sized = (): Action | null => {
    if (!wager) return null;
    const toCall = options.call ?? 0;
    const own = table.bets[view.viewer as number]!;
    const want =
      view.settings.betting === 'fixed-limit'
        ? wager.min
        : table.highest + Math.floor((pot + toCall) / 2);
    const to = Math.max(wager.min, Math.min(wager.max, want));
    return to > own ? { type: wager.kind, to } : null;
  };
  if (options.check) {
    const highTrumps = mine.cards.filter((c) => (trumpNumber(c) ?? 0) >= 15).length;
    if (sure || highTrumps >= 2) return sized() ?? { type: 'check' };
    return { type: 'check' };
  }
  if (sure) {
    const raise = sized();
    if (raise) return raise;
  }
  if (options.stay) return { type: 'stay' };
  const toCall = options.call ?? 0;
  const strong = mine.cards.some((c) => (trumpNumber(c) ?? 0) >= 10 || isAce(c));
  if (sure || strong || 5 * toCall <= pot + toCall) return { type: 'call' };
  return { type: 'fold' };
}

/** F21: check if free; a privileged player facing a bet stays; otherwise fold. */
export function standInFor(view: View): Action | null {
  if (typeof view.viewer !== 'number' || !view.mine) return null;
  if (legalActions(view).actions.length === 0) return null;
  if (view.stage === 'draw') return { type: 'draw', card: null };
  if (view.stage === 'reveal')
    return {
      type: 'lock',
      card: lockFor(view.mine.cards, revealedOf(view), view.mine.discarded),
    };
  const options = myOptions(view)!;
  if (options.check) return { type: 'check' };
  if (options.stay) return { type: 'stay' };
  return { type: 'fold' };
}

export function chooseBot(view: View, level: 'random' | 'greedy', seed: number): Action | null {
  if (level === 'greedy') return greedy(view);
  const legal = legalActions(view);
  if (legal.actions.length === 0) return null;
  const random = botRandom(seed);
  const space = legal.spaces[0];
  if (space && random() < 0.3) return space.sample(random);
  return legal.actions[Math.floor(random() * legal.actions.length)]!;
}
