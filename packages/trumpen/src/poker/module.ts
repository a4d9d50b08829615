/** TrumPen Poker as a platform module (`trumpen-poker`). */
import { botRandom, exampleRandomness, mergeSettings } from '@trepenta/engine';
import type { BotLevel, GameModule, LegalActions, OptionSpec, ScoreSheet } from '@trepenta/engine';
import { placesByTotal } from '../common/base';
import { botStream, trumpenFairness } from '../common/randomness';
import { asDraft, completeCards, handOf, writingDrafts, writingLegal } from '../common/writing';
import { greedyHand, randomHand } from './bots';
import {
  POKER_ERRORS,
  POKER_SEATS,
  applyPoker,
  createPoker,
  pokerPending,
  pokerRules,
  pokerStandIn,
  pokerTimer,
} from './game';
import {
  POKER_ROUNDS,
  POKER_TARGET,
  pokerActionSchema,
  pokerEventSchema,
  pokerSettingsSchema,
  pokerSystemActionSchema,
} from './state';
import type { PokerAction, PokerEvent, PokerSettings, PokerState } from './state';
import { pokerViewFor, pokerViewSchema } from './views';
import type { PokerView } from './views';

const OPTIONS: readonly OptionSpec[] = [
  { key: 'showAllHands', kind: 'boolean', group: 'houseRules' },
  { key: 'pokerOrder', kind: 'boolean', group: 'houseRules' },
  { key: 'writingSeconds', kind: 'seconds', min: 30, max: 300, group: 'timers' },
  { key: 'betweenSeconds', kind: 'seconds', min: 3, max: 60, group: 'timers' },
];

export function pokerLegalActions(view: PokerView): LegalActions<PokerAction> {
  const seat = view.viewer;
  if (typeof seat !== 'number' || view.phase === 'over') return { actions: [], spaces: [] };
  if (view.phase === 'between')
    return { actions: view.ready[seat] ? [] : [{ type: 'ready' }], spaces: [] };
  return writingLegal(pokerRules(view.seatCount), view.draft, view.done?.[seat] ?? false);
}

export function pokerChooseBot(
  view: PokerView,
  level: BotLevel,
  seed: number,
  committed?: () => number,
): PokerAction | null {
  const seat = view.viewer;
  if (typeof seat !== 'number' || view.phase === 'over') return null;
  if (view.phase === 'between') return view.ready[seat] ? null : { type: 'ready' };
  if (view.done?.[seat] || view.draft === null) return null;
  const rules = pokerRules(view.seatCount);
  if (handOf(view.draft, rules).ok) return { type: 'done', cards: [...view.draft] };
  const random = committed ?? botRandom(seed);
  const hand =
    level === 'random'
      ? randomHand(rules.maxValue, random)
      : greedyHand(
          rules.maxValue,
          view.seatCount,
          seat,
          view.settings.pokerOrder,
          random,
          completeCards(view.draft, rules),
        );
  return { type: 'done', cards: asDraft(hand) };
}

export function pokerSheet(view: PokerView): ScoreSheet {
  return {
    unit: 'points',
    better: 'higher',
    columns: { kind: 'round', count: POKER_ROUNDS },
    rows: view.scores.map((total, seat) => ({
      seats: [seat],
      cells: view.rounds.map((round) => round.points[seat] ?? 0),
      total,
    })),
    target: POKER_TARGET,
    winners:
      view.phase === 'over' && !view.abandoned ? (placesByTotal(view.scores)[0] ?? []) : null,
    abandoned: view.abandoned,
  };
}

export const trumpenPoker: GameModule<
  PokerSettings,
  PokerState,
  PokerAction,
  PokerEvent,
  PokerView,
  PokerEvent
> = {
  id: 'trumpen-poker',
  title: 'TrumPen Poker',
  rulesVersion: 1,
  seats: POKER_SEATS,
  settingsSchema: pokerSettingsSchema,
  defaultSettings: pokerSettingsSchema.parse({}),
  options: OPTIONS,
  changeSettings: mergeSettings(pokerSettingsSchema),
  errors: POKER_ERRORS,
  actionSchema: pokerActionSchema,
  systemActionSchema: pokerSystemActionSchema,
  viewSchema: pokerViewSchema,
  eventSchema: pokerEventSchema,
  fairness: trumpenFairness('poker'),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create: createPoker,
  openingEvents: (state) => [{ type: 'writingOpened', round: state.round }],
  apply: (state, actor, action) => applyPoker(state, actor, action),
  version: (state) => state.version,
  // Writing and Ready are simultaneous steps: legality only, no stale check (R25).
  checksVersion: () => false,
  pendingSeats: pokerPending,
  timer: pokerTimer,
  standIn: (state, key) => pokerStandIn(state, key),
  drafts: writingDrafts(),
  result: (state) =>
    state.phase === 'over'
      ? { places: state.abandoned ? [] : placesByTotal(state.scores), abandoned: state.abandoned }
      : null,
  checkpoint: (events) => events.some((e) => e.type === 'roundEnded'),
  readSnapshot: (json) => {
    const state = json as Partial<PokerState> | null;
    return state?.schema === 1 && state.game === 'trumpen-poker' ? (state as PokerState) : null;
  },
  viewFor: pokerViewFor,
  eventFor: (event) => event,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) => {
    if (view.phase === 'writing') return (view.done ?? []).flatMap((d, s) => (d ? [] : [s]));
    if (view.phase === 'between') return view.ready.flatMap((r, s) => (r ? [] : [s]));
    return [];
  },
  sheet: pokerSheet,
  legalActions: pokerLegalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  botRandom: (state, seat) => botStream(state.randomness, seat, state.round, 0),
  chooseBot: pokerChooseBot,
  botPace: (view) => (view.phase === 'writing' ? 'think' : 'instant'),
};
