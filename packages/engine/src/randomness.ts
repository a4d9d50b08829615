import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToHex } from './fairness';
import type { Randomness } from './module';

/**
 * Deterministic randomness for tests, benchmarks and the simulator (never for a game that is
 * played for real): `secrets` secrets and one nonce per seat, each SHA-256 of the seed and a label.
 */
export function exampleRandomness(
  secrets: number,
  seatCount: number,
  seed: number | string,
): Randomness {
  const hex = (label: string) => bytesToHex(sha256(utf8ToBytes(`${seed}/${label}`)));
  return {
    gameId: `game-${seed}`,
    secrets: Array.from({ length: secrets }, (_, i) => hex(`secret${i + 1}`)),
    nonces: Array.from({ length: seatCount }, (_, seat) => hex(`nonce${seat}`)),
  };
}
