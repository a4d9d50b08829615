/** T7, T8, T22: the dealer of the first hand, and each hand's deal from its committed key. */
import { createStream, handKey, randomInt, shuffle } from '@trepenta/engine';
import type { Seat } from '@trepenta/engine';
import { canonicalDeck } from './cards';
import type { Card } from './cards';
import { nextSeat } from './state';

/** T8: packet sizes per round of the deal. */
export function packets(seatCount: number): readonly number[] {
  return seatCount === 3 ? [5, 5, 3] : [5, 5];
}

/** T22: hand h's key, from the session's secret and the nonce set in force. */
export function keyOfHand(secret: string, hand: number, nonces: readonly string[]): Uint8Array {
  return handKey(secret, hand, nonces);
}

/** T7: the first dealer, uniform among the seats (hand 1's "dealer" stream). */
export function firstDealer(key: Uint8Array, seatCount: number): Seat {
  return randomInt(createStream(key, 'dealer'), seatCount);
}

/** T22: the shuffled deck of a hand ("deal" stream, Fisher–Yates over the canonical order). */
export function shuffledDeck(key: Uint8Array, seatCount: number): Card[] {
  return shuffle(canonicalDeck(seatCount), createStream(key, 'deal'));
}

/**
 * T8: packets of consecutive cards, starting with the dealer's right and going counter-clockwise,
 * the dealer last in each round; with 2 seats what is left is the stock, top first.
 */
export function dealFrom(
  deck: readonly Card[],
  seatCount: number,
  dealer: Seat,
): { hands: Card[][]; stock: Card[] } {
  const hands: Card[][] = Array.from({ length: seatCount }, () => []);
  let position = 0;
  for (const size of packets(seatCount)) {
    let seat = nextSeat(dealer, seatCount);
    for (let k = 0; k < seatCount; k++) {
      hands[seat]!.push(...deck.slice(position, position + size));
      position += size;
      seat = nextSeat(seat, seatCount);
    }
  }
  return { hands, stock: deck.slice(position) };
}
