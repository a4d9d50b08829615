/**
 * Pot: a small session game for the platform's tests (not a game anyone plays). Chips, hands with
 * no fixed number, seats taken, left and handed to bots between hands, nonce sets that change
 * with them, and a host who closes the table: what a session needs of the platform (Trefeltromp's
 * shape, in miniature).
 *
 * Each hand, every seated player with chips for the ante antes one and gets one hidden card
 * (1–13, from hand h's key: one secret, the nonce set in force). All decide at once, stay or fold
 * (a simultaneous step); the highest card among those who stayed takes the pot (ties split it,
 * the odd chip stays for the next hand, as does a pot nobody stayed for). Folded cards stay hidden.
 * Between hands seats are open: a person who takes a seat that was not theirs brings in a new
 * nonce set before the next hand. The session ends when the host closes the table (after the
 * hand in play) or fewer than two can ante; the result is each seat's net chips.
 */
import { z } from 'zod';
import { createStream, handKey, isHex256, shuffle } from '../fairness';
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

export interface PotSettings {
  readonly ante: number;
  readonly stack: number;
  readonly decideSeconds: number;
  readonly betweenSeconds: number;
}

export type Occupant = 'human' | 'bot' | null;

export interface PotSeat {
  readonly occupant: Occupant;
  readonly chips: number;
  /** Chips brought to the table (each newcomer's stack): net = chips − bought. */
  readonly bought: number;
  readonly card: number | null;
  readonly choice: 'stay' | 'fold' | null;
  readonly inHand: boolean;
  readonly sittingOut: boolean;
}

export interface PotState {
  readonly schema: 1;
  readonly settings: PotSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  /** The nonce set in force: its number and nonces. */
  readonly epoch: number;
  readonly nonces: readonly string[];
  /** The set the next hand waits for, or null. */
  readonly wantsNonces: number | null;
  readonly version: number;
  /** Hands dealt so far (the current one's number while it is played). */
  readonly hand: number;
  readonly phase: 'decide' | 'between' | 'over';
  readonly seats: readonly PotSeat[];
  readonly pot: number;
  /** Net chips per seat per finished hand. */
  readonly history: readonly (readonly number[])[];
  readonly closed: boolean;
  readonly abandoned: boolean;
}

export type PotAction = { type: 'choose'; stay: boolean } | { type: 'sitOut'; out: boolean };

export type PotEvent =
  | { type: 'dealt'; hand: number; cards: readonly (number | null)[]; pot: number }
  | { type: 'chose'; seat: number }
  | { type: 'showdown'; shown: readonly (number | null)[]; winners: readonly number[]; pot: number }
  | { type: 'seated'; seat: number; occupant: Occupant }
  | { type: 'closed' }
  | { type: 'ended'; abandoned: boolean };

export type PotEventView =
  | { type: 'dealt'; hand: number; card: number | null; pot: number }
  | { type: 'chose'; seat: number }
  | { type: 'showdown'; shown: (number | null)[]; winners: number[]; pot: number }
  | { type: 'seated'; seat: number; occupant: Occupant }
  | { type: 'closed' }
  | { type: 'ended'; abandoned: boolean };

export interface PotView {
  viewer: Viewer;
  gameId: string;
  version: number;
  hand: number;
  phase: 'decide' | 'between' | 'over';
  pot: number;
  seats: {
    occupant: Occupant;
    chips: number;
    net: number;
    inHand: boolean;
    decided: boolean;
    sittingOut: boolean;
    card: number | null;
  }[];
  history: number[][];
  closed: boolean;
  wantsNonces: number | null;
  abandoned: boolean;
  secrets: string[] | null;
}

const ERRORS = {
  INVALID_SETTINGS: 'The settings are not valid.',
  INVALID_SEAT_COUNT: 'Pot takes 2 to 8 seats.',
  INVALID_RANDOMNESS: 'The randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat.',
  EMPTY_SEAT: 'Nobody sits there.',
  SYSTEM_ONLY: 'Only the server can do that.',
  WRONG_PHASE: 'That is not possible now.',
  NOT_IN_HAND: 'You are not in this hand.',
  ALREADY_CHOSEN: 'You have already decided.',
  SEATS_CLOSED: 'Seats change only between hands.',
  SEAT_TAKEN: 'That seat is taken.',
  WRONG_NONCES: 'That is not the nonce set the table waits for.',
  STALE_TIMER: 'That timer is no longer running.',
  GAME_OVER: 'The session is over.',
} as const;
type Code = keyof typeof ERRORS;
const fail = (code: Code): RuleError => ({ code, message: ERRORS[code] });

