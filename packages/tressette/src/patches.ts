/**
 * Views as patches (the server's game:update): each viewer's view as a change to their view one
 * action before. What rarely changes in a hand (the settings, the declarations, the parties'
 * totals, the score sheet's lines, the last hand's breakdown) is left out while unchanged, and the
 * cards played this hand (`gone`) come as the ones added since (`goneAdd`) while the hand goes on.
 * Every other part is always there. `applyPatch` turns a patch back into the whole view, with its
 * keys in `viewFor`'s order so that the JSON is the same too.
 */
import { z } from 'zod';
import type { Viewer } from '@trepenta/engine';
import { cardSchema, sortCards } from './cards';
import type { Card } from './cards';
import type { TressetteState } from './state';
import { viewFor, viewObject } from './views';
import type { TressetteView } from './views';

/** The parts a patch may leave out while unchanged. */
type Omissible = 'settings' | 'gone' | 'declarations' | 'parties' | 'history' | 'lastHand';

export type TressetteViewPatch = Omit<TressetteView, Omissible> &
  Partial<Pick<TressetteView, Omissible>> & {
    /** The cards played since the previous view, in this hand (`gone` is then left out). */
    readonly goneAdd?: readonly Card[];
  };

export const patchSchema: z.ZodType<TressetteViewPatch> = viewObject
  .extend({
    settings: viewObject.shape.settings.optional(),
    gone: viewObject.shape.gone.optional(),
    goneAdd: z.array(cardSchema).min(1).max(4).optional(),
    declarations: viewObject.shape.declarations.optional(),
    parties: viewObject.shape.parties.optional(),
    history: viewObject.shape.history.optional(),
    lastHand: viewObject.shape.lastHand.optional(),
  })
  .strict();

function goneOf(state: TressetteState): Card[] {
  return [
    ...state.tricks.flatMap((t) => t.plays.map((p) => p.card)),
    ...state.trick.map((p) => p.card),
  ];
}

/**
 * Each viewer's view of `state` as a patch to their view of `previous` (the state one action
 * before, in the same game): `applyPatch(viewFor(previous, viewer), patch)` equals
 * `viewFor(state, viewer)`.
 */
export function patchesFor(
  previous: TressetteState,
  state: TressetteState,
  viewers: readonly Viewer[],
): TressetteViewPatch[] {
  const finished = (s: TressetteState) => s.phase !== 'play' && s.history.length > 0;
  const sameSettings = previous.settings === state.settings;
  const sameDeclarations =
    previous.announced === state.announced && previous.declarations === state.declarations;
  const sameTotals =
    previous.totals.length === state.totals.length &&
    previous.totals.every((t, i) => t === state.totals[i]);
  const sameHistory = previous.history.length === state.history.length;
  const sameLastHand = sameHistory && finished(previous) === finished(state);
  // Within a hand the cards played only grow: the new ones are enough.
  const before = new Set(goneOf(previous));
  const now = goneOf(state);
  const grew = [...before].every((card) => now.includes(card));
  const added = grew ? sortCards(now.filter((card) => !before.has(card))) : null;
  return viewers.map((viewer) => {
    const { settings, gone, declarations, parties, history, lastHand, ...always } = viewFor(
      state,
      viewer,
    );
    return {
      ...always,
      ...(sameSettings ? {} : { settings }),
      ...(added === null ? { gone } : added.length > 0 ? { goneAdd: added } : {}),
      ...(sameDeclarations ? {} : { declarations }),
      ...(sameTotals ? {} : { parties }),
      ...(sameHistory ? {} : { history }),
      ...(sameLastHand ? {} : { lastHand }),
    };
  });
}

/**
 * The whole view again from the previous view and a patch made against it; null when the two do
 * not fit together (another seat count, both `gone` and `goneAdd`, a card played twice), in which
 * case the caller must fetch the whole view. Whether the patch was made against this very view
 * (same game, same version) is the caller's to check.
 */
export function applyPatch(view: TressetteView, patch: TressetteViewPatch): TressetteView | null {
  if (patch.seatCount !== view.seatCount) return null;
  if (patch.gone !== undefined && patch.goneAdd !== undefined) return null;
  if (patch.goneAdd?.some((card) => view.gone.includes(card))) return null;
  const gone =
    patch.gone ?? (patch.goneAdd ? sortCards([...view.gone, ...patch.goneAdd]) : view.gone);
  return {
    game: patch.game,
    viewer: patch.viewer,
    gameId: patch.gameId,
    version: patch.version,
    seatCount: patch.seatCount,
    settings: patch.settings ?? view.settings,
    hand: patch.hand,
    dealer: patch.dealer,
    phase: patch.phase,
    turn: patch.turn,
    cards: patch.cards,
    seats: patch.seats,
    stock: patch.stock,
    trick: patch.trick,
    lastTrick: patch.lastTrick,
    gone,
    tricksPlayed: patch.tricksPlayed,
    declarations: patch.declarations ?? view.declarations,
    parties: patch.parties ?? view.parties,
    history: patch.history ?? view.history,
    lastHand: patch.lastHand !== undefined ? patch.lastHand : view.lastHand,
    winners: patch.winners,
    abandoned: patch.abandoned,
    secrets: patch.secrets,
  };
}

/** Whether a patch leaves nothing out, i.e. is a whole view. */
export function isWholeView(patch: TressetteViewPatch): patch is TressetteView {
  return (
    patch.settings !== undefined &&
    patch.gone !== undefined &&
    patch.goneAdd === undefined &&
    patch.declarations !== undefined &&
    patch.parties !== undefined &&
    patch.history !== undefined &&
    patch.lastHand !== undefined
  );
}
