import type { PlayerAction } from './actions';
import { cardValue } from './cards';
import type { Card } from './cards';
import { layOffEnds } from './melds';
import type { LayOffEnd } from './melds';
import type { GameView } from './views';

/**
 * The field choice of peek and sort has thousands of concrete forms (sort: 252 splits × 120
 * orders), so it is described rather than listed: which cards, and how many go to the field.
 */
export type FieldChoiceSpace =
  | {
      readonly mode: 'peek';
      readonly piles: { readonly A: readonly string[]; readonly B: readonly string[] };
    }
  | { readonly mode: 'sort'; readonly cards: readonly string[] };

export interface LegalActions {
  /** Every concrete action applyAction would accept for the viewer now (field choices aside). */
  readonly actions: readonly PlayerAction[];
  /** Under peek or sort while choosing: the space of field choices; null otherwise. */
  readonly fieldChoice: FieldChoiceSpace | null;
}

const NONE: LegalActions = { actions: [], fieldChoice: null };

/** What the viewer's seat may do now, computed from its own view only. */
export function legalActions(view: GameView): LegalActions {
  const seat = view.viewer;
  if (seat === 'spectator') return NONE;
  const own = view.seats[seat]!;
  switch (view.phase) {
    case 'setup': {
      if (own.fieldChosen || view.setup === null) return NONE;
      const piles = view.setup.piles;
      if (view.setup.mode === 'blind' || piles === null) {
        return {
          actions: [
            { type: 'choosePile', pile: 'A' },
            { type: 'choosePile', pile: 'B' },
          ],
          fieldChoice: null,
        };
      }
      const ids = (cards: readonly Card[]) => cards.map((card) => card.id);
      return {
        actions: [],
        fieldChoice:
          view.setup.mode === 'peek'
            ? { mode: 'peek', piles: { A: ids(piles.A), B: ids(piles.B) } }
            : { mode: 'sort', cards: [...ids(piles.A), ...ids(piles.B)] },
      };
    }
    case 'turns':
      return { actions: turnActions(view, seat), fieldChoice: null };
    case 'arrange': {
      const reveal = view.reveal!.seats[seat]!;
      if (reveal.chosen) return NONE;
      const actions: PlayerAction[] = reveal.options.map((melds) => ({
        type: 'arrange',
        melds: melds.map((meld) => meld.cards.map((card) => (card as Card).id)),
      }));
      return { actions, fieldChoice: null };
    }
    case 'layoff':
      return { actions: layOffActions(view, seat), fieldChoice: null };
    case 'roundEnd':
      return own.ready ? NONE : { actions: [{ type: 'ready' }], fieldChoice: null };
    case 'gameOver':
      return NONE;
  }
}

function turnActions(view: GameView, seat: number): PlayerAction[] {
  const turn = view.turn;
  if (turn === null || turn.seat !== seat) return [];
  if (turn.step === 'draw') {
    const actions: PlayerAction[] = [];
    if (view.drawCount > 0) actions.push({ type: 'draw', from: 'drawPile' });
    if (view.discardPile.length > 0) actions.push({ type: 'draw', from: 'discardPile' });
    return actions;
  }
  const own = view.seats[seat]!;
  const hand = own.hand ?? [];
  const { fieldUnlimited, openField } = view.settings.houseRules;
  const canExchange = fieldUnlimited || turn.exchanges === 0;
  const takenId =
    turn.takenFromDiscard && 'id' in turn.takenFromDiscard ? turn.takenFromDiscard.id : null;
  const actions: PlayerAction[] = [];
  for (const card of hand) {
    if (card.id !== takenId) actions.push({ type: 'discard', cardId: card.id });
  }
  if (!canExchange) return actions;
  const values = hand.map(cardValue);
  for (let i = 0; i < hand.length; i++) {
    for (const slot of own.field) {
      if (!slot.faceUp && slot.value === values[i]) {
        actions.push({ type: 'exchange', cardId: hand[i]!.id, position: slot.position });
      }
    }
  }
  if (!openField) return actions;
  // R12b: every face-up position not swapped this turn, against every hand card of its value
  // (a face-up card always has its position's value: it got there by matching it).
  for (const other of view.seats) {
    for (const slot of other.field) {
      if (!slot.faceUp) continue;
      if (turn.swapped.some((t) => t.seat === other.seat && t.position === slot.position)) continue;
      for (let i = 0; i < hand.length; i++) {
        const card = hand[i]!;
        if (values[i] === slot.value) {
          actions.push({
            type: 'openFieldSwap',
            cardId: card.id,
            target: { seat: other.seat, position: slot.position },
          });
        }
      }
    }
  }
  return actions;
}

function layOffActions(view: GameView, seat: number): PlayerAction[] {
  const reveal = view.reveal;
  if (reveal?.layoff?.seat !== seat) return [];
  const actions: PlayerAction[] = [{ type: 'pass' }];
  if (reveal.finishLine === seat) return actions;
  const deadwood = (reveal.seats[seat]!.deadwood ?? []) as Card[];
  for (const card of deadwood) {
    reveal.seats.forEach((other, target) => {
      if (target === seat) return;
      (other.melds ?? []).forEach((meld, index) => {
        const ends: LayOffEnd[] = layOffEnds({ kind: meld.kind, cards: meld.cards }, card);
        for (const end of ends) {
          actions.push({
            type: 'layOff',
            cardId: card.id,
            target: { seat: target, meld: index },
            end,
          });
        }
      });
    });
  }
  return actions;
}

/** A uniform field choice from the space, with the caller's random source in [0, 1). */
export function sampleFieldChoice(space: FieldChoiceSpace, random: () => number): PlayerAction {
  const pickIndex = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  const shuffled = (ids: readonly string[]) => {
    const copy = ids.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = pickIndex(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  if (space.mode === 'peek') {
    const pile = pickIndex(2) === 0 ? 'A' : 'B';
    return { type: 'choosePeek', pile, order: shuffled(space.piles[pile]) };
  }
  // A uniform ordered choice of 5 of 10: the first five of a uniform shuffle.
  return { type: 'chooseSort', field: shuffled(space.cards).slice(0, 5) };
}

/** Whether an action is one of the space's field choices. */
export function isFieldChoice(space: FieldChoiceSpace, action: PlayerAction): boolean {
  const isPermutationOf = (ids: readonly string[], of: readonly string[]) =>
    ids.length === of.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => of.includes(id));
  if (space.mode === 'peek') {
    return action.type === 'choosePeek' && isPermutationOf(action.order, space.piles[action.pile]);
  }
  return (
    action.type === 'chooseSort' &&
    action.field.length === 5 &&
    new Set(action.field).size === 5 &&
    action.field.every((id) => space.cards.includes(id))
  );
}

/** How many concrete field choices the space holds (peek: 2 × 5!, sort: C(10,5) × 5!). */
export function fieldChoiceCount(space: FieldChoiceSpace): number {
  return space.mode === 'peek' ? 2 * 120 : 252 * 120;
}
