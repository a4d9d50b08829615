import { exampleRandomness } from '@trepenta/engine';
import type { ActionSpace, GameModule, OptionSpec, ScoreSheet } from '@trepenta/engine';
import type { Action, PlayerAction } from './actions';
import { isTurnAction, playerActionSchema, systemActionSchema } from './actions';
import { BOT_LEVELS, chooseBotAction, standInActions } from './bots';
import { RULE_ERRORS, ruleError } from './errors';
import type { RuleError } from './errors';
import { eventFor, eventViewSchema, eventsFor } from './events';
import type { EventView, GameEvent } from './events';
import { commitment } from './fairness';
import { applyAction, createGame, currentTimer, pendingSeats, roundStartEvents } from './game';
import { fieldChoiceCount, isFieldChoice, legalActions, sampleFieldChoice } from './legal';
import type { FieldChoiceSpace } from './legal';
import { err, ok } from './result';
import { totals } from './roundEnd';
import {
  DEFAULT_SETTINGS,
  HOUSE_RULES,
  MAX_SEATS,
  MIN_SEATS,
  ROUNDS,
  changeSettings,
  settingsChangeSchema,
  settingsSchema,
} from './settings';
import type { GameSettings } from './settings';
import { STATE_SCHEMA_VERSION } from './state';
import type { GameState } from './state';
import { DECK_SETTINGS } from './cards';
import {
  applyViewPatch,
  gameViewPatchSchema,
  gameViewSchema,
  isWholeView,
  viewFor,
  viewPatchesFor,
  viewsFor,
} from './views';
import type { GameView, GameViewPatch } from './views';

/** The host options, in the order the lobby shows them (words: the web chunk's messages). */
const OPTIONS: readonly OptionSpec[] = [
  { key: 'deck', kind: 'choice', values: DECK_SETTINGS, group: 'deck' },
  ...HOUSE_RULES.map((rule): OptionSpec => ({
    key: `houseRules.${rule}`,
    kind: 'boolean',
    group: 'houseRules',
  })),
  {
    key: 'reshuffleLimit',
    kind: 'integer',
    min: 0,
    max: 20,
    group: 'houseRules',
    requires: 'houseRules.longPlay',
  },
  { key: 'turnTimerSeconds', kind: 'seconds', min: 5, max: 600, nullable: true, group: 'timers' },
  { key: 'setupTimerSeconds', kind: 'seconds', min: 5, max: 600, group: 'timers' },
  {
    key: 'layOffTimerSeconds',
    kind: 'seconds',
    min: 5,
    max: 300,
    group: 'timers',
    requires: 'houseRules.rivalSets',
  },
  { key: 'betweenRoundsSeconds', kind: 'seconds', min: 3, max: 300, group: 'timers' },
];

/** Trepenta's field choice under peek or sort, as an action space too large to list. */
function fieldChoiceSpace(space: FieldChoiceSpace): ActionSpace<PlayerAction> {
  return {
    kind: 'fieldChoice',
    size: fieldChoiceCount(space),
    sample: (random) => sampleFieldChoice(space, random),
    contains: (action) => isFieldChoice(space, action),
  };
}

/** The seats whose move the view awaits: who the table is waiting for. */
function awaitedSeats(view: GameView): number[] {
  const seats = view.seats.map((seat) => seat.seat);
  switch (view.phase) {
    case 'setup':
      return seats.filter((seat) => !view.seats[seat]!.fieldChosen);
    case 'turns':
      return view.turn ? [view.turn.seat] : [];
    case 'arrange':
      return seats.filter((seat) => !view.reveal!.seats[seat]!.chosen);
    case 'layoff':
      return view.reveal?.layoff ? [view.reveal.layoff.seat] : [];
    case 'roundEnd':
      return seats.filter((seat) => !view.seats[seat]!.ready);
    case 'gameOver':
      return [];
  }
}

