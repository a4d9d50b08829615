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
import { PastRounds, pastRoundCount } from './PastRounds';
import './styles.css';

/**
 * The viewer's own turn or lay-off turn in this view, as a key unique in the game (null when it
 * is not theirs): the turn sound's cue. A key, not a yes/no, so that a lay-off turn that follows
 * the viewer's own last turn (their discard ended the round) still sounds.
 */
export function myTurnKey(view: GameView | null): string | null {
  if (view === null || typeof view.viewer !== 'number') return null;
  if (view.phase === 'turns' && view.turn?.seat === view.viewer) {
    return `turn/${view.round}/${view.turn.number}`;
  }
  const layoff = view.reveal?.layoff;
  if (view.phase === 'layoff' && layoff?.seat === view.viewer) {
    return `layoff/${view.round}/${layoff.number}`;
  }
  return null;
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
  pastRounds: {
    count: (game) => pastRoundCount(game as GameView),
    Panel: PastRounds as ComponentType<{ game: unknown; names: readonly string[] }>,
  },
  turnCame(previous, view) {
    const key = myTurnKey(view as GameView);
    return key !== null && key !== myTurnKey(previous as GameView | null);
  },
  played(events) {
    const moves: MoveView[] = (events as EventView[]).flatMap((event) =>
      'moves' in event ? event.moves : [],
    );
    requestAnimationFrame(() => emitFlights(moves));
  },
};
