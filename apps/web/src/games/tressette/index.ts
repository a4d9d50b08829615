/**
 * Tressette's web chunk: its table, options, rules and words, loaded when a room of Tressette
 * opens or its options are shown.
 */
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import { tressette } from '@trepenta/tressette';
import type { TressetteEventView, TressetteView } from '@trepenta/tressette';
import type { GameClient } from '../types';
import { describeEvent } from './describe';
import { m } from './messages';
import { RoomRulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { SettingsForm } from './SettingsForm';
import { Table } from './Table';
import './styles.css';

function myTurn(view: TressetteView | null): boolean {
  return view !== null && view.phase === 'play' && view.turn !== null && view.turn === view.viewer;
}

export const client: GameClient = {
  module: tressette,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: SettingsForm as GameClient['SettingsForm'],
  RulesCard: RoomRulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeEvent(event as TressetteEventView, viewer, names),
  folded: m.log.folded,
  turnCame: (previous, view) =>
    myTurn(view as TressetteView) && !myTurn(previous as TressetteView | null),
};
