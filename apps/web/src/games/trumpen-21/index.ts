/** TrumPen 21's web chunk, loaded when a room of this game opens or its options are shown. */
import { trumpen21 } from '@trepenta/trumpen';
import type { TwentyOneEventView, TwentyOneView } from '@trepenta/trumpen';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../types';
import { describeTwentyOne } from './describe';
import { RulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { TimersForm } from '../trumpen/TimersForm';
import { Table } from './Table';
import '../trumpen/trumpen.css';

function myMove(view: TwentyOneView | null): boolean {
  if (view === null || typeof view.viewer !== 'number') return false;
  const seat = view.viewer;
  return (
    (view.phase === 'writing' && !(view.done?.[seat] ?? false)) ||
    (view.phase === 'offer' && view.starter === seat) ||
    (view.phase === 'respond' && view.asked === seat)
  );
}

export const client: GameClient = {
  module: trumpen21,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: TimersForm as GameClient['SettingsForm'],
  RulesCard: RulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeTwentyOne(event as TwentyOneEventView, viewer, names),
  turnCame: (previous, view) =>
    myMove(view as TwentyOneView) && !myMove(previous as TwentyOneView | null),
};
