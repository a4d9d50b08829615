/** Tressette as a platform game module (docs/platform.md, "The module"). */
import { exampleRandomness, oneSecret } from '@trepenta/engine';
import type { GameModule, ScoreSheet } from '@trepenta/engine';
import { actionSchema, systemActionSchema } from './actions';
import type { TressetteAction } from './actions';
import { botPace, chooseBot, greedyCard, legalActions } from './bots';
import { ERRORS } from './errors';
import { applyAction, createGame, pendingSeatsOf, resultOf, timerOf, turnTimerKey } from './game';
import { DEFAULT_SETTINGS, OPTIONS, changeSettings, settingsSchema } from './settings';
import type { TressetteSettings } from './settings';
import type { TressetteEvent, TressetteState } from './state';
import { applyPatch, isWholeView, patchSchema, patchesFor } from './patches';
import type { TressetteViewPatch } from './patches';
import { eventFor, eventSchema, viewFor, viewSchema } from './views';
import type { TressetteEventView, TressetteView } from './views';

/** T22: the commitment's domain. */
export const DOMAIN = 'tressette/1';

function sheet(view: TressetteView): ScoreSheet {
  return {
    unit: 'points',
    better: 'higher',
    columns: { kind: 'hand', count: null },
    rows: view.parties.map((party, i) => ({
      seats: [...party.seats],
      cells: view.history.map((line) => line.scores[i] ?? 0),
      total: party.total,
    })),
    target: view.settings.target,
    winners: view.phase === 'over' && !view.abandoned ? [...(view.winners ?? [])] : null,
    abandoned: view.abandoned,
  };
}

export const tressette: GameModule<
  TressetteSettings,
  TressetteState,
  TressetteAction,
  TressetteEvent,
  TressetteView,
  TressetteEventView,
  TressetteViewPatch
> = {
  id: 'tressette',
  title: 'Tressette',
  rulesVersion: 1,
  seats: { min: 2, max: 4 },
  teams: (seatCount) =>
    seatCount === 4
      ? [
          [0, 2],
          [1, 3],
        ]
      : null,
  settingsSchema,
  defaultSettings: DEFAULT_SETTINGS,
  options: OPTIONS,
  changeSettings,
  errors: ERRORS,
  actionSchema,
  systemActionSchema,
  viewSchema,
  patchSchema,
  eventSchema,
  fairness: oneSecret(DOMAIN, "The session's secret"),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createGame,
  openingEvents: (state) => [
    {
      type: 'dealt',
      hand: state.hand,
      dealer: state.dealer,
      hands: state.hands,
      stock: state.stock.length,
    },
  ],
  apply: (state, actor, action) => applyAction(state, actor, action),
  version: (state) => state.version,
  checksVersion: (action) => action.type === 'play',
  pendingSeats: pendingSeatsOf,
  timer: timerOf,
  standIn(state, key) {
    // T23: one card, as the greedy bot would play it from the seat's own view.
    if (state.phase !== 'play' || state.turn === null || key !== turnTimerKey(state)) return [];
    return [{ type: 'play', card: greedyCard(viewFor(state, state.turn)) }];
  },
  result: resultOf,
  checkpoint: (events) => events.some((e) => e.type === 'handEnd'),
  readSnapshot: (json) => {
    const state = json as Partial<TressetteState> | null;
    return state?.schema === 1 && state.game === 'tressette' ? (state as TressetteState) : null;
  },
  viewFor,
  eventFor,
  patches: {
    patchesFor,
    applyPatch,
    isWhole: isWholeView,
    patchVersion: (patch) => patch.version,
  },
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) =>
    view.phase === 'play'
      ? view.turn === null
        ? []
        : [view.turn]
      : view.phase === 'between'
        ? view.seats.flatMap((s, i) => (s.ready ? [] : [i]))
        : [],
  sheet,
  legalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  chooseBot,
  botPace,
};
