/**
 * What a Speed viewer may not know, for the platform's test kits (S12): another seat's held value
 * and, before Go, another starter's card. Also the proven bound on a bot game's actions and the
 * game's invariant (every card written is somewhere: deck, held, tableau or a stack).
 */
import type { Viewer } from '@trepenta/engine';
import { DECK_SIZE, TABLEAU_SIZE, cardsLeft } from '../src/index';
import type { SpeedState } from '../src/index';

export function speedIndistinguishable(
  state: SpeedState,
  viewer: Viewer,
  random: () => number,
): SpeedState[] {
  const out: SpeedState[] = [];
  const other = (value: number) => 1 + ((value - 1 + 1 + Math.floor(random() * 12)) % 13);
  state.seats.forEach((seat, s) => {
    if (s === viewer || !seat.held) return;
    const seats = state.seats.map((x, i) =>
      i === s ? { ...x, held: { ...x.held!, value: other(x.held!.value) } } : x,
    );
    out.push({ ...state, seats });
  });
  if (state.phase === 'starters' || state.phase === 'countdown') {
    state.starters.forEach((seat, i) => {
      const value = state.starterCards[i];
      if (seat === viewer || value === null || value === undefined) return;
      const starterCards: [number | null, number | null] = [...state.starterCards];
      starterCards[i] = other(value);
      out.push({ ...state, starterCards });
    });
  }
  return out;
}

export function speedSecretsFor(state: SpeedState): readonly string[] {
  return state.phase === 'over' ? [] : [...state.randomness.secrets];
}

/**
 * Bots only: each seat draws at most 13 cards, places at most 13 and picks up at most 13 (a bot
 * never places once its deck is empty); each of its rewrites of a held card follows a play (its
 * last write fitted, so only a play since can have made it not fit); plays are at most the cards
 * written (13 a seat and the two starters). With n seats: 39n + (13n + 2)(n + 1) + 2 starters,
 * a countdown, and the end.
 */
export function speedMaxActions(_settings: unknown, seatCount: number): number {
  const plays = DECK_SIZE * seatCount + 2;
  return 3 * DECK_SIZE * seatCount + plays * (seatCount + 1) + 4;
}

export function speedInvariants(state: SpeedState): string[] {
  const problems: string[] = [];
  const onStacks = state.stacks[0].length + state.stacks[1].length;
  const started = state.goAt !== null ? 2 : 0;
  const inHand = state.seats.reduce((n, seat) => n + cardsLeft(seat), 0);
  if (inHand + onStacks - started !== DECK_SIZE * state.seatCount) {
    problems.push(`${inHand} cards left and ${onStacks} on the stacks`);
  }
  state.seats.forEach((seat, s) => {
    if (seat.tableau.length > TABLEAU_SIZE)
      problems.push(`seat ${s}: tableau of ${seat.tableau.length}`);
  });
  for (const stack of state.stacks) {
    for (let i = 1; i < stack.length; i++) {
      const d = Math.abs(stack[i]!.value - stack[i - 1]!.value);
      if (d !== 1 && d !== 12)
        problems.push(`stack ${stack[i - 1]!.value} then ${stack[i]!.value}`);
    }
  }
  return problems;
}

/** S13: a two-seat game draws nothing from its key unless the stand-in wrote a starting card. */
export function speedDrewRandomness(
  _settings: unknown,
  seatCount: number,
  log: readonly unknown[],
): boolean {
  return (
    seatCount > 2 ||
    log.some((entry) => {
      const { seat, action } = entry as { seat: unknown; action: { type: string; key?: string } };
      return seat === 'system' && action.type === 'timeout' && action.key === 'starters';
    })
  );
}
