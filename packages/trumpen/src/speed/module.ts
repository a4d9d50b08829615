/** TrumPen Speed as a platform module (`trumpen-speed`): real time, no turns (S6–S8, S11). */
import { exampleRandomness, mergeSettings } from '@trepenta/engine';
import type { GameModule, OptionSpec, ScoreSheet } from '@trepenta/engine';
import { botStream, trumpenFairness } from '../common/randomness';
import { speedBotPace, speedChooseBot, speedLegalActions } from './bots';
import {
  SPEED_ERRORS,
  applySpeed,
  createSpeed,
  speedPending,
  speedStandIn,
  speedTimer,
} from './game';
import {
  SPEED_BUDGET,
  SPEED_SEATS,
  speedActionSchema,
  speedEventSchema,
  speedSettingsSchema,
  speedSystemActionSchema,
} from './state';
import type { SpeedAction, SpeedEvent, SpeedSettings, SpeedState } from './state';
import { speedEventFor, speedViewFor, speedViewSchema } from './views';
import type { SpeedView } from './views';

const OPTIONS: readonly OptionSpec[] = [
  { key: 'inkSeconds', kind: 'seconds', min: 0, max: 3, step: 0.1, group: 'game' },
  { key: 'botPace', kind: 'choice', values: ['relaxed', 'normal', 'fast'], group: 'game' },
  { key: 'idleSeconds', kind: 'seconds', min: 10, max: 300, group: 'timers' },
];

export function speedSheet(view: SpeedView): ScoreSheet {
  const over = view.phase === 'over';
  return {
    unit: 'points',
    better: 'lower',
    columns: { kind: 'round', count: 1 },
    rows: view.seats.map((seat, s) => ({
      seats: [s],
      cells: over ? [seat.left] : [],
      total: seat.left,
    })),
    target: null,
    winners: over && !view.abandoned ? (view.places?.[0] ?? []) : null,
    abandoned: view.abandoned,
  };
}

export const trumpenSpeed: GameModule<
  SpeedSettings,
  SpeedState,
  SpeedAction,
  SpeedEvent,
  SpeedView,
  SpeedEvent
> = {
  id: 'trumpen-speed',
  title: 'TrumPen Speed',
  rulesVersion: 1,
  seats: SPEED_SEATS,
  settingsSchema: speedSettingsSchema,
  defaultSettings: speedSettingsSchema.parse({}),
  options: OPTIONS,
  changeSettings: mergeSettings(speedSettingsSchema),
  errors: SPEED_ERRORS,
  actionSchema: speedActionSchema,
  systemActionSchema: speedSystemActionSchema,
  viewSchema: speedViewSchema,
  eventSchema: speedEventSchema,
  fairness: trumpenFairness('speed'),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createSpeed,
  openingEvents: () => [],
  apply: applySpeed,
  version: (state) => state.version,
  // S6: the per-stack height replaces the room-version check.
  checksVersion: () => false,
  pendingSeats: speedPending,
  timer: speedTimer,
  standIn: (state, key) => speedStandIn(state, key),
  result: (state) =>
    state.phase === 'over'
      ? { places: state.places?.map((p) => [...p]) ?? [], abandoned: state.abandoned }
      : null,
  checkpoint: () => false,
  readSnapshot: (json) => {
    const state = json as Partial<SpeedState> | null;
    return state?.schema === 1 && state.game === 'trumpen-speed' ? (state as SpeedState) : null;
  },
  clock: true,
  realTime: { staleCodes: ['STACK_CHANGED'], budget: SPEED_BUDGET },
  viewFor: speedViewFor,
  eventFor: speedEventFor,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) => {
    if (view.phase === 'starters') return view.starters.filter((_, i) => !view.starterWritten[i]);
    if (view.phase !== 'play') return [];
    return view.seats.flatMap((seat, s) => (seat.left > 0 ? [s] : []));
  },
  sheet: speedSheet,
  legalActions: speedLegalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  // C6: a decision's numbers come from "bot/seat/0/n", n the version it is made at (a seat decides
  // at most once per version: the move it makes is the next version).
  botRandom: (state, seat) => botStream(state.randomness, seat, 0, state.version),
  chooseBot: speedChooseBot,
  botPace: speedBotPace,
};
