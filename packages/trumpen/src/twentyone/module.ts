/** TrumPen 21 as a platform module (`trumpen-21`). */
import { botRandom, exampleRandomness, mergeSettings } from '@trepenta/engine';
import type { BotLevel, GameModule, LegalActions, OptionSpec, ScoreSheet } from '@trepenta/engine';
import { placesByTotal } from '../common/base';
import { botStream, trumpenFairness } from '../common/randomness';
import { asDraft, handOf, writingDrafts, writingLegal } from '../common/writing';
import { greedyTurn, greedyWrite } from './bots';
import {
  TWENTYONE_ERRORS,
  TWENTYONE_RULES,
  TWENTYONE_SEATS,
  applyTwentyOne,
  createTwentyOne,
  twentyOnePending,
  twentyOneStandIn,
  twentyOneTimer,
} from './game';
import {
  TWENTYONE_ROUNDS,
  twentyOneActionSchema,
  twentyOneEventSchema,
  twentyOneSettingsSchema,
  twentyOneSystemActionSchema,
} from './state';
import type {
  TwentyOneAction,
  TwentyOneEvent,
  TwentyOneEventView,
  TwentyOneSettings,
  TwentyOneState,
} from './state';
import { twentyOneViewFor, twentyOneViewSchema } from './views';
import type { TwentyOneView } from './views';

const OPTIONS: readonly OptionSpec[] = [
  { key: 'writingSeconds', kind: 'seconds', min: 15, max: 300, group: 'timers' },
  { key: 'turnSeconds', kind: 'seconds', min: 5, max: 300, nullable: true, group: 'timers' },
  { key: 'betweenSeconds', kind: 'seconds', min: 3, max: 60, group: 'timers' },
];

export function twentyOneLegalActions(view: TwentyOneView): LegalActions<TwentyOneAction> {
  const seat = view.viewer;
  const none = { actions: [], spaces: [] };
  if (typeof seat !== 'number') return none;
  switch (view.phase) {
    case 'writing': {
      return writingLegal(TWENTYONE_RULES, view.draft, view.done?.[seat] ?? false);
    }
    case 'offer':
      return view.starter === seat && view.hand
        ? {
            actions: [...new Set(view.hand)].map((value) => ({ type: 'offer', value })),
            spaces: [],
          }
        : none;
    case 'respond':
      return view.asked === seat
        ? { actions: [{ type: 'take' }, { type: 'pass' }], spaces: [] }
        : none;
    case 'between':
      return view.ready[seat] ? none : { actions: [{ type: 'ready' }], spaces: [] };
    case 'over':
      return none;
  }
}

export function twentyOneChooseBot(
  view: TwentyOneView,
  level: BotLevel,
  seed: number,
  committed?: () => number,
): TwentyOneAction | null {
  const seat = view.viewer;
  if (typeof seat !== 'number') return null;
  const random = committed ?? botRandom(seed);
  if (view.phase === 'writing') {
    if (view.done?.[seat] || view.draft === null) return null;
    if (handOf(view.draft, TWENTYONE_RULES).ok) return { type: 'done', cards: [...view.draft] };
    const values =
      level === 'random'
        ? Array.from({ length: 4 }, () => 1 + Math.floor(random() * 13))
        : greedyWrite(random);
    return { type: 'done', cards: asDraft(values.map((value) => ({ value, suit: null }))) };
  }
  if (level === 'greedy') {
    const turn = greedyTurn(view);
    if (turn) return turn;
  }
  const { actions } = twentyOneLegalActions(view);
  if (actions.length === 0) return null;
  return actions[Math.floor(random() * actions.length)]!;
}

export function twentyOneSheet(view: TwentyOneView): ScoreSheet {
  return {
    unit: 'points',
    better: 'higher',
    columns: { kind: 'round', count: TWENTYONE_ROUNDS },
    rows: view.scores.map((total, seat) => ({
      seats: [seat],
      cells: view.rounds.flatMap((round) => (round.points ? [round.points[seat] ?? 0] : [])),
      total,
    })),
    target: null,
    winners:
      view.phase === 'over' && !view.abandoned ? (placesByTotal(view.scores)[0] ?? []) : null,
    abandoned: view.abandoned,
  };
}

function eventFor(event: TwentyOneEvent, viewer: number | 'spectator'): TwentyOneEventView {
  if (event.type === 'offered')
    return { type: 'offered', seat: event.seat, value: viewer === event.seat ? event.value : null };
  return event;
}

export const trumpen21: GameModule<
  TwentyOneSettings,
  TwentyOneState,
  TwentyOneAction,
  TwentyOneEvent,
  TwentyOneView,
  TwentyOneEventView
> = {
  id: 'trumpen-21',
  title: 'TrumPen 21',
  rulesVersion: 1,
  seats: TWENTYONE_SEATS,
  settingsSchema: twentyOneSettingsSchema,
  defaultSettings: twentyOneSettingsSchema.parse({}),
  options: OPTIONS,
  changeSettings: mergeSettings(twentyOneSettingsSchema),
  errors: TWENTYONE_ERRORS,
  actionSchema: twentyOneActionSchema,
  systemActionSchema: twentyOneSystemActionSchema,
  viewSchema: twentyOneViewSchema,
  eventSchema: twentyOneEventSchema,
  fairness: trumpenFairness('21'),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createTwentyOne,
  openingEvents: (state) => [{ type: 'writingOpened', round: state.round }],
  apply: (state, actor, action) => applyTwentyOne(state, actor, action),
  version: (state) => state.version,
  // The offer and each take or pass are turns (R25's stale check); writing and Ready are not.
  checksVersion: (action) =>
    action.type === 'offer' || action.type === 'take' || action.type === 'pass',
  pendingSeats: twentyOnePending,
  timer: twentyOneTimer,
  drafts: writingDrafts(),
  standIn: (state, key) => twentyOneStandIn(state, key),
  result: (state) =>
    state.phase === 'over'
      ? { places: state.abandoned ? [] : placesByTotal(state.scores), abandoned: state.abandoned }
      : null,
  checkpoint: (events) => events.some((e) => e.type === 'roundEnded'),
  readSnapshot: (json) => {
    const state = json as Partial<TwentyOneState> | null;
    return state?.schema === 1 && state.game === 'trumpen-21' ? (state as TwentyOneState) : null;
  },
  viewFor: twentyOneViewFor,
  eventFor,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) => {
    switch (view.phase) {
      case 'writing':
        return (view.done ?? []).flatMap((d, s) => (d ? [] : [s]));
      case 'offer':
        return [view.starter];
      case 'respond':
        return view.asked === null ? [] : [view.asked];
      case 'between':
        return view.ready.flatMap((r, s) => (r ? [] : [s]));
      case 'over':
        return [];
    }
  },
  sheet: twentyOneSheet,
  legalActions: twentyOneLegalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  botRandom: (state, seat) =>
    botStream(
      state.randomness,
      seat,
      state.round,
      state.phase === 'offer' || state.phase === 'respond' ? 1 + state.deal : 0,
    ),
  chooseBot: twentyOneChooseBot,
  botPace: (view) => (view.phase === 'between' ? 'instant' : 'think'),
};
