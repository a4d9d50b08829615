import { createHash } from 'node:crypto';
import { createGame, selfPlay } from '../src/index';
import type {
  BotLevel,
  GameEvent,
  GameSettings,
  GameState,
  LogEntry,
  Randomness,
} from '../src/index';

/** Deterministic test randomness: secrets and nonces derived from a seed by SHA-256. */
export function testRandomness(seed: string | number, seats: number): Randomness {
  const hex = (label: string) => createHash('sha256').update(`${seed}/${label}`).digest('hex');
  return {
    gameId: `game-${seed}`,
    secrets: [1, 2, 3, 4, 5].map((r) => hex(`secret${r}`)),
    nonces: Array.from({ length: seats }, (_, i) => hex(`nonce${i}`)),
  };
}

export function newGame(
  settings: GameSettings,
  seats: number,
  seed: string | number = 1,
): GameState {
  const created = createGame(settings, seats, testRandomness(seed, seats));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export interface PlayedGame {
  readonly state: GameState;
  readonly log: LogEntry[];
  readonly events: GameEvent[][];
  readonly states: GameState[];
}

/**
 * Plays bots until the game is over (or maxActions), every seat deciding from its own view, and
 * keeps the durable log, the events of every step and, on request, every intermediate state.
 */
export function playGame(
  start: GameState,
  levels: readonly BotLevel[],
  seed = 1,
  options: { maxActions?: number; keepStates?: boolean; onStep?: (state: GameState) => void } = {},
): PlayedGame {
  const log: LogEntry[] = [];
  const events: GameEvent[][] = [];
  const states: GameState[] = [];
  const state = selfPlay(
    start,
    levels,
    seed,
    (step) => {
      log.push({
        version: step.before.version,
        actionId: `a${log.length}`,
        seat: step.seat,
        action: step.action,
      });
      events.push([...step.events]);
      if (options.keepStates) states.push(step.after);
      options.onStep?.(step.after);
    },
    options.maxActions,
  );
  return { state, log, events, states };
}
