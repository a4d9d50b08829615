import type { PlayerAction } from './actions';
import { cardValue } from './cards';
import type { Card, Face } from './cards';
import { applyPlayerAction, currentTimer } from './game';
import { legalActions, sampleFieldChoice } from './legal';
import { scoreHand } from './melds';
import type { GameState } from './state';
import { viewFor } from './views';
import type { GameView } from './views';
import { botRandom } from '@trepenta/engine';
import type { BotLevel } from '@trepenta/engine';

export { BOT_LEVELS, botRandom } from '@trepenta/engine';
export type { BotLevel } from '@trepenta/engine';

/**
 * A bot's decision from its own seat's view only (§7: a bot sees no more than a player), or null
 * when the seat has nothing to do.
 */
export function chooseBotAction(
  view: GameView,
  level: BotLevel,
  seed: number,
): PlayerAction | null {
  const legal = legalActions(view);
  const random = botRandom(seed);
  if (legal.fieldChoice !== null) {
    return level === 'random'
      ? sampleFieldChoice(legal.fieldChoice, random)
      : greedyFieldChoice(view);
  }
  const { actions } = legal;
  if (actions.length === 0) return null;
  if (level === 'random') return actions[Math.floor(random() * actions.length)]!;
  return greedyAction(view, actions);
}

function points(cards: readonly Face[]): number {
  return scoreHand(cards).points;
}

/** The best score keeping five of these cards, never dropping the protected card (R13). */
function bestKeep(
  cards: readonly Card[],
  protectedId: string | null,
): { points: number; drop: Card } {
  let best = { points: Infinity, drop: cards[0]! };
  for (let i = 0; i < cards.length; i++) {
    const drop = cards[i]!;
    if (drop.id === protectedId) continue;
    const rest = cards.filter((_, j) => j !== i);
    const p = points(rest);
    if (p < best.points || (p === best.points && cardValue(drop) > cardValue(best.drop))) {
      best = { points: p, drop };
    }
  }
  return best;
}

function greedyFieldChoice(view: GameView): PlayerAction {
  const piles = view.setup!.piles!;
  if (view.setup!.mode === 'peek') {
    // Keep as hand the pile that scores better.
    const fieldPile = points(piles.A) <= points(piles.B) ? 'B' : 'A';
    return { type: 'choosePeek', pile: fieldPile, order: piles[fieldPile].map((card) => card.id) };
  }
  const all = [...piles.A, ...piles.B];
  let best = { points: Infinity, field: [] as string[] };
  // 252 splits: keep the five that score best as the hand, the rest becomes the field.
  for (let mask = 0; mask < 1 << 10; mask++) {
    if (popcount(mask) !== 5) continue;
    const hand = all.filter((_, i) => mask & (1 << i));
    const p = points(hand);
    if (p < best.points) {
      best = { points: p, field: all.filter((_, i) => !(mask & (1 << i))).map((card) => card.id) };
    }
  }
  return { type: 'chooseSort', field: best.field };
}

function popcount(n: number): number {
  let count = 0;
  for (let m = n; m; m &= m - 1) count++;
  return count;
}

function greedyAction(view: GameView, actions: readonly PlayerAction[]): PlayerAction {
  const seat = view.viewer as number;
  const own = view.seats[seat]!;
  const hand = own.hand ?? [];
  switch (view.phase) {
    case 'turns':
      return view.turn!.step === 'draw'
        ? greedyDraw(view, hand, actions)
        : greedyAct(view, hand, actions);
    case 'layoff': {
      // Lay off the most valuable card that fits; pass when nothing does.
      let best: PlayerAction = { type: 'pass' };
      let bestValue = 0;
      const deadwood = (view.reveal!.seats[seat]!.deadwood ?? []) as Card[];
      for (const action of actions) {
        if (action.type !== 'layOff') continue;
        const card = deadwood.find((c) => c.id === action.cardId)!;
        if (cardValue(card) > bestValue) {
          best = action;
          bestValue = cardValue(card);
        }
      }
      return best;
    }
    case 'setup':
    case 'arrange':
    case 'roundEnd':
    case 'gameOver':
      // Blind pile, R19's arrangement (listed first), ready.
      return actions[0]!;
  }
}

