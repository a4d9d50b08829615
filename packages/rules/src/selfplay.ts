import { selfPlay as selfPlayWith } from '@trepenta/engine';
import type { BotLevel } from '@trepenta/engine';
import type { PlayerAction } from './actions';
import type { GameEvent } from './events';
import { trepenta } from './module';
import type { GameState } from './state';

export interface SelfPlayStep {
  readonly seat: number;
  readonly action: PlayerAction;
  readonly before: GameState;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
}

/**
 * Plays bots from their own views until the game is over or `maxActions` were played: the
 * simulator, the benchmark and the tests share this loop. Seats act in seat order when several
 * may act at once. Throws if a bot's action is refused (a bug in the engine or the bot).
 */
export function selfPlay(
  start: GameState,
  levels: readonly BotLevel[],
  seed: number,
  onStep?: (step: SelfPlayStep) => void,
  maxActions = 100_000,
): GameState {
  return selfPlayWith(
    trepenta,
    start,
    levels,
    seed,
    onStep && ((step) => onStep(step as SelfPlayStep)),
    maxActions,
  );
}
