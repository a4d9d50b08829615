/**
 * Committed randomness, shared by every game (docs/fairness.md). Everything here must be
 * reproducible byte for byte by anyone holding the revealed secrets, so the encodings are part of
 * the protocol:
 *
 *   commitment     SHA-256(utf8(domain) ‖ utf8(gameId) ‖ tag ‖ s)     tag: per game, often empty
 *   nonce hash     SHA-256(n)                                         the first of two nonce steps
 *   server nonce   HMAC-SHA256(s, utf8("nonce") ‖ uint32be(e) ‖ uint8(seat))
 *   nonce key      HMAC-SHA256(s, n_0 ‖ n_1 ‖ … in seat order)        one key per secret
 *   hand key       HMAC-SHA256(s, utf8("hand") ‖ uint32be(h) ‖ n_0 ‖ n_1 ‖ …)
 *   stream         block i = HMAC-SHA256(k, utf8(label) ‖ uint32be(i)), read as 8 uint32be words,
 *                  i counting from 0
 *   integers       rejection sampling: reject w >= floor(2^32 / n) * n, then w mod n
 *   shuffle        Fisher–Yates from the last index down, j = randomInt(i + 1)
 *
 * No length prefixes are needed: secrets and nonces (32 bytes), counters (4 bytes) and seats (1
 * byte) have fixed sizes, so every variable-length part (domain with gameId, label) is fixed by
 * the total length. Changing any of this breaks the replay of old games.
 */
