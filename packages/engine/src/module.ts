/**
 * The game-module boundary: what a game gives the platform, and the vocabulary they share. A module
 * is pure and synchronous: no clocks, no I/O, no `Math.random`; states, views and events are plain
 * JSON; inputs are never mutated. The platform (server, web shell, simulator, benchmarks, contract
 * kit) knows games only through this interface.
 */
import type { ZodType } from 'zod';
import type { Result } from './result';

/** A seat index, 0-based, in seat order. */
export type Seat = number;
/** Who a view or event is for: a seat, or a spectator who sees only what is public. */
export type Viewer = Seat | 'spectator';
/** Who acted: a seat, or the platform itself. */
export type Actor = Seat | 'system';

/**
 * A refusal. `code` is stable (clients and tests rely on it); `message` says why in words that
 * depend only on what the actor can see.
 */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

/**
 * What a game is created with (docs/fairness.md): its id, the committed secrets (revealed when it
 * ends) and the first nonce set, one 64-hex nonce per seat in seat order.
 */
export interface Randomness {
  readonly gameId: string;
  readonly secrets: readonly string[];
  readonly nonces: readonly string[];
}

/** The bot levels the platform knows; a module offers some of them (`botLevels`). */
export const BOT_LEVELS = ['random', 'greedy'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * The platform's own actions, applied as `'system'` and logged like any other, so that a replay
 * from the log reproduces the game exactly. Every module accepts `timeout` and `abandon`; the
 * others only modules that declare the capability (`sessions`).
 */
export type SystemAction<A> =
  /** The running timer ran out (keyed, so a stale timeout is refused); `standIn`: the moves made for the seat. */
  | { readonly type: 'timeout'; readonly key: string; readonly standIn: readonly A[] }
  /** The game stops here (its room expired); its secrets may be revealed. */
  | { readonly type: 'abandon' }
  /**
   * Sessions: nonce set `epoch` is in force from the next hand on (docs/fairness.md). `hashes`:
   * what each seat published first, null where the server supplied the nonce (for verification).
   */
  | {
      readonly type: 'nonces';
      readonly epoch: number;
      readonly nonces: readonly string[];
      readonly hashes: readonly (string | null)[];
    }
  /** Sessions: a seat's occupant changed between hands (`null`: the seat is empty now). */
  | { readonly type: 'seat'; readonly seat: Seat; readonly occupant: 'human' | 'bot' | null }
  /** Sessions: the host closes the table; the session ends after the hand in play. */
  | { readonly type: 'close' };

export type SystemActionType = SystemAction<unknown>['type'];

/** A step of the engine: the new state and what happened, before redaction. */
export interface Applied<S, E> {
  readonly state: S;
  readonly events: readonly E[];
}

/**
 * The timer a state wants now (keyed by what it times, so that a timeout acts only while its key
 * is current). `seconds` counts from when the key first appears; the platform keeps the deadline
 * while the key stays the same, and scales it by TIMER_SCALE.
 */
export interface TimerRequest {
  readonly key: string;
  readonly seconds: number;
}

/** How long a bot or stand-in waits before acting: a human-like pause, at once, or game-clock ms. */
export type BotPace = 'think' | 'instant' | { readonly ms: number };

/**
 * A set of actions too large to list (Trepenta's field choice under peek or sort: 30,240 forms):
 * described, sampled and tested for membership instead.
 */
export interface ActionSpace<A> {
  readonly kind: string;
  readonly size: number;
  sample(random: () => number): A;
  contains(action: A): boolean;
}

/** What a viewer may do now, from their own view only: the UI lights these, bots pick from them. */
export interface LegalActions<A> {
  readonly actions: readonly A[];
  readonly spaces: readonly ActionSpace<A>[];
}

/** How a game's score sheet reads: the shell draws it without knowing the game. */
export interface ScoreSheet {
  /** What the numbers count. */
  readonly unit: 'points' | 'chips';
  /** Whether the lowest or the highest total leads. */
  readonly better: 'lower' | 'higher';
  /** What a column is (a round of a fixed number, a hand of a session) and how many there are. */
  readonly columns: { readonly kind: 'round' | 'hand'; readonly count: number | null };
  /** One row per seat, or per party where seats play in partnership. */
  readonly rows: readonly ScoreRow[];
  /** A total that ends the game when reached, if the game has one. */
  readonly target: number | null;
  /** The winning rows' seats once the game is over (ties share); null while it is played. */
  readonly winners: readonly Seat[] | null;
  /** The game was stopped before its end (no winners). */
  readonly abandoned: boolean;
}

export interface ScoreRow {
  readonly seats: readonly Seat[];
  /** One cell per finished column. */
  readonly cells: readonly number[];
  readonly total: number;
}

/** How a finished game ended. */
export interface GameResult {
  /** Seats by place, best first; seats sharing a place share an entry. */
  readonly places: readonly (readonly Seat[])[];
  readonly abandoned: boolean;
}

/**
 * A host option, described for the lobby's generic form: the words (label, explanation, the rules
 * page's anchor) live in the game's web chunk, keyed by `key`.
 */
export interface OptionSpec {
  /** A path into the settings: 'houseRules.peek', 'turnTimerSeconds'. */
  readonly key: string;
  readonly kind: 'boolean' | 'choice' | 'integer' | 'seconds';
  /** For 'choice': the values, in the order offered. */
  readonly values?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** For 'seconds': null is allowed and means "off". */
  readonly nullable?: boolean;
  /** Options shown together (house rules, timers). */
  readonly group: string;
  /** Shown only while this boolean option is on. */
  readonly requires?: string;
}

/** Per-seat action budget applied by the platform before the engine (real-time games). */
export interface ActionBudget {
  readonly burst: number;
  readonly perSecond: number;
}

/** What the platform asks of a game that has no turns. */
export interface RealTime {
  /** Refusal codes that mean "the table moved before your action arrived": sent a fresh view. */
  readonly staleCodes: readonly string[];
  /** Applied to every seat's actions before the engine sees them; a refusal is not logged. */
  readonly budget: ActionBudget;
}

/**
 * A session with seats that change between hands and no fixed number of hands (docs/platform.md,
 * "Sessions"). The platform applies `seat`, `nonces` and `close` system actions when these say.
 */
export interface Sessions<S> {
  /** Whether seats may be taken, left or handed to bots now (between hands). */
  seatsOpen(state: S): boolean;
  /** The nonce set the game waits for before its next hand, or null when it waits for none. */
  noncesWanted(state: S): number | null;
}

/**
 * Private drafts (docs/platform.md, "Private drafts"): actions that change only their own seat's
 * view, such as a hand being written before it is locked. The platform applies one like any other
 * action but without a version step: it is not logged, nobody else is sent anything, and the
 * seat's latest draft is kept apart from the log (a reload or restart restores it). Whatever a
 * draft leads to in public (a hand locked, a stand-in's completion) is a logged action that carries
 * it in full, so the log alone replays the game.
 */
export interface Drafts<S, A> {
  /** Whether this seat action is a draft edit. `apply` must neither bump the version nor emit events for one. */
  isDraft(action: A): boolean;
  /**
   * Which writing step the game is in (null: none). Each edit replaces the seat's whole draft;
   * a kept draft is restored only into the step it was written in.
   */
  step(state: S): string | null;
}

/**
 * A game. `S` state, `A` player action, `E` event as emitted (may hold hidden data), `V` view,
 * `EV` event as one viewer sees it, `P` view patch (`V` itself when the game sends whole views).
 */
export interface GameModule<
  Settings = unknown,
  S = unknown,
  A = unknown,
  E = unknown,
  V = unknown,
  EV = unknown,
  P = V,
> {
  readonly id: string;
  readonly title: string;
  /** Bumped when the rules change in a way that changes how a logged game replays. */
  readonly rulesVersion: number;
  readonly seats: { readonly min: number; readonly max: number };
  /** Partnerships for a seat count (seats that score together), or none. */
  teams?(seatCount: number): readonly (readonly Seat[])[] | null;

  // ---- settings
  readonly settingsSchema: ZodType<Settings>;
  readonly defaultSettings: Settings;
  readonly options: readonly OptionSpec[];
  /**
   * A host's change (room:configure): what it names changes, the rest keeps its value; refused
   * with a clear reason when the result is not valid settings.
   */
  changeSettings(settings: Settings, change: unknown): Result<Settings, RuleError>;
  /** Whether these settings can be played with this many seats (null: they can). */
  checkSeats?(settings: Settings, seatCount: number): RuleError | null;

  /** Every refusal code `apply` may answer, each with its usual message (named in the rules doc). */
  readonly errors: Readonly<Record<string, string>>;

  // ---- wire schemas, for the server's boundary and the tests (never the web entry chunk)
  readonly actionSchema: ZodType<A>;
  readonly systemActionSchema: ZodType<SystemAction<A>>;
  readonly viewSchema: ZodType<V>;
  /** For a game that sends patches: what a patch may be (a whole view is one too). */
  readonly patchSchema?: ZodType<P>;
  readonly eventSchema: ZodType<EV>;

  // ---- fairness (docs/fairness.md)
  readonly fairness: {
    /** How many secrets this game commits to (one for every game but Trepenta's five rounds). */
    secretCount(settings: Settings, seatCount: number): number;
    /** The commitment to secret `index` (0-based), published before the deal. */
    commitment(gameId: string, index: number, secret: string): string;
    /** How a verification names secret `index` ("Round 3's secret", "The session's secret"). */
    secretName(index: number): string;
  };
  /** A testing aid: valid randomness for `create`, derived from a seed (never used to play). */
  exampleRandomness(settings: Settings, seatCount: number, seed: number | string): Randomness;

  // ---- the engine
  create(settings: Settings, seatCount: number, randomness: Randomness): Result<S, RuleError>;
  /** The events that open a new game (the first deal), as `apply` would emit them. */
  openingEvents(state: S): readonly E[];
  /**
   * One action. `at`: the server's clock (game milliseconds) stamped on the logged action, for a
   * game that declares `clock`; undefined otherwise. Every accepted action bumps the version by one.
   */
  apply(
    state: S,
    actor: Actor,
    action: A | SystemAction<A>,
    at?: number,
  ): Result<Applied<S, E>, RuleError>;
  version(state: S): number;
  /** R25: whether a client action carries the version it was made against and is refused when stale. */
  checksVersion(action: A): boolean;
  /** The seats that may act now (whose move the table awaits). */
  pendingSeats(state: S): readonly Seat[];
  timer(state: S): TimerRequest | null;
  /** The stand-in's moves that end the timed-out `key` for its seat (empty when none are needed). */
  standIn(state: S, key: string, seed: number): A[];
  /** Non-null once the game is over. */
  result(state: S): GameResult | null;
  /** Whether to keep a snapshot of the state after these events (a round's end). */
  checkpoint(events: readonly E[]): boolean;
  /** A stored snapshot this engine can continue from, or null (another state schema: replay instead). */
  readSnapshot(json: unknown): S | null;
  /** Declared by a game whose actions need the server's time (`apply`'s `at`). */
  readonly clock?: boolean;
  readonly realTime?: RealTime;
  readonly sessions?: Sessions<S>;
  readonly drafts?: Drafts<S, A>;

  // ---- what each viewer may know
  viewFor(state: S, viewer: Viewer): V;
  eventFor(event: E, viewer: Viewer): EV;
  /** Fast path: `viewers.map((v) => viewFor(state, v))`, sharing what they share. */
  viewsFor?(state: S, viewers: readonly Viewer[]): V[];
  /** Fast path: `viewers.map((v) => events.map((e) => eventFor(e, v)))`. */
  eventsFor?(events: readonly E[], viewers: readonly Viewer[]): EV[][];
  /** Patches: each viewer's view of `state` as a patch to their view of `previous`. */
  readonly patches?: {
    patchesFor(previous: S, state: S, viewers: readonly Viewer[]): P[];
    applyPatch(view: V, patch: P): V | null;
    isWhole(patch: P): boolean;
    patchVersion(patch: P): number;
  };
  /** Which game and version a view is of, and whose view it is. */
  viewHead(view: V): { readonly gameId: string; readonly version: number; readonly viewer: Viewer };
  /** Deadlines while no one is to act would mislead a player: the seats whose move the view awaits. */
  awaitedSeats(view: V): readonly Seat[];
  sheet(view: V): ScoreSheet;

  // ---- decisions from a view
  legalActions(view: V): LegalActions<A>;
  readonly botLevels: readonly BotLevel[];
  /** The bot a seat handed to the stand-in plays as (R24's greedy for most games). */
  readonly standInLevel: BotLevel;
  /**
   * A bot's move from its own seat's view, or null when it has nothing to do (or waits). `random`:
   * the numbers to choose with, when the game commits to its bots' choices (`botRandom`); else
   * they come from `seed`.
   */
  chooseBot(view: V, level: BotLevel, seed: number, random?: () => number): A | null;
  /**
   * Committed bot randomness (TrumPen's C6): the numbers the bot or stand-in of `seat` chooses its
   * next move with, drawn from the game's committed stream, so that a replay from the revealed
   * secrets, the nonces and the log re-derives every bot move (`checkBotMoves`). The platform
   * passes them to `chooseBot` wherever it plays a bot.
   */
  botRandom?(state: S, seat: Seat): () => number;
  /**
   * The stand-in's move for a handed-over or departed seat, from its own view, when the game's
   * stand-in is none of its bots (Trefeltromp's check or fold: a stand-in must not risk a person's
   * chips). Absent: the stand-in plays as `standInLevel`.
   */
  chooseStandIn?(view: V, seed: number): A | null;
  botPace(view: V, level: BotLevel): BotPace;
}

/**
 * Any module, as the registry and the platform hold them: what they pass in and get back is
 * `unknown` to them (the module's methods are declared as methods, so a module of concrete types
 * is one of these).
 */
export type AnyGameModule = GameModule<
  unknown,
  unknown,
  unknown,
  unknown,
  unknown,
  unknown,
  unknown
>;
