/**
 * Trepenta's committed randomness (docs/rules/trepenta.md §8, docs/fairness.md): five round
 * secrets, each committed to on its own, over the platform's streams and shuffles.
 *
 *   commitment  c_r = SHA-256(utf8("trepenta/1") ‖ utf8(gameId) ‖ uint8(r) ‖ s_r)
 *   round key   k_r = HMAC-SHA256(s_r, nonce_0 ‖ nonce_1 ‖ … in seat order)
 *
 * Streams, integers and shuffles are the engine's. Changing any of this breaks the replay of old
 * games: bump SHUFFLE_VERSION.
 */
import { commitmentOf, nonceKey } from '@trepenta/engine';

export {
  bytesToHex,
  createStream,
  hex256Schema,
  hexToBytes,
  nextUint32,
  randomInt,
  shuffle,
} from '@trepenta/engine';
export type { RandomStream } from '@trepenta/engine';

export const FAIRNESS_DOMAIN = 'trepenta/1';
export const SHUFFLE_VERSION = 1;

/** A game has five rounds, one secret each (§8.1). */
const ROUNDS = 5;

/** c_r, published before the first deal; round is 1..5. */
export function commitment(gameId: string, round: number, secretHex: string): string {
  if (!Number.isInteger(round) || round < 1 || round > ROUNDS) {
    throw new RangeError(`commitment: round must be an integer 1..${ROUNDS}`);
  }
  return commitmentOf(FAIRNESS_DOMAIN, gameId, Uint8Array.of(round), secretHex);
}

/** k_r: mixing in every seat's nonce keeps the server from grinding secrets for a good deal. */
export function roundKey(secretHex: string, noncesHex: readonly string[]): Uint8Array {
  return nonceKey(secretHex, noncesHex);
}
