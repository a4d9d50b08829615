import type { AnyGameModule, BotLevel, BotPace, Seat } from './module';

export interface SelfPlayStep<S = unknown, A = unknown, E = unknown> {
  /** The seat that acted, or 'system' for a timeout that no bot's move came before. */
  readonly seat: Seat | 'system';
  readonly action: A;
  /** The game clock stamped on the action (games that declare `clock`). */
  readonly at: number | undefined;
  readonly before: S;
  readonly after: S;
  readonly events: readonly E[];
}

/** The game milliseconds a bot of a real-time game waits before acting (self-play's clock). */
const THINK_MS = 1000;

function paceMs(pace: BotPace): number {
  if (pace === 'think') return THINK_MS;
  if (pace === 'instant') return 0;
  return pace.ms;
}

/**
 * Plays bots from their own views until the game is over or `maxActions` were played: the
 * simulator, the benchmarks and the tests share this loop. In a turn game the first pending seat
 * acts; in a real-time game the seats take turns at being asked first, the clock moving on by
 * each bot's pace, and when no bot has anything to do the running timer runs out. Throws when
 * nobody can act, or a bot's action is refused (a bug in the engine or the bot).
 */
export function selfPlay<S>(
  module: AnyGameModule,
  start: S,
  levels: readonly BotLevel[],
  seed: number,
  onStep?: (step: SelfPlayStep<S>) => void,
  maxActions = 100_000,
): S {
  let state = start;
  let clock = 0;
  const realTime = module.realTime !== undefined;
  for (let n = 0; module.result(state) === null && n < maxActions; n++) {
    const pending = module.pendingSeats(state);
    const botSeed = (seed * 7919 + n) | 0;
    let acted = false;
    for (let k = 0; k < pending.length && !acted; k++) {
      const seat = pending[realTime ? (n + k) % pending.length : k]!;
      const level = levels[seat % levels.length]!;
      const view = module.viewFor(state, seat);
      const action = module.chooseBot(view, level, botSeed, module.botRandom?.(state, seat));
      if (action === null) {
        if (!realTime) throw new Error(`Seat ${seat} has nothing to do`);
        continue;
      }
      if (realTime) clock += paceMs(module.botPace(view, level));
      state = step(module, state, seat, action, module.clock ? clock : undefined, onStep);
      acted = true;
    }
    if (acted) continue;
    const timer = module.timer(state);
    if (timer === null) throw new Error(`Nobody can act at version ${module.version(state)}`);
    clock += timer.seconds * 1000;
    const standIn = module.standIn(state, timer.key, botSeed);
    const timeout = { type: 'timeout', key: timer.key, standIn };
    state = step(module, state, 'system', timeout, module.clock ? clock : undefined, onStep);
  }
  return state;
}

function step<S>(
  module: AnyGameModule,
  state: S,
  seat: Seat | 'system',
  action: unknown,
  at: number | undefined,
  onStep: ((step: SelfPlayStep<S>) => void) | undefined,
): S {
  const applied = module.apply(state, seat, action, at);
  if (!applied.ok) {
    const error = applied.error;
    throw new Error(`Bot action refused: ${JSON.stringify(action)}: ${error.code}`);
  }
  const after = applied.value.state as S;
  onStep?.({ seat, action, at, before: state, after, events: applied.value.events });
  return after;
}