const settingsSchema = z
  .object({
    ante: z.number().int().min(1).max(100).default(1),
    stack: z.number().int().min(1).max(10_000).default(20),
    decideSeconds: z.number().int().min(1).max(300).default(10),
    betweenSeconds: z.number().int().min(1).max(300).default(3),
  })
  .strict();

const DOMAIN = 'test-pot/1';
const occupantSchema = z.union([z.literal('human'), z.literal('bot'), z.null()]);
const hex = z.string().regex(/^[0-9a-f]{64}$/);

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choose'), stay: z.boolean() }).strict(),
  z.object({ type: z.literal('sitOut'), out: z.boolean() }).strict(),
]);

const systemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().max(64),
      standIn: z.array(actionSchema).max(0),
    })
    .strict(),
  z.object({ type: z.literal('abandon') }).strict(),
  z
    .object({
      type: z.literal('nonces'),
      epoch: z.number().int().min(1),
      nonces: z.array(hex).max(8),
      hashes: z.array(hex.nullable()).max(8),
    })
    .strict(),
  z
    .object({
      type: z.literal('seat'),
      seat: z.number().int().min(0).max(7),
      occupant: occupantSchema,
    })
    .strict(),
  z.object({ type: z.literal('close') }).strict(),
]);

const viewSchema = z
  .object({
    viewer: z.union([z.number().int(), z.literal('spectator')]),
    gameId: z.string(),
    version: z.number().int(),
    hand: z.number().int(),
    phase: z.enum(['decide', 'between', 'over']),
    pot: z.number().int(),
    seats: z.array(
      z
        .object({
          occupant: occupantSchema,
          chips: z.number().int(),
          net: z.number().int(),
          inHand: z.boolean(),
          decided: z.boolean(),
          sittingOut: z.boolean(),
          card: z.number().int().nullable(),
        })
        .strict(),
    ),
    history: z.array(z.array(z.number().int())),
    closed: z.boolean(),
    wantsNonces: z.number().int().nullable(),
    abandoned: z.boolean(),
    secrets: z.array(z.string()).nullable(),
  })
  .strict();

const eventSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('dealt'),
      hand: z.number().int(),
      card: z.number().int().nullable(),
      pot: z.number().int(),
    })
    .strict(),
  z.object({ type: z.literal('chose'), seat: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('showdown'),
      shown: z.array(z.number().int().nullable()),
      winners: z.array(z.number().int()),
      pot: z.number().int(),
    })
    .strict(),
  z
    .object({ type: z.literal('seated'), seat: z.number().int(), occupant: occupantSchema })
    .strict(),
  z.object({ type: z.literal('closed') }).strict(),
  z.object({ type: z.literal('ended'), abandoned: z.boolean() }).strict(),
]);

type Step = Applied<PotState, PotEvent>;

function seatsWhere(state: PotState, test: (seat: PotSeat) => boolean): number[] {
  return state.seats.flatMap((seat, i) => (test(seat) ? [i] : []));
}

/** Who can ante for the next hand. */
function able(state: PotState): number[] {
  return seatsWhere(
    state,
    (s) => s.occupant !== null && !s.sittingOut && s.chips >= state.settings.ante,
  );
}

function end(state: PotState, abandoned: boolean, events: PotEvent[]): Step {
  events.push({ type: 'ended', abandoned });
  return { state: { ...state, phase: 'over', abandoned }, events };
}

/** Deals the next hand from its key, or ends the session when it cannot go on. */
function deal(state: PotState, events: PotEvent[]): Step {
  const players = able(state);
  if (state.closed || players.length < 2) return end(state, false, events);
  const hand = state.hand + 1;
  const key = handKey(state.randomness.secrets[0]!, hand, state.nonces);
  const deck = shuffle(
    Array.from({ length: 52 }, (_, i) => (i % 13) + 1),
    createStream(key, 'deal'),
  );
  let next = 0;
  const seats = state.seats.map((seat, i) =>
    players.includes(i)
      ? {
          ...seat,
          chips: seat.chips - state.settings.ante,
          card: deck[next++]!,
          choice: null,
          inHand: true,
        }
      : { ...seat, card: null, choice: null, inHand: false },
  );
  const pot = state.pot + players.length * state.settings.ante;
  events.push({ type: 'dealt', hand, cards: seats.map((s) => s.card), pot });
  return { state: { ...state, hand, phase: 'decide', seats, pot }, events };
}

