import {
  DEFAULT_SETTINGS,
  applyAction,
  chooseBotAction,
  createGame,
  legalActions,
  pendingSeats,
  settingsWith,
  viewFor,
} from '@trepenta/rules';
import type { GameState, GameView, HouseRule, PlayerAction } from '@trepenta/rules';
import { roomViewSchema } from '@trepenta/protocol';
import type { RoomView } from '@trepenta/protocol';

const hex = (n: number) => n.toString(16).padStart(64, '0');

/** A real game from the rules engine, dealt from fixed secrets (seed picks them). */
export function newGame(
  rules: HouseRule[],
  seats: number,
  seed: number,
  deck: 'challenging' | 'casual' | 'trepenta' = 'challenging',
): GameState {
  const created = createGame(settingsWith(rules, { deck }), seats, {
    gameId: `test-${seed}`,
    secrets: [1, 2, 3, 4, 5].map((r) => hex(seed * 10 + r)),
    nonces: Array.from({ length: seats }, (_, s) => hex(seed * 100 + s + 7)),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export function apply(state: GameState, seat: number, action: PlayerAction): GameState {
  const step = applyAction(state, seat, action);
  if (!step.ok) throw new Error(`${step.error.code}: ${JSON.stringify(action)}`);
  return step.value.state;
}

/** Lets the greedy bot play every pending seat until `stop` says so (or the game ends). */
export function playUntil(
  state: GameState,
  stop: (state: GameState) => boolean,
  limit = 5000,
): GameState | null {
  let current = state;
  for (let i = 0; i < limit; i++) {
    if (stop(current)) return current;
    if (current.phase === 'gameOver') return null;
    const seat = pendingSeats(current)[0];
    if (seat === undefined) return null;
    const action = chooseBotAction(viewFor(current, seat), 'greedy', i);
    if (!action) return null;
    current = apply(current, seat, action);
  }
  return null;
}

/** The first game state (over seeds) where `find` holds. */
export function search(
  rules: HouseRule[],
  seats: number,
  find: (state: GameState) => boolean,
  deck: 'challenging' | 'casual' | 'trepenta' = 'casual',
): GameState {
  for (let seed = 1; seed < 400; seed++) {
    const found = playUntil(newGame(rules, seats, seed, deck), find);
    if (found) return found;
  }
  throw new Error('no such state found');
}

export function viewOf(state: GameState, viewer: number | 'spectator'): GameView {
  return viewFor(state, viewer);
}

export { legalActions };

/**
 * A room whose seats are played by the members m1, m2, … named `names` (all connected), with
 * `change` applied over it; `status` is 'playing' unless it says otherwise.
 */
export function roomOf(names: readonly string[], change: Partial<RoomView> = {}): RoomView {
  return roomViewSchema.parse({
    code: 'BCDFGH',
    game: 'trepenta',
    status: 'playing',
    paused: false,
    locked: false,
    settings: DEFAULT_SETTINGS,
    seatCount: names.length,
    seats: names.map((nickname, seat) => ({
      seat,
      kind: 'human',
      memberId: `m${seat + 1}`,
      nickname,
      botLevel: null,
      connected: true,
      standIn: false,
      awaySince: null,
      handOverAt: null,
      rttMs: null,
    })),
    members: names.map((nickname, seat) => ({
      id: `m${seat + 1}`,
      nickname,
      role: 'player',
      seat,
      connected: true,
      host: seat === 0,
    })),
    spectators: 0,
    hostId: 'm1',
    gameNumber: 1,
    commit: null,
    deadline: null,
    revision: 1,
    ...change,
  });
}
