/**
 * TrumPen Poker's web chunk: its table, options, rules and words, loaded when a room of this game
 * opens or its options are shown.
 */
import { trumpenPoker } from '@trepenta/trumpen';
import type { PokerEvent, PokerView } from '@trepenta/trumpen';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../types';
import { describePoker } from './describe';
import { RulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { SettingsForm } from './SettingsForm';
import { Table } from './Table';
import '../trumpen/trumpen.css';

function writing(view: PokerView | null): boolean {
  if (view === null || typeof view.viewer !== 'number') return false;
  return view.phase === 'writing' && !(view.done?.[view.viewer] ?? false);
}

export const client: GameClient = {
  module: trumpenPoker,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: SettingsForm as GameClient['SettingsForm'],
  RulesCard: RulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describePoker(event as PokerEvent, viewer, names),
  turnCame: (previous, view) =>
    writing(view as PokerView) && (previous as PokerView | null)?.phase !== 'writing',
};