/** Rounds × seats, lowest total leading; the winners once the game is over (§5.6). */
function sheet(view: GameView): ScoreSheet {
  return {
    unit: 'points',
    better: 'lower',
    columns: { kind: 'round', count: view.rounds },
    rows: view.seats.map(({ seat }) => ({
      seats: [seat],
      cells: view.scores.map((round) => round[seat] ?? 0),
      total: view.totals[seat] ?? 0,
    })),
    target: null,
    winners: view.winners,
    abandoned: view.abandoned,
  };
}

/** Trepenta on the platform: the functions of this package behind the module interface. */
export const trepenta: GameModule<
  GameSettings,
  GameState,
  PlayerAction,
  GameEvent,
  GameView,
  EventView,
  GameViewPatch
> = {
  id: 'trepenta',
  title: 'Trepenta',
  rulesVersion: 1,
  seats: { min: MIN_SEATS, max: MAX_SEATS },

  settingsSchema,
  defaultSettings: DEFAULT_SETTINGS,
  options: OPTIONS,
  changeSettings(settings, change) {
    const parsed = settingsChangeSchema.safeParse(change);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return err(
        ruleError(
          'INVALID_SETTINGS',
          `The game settings are not valid (${issue?.path.join('.') || 'settings'}: ${issue?.message}).`,
        ),
      );
    }
    return ok(changeSettings(settings, parsed.data));
  },

  errors: RULE_ERRORS,
  actionSchema: playerActionSchema,
  systemActionSchema,
  viewSchema: gameViewSchema,
  patchSchema: gameViewPatchSchema,
  eventSchema: eventViewSchema,

  fairness: {
    secretCount: () => ROUNDS,
    commitment: (gameId, index, secret) => commitment(gameId, index + 1, secret),
    secretName: (index) => `Round ${index + 1}'s secret`,
  },
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(ROUNDS, seatCount, seed),

  create: createGame,
  openingEvents: roundStartEvents,
  apply: (state, actor, action) => applyAction(state, actor, action as Action),
  version: (state) => state.version,
  checksVersion: isTurnAction,
  pendingSeats,
  timer(state) {
    const timer = currentTimer(state);
    return timer && { key: timer.key, seconds: timer.seconds };
  },
  standIn: (state, key, seed) =>
    currentTimer(state)?.key === key ? standInActions(state, seed) : [],
  result(state) {
    if (state.phase !== 'gameOver') return null;
    const sums = totals(state);
    const distinct = [...new Set(sums)].sort((a, b) => a - b);
    return {
      places: distinct.map((total) => sums.flatMap((sum, seat) => (sum === total ? [seat] : []))),
      abandoned: state.abandoned,
    };
  },
  checkpoint: (events) => events.some((event) => event.type === 'roundScored'),
  readSnapshot(json) {
    const state = json as GameState | null;
    return state?.schemaVersion === STATE_SCHEMA_VERSION ? state : null;
  },

  viewFor,
  eventFor,
  viewsFor,
  eventsFor,
  patches: {
    patchesFor: viewPatchesFor,
    applyPatch: applyViewPatch,
    isWhole: isWholeView,
    patchVersion: (patch) => patch.version,
  },
  viewHead: (view) => ({
    gameId: view.fairness.gameId,
    version: view.version,
    viewer: view.viewer,
  }),
  awaitedSeats,
  sheet,

  legalActions(view) {
    const legal = legalActions(view);
    return {
      actions: legal.actions,
      spaces: legal.fieldChoice ? [fieldChoiceSpace(legal.fieldChoice)] : [],
    };
  },
  botLevels: BOT_LEVELS,
  standInLevel: 'greedy',
  chooseBot: chooseBotAction,
  // Simultaneous steps and "ready" need no human-like pause.
  botPace: (view) => (view.phase === 'turns' || view.phase === 'layoff' ? 'think' : 'instant'),
};

export type { RuleError };