/** Everyone in has decided (or the time ran out): the stayers' highest card takes the pot. */
function showdown(state: PotState, events: PotEvent[]): Step {
  const stayers = seatsWhere(state, (s) => s.inHand && s.choice === 'stay');
  const best = Math.max(0, ...stayers.map((i) => state.seats[i]!.card!));
  const winners = stayers.filter((i) => state.seats[i]!.card === best);
  const share = winners.length > 0 ? Math.floor(state.pot / winners.length) : 0;
  const left = winners.length > 0 ? state.pot - share * winners.length : state.pot;
  const before = state.seats.map((s) => s.chips);
  const seats = state.seats.map((seat, i) => ({
    ...seat,
    chips: seat.chips + (winners.includes(i) ? share : 0),
    inHand: false,
    choice: null,
  }));
  const ante = state.settings.ante;
  const net = seats.map((seat, i) => seat.chips - before[i]! - (state.seats[i]!.inHand ? ante : 0));
  events.push({
    type: 'showdown',
    shown: state.seats.map((s, i) => (stayers.includes(i) ? s.card : null)),
    winners,
    pot: state.pot,
  });
  const done: PotState = {
    ...state,
    seats,
    pot: left,
    phase: 'between',
    history: [...state.history, net],
  };
  if (state.closed) return end(done, false, events);
  return { state: done, events };
}

function create(settings: PotSettings, seatCount: number, randomness: Randomness) {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 8)
    return err(fail('INVALID_SEAT_COUNT'));
  if (
    randomness.secrets.length !== 1 ||
    randomness.nonces.length !== seatCount ||
    ![...randomness.secrets, ...randomness.nonces].every(isHex256)
  ) {
    return err(fail('INVALID_RANDOMNESS'));
  }
  // Every chair taken at the start (the platform says which stay empty or are bots, by system
  // actions, before the first hand).
  const seats: PotSeat[] = Array.from({ length: seatCount }, () => ({
    occupant: 'human',
    chips: parsed.data.stack,
    bought: parsed.data.stack,
    card: null,
    choice: null,
    inHand: false,
    sittingOut: false,
  }));
  const state: PotState = {
    schema: 1,
    settings: parsed.data,
    seatCount,
    randomness,
    epoch: 0,
    nonces: randomness.nonces,
    wantsNonces: null,
    version: 0,
    hand: 0,
    phase: 'between',
    seats,
    pot: 0,
    history: [],
    closed: false,
    abandoned: false,
  };
  return ok(state);
}

function applySystem(state: PotState, action: SystemAction<PotAction>) {
  const events: PotEvent[] = [];
  switch (action.type) {
    case 'abandon':
      return ok(end(state, true, events));
    case 'close':
      events.push({ type: 'closed' });
      if (state.phase === 'between') return ok(end({ ...state, closed: true }, false, events));
      return ok({ state: { ...state, closed: true }, events });
    case 'nonces':
      if (action.epoch !== state.wantsNonces || action.nonces.length !== state.seatCount)
        return err(fail('WRONG_NONCES'));
      return ok({
        state: { ...state, epoch: action.epoch, nonces: action.nonces, wantsNonces: null },
        events,
      });
    case 'seat': {
      if (state.phase !== 'between') return err(fail('SEATS_CLOSED'));
      const seat = state.seats[action.seat];
      if (!seat) return err(fail('NOT_A_SEAT'));
      if (action.occupant === seat.occupant)
        return err(fail(seat.occupant === null ? 'EMPTY_SEAT' : 'SEAT_TAKEN'));
      const stack = state.settings.stack;
      // A newcomer to a free chair brings a stack; a bot in a person's chair (or the other way
      // round, at the start) plays the chips there.
      const changed: PotSeat =
        action.occupant === null
          ? { ...seat, occupant: null }
          : seat.occupant === null
            ? {
                ...seat,
                occupant: action.occupant,
                chips: seat.chips + stack,
                bought: seat.bought + stack,
                sittingOut: false,
              }
            : { ...seat, occupant: action.occupant };
      events.push({ type: 'seated', seat: action.seat, occupant: action.occupant });
      // A person in a seat that was not theirs: a new nonce set before the next hand.
      const wantsNonces =
        action.occupant === 'human'
          ? Math.max(state.epoch, state.wantsNonces ?? 0) + 1
          : state.wantsNonces;
      return ok({
        state: {
          ...state,
          seats: state.seats.map((s, i) => (i === action.seat ? changed : s)),
          wantsNonces,
        },
        events,
      });
    }
    case 'timeout': {
      const timer = potTimer(state);
      if (!timer || timer.key !== action.key) return err(fail('STALE_TIMER'));
      if (state.phase === 'decide') {
        // Whoever has not decided folds (the stand-in stakes nothing).
        const seats = state.seats.map((s) =>
          s.inHand && s.choice === null ? { ...s, choice: 'fold' as const } : s,
        );
        return ok(showdown({ ...state, seats }, events));
      }
      return ok(deal(state, events));
    }
  }
}

