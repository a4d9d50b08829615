/**
 * C4, the write commitment: when a writing phase closes, each seat's hand is published as
 * w = SHA-256("trumpen/write/1" ‖ gameId ‖ round ‖ seat ‖ hand ‖ salt), texts UTF-8, round and
 * seat one byte each, salt its 32 raw bytes. Anyone holding the salts (all of them at the game's
 * end) checks that no hand changed after it closed.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToHex, hexToBytes } from '@trepenta/engine';
import type { Card } from './cards';
import { handText } from './cards';

export const WRITE_DOMAIN = 'trumpen/write/1';

export function writeCommitment(
  gameId: string,
  round: number,
  seat: number,
  hand: readonly Card[],
  saltHex: string,
): string {
  return bytesToHex(
    sha256
      .create()
      .update(utf8ToBytes(WRITE_DOMAIN))
      .update(utf8ToBytes(gameId))
      .update(Uint8Array.of(round & 0xff))
      .update(Uint8Array.of(seat & 0xff))
      .update(utf8ToBytes(handText(hand)))
      .update(hexToBytes(saltHex))
      .digest(),
  );
}

/** Whether every published commitment of a round matches the hands and salts shown at the end. */
export function checkCommitments(
  gameId: string,
  round: number,
  hands: readonly (readonly Card[])[],
  salts: readonly string[],
  commitments: readonly string[],
): boolean {
  return hands.every(
    (hand, seat) =>
      salts[seat] !== undefined &&
      writeCommitment(gameId, round, seat, hand, salts[seat]) === commitments[seat],
  );
}
