/**
 * Trepenta's web chunk: its table, options, rules and words, loaded when a room of Trepenta opens
 * or its options are shown (the home page and lobby load it; the entry holds none of it).
 */
import { trepenta } from '@trepenta/rules';
import type { EventView, GameView, MoveView, PlayerAction } from '@trepenta/rules';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../types';
import { describeAction, describeEvent } from './describe';
import { emitFlights } from './Flights';
import { RoomRulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { SettingsForm } from './SettingsForm';
import { Table } from './Table';
import './styles.css';

/** Whether it is this viewer's own turn (or lay-off turn) in this view: the turn sound's cue. */
function myTurn(view: GameView | null): boolean {
  if (view === null || typeof view.viewer !== 'number') return false;
  return (
    (view.phase === 'turns' && view.turn?.seat === view.viewer) ||
    (view.phase === 'layoff' && view.reveal?.layoff?.seat === view.viewer)
  );
}

export const client: GameClient = {
  module: trepenta,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: SettingsForm as GameClient['SettingsForm'],
  RulesCard: RoomRulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeEvent(event as EventView, viewer, names),
  describeAction: (action, view) => describeAction(action as PlayerAction, view as GameView),
  turnCame: (previous, view) => myTurn(view as GameView) && !myTurn(previous as GameView | null),
  played(events) {
    const moves: MoveView[] = (events as EventView[]).flatMap((event) =>
      'moves' in event ? event.moves : [],
    );
    requestAnimationFrame(() => emitFlights(moves));
  },
};
