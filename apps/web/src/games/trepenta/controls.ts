import { useMemo } from 'react';
import { cardValue, legalActions } from '@trepenta/rules';
import type { Card, GameView, LegalActions, PlayerAction } from '@trepenta/rules';
import { m } from './messages';
import { act } from '../../net';
import { store, useStore } from '../../store';
import type { Selection } from '../../store';
import { cardText } from './describe';
import {
  actionForSlot,
  actionableSlots,
  cardsForSlot,
  playableCards,
  slotKey,
  targetsForCard,
} from './targets';

export interface SlotState {
  /** A legal target for the selected card (or, with nothing selected, usable at all). */
  readonly lit: boolean;
  readonly clickable: boolean;
  readonly selected: boolean;
}

export interface CardState {
  readonly lit: boolean;
  readonly clickable: boolean;
  readonly selected: boolean;
}

export interface TurnControls {
  readonly legal: LegalActions;
  readonly me: number | null;
  readonly isMyTurn: boolean;
  readonly step: 'draw' | 'act' | null;
  readonly selection: Selection;
  /** The selected hand card, if a hand card is selected. */
  readonly selectedCard: Card | null;
  /** Whether an exchange (or an Open Field swap) is still open to this turn. */
  readonly canExchange: boolean;
  /** How many positions the selected hand card may go to now (0 with no hand card selected). */
  readonly selectedFits: number;
  readonly canDraw: (from: 'drawPile' | 'discardPile') => boolean;
  readonly draw: (from: 'drawPile' | 'discardPile') => void;
  readonly slot: (seat: number, position: number) => SlotState;
  /** Whether a field position can be used this step at all, whatever is selected. */
  readonly usable: (seat: number, position: number) => boolean;
  readonly clickSlot: (seat: number, position: number) => void;
  readonly dropOnSlot: (cardId: string, seat: number, position: number) => void;
  readonly card: (cardId: string) => CardState;
  readonly clickCard: (cardId: string) => void;
  /** Whether the selected (or given) card may be discarded now. */
  readonly canDiscard: (cardId?: string) => boolean;
  readonly discard: (cardId?: string) => void;
  readonly cancel: () => void;
}

const select = (selection: Selection) => store.set({ selection });

/** Everything the turn's clicks, drags and keys need, from the viewer's own legal actions. */
export function turnControls(
  game: GameView,
  legal: LegalActions,
  selection: Selection,
  send: (action: PlayerAction) => void,
): TurnControls {
  const me = game.viewer === 'spectator' ? null : game.viewer;
  const actions = legal.actions;
  const isMyTurn = game.phase === 'turns' && me !== null && game.turn?.seat === me;
  const step = isMyTurn ? (game.turn?.step ?? null) : null;
  const selectedCard = selection?.kind === 'hand' ? selection.cardId : null;
  const selectedSlot = selection?.kind === 'slot' ? selection : null;
  const targets = selectedCard ? targetsForCard(actions, selectedCard) : null;
  const fitting =
    selectedSlot && me !== null
      ? cardsForSlot(actions, me, selectedSlot.seat, selectedSlot.position)
      : null;
  const playable = playableCards(actions);
  const usableSlots = me === null ? new Set<string>() : actionableSlots(actions, me);

  const slot = (seat: number, position: number): SlotState => {
    const key = slotKey(seat, position);
    const isSelected = selectedSlot?.seat === seat && selectedSlot.position === position;
    if (targets) {
      const lit = (seat === me && targets.exchange.has(position)) || targets.swap.has(key);
      return { lit, clickable: lit, selected: false };
    }
    const usable = usableSlots.has(key);
    return { lit: usable, clickable: usable, selected: isSelected };
  };

  const run = (action: PlayerAction | null | undefined) => {
    if (action) send(action);
  };

  const clickSlot = (seat: number, position: number) => {
    if (me === null) return;
    if (selectedCard) {
      run(actionForSlot(actions, me, selectedCard, seat, position));
      return;
    }
    if (!usableSlots.has(slotKey(seat, position))) return;
    const same = selectedSlot?.seat === seat && selectedSlot.position === position;
    select(same ? null : { kind: 'slot', seat, position });
  };

  const card = (cardId: string): CardState => {
    const selected = selectedCard === cardId;
    if (fitting) return { lit: fitting.has(cardId), clickable: playable.has(cardId), selected };
    return { lit: false, clickable: playable.has(cardId), selected };
  };

  const clickCard = (cardId: string) => {
    if (me === null) return;
    if (selectedSlot && fitting?.has(cardId)) {
      run(actionForSlot(actions, me, cardId, selectedSlot.seat, selectedSlot.position));
      return;
    }
    if (!playable.has(cardId)) return;
    select(selectedCard === cardId ? null : { kind: 'hand', cardId });
  };

  const canDiscard = (cardId?: string) => {
    const id = cardId ?? selectedCard;
    return id !== null && actions.some((a) => a.type === 'discard' && a.cardId === id);
  };

  return {
    legal,
    me,
    isMyTurn,
    step,
    selection,
    selectedCard:
      (selectedCard !== null && me !== null
        ? game.seats[me]?.hand?.find((c) => c.id === selectedCard)
        : undefined) ?? null,
    canExchange: actions.some((a) => a.type === 'exchange' || a.type === 'openFieldSwap'),
    selectedFits: targets ? targets.exchange.size + targets.swap.size : 0,
    canDraw: (from) => actions.some((a) => a.type === 'draw' && a.from === from),
    draw: (from) => run(actions.find((a) => a.type === 'draw' && a.from === from)),
    slot,
    usable: (seat, position) => usableSlots.has(slotKey(seat, position)),
    clickSlot,
    dropOnSlot: (cardId, seat, position) =>
      me !== null && run(actionForSlot(actions, me, cardId, seat, position)),
    card,
    clickCard,
    canDiscard,
    discard: (cardId) => {
      const id = cardId ?? selectedCard;
      run(actions.find((a) => a.type === 'discard' && a.cardId === id));
    },
    cancel: () => select(null),
  };
}

/** The line under the player's own hand saying what they can do next, step by step. */
export function turnHint(controls: TurnControls): string {
  if (controls.step === 'draw') return m.table.hintDraw;
  if (controls.step !== 'act') return '';
  const card = controls.selectedCard;
  if (card) {
    const text = cardText(card);
    return controls.selectedFits > 0
      ? m.table.hintSelected(text, controls.canDiscard())
      : m.table.hintSelectedNoFit(text, cardValue(card), controls.canExchange);
  }
  if (controls.selection?.kind === 'slot') return m.table.hintSlotSelected;
  return m.table.hintAct(controls.canExchange);
}

/** The hook the table uses: legal actions are computed once per view. */
export function useTurnControls(game: GameView): TurnControls {
  const selection = useStore((s) => s.selection);
  const legal = useMemo(() => legalActions(game), [game]);
  return useMemo(
    () => turnControls(game, legal, selection, (action) => void act(action)),
    [game, legal, selection],
  );
}
