/** TrumPen Trick Taking's web chunk, loaded when a room of this game opens or its options are shown. */
import { trumpenTricks } from '@trepenta/trumpen';
import type { TricksEvent, TricksView } from '@trepenta/trumpen';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../types';
import { describeTricks } from './describe';
import { RulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { TimersForm } from '../trumpen/TimersForm';
import { Table } from './Table';
import '../trumpen/trumpen.css';

function myMove(view: TricksView | null): boolean {
  if (view === null || typeof view.viewer !== 'number') return false;
  return (
    (view.phase === 'writing' && !(view.done?.[view.viewer] ?? false)) ||
    (view.phase === 'play' && view.toPlay === view.viewer)
  );
}

export const client: GameClient = {
  module: trumpenTricks,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: TimersForm as GameClient['SettingsForm'],
  RulesCard: RulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeTricks(event as TricksEvent, viewer, names),
  turnCame: (previous, view) =>
    myMove(view as TricksView) && !myMove(previous as TricksView | null),
};
