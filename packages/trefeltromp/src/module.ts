/**
 * Trefeltromp as a platform module: a session (F18) with one committed secret (F20), keyed timers
 * and F21's stand-in.
 */
import { exampleRandomness, mergeSettings, oneSecret } from '@trepenta/engine';
import type { GameModule, ScoreSheet } from '@trepenta/engine';
import { actionSchema, eventSchema, systemActionSchema } from './actions';
import type { Action, EventView, GameEvent } from './actions';
import { chooseBot, legalActions, standInFor } from './bots';
import { ERRORS } from './errors';
import { applyAction, createSession, pendingOf, standInMoves, timerOf } from './game';
import { DEFAULT_SETTINGS, settingsSchema } from './settings';
import type { Settings } from './settings';
import type { GameState } from './state';
import { eventFor, viewFor, viewSchema } from './views';
import type { View } from './views';

export const DOMAIN = 'trefeltromp/1';

function sheet(view: View): ScoreSheet {
  const results = view.seats.map((_, seat) =>
    view.stints.filter((t) => t.seat === seat).reduce((sum, t) => sum + t.result, 0),
  );
  const best = Math.max(...results);
  const last = view.history.length - 1;
  return {
    unit: 'chips',
    better: 'higher',
    columns: { kind: 'hand', count: null },
    rows: view.seats.map((_, seat) => {
      const cells = view.history.map((row) => row[seat] ?? 0);
      // F18: a carry-over left at the end is split after the last hand, and counted in it, so
      // that each row (and the chart's line) adds up to the result.
      if (view.phase === 'over' && last >= 0) {
        const shown = cells.reduce((sum, c) => sum + c, 0);
        cells[last] = cells[last]! + results[seat]! - shown;
      }
      return { seats: [seat], cells, total: results[seat]! };
    }),
    target: null,
    winners:
      view.phase === 'over' && !view.abandoned
        ? results.flatMap((r, seat) => (r === best ? [seat] : []))
        : null,
    abandoned: view.abandoned,
  };
}

export const trefeltromp: GameModule<Settings, GameState, Action, GameEvent, View, EventView> = {
  id: 'trefeltromp',
  title: 'Trefeltromp',
  rulesVersion: 1,
  seats: { min: 2, max: 8 },
  settingsSchema,
  defaultSettings: DEFAULT_SETTINGS,
  options: [
    {
      key: 'betting',
      kind: 'choice',
      values: ['fixed-limit', 'pot-limit', 'no-limit'],
      group: 'betting',
    },
    { key: 'ante', kind: 'integer', min: 1, max: 1000, group: 'chips' },
    { key: 'startingAntes', kind: 'integer', min: 20, max: 1000, group: 'chips' },
    { key: 'rebuy', kind: 'boolean', group: 'session' },
    { key: 'lateJoin', kind: 'boolean', group: 'session' },
    { key: 'decisionSeconds', kind: 'seconds', min: 10, max: 120, group: 'timers' },
    { key: 'revealSeconds', kind: 'seconds', min: 10, max: 60, group: 'timers' },
  ],
  changeSettings: mergeSettings(settingsSchema),
  errors: ERRORS,
  actionSchema,
  systemActionSchema: systemActionSchema,
  viewSchema,
  eventSchema,
  fairness: oneSecret(DOMAIN, "The session's secret"),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createSession,
  openingEvents: () => [],
  apply: (state, actor, action) => applyAction(state, actor, action),
  version: (state) => state.version,
  checksVersion: (action) =>
    ['fold', 'check', 'call', 'bet', 'raise', 'stay'].includes(action.type),
  pendingSeats: pendingOf,
  timer: timerOf,
  standIn: (state, key) => (timerOf(state)?.key === key ? standInMoves(state) : []),
  result(state) {
    if (state.phase !== 'over') return null;
    const view = viewFor(state, 'spectator');
    const totals = sheet(view).rows.map((r) => r.total);
    const distinct = [...new Set(totals)].sort((a, b) => b - a);
    return {
      places: distinct.map((t) => totals.flatMap((x, seat) => (x === t ? [seat] : []))),
      abandoned: state.abandoned,
    };
  },
  checkpoint: (events) => events.some((e) => e.type === 'handEnded'),
  readSnapshot: (json) =>
    (json as GameState | null)?.schema === 'trefeltromp/1' ? (json as GameState) : null,
  sessions: {
    seatsOpen: (state) => state.phase === 'between',
    noncesWanted: (state) => state.wantsNonces,
  },
  viewFor,
  eventFor,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) => {
    if (view.phase !== 'hand') return [];
    if (view.stage === 'call') return view.turn === null ? [] : [view.turn];
    return view.seats.flatMap((s, i) =>
      s.inHand && !s.folded && !(view.stage === 'draw' ? s.drawChosen : s.locked) ? [i] : [],
    );
  },
  sheet,
  legalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  chooseBot,
  // F21: a handed-over or departed seat checks or folds (never a bet with a person's chips).
  chooseStandIn: (view) => standInFor(view),
  // F22: the same pause whatever the bot holds.
  botPace: () => 'think',
};
