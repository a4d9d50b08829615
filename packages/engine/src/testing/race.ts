/**
 * Race: a small real-time game for the platform's tests (not a game anyone plays). Two to four
 * seats play at once, no turns, onto two shared stacks: a hand card whose value is one above or
 * below a stack's top (13 and 1 are neighbours) may be played, naming the stack's height as seen
 * (a stack that moved meanwhile refuses it: STACK_CHANGED, with a fresh view). A seat cools down
 * for the room's cooldown after each play (the server's clock, stamped on the logged action).
 * When nobody plays for the idle time, two new tops are flipped from the deck; with the deck
 * empty the game ends. Whoever empties their hand first wins; the rest by cards left.
 *
 * It exercises what a real-time module needs of the platform: no version checks, stale refusals
 * with a fresh view, the clock stamp, a per-seat action budget, bots on their own clocks, and a
 * keyed idle timer. Hidden information: each hand (ids and values), the deck's order.
 */
import { z } from 'zod';
import { createStream, nonceKey, shuffle } from '../fairness';
import { exampleRandomness } from '../randomness';
import { mergeSettings, oneSecret } from '../helpers';
import { err, ok } from '../result';
import type {
  Applied,
  GameModule,
  LegalActions,
  Randomness,
  RuleError,
  ScoreSheet,
  SystemAction,
  Viewer,
} from '../module';

export interface RaceSettings {
  readonly handSize: number;
  readonly cooldownMs: number;
  readonly idleSeconds: number;
}

export interface RaceCard {
  readonly id: string;
  readonly value: number;
}

export interface RaceState {
  readonly schema: 1;
  readonly settings: RaceSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly version: number;
  readonly hands: readonly (readonly RaceCard[])[];
  /** Each stack bottom first; its height is its length. */
  readonly stacks: readonly [readonly number[], readonly number[]];
  readonly deck: readonly number[];
  /** When each seat may play again (game clock ms). */
  readonly coolUntil: readonly number[];
  /** Plays so far: the idle timer's key. */
  readonly plays: number;
  readonly over: boolean;
  readonly abandoned: boolean;
}

export type RaceAction = { type: 'play'; card: string; stack: 0 | 1; height: number };

export type RaceEvent =
  | { type: 'played'; seat: number; stack: 0 | 1; value: number; card: string }
  | { type: 'flipped'; tops: readonly [number, number] }
  | { type: 'ended'; winners: readonly number[]; abandoned: boolean };

export type RaceEventView =
  | { type: 'played'; seat: number; stack: 0 | 1; value: number; card: string | null }
  | { type: 'flipped'; tops: [number, number] }
  | { type: 'ended'; winners: number[]; abandoned: boolean };

export interface RaceView {
  viewer: Viewer;
  gameId: string;
  version: number;
  stacks: [number[], number[]];
  deckCount: number;
  handCounts: number[];
  hand: RaceCard[] | null;
  coolUntil: number[];
  plays: number;
  over: boolean;
  winners: number[] | null;
  abandoned: boolean;
  secrets: string[] | null;
}

const ERRORS = {
  INVALID_SETTINGS: 'The settings are not valid.',
  INVALID_SEAT_COUNT: 'Race takes 2 to 4 seats.',
  INVALID_RANDOMNESS: 'The randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat.',
  SYSTEM_ONLY: 'Only the server can do that.',
  NO_CARD: 'That card is not in your hand.',
  COOLING: 'You played a moment ago: wait for your cooldown.',
  STACK_CHANGED: 'That stack moved before your play arrived.',
  NOT_ADJACENT: 'That card is not next to the stack’s top.',
  STALE_TIMER: 'That timer is no longer running.',
  WRONG_PHASE: 'That is not possible now.',
  GAME_OVER: 'The game is over.',
} as const;
type Code = keyof typeof ERRORS;
const fail = (code: Code): RuleError => ({ code, message: ERRORS[code] });

const settingsSchema = z
  .object({
    handSize: z.number().int().min(1).max(10).default(5),
    cooldownMs: z.number().int().min(0).max(5000).default(250),
    idleSeconds: z.number().int().min(1).max(120).default(5),
  })
  .strict();

const DOMAIN = 'test-race/1';
const cardSchema = z.object({ id: z.string(), value: z.number().int() }).strict();

const viewSchema = z
  .object({
    viewer: z.union([z.number().int(), z.literal('spectator')]),
    gameId: z.string(),
    version: z.number().int(),
    stacks: z.tuple([z.array(z.number().int()), z.array(z.number().int())]),
    deckCount: z.number().int(),
    handCounts: z.array(z.number().int()),
    hand: z.array(cardSchema).nullable(),
    coolUntil: z.array(z.number()),
    plays: z.number().int(),
    over: z.boolean(),
    winners: z.array(z.number().int()).nullable(),
    abandoned: z.boolean(),
    secrets: z.array(z.string()).nullable(),
  })
  .strict();

const eventSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('played'),
      seat: z.number().int(),
      stack: z.union([z.literal(0), z.literal(1)]),
      value: z.number().int(),
      card: z.string().nullable(),
    })
    .strict(),
  z
    .object({ type: z.literal('flipped'), tops: z.tuple([z.number().int(), z.number().int()]) })
    .strict(),
  z
    .object({
      type: z.literal('ended'),
      winners: z.array(z.number().int()),
      abandoned: z.boolean(),
    })
    .strict(),
]);

const actionSchema = z
  .object({
    type: z.literal('play'),
    card: z.string().min(1).max(16),
    stack: z.union([z.literal(0), z.literal(1)]),
    height: z.number().int().min(0).max(1000),
  })
  .strict();

const systemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(actionSchema).max(0),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
]);

function neighbours(a: number, b: number): boolean {
  const d = Math.abs(a - b);
  return d === 1 || d === 12;
}

function top(stack: readonly number[]): number {
  return stack[stack.length - 1]!;
}

/** The winners: whoever holds fewest cards (the one who emptied their hand, or a tie). */
function fewest(state: RaceState): number[] {
  const least = Math.min(...state.hands.map((hand) => hand.length));
  return state.hands.flatMap((hand, seat) => (hand.length === least ? [seat] : []));
}

function end(
  state: RaceState,
  abandoned: boolean,
  events: RaceEvent[],
): Applied<RaceState, RaceEvent> {
  const winners = abandoned ? [] : fewest(state);
  events.push({ type: 'ended', winners, abandoned });
  return { state: { ...state, over: true, abandoned }, events };
}

function create(settings: RaceSettings, seatCount: number, randomness: Randomness) {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 4)
    return err(fail('INVALID_SEAT_COUNT'));
  if (randomness.secrets.length !== 1 || randomness.nonces.length !== seatCount) {
    return err(fail('INVALID_RANDOMNESS'));
  }
  let key: Uint8Array;
  try {
    key = nonceKey(randomness.secrets[0]!, randomness.nonces);
  } catch {
    return err(fail('INVALID_RANDOMNESS'));
  }
  // Four suits of 1–13, by value; suits do not matter here.
  const deck = shuffle(
    Array.from({ length: 52 }, (_, i) => (i % 13) + 1),
    createStream(key, 'deal'),
  );
  const size = parsed.data.handSize;
  const hands = Array.from({ length: seatCount }, (_, seat) =>
    deck.slice(seat * size, (seat + 1) * size).map((value, i) => ({ id: `${seat}-${i}`, value })),
  );
  const rest = deck.slice(seatCount * size);
  const state: RaceState = {
    schema: 1,
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    hands,
    stacks: [[rest[0]!], [rest[1]!]],
    deck: rest.slice(2),
    coolUntil: hands.map(() => 0),
    plays: 0,
    over: false,
    abandoned: false,
  };
  return ok(state);
}

function apply(
  state: RaceState,
  actor: number | 'system',
  action: RaceAction | SystemAction<RaceAction>,
  at = 0,
) {
  if (state.over) return err(fail('GAME_OVER'));
  const bump = (applied: Applied<RaceState, RaceEvent>) =>
    ok({ state: { ...applied.state, version: state.version + 1 }, events: applied.events });
  if (actor === 'system') {
    if (action.type === 'abandon') return bump(end(state, true, []));
    if (action.type !== 'timeout') return err(fail('WRONG_PHASE'));
    if (action.key !== `idle/${state.plays}`) return err(fail('STALE_TIMER'));
    const events: RaceEvent[] = [];
    if (state.deck.length < 2) return bump(end(state, false, events));
    const tops: [number, number] = [state.deck[0]!, state.deck[1]!];
    events.push({ type: 'flipped', tops });
    const next: RaceState = {
      ...state,
      stacks: [
        [...state.stacks[0], tops[0]],
        [...state.stacks[1], tops[1]],
      ],
      deck: state.deck.slice(2),
      // A flip is a new start for the idle timer, as a play is.
      plays: state.plays + 1,
    };
    return bump({ state: next, events });
  }
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount)
    return err(fail('NOT_A_SEAT'));
  if (action.type !== 'play') return err(fail('SYSTEM_ONLY'));
  const hand = state.hands[actor]!;
  const index = hand.findIndex((card) => card.id === action.card);
  if (index < 0) return err(fail('NO_CARD'));
  if (at < state.coolUntil[actor]!) return err(fail('COOLING'));
  const stack = state.stacks[action.stack];
  if (action.height !== stack.length) return err(fail('STACK_CHANGED'));
  const card = hand[index]!;
  if (!neighbours(card.value, top(stack))) return err(fail('NOT_ADJACENT'));
  const hands = state.hands.map((h, seat) =>
    seat === actor ? h.filter((_, i) => i !== index) : h,
  );
  const stacks: [number[], number[]] = [[...state.stacks[0]], [...state.stacks[1]]];
  stacks[action.stack].push(card.value);
  const next: RaceState = {
    ...state,
    hands,
    stacks,
    coolUntil: state.coolUntil.map((until, seat) =>
      seat === actor ? at + state.settings.cooldownMs : until,
    ),
    plays: state.plays + 1,
  };
  const events: RaceEvent[] = [
    { type: 'played', seat: actor, stack: action.stack, value: card.value, card: card.id },
  ];
  if (hands[actor]!.length === 0) return bump(end(next, false, events));
  return bump({ state: next, events });
}

