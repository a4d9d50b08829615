/**
 * Trefeltromp's web chunk: its table, options, rules and words, loaded when a room of Trefeltromp
 * opens or its options are shown.
 */
import { trefeltromp } from '@trepenta/trefeltromp';
import type { EventView, View } from '@trepenta/trefeltromp';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../types';
import { chipMoves, flyChips } from './chips';
import { describeEvent } from './describe';
import { RoomRulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { SettingsForm } from './SettingsForm';
import { Table } from './Table';
import './styles.css';

/** Whether this view asks something of its viewer (a bet, the draw, a lock). */
function myTurn(view: View | null): boolean {
  if (view === null || typeof view.viewer !== 'number' || view.phase !== 'hand') return false;
  const seat = view.seats[view.viewer]!;
  if (view.stage === 'call') return view.turn === view.viewer;
  if (!seat.inHand || seat.folded) return false;
  return view.stage === 'draw' ? !seat.drawChosen : !seat.locked;
}

export const client: GameClient = {
  module: trefeltromp,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: SettingsForm as GameClient['SettingsForm'],
  RulesCard: RoomRulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeEvent(event as EventView, viewer, names),
  sessions: { closed: (game) => (game as View).closed },
  turnCame: (previous, view) => myTurn(view as View) && !myTurn(previous as View | null),
  played(events) {
    const moves = chipMoves(events as EventView[]);
    if (moves.length > 0) requestAnimationFrame(() => flyChips(moves));
  },
};
