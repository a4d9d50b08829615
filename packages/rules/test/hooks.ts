/**
 * What a Trepenta viewer may not know (§7), for the platform's test kits: the contract kit
 * changes it (`indistinguishable`) and searches for it (`secretsFor`); the wire kit searches for it
 * in every frame a socket receives. Also the proven bound on a game's actions.
 */
import { deckComposition } from '../src/index';
import type { GameSettings, GameState, HouseRule, Viewer } from '../src/index';
import { knowledge, mutableCopy } from './invariants';

export const RULE_SETS: readonly (readonly HouseRule[])[] = [
  [],
  ['peek', 'openField'],
  ['sort', 'fieldUnlimited', 'rivalSets'],
  ['longPlay', 'finishLine', 'rivalSets', 'openField'],
];

const key = (card: { rank: string; suit: string }) => `${card.rank}${card.suit}`;

/**
 * The proven bound on a game's actions. A round's turns: each either progresses (a draw from the
 * draw pile, at most the deck times the reshuffles allowed plus one; or a face-down exchange, at
 * most 5 per seat) or is idle, and R17b ends a round after 3n idle turns in a row. A turn is at
 * most a draw, an exchange or swap per position (5n), and a discard. Then per round: n setup
 * choices, n arrangements, lay-off turns (each lays a card off, at most 10 per seat, or passes,
 * n in a row end them), n readies, and the system's timeouts, at most one per step.
 */
export function maxActions(settings: unknown, seatCount: number): number {
  const s = settings as GameSettings;
  const n = seatCount;
  const { copies, suits } = deckComposition(s.deck, n);
  const draws = copies * suits.length * 13 * (s.houseRules.longPlay ? s.reshuffleLimit + 1 : 1);
  const turns = (draws + 5 * n + 1) * 3 * n + n;
  const perRound = turns * (2 + 5 * n) + 3 * n + (10 * n + 1) * n;
  return 2 * 5 * perRound;
}

export function indistinguishable(
  state: GameState,
  viewer: Viewer,
  random: () => number,
): GameState[] {
  const out: GameState[] = [];
  const round = state.round;
  const over = state.phase === 'gameOver' || round.reveal !== null;
  // The draw pile's order is nobody's to know.
  const pile = round.drawPile;
  for (let tries = 0; tries < 4 && pile.length >= 2; tries++) {
    const i = Math.floor(random() * pile.length);
    const j = Math.floor(random() * pile.length);
    if (key(pile[i]!) === key(pile[j]!)) continue;
    const altered = mutableCopy(state);
    [altered.round.drawPile[i], altered.round.drawPile[j]] = [pile[j]!, pile[i]!];
    out.push(altered);
    break;
  }
  if (over) return out;
  const others = round.seats.map((_, seat) => seat).filter((seat) => seat !== viewer);
  if (others.length === 0) return out;
  const seat = others[Math.floor(random() * others.length)]!;
  const seatState = round.seats[seat]!;
  // Another seat's hand order: hand slots are never shown.
  if (new Set(seatState.hand.map(key)).size >= 2 && round.turn?.takenFromDiscard == null) {
    const altered = mutableCopy(state);
    altered.round.seats[seat]!.hand.reverse();
    out.push(altered);
  }
  // Two of another seat's face-down field cards, of different faces.
  const down = seatState.field.flatMap((slot, position) => (slot.faceUp ? [] : [position]));
  if (down.length >= 2) {
    const [p, q] = [down[0]!, down[down.length - 1]!];
    if (key(seatState.field[p]!.card) !== key(seatState.field[q]!.card)) {
      const altered = mutableCopy(state);
      const field = altered.round.seats[seat]!.field;
      [field[p]!.card, field[q]!.card] = [field[q]!.card, field[p]!.card];
      out.push(altered);
    }
  }
  // A hidden card of another seat's hand (one not publicly seen entering it) for a draw-pile card.
  const known = new Map<string, number>();
  for (const face of seatState.known) known.set(key(face), (known.get(key(face)) ?? 0) + 1);
  const hand = new Map<string, number>();
  for (const card of seatState.hand) hand.set(key(card), (hand.get(key(card)) ?? 0) + 1);
  const hidden = seatState.hand.findIndex(
    (card) =>
      card.id !== round.turn?.takenFromDiscard &&
      hand.get(key(card))! > (known.get(key(card)) ?? 0),
  );
  const swapWith = pile.findIndex(
    (face) => hidden >= 0 && key(face) !== key(seatState.hand[hidden]!),
  );
  if (hidden >= 0 && swapWith >= 0) {
    const altered = mutableCopy(state);
    const card = altered.round.seats[seat]!.hand[hidden]!;
    const face = altered.round.drawPile[swapWith]!;
    altered.round.seats[seat]!.hand[hidden] = { id: card.id, rank: face.rank, suit: face.suit };
    altered.round.drawPile[swapWith] = { rank: card.rank, suit: card.suit };
    out.push(altered);
  }
  return out;
}

/** Ids of every card the viewer does not hold, and the round secrets until the game is over. */
export function secretsFor(state: GameState, viewer: Viewer): string[] {
  const own = knowledge(state, viewer).ownIds;
  const ids: string[] = [];
  for (const seat of state.round.seats) {
    for (const card of [...seat.hand, ...seat.field.map((slot) => slot.card)]) ids.push(card.id);
    if (seat.piles) for (const card of [...seat.piles.A, ...seat.piles.B]) ids.push(card.id);
  }
  const hiddenIds = ids.filter((id) => !own.has(id));
  return state.phase === 'gameOver' ? hiddenIds : [...hiddenIds, ...state.randomness.secrets];
}