function viewFor(state: RaceState, viewer: Viewer): RaceView {
  return {
    viewer,
    gameId: state.randomness.gameId,
    version: state.version,
    stacks: [[...state.stacks[0]], [...state.stacks[1]]],
    deckCount: state.deck.length,
    handCounts: state.hands.map((hand) => hand.length),
    hand: typeof viewer === 'number' ? state.hands[viewer]!.map((card) => ({ ...card })) : null,
    coolUntil: [...state.coolUntil],
    plays: state.plays,
    over: state.over,
    winners: state.over && !state.abandoned ? fewest(state) : null,
    abandoned: state.abandoned,
    secrets: state.over ? [...state.randomness.secrets] : null,
  };
}

function eventFor(event: RaceEvent, viewer: Viewer): RaceEventView {
  switch (event.type) {
    case 'played':
      // The card's id is its owner's: others see its value, which every play shows.
      return { ...event, card: viewer === event.seat ? event.card : null };
    case 'flipped':
      return { type: 'flipped', tops: [event.tops[0], event.tops[1]] };
    case 'ended':
      return { type: 'ended', winners: [...event.winners], abandoned: event.abandoned };
  }
}

function legalActions(view: RaceView): LegalActions<RaceAction> {
  if (view.hand === null || view.over) return { actions: [], spaces: [] };
  const actions: RaceAction[] = [];
  for (const card of view.hand) {
    for (const stack of [0, 1] as const) {
      const pile = view.stacks[stack];
      if (neighbours(card.value, pile[pile.length - 1]!)) {
        actions.push({ type: 'play', card: card.id, stack, height: pile.length });
      }
    }
  }
  return { actions, spaces: [] };
}

function sheet(view: RaceView): ScoreSheet {
  return {
    unit: 'points',
    better: 'lower',
    columns: { kind: 'round', count: 1 },
    rows: view.handCounts.map((count, seat) => ({
      seats: [seat],
      cells: view.over ? [count] : [],
      total: count,
    })),
    target: null,
    winners: view.winners,
    abandoned: view.abandoned,
  };
}

export const race: GameModule<
  RaceSettings,
  RaceState,
  RaceAction,
  RaceEvent,
  RaceView,
  RaceEventView
> = {
  id: 'test-race',
  title: 'Race',
  rulesVersion: 1,
  seats: { min: 2, max: 4 },
  settingsSchema,
  defaultSettings: settingsSchema.parse({}),
  options: [
    { key: 'handSize', kind: 'integer', min: 1, max: 10, group: 'game' },
    { key: 'cooldownMs', kind: 'integer', min: 0, max: 5000, group: 'game' },
    { key: 'idleSeconds', kind: 'seconds', min: 1, max: 120, group: 'timers' },
  ],
  changeSettings: mergeSettings(settingsSchema),
  errors: ERRORS,
  actionSchema,
  systemActionSchema: systemActionSchema,
  viewSchema,
  eventSchema,
  fairness: oneSecret(DOMAIN, "The game's secret"),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create,
  openingEvents: () => [],
  apply,
  version: (state) => state.version,
  checksVersion: () => false,
  pendingSeats: (state) =>
    state.over ? [] : state.hands.flatMap((hand, seat) => (hand.length > 0 ? [seat] : [])),
  timer: (state) =>
    state.over ? null : { key: `idle/${state.plays}`, seconds: state.settings.idleSeconds },
  standIn: () => [],
  result: (state) => (state.over ? { places: [fewest(state)], abandoned: state.abandoned } : null),
  checkpoint: () => false,
  readSnapshot: (json) => ((json as RaceState | null)?.schema === 1 ? (json as RaceState) : null),
  clock: true,
  realTime: { staleCodes: ['STACK_CHANGED'], budget: { burst: 10, perSecond: 10 } },
  viewFor,
  eventFor,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) =>
    view.over ? [] : view.handCounts.flatMap((n, seat) => (n > 0 ? [seat] : [])),
  sheet,
  legalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  chooseBot(view, level, seed) {
    const { actions } = legalActions(view);
    if (actions.length === 0 || typeof view.viewer !== 'number') return null;
    // Cooling: wait (a bot never plays into a refusal it can see coming).
    if (level === 'greedy') return actions[0]!;
    return actions[Math.abs(seed) % actions.length]!;
  },
  botPace: (_view, level) => ({ ms: level === 'greedy' ? 300 : 500 }),
};
