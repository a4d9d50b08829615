/** TrumPen Trick Taking as a platform module (`trumpen-tricks`). */
import { botRandom, exampleRandomness, mergeSettings } from '@trepenta/engine';
import type { BotLevel, GameModule, LegalActions, OptionSpec, ScoreSheet } from '@trepenta/engine';
import { placesByTotal } from '../common/base';
import { botStream, trumpenFairness } from '../common/randomness';
import { asDraft, handOf, writingDrafts, writingLegal } from '../common/writing';
import { greedyPlay, greedyWrite } from './bots';
import {
  TRICKS_ERRORS,
  TRICKS_SEATS,
  applyTricks,
  createTricks,
  tricksPending,
  tricksRules,
  tricksStandIn,
  tricksTimer,
} from './game';
import { legalPlays } from './rules';
import {
  TRICKS_ROUNDS,
  tricksActionSchema,
  tricksEventSchema,
  tricksSettingsSchema,
  tricksSystemActionSchema,
} from './state';
import type { TricksAction, TricksEvent, TricksSettings, TricksState } from './state';
import { tricksViewFor, tricksViewSchema } from './views';
import type { TricksView } from './views';

const OPTIONS: readonly OptionSpec[] = [
  { key: 'writingSeconds', kind: 'seconds', min: 15, max: 300, group: 'timers' },
  { key: 'turnSeconds', kind: 'seconds', min: 5, max: 300, nullable: true, group: 'timers' },
  { key: 'betweenSeconds', kind: 'seconds', min: 3, max: 60, group: 'timers' },
];

export function tricksLegalActions(view: TricksView): LegalActions<TricksAction> {
  const seat = view.viewer;
  const none = { actions: [], spaces: [] };
  if (typeof seat !== 'number') return none;
  switch (view.phase) {
    case 'writing': {
      return writingLegal(tricksRules(view.seatCount), view.draft, view.done?.[seat] ?? false);
    }
    case 'play':
      if (view.toPlay !== seat || !view.trick || !view.hand) return none;
      return {
        actions: legalPlays(view.hand, view.grid, view.trick).map((card) => ({
          type: 'play',
          value: card.value,
          suit: card.suit,
        })),
        spaces: [],
      };
    case 'between':
      return view.ready[seat] ? none : { actions: [{ type: 'ready' }], spaces: [] };
    case 'over':
      return none;
  }
}

export function tricksChooseBot(
  view: TricksView,
  level: BotLevel,
  seed: number,
  committed?: () => number,
): TricksAction | null {
  const seat = view.viewer;
  if (typeof seat !== 'number') return null;
  const random = committed ?? botRandom(seed);
  if (view.phase === 'writing') {
    if (view.done?.[seat] || view.draft === null) return null;
    if (handOf(view.draft, tricksRules(view.seatCount)).ok)
      return { type: 'done', cards: [...view.draft] };
    const values =
      level === 'random'
        ? Array.from({ length: 3 }, () => 1 + Math.floor(random() * view.maxValue))
        : greedyWrite(view.grid, view.maxValue, random);
    return { type: 'done', cards: asDraft(values.map((value) => ({ value, suit: null }))) };
  }
  if (
    level === 'greedy' &&
    view.phase === 'play' &&
    view.toPlay === seat &&
    view.trick &&
    view.hand
  ) {
    const card = greedyPlay(seat, view.hand, view.grid, view.trick, view.maxValue);
    if (card) return { type: 'play', value: card.value, suit: card.suit };
  }
  const { actions } = tricksLegalActions(view);
  if (actions.length === 0) return null;
  return actions[Math.floor(random() * actions.length)]!;
}

export function tricksSheet(view: TricksView): ScoreSheet {
  return {
    unit: 'points',
    better: 'higher',
    columns: { kind: 'round', count: TRICKS_ROUNDS },
    rows: view.scores.map((total, seat) => ({
      seats: [seat],
      cells: view.rounds.flatMap((round, r) =>
        round.unplayed ? [view.points[r]?.[seat] ?? 0] : [],
      ),
      total,
    })),
    target: null,
    winners:
      view.phase === 'over' && !view.abandoned ? (placesByTotal(view.scores)[0] ?? []) : null,
    abandoned: view.abandoned,
  };
}

export const trumpenTricks: GameModule<
  TricksSettings,
  TricksState,
  TricksAction,
  TricksEvent,
  TricksView,
  TricksEvent
> = {
  id: 'trumpen-tricks',
  title: 'TrumPen Trick Taking',
  rulesVersion: 1,
  seats: TRICKS_SEATS,
  settingsSchema: tricksSettingsSchema,
  defaultSettings: tricksSettingsSchema.parse({}),
  options: OPTIONS,
  changeSettings: mergeSettings(tricksSettingsSchema),
  errors: TRICKS_ERRORS,
  actionSchema: tricksActionSchema,
  systemActionSchema: tricksSystemActionSchema,
  viewSchema: tricksViewSchema,
  eventSchema: tricksEventSchema,
  fairness: trumpenFairness('tricks'),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createTricks,
  openingEvents: (state) => [{ type: 'writingOpened', round: state.round }],
  apply: (state, actor, action) => applyTricks(state, actor, action),
  version: (state) => state.version,
  // A play is a turn (R25's stale check); writing and Ready are simultaneous.
  checksVersion: (action) => action.type === 'play',
  pendingSeats: tricksPending,
  timer: tricksTimer,
  drafts: writingDrafts(),
  standIn: (state, key) => tricksStandIn(state, key),
  result: (state) =>
    state.phase === 'over'
      ? { places: state.abandoned ? [] : placesByTotal(state.scores), abandoned: state.abandoned }
      : null,
  checkpoint: (events) => events.some((e) => e.type === 'roundEnded'),
  readSnapshot: (json) => {
    const state = json as Partial<TricksState> | null;
    return state?.schema === 1 && state.game === 'trumpen-tricks' ? (state as TricksState) : null;
  },
  viewFor: tricksViewFor,
  eventFor: (event) => event,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) => {
    switch (view.phase) {
      case 'writing':
        return (view.done ?? []).flatMap((d, s) => (d ? [] : [s]));
      case 'play':
        return view.toPlay === null ? [] : [view.toPlay];
      case 'between':
        return view.ready.flatMap((r, s) => (r ? [] : [s]));
      case 'over':
        return [];
    }
  },
  sheet: tricksSheet,
  legalActions: tricksLegalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  botRandom: (state, seat) =>
    botStream(
      state.randomness,
      seat,
      state.round,
      state.phase === 'play' ? 1 + state.tricks.length : 0,
    ),
  chooseBot: tricksChooseBot,
  botPace: (view) => (view.phase === 'between' ? 'instant' : 'think'),
};