import { hmac, type _HMAC } from '@noble/hashes/hmac.js';
import { sha256, type _SHA256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';

const UINT32_RANGE = 0x1_0000_0000;
const HEX256 = /^[0-9a-f]{64}$/;
const HEX = /^(?:[0-9a-f]{2})*$/;

/** Whether a text is a 256-bit value as this project writes one: 64 lowercase hex characters. */
export function isHex256(text: unknown): text is string {
  return typeof text === 'string' && HEX256.test(text);
}

/** A 256-bit secret or seat nonce: exactly 64 lowercase hex characters, one spelling per value. */
export const hex256Schema = z
  .string()
  .regex(HEX256, { message: 'expected 64 lowercase hex characters (256 bits)' });

/** Strict: lowercase only, even length. Throws on bad input; validate untrusted text first. */
export function hexToBytes(hex: string): Uint8Array {
  if (!HEX.test(hex)) throw new RangeError('hexToBytes: expected lowercase hex of even length');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function secretBytes(hex: string, what: string): Uint8Array {
  if (!HEX256.test(hex)) throw new RangeError(`${what}: expected 64 lowercase hex characters`);
  return hexToBytes(hex);
}

function uint32be(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value >= UINT32_RANGE) {
    throw new RangeError('expected an integer 0..2^32-1');
  }
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/**
 * A commitment to a secret, published before anything is dealt: SHA-256 of the game's domain
 * (its name and scheme version, e.g. "tressette/1"), the game id, a tag of the game's own (empty
 * for one secret per game; Trepenta's round number), and the secret.
 */
export function commitmentOf(
  domain: string,
  gameId: string,
  tag: Uint8Array,
  secretHex: string,
): string {
  return bytesToHex(
    sha256
      .create()
      .update(utf8ToBytes(domain))
      .update(utf8ToBytes(gameId))
      .update(tag)
      .update(secretBytes(secretHex, 'commitment'))
      .digest(),
  );
}

/** What a seat publishes first, before any nonce is shown: SHA-256 of its nonce. */
export function nonceHash(nonceHex: string): string {
  return bytesToHex(sha256(secretBytes(nonceHex, 'nonceHash')));
}

/**
 * The nonce of a seat the server fills (a bot, or a seat whose hash or nonce is missing, late or
 * wrong) in nonce set `epoch`: fixed by the committed secret, so the server cannot pick it after
 * seeing the others'.
 */
export function serverNonce(secretHex: string, epoch: number, seat: number): string {
  if (!Number.isInteger(seat) || seat < 0 || seat > 255) {
    throw new RangeError('serverNonce: seat must be an integer 0..255');
  }
  return bytesToHex(
    hmac
      .create(sha256, secretBytes(secretHex, 'serverNonce'))
      .update(utf8ToBytes('nonce'))
      .update(uint32be(epoch))
      .update(Uint8Array.of(seat))
      .digest(),
  );
}

/** HMAC(s, nonces in seat order): one working key from a secret and a nonce set. */
export function nonceKey(secretHex: string, noncesHex: readonly string[]): Uint8Array {
  // Every game has at least one seat, and so at least one nonce; none means a caller bug.
  if (noncesHex.length === 0) throw new RangeError('nonceKey: expected one nonce per seat');
  const mac = hmac.create(sha256, secretBytes(secretHex, 'nonceKey'));
  for (const nonce of noncesHex) mac.update(secretBytes(nonce, 'nonceKey nonce'));
  return mac.digest();
}

/**
 * Hand h's key in a session with one secret: HMAC(s, "hand" ‖ h ‖ the nonce set in force). Safe
 * to derive from one secret because nothing is revealed before the session ends.
 */
export function handKey(secretHex: string, hand: number, noncesHex: readonly string[]): Uint8Array {
  if (noncesHex.length === 0) throw new RangeError('handKey: expected one nonce per seat');
  const mac = hmac
    .create(sha256, secretBytes(secretHex, 'handKey'))
    .update(utf8ToBytes('hand'))
    .update(uint32be(hand));
  for (const nonce of noncesHex) mac.update(secretBytes(nonce, 'handKey nonce'));
  return mac.digest();
}

type Mac = _HMAC<_SHA256>;

/**
 * One keyed stream, local to one computation: it holds mutable hash state, so it is never stored
 * in game state; rebuild it from the key and the label. Fields are internal.
 */
export interface RandomStream {
  readonly label: string;
  /** HMAC with the key already absorbed; cloned per block so the key pads are hashed once. */
  readonly keyed: Mac;
  /** Reused scratch HMAC for the current block. */
  readonly scratch: Mac;
  /** utf8(label) ‖ uint32be(counter), rewritten in place per block. */
  readonly message: Uint8Array;
  readonly messageView: DataView;
  readonly block: Uint8Array;
  readonly blockView: DataView;
  /** Index of the next block to compute. */
  counter: number;
  /** Byte offset of the next unread word in `block`; 32 means the block is used up. */
  offset: number;
}

const BLOCK_BYTES = 32;

export function createStream(key: Uint8Array, label: string): RandomStream {
  const labelBytes = utf8ToBytes(label);
  const message = new Uint8Array(labelBytes.length + 4);
  message.set(labelBytes);
  const keyed: Mac = hmac.create(sha256, key);
  const block = new Uint8Array(BLOCK_BYTES);
  return {
    label,
    keyed,
    scratch: keyed._cloneInto(),
    message,
    messageView: new DataView(message.buffer),
    block,
    blockView: new DataView(block.buffer),
    counter: 0,
    offset: BLOCK_BYTES,
  };
}

function refill(stream: RandomStream): void {
  if (stream.counter >= UINT32_RANGE) throw new RangeError('RandomStream: counter exhausted');
  stream.messageView.setUint32(stream.message.length - 4, stream.counter);
  stream.keyed._cloneInto(stream.scratch).update(stream.message).digestInto(stream.block);
  stream.counter++;
  stream.offset = 0;
}

export function nextUint32(stream: RandomStream): number {
  if (stream.offset === BLOCK_BYTES) refill(stream);
  const word = stream.blockView.getUint32(stream.offset);
  stream.offset += 4;
  return word;
}

/** Unbiased integer in [0, n). Always consumes at least one word, even for n = 1. */
export function randomInt(stream: RandomStream, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > UINT32_RANGE) {
    throw new RangeError('randomInt: n must be an integer 1..2^32');
  }
  const limit = Math.floor(UINT32_RANGE / n) * n;
  for (;;) {
    const word = nextUint32(stream);
    if (word < limit) return word % n;
  }
}

/** Fisher–Yates over the given order; the input order is part of what a replay must match. */
export function shuffle<T>(items: readonly T[], stream: RandomStream): T[] {
  const result = items.slice();
  for (let i = result.length - 1; i >= 1; i--) {
    const j = randomInt(stream, i + 1);
    const swap = result[i] as T;
    result[i] = result[j] as T;
    result[j] = swap;
  }
  return result;
}