function apply(
  state: PotState,
  actor: number | 'system',
  action: PotAction | SystemAction<PotAction>,
) {
  if (state.phase === 'over') return err(fail('GAME_OVER'));
  const bump = (result: ReturnType<typeof applySystem>) =>
    result.ok
      ? ok({
          state: { ...result.value.state, version: state.version + 1 },
          events: result.value.events,
        })
      : result;
  if (actor === 'system') return bump(applySystem(state, action as SystemAction<PotAction>));
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount)
    return err(fail('NOT_A_SEAT'));
  const seat = state.seats[actor]!;
  if (seat.occupant === null) return err(fail('EMPTY_SEAT'));
  if (action.type === 'sitOut') {
    if (seat.sittingOut === action.out) return err(fail('WRONG_PHASE'));
    const seats = state.seats.map((s, i) => (i === actor ? { ...s, sittingOut: action.out } : s));
    return bump(ok({ state: { ...state, seats }, events: [] }));
  }
  if (action.type !== 'choose') return err(fail('SYSTEM_ONLY'));
  if (state.phase !== 'decide') return err(fail('WRONG_PHASE'));
  if (!seat.inHand) return err(fail('NOT_IN_HAND'));
  if (seat.choice !== null) return err(fail('ALREADY_CHOSEN'));
  const seats = state.seats.map((s, i) =>
    i === actor ? { ...s, choice: action.stay ? ('stay' as const) : ('fold' as const) } : s,
  );
  const events: PotEvent[] = [{ type: 'chose', seat: actor }];
  const next = { ...state, seats };
  if (seats.some((s) => s.inHand && s.choice === null)) return bump(ok({ state: next, events }));
  return bump(ok(showdown(next, events)));
}

function potTimer(state: PotState) {
  if (state.phase === 'decide')
    return { key: `decide/${state.hand}`, seconds: state.settings.decideSeconds };
  // Between hands the next deal waits for a wanted nonce set.
  if (state.phase === 'between' && state.wantsNonces === null)
    return { key: `next/${state.hand}`, seconds: state.settings.betweenSeconds };
  return null;
}

function viewFor(state: PotState, viewer: Viewer): PotView {
  return {
    viewer,
    gameId: state.randomness.gameId,
    version: state.version,
    hand: state.hand,
    phase: state.phase,
    pot: state.pot,
    seats: state.seats.map((seat, i) => ({
      occupant: seat.occupant,
      chips: seat.chips,
      net: seat.chips - seat.bought,
      inHand: seat.inHand,
      decided: seat.choice !== null,
      sittingOut: seat.sittingOut,
      card: viewer === i ? seat.card : null,
    })),
    history: state.history.map((row) => [...row]),
    closed: state.closed,
    wantsNonces: state.wantsNonces,
    abandoned: state.abandoned,
    secrets: state.phase === 'over' ? [...state.randomness.secrets] : null,
  };
}

function eventFor(event: PotEvent, viewer: Viewer): PotEventView {
  switch (event.type) {
    case 'dealt':
      return {
        type: 'dealt',
        hand: event.hand,
        card: typeof viewer === 'number' ? (event.cards[viewer] ?? null) : null,
        pot: event.pot,
      };
    case 'showdown':
      return {
        type: 'showdown',
        shown: [...event.shown],
        winners: [...event.winners],
        pot: event.pot,
      };
    case 'chose':
    case 'seated':
    case 'closed':
    case 'ended':
      return { ...event };
  }
}

