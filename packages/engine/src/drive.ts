import { serverNonce } from './fairness';
import type { LogEntry } from './log';
import type { Actor, AnyGameModule, BotLevel, BotPace, Randomness, Seat, Viewer } from './module';

/** A small seeded generator for tests (mulberry32): never `Math.random`, so runs repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  if (items.length === 0) throw new Error('pick: nothing to pick from');
  return items[Math.floor(random() * items.length)]!;
}

/** Freezes a value and everything in it, so that an engine that mutates its input throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export function viewersOf(seatCount: number): Viewer[] {
  return [...Array.from({ length: seatCount }, (_, seat) => seat), 'spectator'];
}

/** One accepted step of a driven game. */
export interface DrivenStep<S = unknown> {
  readonly before: S;
  readonly after: S;
  readonly actor: Actor;
  readonly action: unknown;
  readonly at: number | undefined;
  readonly events: readonly unknown[];
}

export interface DrivenGame<S = unknown> {
  readonly settings: unknown;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly start: S;
  readonly steps: readonly DrivenStep<S>[];
  readonly log: readonly LogEntry[];
  readonly final: S;
}

export interface DriveOptions {
  readonly levels: readonly BotLevel[];
  readonly seed: number;
  /** How often a running timer runs out instead of the next bot move. */
  readonly timeoutChance: number;
  readonly maxActions: number;
  /** Sessions: the host closes the table after this many actions. */
  readonly closeAfter: number;
  /** Sessions: how often, while seats are open, a seat is left or taken. */
  readonly seatChangeChance: number;
  /** Keep every step's states (the contract kit); false keeps only the log (the simulator). */
  readonly keepSteps?: boolean;
  /** Called with each step as it is played. */
  readonly onStep?: (step: DrivenStep) => void;
}

function paceMs(pace: BotPace): number {
  if (pace === 'think') return 1000;
  if (pace === 'instant') return 0;
  return pace.ms;
}

/**
 * Plays a game as the platform would run it, with bots in every seat: timers that now and then
 * run out (their stand-in acting), and for sessions the platform's own actions (a new nonce set
 * when wanted, seats left and taken between hands, the host closing the table). Every bot move
 * is checked against the legal actions of its own view; throws on a refused move (a bug).
 */
export function drive(
  module: AnyGameModule,
  settings: unknown,
  seatCount: number,
  options: DriveOptions,
): DrivenGame {
  const random = seededRandom(options.seed);
  const randomness = module.exampleRandomness(settings, seatCount, options.seed);
  const created = module.create(settings, seatCount, randomness);
  if (!created.ok) throw new Error(`create: ${created.error.message}`);
  const start = created.value;
  const steps: DrivenStep[] = [];
  const log: LogEntry[] = [];
  let state = start;
  let clock = 0;
  let closed = false;
  const occupied: ('human' | 'bot' | null)[] = Array.from({ length: seatCount }, () => 'bot');
  /** Applies and logs an action; a refusal throws, unless `mayRefuse` (then: false). */
  const apply = (actor: Actor, action: unknown, mayRefuse = false): boolean => {
    const at = module.clock ? clock : undefined;
    const version = module.version(state);
    const step = module.apply(state, actor, action, at);
    if (!step.ok) {
      if (mayRefuse) return false;
      const error = step.error;
      throw new Error(
        `${String(actor)} ${JSON.stringify(action)} refused: ${error.code} ${error.message}`,
      );
    }
    const after = step.value.state;
    const driven = { before: state, after, actor, action, at, events: step.value.events };
    if (options.keepSteps !== false) steps.push(driven);
    options.onStep?.(driven);
    log.push({
      version,
      actionId: `a${log.length}`,
      seat: actor,
      action,
      ...(at === undefined ? {} : { at }),
    });
    state = after;
    return true;
  };
  for (let n = 0; module.result(state) === null; n++) {
    if (n >= options.maxActions) {
      throw new Error(`no end after ${options.maxActions} actions (seed ${options.seed})`);
    }
    const sessions = module.sessions;
    if (sessions) {
      const epoch = sessions.noncesWanted(state);
      if (epoch !== null) {
        const nonces = occupied.map((_, seat) => serverNonce(randomness.secrets[0]!, epoch, seat));
        apply('system', { type: 'nonces', epoch, nonces, hashes: nonces.map(() => null) });
        continue;
      }
      if (!closed && n >= options.closeAfter) {
        closed = true;
        apply('system', { type: 'close' });
        continue;
      }
      if (sessions.seatsOpen(state) && random() < options.seatChangeChance) {
        const seat = Math.floor(random() * seatCount);
        const occupant = occupied[seat] === null ? pick(['human', 'bot'] as const, random) : null;
        // A module may refuse a change that would leave too few seats: that is its rule.
        if (apply('system', { type: 'seat', seat, occupant }, true)) {
          occupied[seat] = occupant;
          continue;
        }
      }
    }
    const timer = module.timer(state);
    if (timer !== null && random() < options.timeoutChance) {
      clock += timer.seconds * 1000;
      const standIn = module.standIn(state, timer.key, n);
      apply('system', { type: 'timeout', key: timer.key, standIn });
      continue;
    }
    const pending = module.pendingSeats(state);
    const first = module.realTime ? Math.floor(random() * Math.max(1, pending.length)) : 0;
    let acted = false;
    for (let k = 0; k < pending.length && !acted; k++) {
      const seat: Seat = pending[(first + k) % pending.length]!;
      const level = options.levels[seat % options.levels.length]!;
      const view = module.viewFor(state, seat);
      const action = module.chooseBot(
        view,
        level,
        (options.seed * 7919 + n) | 0,
        module.botRandom?.(state, seat),
      );
      if (action === null) continue;
      if (!isLegal(module, view, action)) {
        throw new Error(
          `seat ${seat}'s ${level} bot chose an action not in its legal set: ${JSON.stringify(action)}`,
        );
      }
      if (module.realTime) clock += paceMs(module.botPace(view, level));
      apply(seat, action);
      acted = true;
    }
    if (acted) continue;
    if (timer === null) throw new Error(`nobody can act at version ${module.version(state)}`);
    clock += timer.seconds * 1000;
    apply('system', {
      type: 'timeout',
      key: timer.key,
      standIn: module.standIn(state, timer.key, n),
    });
  }
  return { settings, seatCount, randomness, start, steps, log, final: state };
}

/** Whether the module's legal actions for this view list the action (or a space holds it). */
export function isLegal(module: AnyGameModule, view: unknown, action: unknown): boolean {
  const legal = module.legalActions(view);
  const text = JSON.stringify(action);
  return (
    legal.actions.some((listed: unknown) => JSON.stringify(listed) === text) ||
    legal.spaces.some((space: { contains(a: unknown): boolean }) => space.contains(action))
  );
}
