import type { Card, Face, GameView, LayOffEnd, PlayerAction } from '@trepenta/rules';
import { RANKS, SUITS } from '@trepenta/rules';
import type { SortBy } from '../../store';

/** Where a selected hand card may go this step, from the client's own `legalActions`. */
export interface CardTargets {
  /** Own face-down positions of equal value. */
  readonly exchange: ReadonlySet<number>;
  /** Open Field: face-up cards of equal value on any field, as "seat:position". */
  readonly swap: ReadonlySet<string>;
  readonly discard: boolean;
}

export const slotKey = (seat: number, position: number) => `${seat}:${position}`;
export const meldKey = (seat: number, meld: number) => `${seat}:${meld}`;

export function targetsForCard(actions: readonly PlayerAction[], cardId: string): CardTargets {
  const exchange = new Set<number>();
  const swap = new Set<string>();
  let discard = false;
  for (const action of actions) {
    if (action.type === 'exchange' && action.cardId === cardId) exchange.add(action.position);
    else if (action.type === 'openFieldSwap' && action.cardId === cardId)
      swap.add(slotKey(action.target.seat, action.target.position));
    else if (action.type === 'discard' && action.cardId === cardId) discard = true;
  }
  return { exchange, swap, discard };
}

/** The hand cards that fit a field position (own face-down exchange, or an Open Field swap). */
export function cardsForSlot(
  actions: readonly PlayerAction[],
  viewer: number,
  seat: number,
  position: number,
): Set<string> {
  const ids = new Set<string>();
  for (const action of actions) {
    if (action.type === 'exchange' && seat === viewer && action.position === position)
      ids.add(action.cardId);
    else if (
      action.type === 'openFieldSwap' &&
      action.target.seat === seat &&
      action.target.position === position
    )
      ids.add(action.cardId);
  }
  return ids;
}

/** Every slot that some hand card could go to now: what lights up before a card is chosen. */
export function actionableSlots(actions: readonly PlayerAction[], viewer: number): Set<string> {
  const keys = new Set<string>();
  for (const action of actions) {
    if (action.type === 'exchange') keys.add(slotKey(viewer, action.position));
    else if (action.type === 'openFieldSwap')
      keys.add(slotKey(action.target.seat, action.target.position));
  }
  return keys;
}

/** Hand cards that can do anything now (exchange, swap or discard). */
export function playableCards(actions: readonly PlayerAction[]): Set<string> {
  const ids = new Set<string>();
  for (const action of actions) {
    if (
      action.type === 'exchange' ||
      action.type === 'openFieldSwap' ||
      action.type === 'discard' ||
      action.type === 'layOff'
    )
      ids.add(action.cardId);
  }
  return ids;
}

/** The action that puts a card on a slot, if legal. */
export function actionForSlot(
  actions: readonly PlayerAction[],
  viewer: number,
  cardId: string,
  seat: number,
  position: number,
): PlayerAction | null {
  return (
    actions.find(
      (action) =>
        (action.type === 'exchange' &&
          seat === viewer &&
          action.cardId === cardId &&
          action.position === position) ||
        (action.type === 'openFieldSwap' &&
          action.cardId === cardId &&
          action.target.seat === seat &&
          action.target.position === position),
    ) ?? null
  );
}

/** Rival Sets: the melds a deadwood card may be laid on, and at which ends. */
export function layOffTargets(
  actions: readonly PlayerAction[],
  cardId: string,
): Map<string, LayOffEnd[]> {
  const targets = new Map<string, LayOffEnd[]>();
  for (const action of actions) {
    if (action.type !== 'layOff' || action.cardId !== cardId) continue;
    const key = meldKey(action.target.seat, action.target.meld);
    targets.set(key, [...(targets.get(key) ?? []), action.end]);
  }
  return targets;
}

const RANK_ORDER = new Map<string, number>(RANKS.map((rank, i) => [rank, i]));
const SUIT_ORDER = new Map<string, number>(SUITS.map((suit, i) => [suit, i]));

/** The hand as the player likes to see it; 'none' keeps the order cards arrived. */
export function sortHand<C extends Face>(cards: readonly C[], by: SortBy): C[] {
  const rank = (c: Face) => RANK_ORDER.get(c.rank) ?? 0;
  const suit = (c: Face) => SUIT_ORDER.get(c.suit) ?? 0;
  const copy = cards.slice();
  if (by === 'suit') copy.sort((a, b) => suit(a) - suit(b) || rank(a) - rank(b));
  else if (by === 'rank') copy.sort((a, b) => rank(a) - rank(b) || suit(a) - suit(b));
  return copy;
}

/** The viewer's own hand cards (with ids), or none for a spectator. */
export function ownHand(view: GameView): Card[] {
  if (view.viewer === 'spectator') return [];
  return view.seats[view.viewer]?.hand ?? [];
}