function greedyDraw(
  view: GameView,
  hand: readonly Card[],
  actions: readonly PlayerAction[],
): PlayerAction {
  const top = view.discardPile[view.discardPile.length - 1];
  const canTakeDiscard = actions.some((a) => a.type === 'draw' && a.from === 'discardPile');
  if (top && canTakeDiscard) {
    const taken: Card = { id: '\u0000taken', rank: top.rank, suit: top.suit };
    const withTop = bestKeep([...hand, taken], taken.id).points;
    const fitsField = view.seats[view.viewer as number]!.field.some(
      (slot) => !slot.faceUp && slot.value === cardValue(top),
    );
    const now = points(hand);
    if (withTop < now || (withTop === now && fitsField) || view.drawCount === 0) {
      return { type: 'draw', from: 'discardPile' };
    }
  }
  return actions.find((a) => a.type === 'draw' && a.from === 'drawPile') ?? actions[0]!;
}

function greedyAct(
  view: GameView,
  hand: readonly Card[],
  actions: readonly PlayerAction[],
): PlayerAction {
  const turn = view.turn!;
  const takenId =
    turn.takenFromDiscard && 'id' in turn.takenFromDiscard ? turn.takenFromDiscard.id : null;
  const current = bestKeep(hand, takenId);
  const own = view.seats[view.viewer as number]!;

  // Open Field: take a face-up card when the hand gets better for it.
  let bestSwap: { action: PlayerAction; points: number } | null = null;
  for (const action of actions) {
    if (action.type !== 'openFieldSwap') continue;
    const target = view.seats[action.target.seat]!.field[action.target.position]!.card as Face;
    const swapped = hand.map((card) =>
      card.id === action.cardId ? { id: card.id, rank: target.rank, suit: target.suit } : card,
    );
    const p = bestKeep(swapped, takenId).points;
    if (p < current.points && (bestSwap === null || p < bestSwap.points))
      bestSwap = { action, points: p };
  }
  if (bestSwap) return bestSwap.action;

  // Exchange face down: a card the hand does not need (or a known better card under R8) moves
  // the field towards completion.
  const melded = new Set(
    scoreHand(hand.filter((card) => card.id !== current.drop.id)).melds.flatMap((m) =>
      m.cards.map((c) => c.id),
    ),
  );
  let bestExchange: { action: PlayerAction; score: number } | null = null;
  for (const action of actions) {
    if (action.type !== 'exchange') continue;
    const slot = own.field[action.position]!;
    const hidden = slot.card as Card | null;
    let score: number;
    if (hidden !== null) {
      const after = hand.map((card) => (card.id === action.cardId ? hidden : card));
      const p = bestKeep(after, takenId).points;
      if (p > current.points) continue;
      score = current.points - p;
    } else {
      if (melded.has(action.cardId)) continue;
      const card = hand.find((c) => c.id === action.cardId)!;
      score = cardValue(card) - 6;
    }
    if (bestExchange === null || score > bestExchange.score) bestExchange = { action, score };
  }
  if (bestExchange) return bestExchange.action;

  return actions.find((a) => a.type === 'discard' && a.cardId === current.drop.id) ?? actions[0]!;
}

/**
 * R24: the stand-in's moves for a timed-out turn or lay-off turn, as the concrete actions they
 * are (the 'greedy' bot on the seat's own view). The server puts them in the timeout action.
 */
export function standInActions(state: GameState, seed: number): PlayerAction[] {
  const timer = currentTimer(state);
  if (timer === null || (timer.kind !== 'turn' && timer.kind !== 'layoff')) return [];
  const seat = timer.kind === 'turn' ? state.round.turn!.seat : state.round.reveal!.layoff!.seat;
  const actions: PlayerAction[] = [];
  let current = state;
  for (let i = 0; i < 64 && currentTimer(current)?.key === timer.key; i++) {
    const action = chooseBotAction(viewFor(current, seat), 'greedy', seed + i);
    if (action === null) break;
    const step = applyPlayerAction(current, seat, action);
    if (!step.ok) break;
    actions.push(action);
    current = step.value.state;
  }
  return actions;
}
