/** TrumPen Speed's web chunk, loaded when a room of this game opens or its options are shown. */
import { trumpenSpeed } from '@trepenta/trumpen';
import type { SpeedEvent, SpeedView } from '@trepenta/trumpen';
import type { ComponentType } from 'react';
import type { RoomView } from '@trepenta/protocol';
import { store } from '../../store';
import type { GameClient } from '../types';
import { describeSpeed } from './describe';
import { flyPlays } from './flights';
import { RulesCard, RulesHelp, RulesPage } from './RulesHelp';
import { SettingsForm } from './SettingsForm';
import { Table } from './Table';
import '../trumpen/trumpen.css';
import './speed.css';

function going(view: SpeedView | null): boolean {
  return view !== null && typeof view.viewer === 'number' && view.phase === 'play';
}

export const client: GameClient = {
  module: trumpenSpeed,
  Table: Table as ComponentType<{ game: unknown; room: RoomView }>,
  SettingsForm: SettingsForm as GameClient['SettingsForm'],
  RulesCard: RulesCard as GameClient['RulesCard'],
  RulesHelp: RulesHelp as GameClient['RulesHelp'],
  RulesPage,
  describe: (event, viewer, names) => describeSpeed(event as SpeedEvent, viewer, names),
  // No turns: the sound marks Go.
  turnCame: (previous, view) => going(view as SpeedView) && !going(previous as SpeedView | null),
  played(events) {
    const view = store.get().game as SpeedView | null;
    if (!view) return;
    requestAnimationFrame(() => flyPlays(events as SpeedEvent[], view.viewer));
  },
};
