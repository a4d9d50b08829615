import type { PlayerAction } from './actions';
import { chooseBotAction } from './bots';
import type { BotLevel } from './bots';
import type { GameEvent } from './events';
import { applyAction, pendingSeats } from './game';
import type { GameState } from './state';
import { viewFor } from './views';

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
  let state = start;
  for (let n = 0; state.phase !== 'gameOver' && n < maxActions; n++) {
    const seat = pendingSeats(state)[0];
    if (seat === undefined) throw new Error(`Nobody can act in phase ${state.phase}`);
    const action = chooseBotAction(
      viewFor(state, seat),
      levels[seat % levels.length]!,
      (seed * 7919 + n) | 0,
    );
    if (action === null) throw new Error(`Seat ${seat} has nothing to do in phase ${state.phase}`);
    const step = applyAction(state, seat, action);
    if (!step.ok)
      throw new Error(`Bot action refused: ${JSON.stringify(action)}: ${step.error.code}`);
    onStep?.({ seat, action, before: state, after: step.value.state, events: step.value.events });
    state = step.value.state;
  }
  return state;
}
