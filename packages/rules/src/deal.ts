import { canonicalDeck, deckComposition } from './cards';
import type { Card, Face } from './cards';
import { createStream, randomInt, roundKey, shuffle } from './fairness';
import type { GameSettings } from './settings';
import { withSeat } from './records';
import type { Randomness, RoundState, SeatState } from './state';

/** Round r's working key k_r = HMAC(s_r, nonces) (§8.2). */
export function keyForRound(randomness: Randomness, round: number): Uint8Array {
  const secret = randomness.secrets[round - 1];
  if (secret === undefined) throw new Error(`No secret for round ${round}`);
  return roundKey(secret, randomness.nonces);
}

/** R6: round 1's dealer comes from the committed randomness ("dealer" stream of round 1). */
export function drawFirstDealer(randomness: Randomness, seatCount: number): number {
  return randomInt(createStream(keyForRound(randomness, 1), 'dealer'), seatCount);
}

export function cardId(round: number, serial: number): string {
  return `${round}-${serial.toString(36)}`;
}

/**
 * Shuffles the cards in use (canonical order in, Fisher–Yates with the "deal" stream), deals two
 * piles of five to each seat starting left of the dealer, turns one card up, and rolls each die
 * ("dice" stream, seat order). Cards get fresh ids in shuffled order, so an id says nothing.
 */
export function dealRound(
  settings: GameSettings,
  seatCount: number,
  randomness: Randomness,
  round: number,
  dealer: number,
): RoundState {
  const key = keyForRound(randomness, round);
  const faces: readonly Face[] = shuffle(
    canonicalDeck(deckComposition(settings.deck, seatCount)),
    createStream(key, 'deal'),
  );
  // Only the dealt cards need ids now; the serials stay positions in the shuffled deck.
  const cards: Card[] = faces.slice(0, seatCount * 10).map((face, serial) => ({
    id: cardId(round, serial),
    rank: face.rank,
    suit: face.suit,
  }));
  const dice = createStream(key, 'dice');
  const seats: SeatState[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    seats.push({
      piles: null,
      hand: [],
      field: [],
      die: randomInt(dice, 6) + 1,
      known: [],
      ready: false,
    });
  }
  let next = 0;
  for (let k = 0; k < seatCount; k++) {
    const seat = (dealer + 1 + k) % seatCount;
    const A = cards.slice(next, next + 5);
    const B = cards.slice(next + 5, next + 10);
    next += 10;
    seats[seat] = withSeat(seats[seat]!, { piles: { A, B } });
  }
  // The piles hold faces; ids are given as cards enter hands. The draw pile keeps its top last.
  const discardTop = faces[next]!;
  const drawPile = faces.slice(next + 1).reverse();
  return {
    round,
    dealer,
    seats,
    drawPile,
    discardPile: [discardTop],
    nextCardId: faces.length,
    turn: null,
    completedBy: null,
    finalTurnsLeft: 0,
    reshuffles: 0,
    idleTurns: 0,
    reveal: null,
  };
}

/** Long Play (R16): every discard but the top one, bottom to top, shuffled with "reshuffle/k". */
export function reshuffleDiscards(
  randomness: Randomness,
  round: number,
  reshuffle: number,
  discardPile: readonly Face[],
): { drawPile: Face[]; discardPile: Face[] } {
  const top = discardPile[discardPile.length - 1];
  if (top === undefined || discardPile.length < 2) {
    throw new Error(
      'Reshuffle with nothing to shuffle (docs/rules/trepenta.md §4 says this cannot happen)',
    );
  }
  const stream = createStream(keyForRound(randomness, round), `reshuffle/${reshuffle}`);
  const shuffled = shuffle(discardPile.slice(0, -1), stream);
  // Shuffled order is dealing order: its first card is the new top.
  return { drawPile: shuffled.reverse(), discardPile: [top] };
}