function legalActions(view: PotView): LegalActions<PotAction> {
  if (typeof view.viewer !== 'number' || view.phase === 'over') return { actions: [], spaces: [] };
  const seat = view.seats[view.viewer]!;
  if (seat.occupant === null) return { actions: [], spaces: [] };
  const actions: PotAction[] = [];
  if (view.phase === 'decide' && seat.inHand && !seat.decided)
    actions.push({ type: 'choose', stay: true }, { type: 'choose', stay: false });
  return { actions, spaces: [] };
}

function sheet(view: PotView): ScoreSheet {
  return {
    unit: 'chips',
    better: 'higher',
    columns: { kind: 'hand', count: null },
    rows: view.seats.map((seat, i) => ({
      seats: [i],
      cells: view.history.map((row) => row[i] ?? 0),
      total: seat.net,
    })),
    target: null,
    winners:
      view.phase === 'over' && !view.abandoned
        ? (() => {
            const best = Math.max(...view.seats.map((s) => s.net));
            return view.seats.flatMap((s, i) => (s.net === best ? [i] : []));
          })()
        : null,
    abandoned: view.abandoned,
  };
}

export const pot: GameModule<PotSettings, PotState, PotAction, PotEvent, PotView, PotEventView> = {
  id: 'test-pot',
  title: 'Pot',
  rulesVersion: 1,
  seats: { min: 2, max: 8 },
  settingsSchema,
  defaultSettings: settingsSchema.parse({}),
  options: [
    { key: 'ante', kind: 'integer', min: 1, max: 100, group: 'chips' },
    { key: 'stack', kind: 'integer', min: 1, max: 10_000, group: 'chips' },
    { key: 'decideSeconds', kind: 'seconds', min: 1, max: 300, group: 'timers' },
    { key: 'betweenSeconds', kind: 'seconds', min: 1, max: 300, group: 'timers' },
  ],
  changeSettings: mergeSettings(settingsSchema),
  errors: ERRORS,
  actionSchema,
  systemActionSchema: systemActionSchema,
  viewSchema,
  eventSchema,
  fairness: oneSecret(DOMAIN, "The session's secret"),
  exampleRandomness: (_settings, seatCount, seed) => exampleRandomness(1, seatCount, seed),
  create,
  openingEvents: () => [],
  apply,
  version: (state) => state.version,
  checksVersion: () => false,
  pendingSeats: (state) =>
    state.phase === 'decide' ? seatsWhere(state, (s) => s.inHand && s.choice === null) : [],
  timer: potTimer,
  standIn: () => [],
  result(state) {
    if (state.phase !== 'over') return null;
    const nets = state.seats.map((s) => s.chips - s.bought);
    const distinct = [...new Set(nets)].sort((a, b) => b - a);
    return {
      places: distinct.map((net) => nets.flatMap((n, seat) => (n === net ? [seat] : []))),
      abandoned: state.abandoned,
    };
  },
  checkpoint: (events) => events.some((e) => e.type === 'showdown'),
  readSnapshot: (json) => ((json as PotState | null)?.schema === 1 ? (json as PotState) : null),
  sessions: {
    seatsOpen: (state) => state.phase === 'between',
    noncesWanted: (state) => state.wantsNonces,
  },
  viewFor,
  eventFor,
  viewHead: (view) => ({ gameId: view.gameId, version: view.version, viewer: view.viewer }),
  awaitedSeats: (view) =>
    view.phase === 'decide'
      ? view.seats.flatMap((s, i) => (s.inHand && !s.decided ? [i] : []))
      : [],
  sheet,
  legalActions,
  botLevels: ['random', 'greedy'],
  standInLevel: 'greedy',
  chooseBot(view, level, seed) {
    const { actions } = legalActions(view);
    if (actions.length === 0 || typeof view.viewer !== 'number') return null;
    if (level === 'random') return actions[Math.abs(seed) % actions.length]!;
    // Greedy: stays with 8 or more.
    const card = view.seats[view.viewer]!.card ?? 0;
    return { type: 'choose', stay: card >= 8 };
  },
  botPace: () => 'instant',
};
