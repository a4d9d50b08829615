import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  commitmentOf,
  handKey,
  hexToBytes,
  isHex256,
  nonceHash,
  nonceKey,
  serverNonce,
} from '../src/index';

const hex = (tag: string) => createHash('sha256').update(tag).digest('hex');
const SECRET = hex('secret');
const NONCES = [hex('n0'), hex('n1'), hex('n2')];

function uint32be(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

describe('the session scheme (T22), recomputed with node:crypto', () => {
  it('T22: the commitment is SHA-256(domain ‖ gameId ‖ tag ‖ s)', () => {
    const expected = createHash('sha256')
      .update('tressette/1')
      .update('g-1')
      .update(hexToBytes(SECRET))
      .digest('hex');
    expect(commitmentOf('tressette/1', 'g-1', new Uint8Array(), SECRET)).toBe(expected);
    // C6's tag (the variant) goes between the game id and the secret.
    const tagged = createHash('sha256')
      .update('trumpen/1')
      .update('g-1')
      .update('poker')
      .update(hexToBytes(SECRET))
      .digest('hex');
    expect(commitmentOf('trumpen/1', 'g-1', new TextEncoder().encode('poker'), SECRET)).toBe(
      tagged,
    );
  });

  it('T22: a server nonce is HMAC(s, "nonce" ‖ uint32be(e) ‖ uint8(seat)), fixed by s', () => {
    for (const [epoch, seat] of [
      [0, 2],
      [3, 0],
      [70000, 7],
    ] as const) {
      const expected = createHmac('sha256', hexToBytes(SECRET))
        .update('nonce')
        .update(uint32be(epoch))
        .update(Uint8Array.of(seat))
        .digest('hex');
      expect(serverNonce(SECRET, epoch, seat)).toBe(expected);
    }
    const all = new Set(
      [0, 1].flatMap((epoch) => [0, 1, 2].map((seat) => serverNonce(SECRET, epoch, seat))),
    );
    expect(all.size).toBe(6);
    expect(serverNonce(hex('other'), 0, 2)).not.toBe(serverNonce(SECRET, 0, 2));
  });

  it('T22: hand h’s key is HMAC(s, "hand" ‖ uint32be(h) ‖ the nonce set in seat order)', () => {
    const mac = createHmac('sha256', hexToBytes(SECRET)).update('hand').update(uint32be(7));
    for (const nonce of NONCES) mac.update(hexToBytes(nonce));
    expect(bytesToHex(handKey(SECRET, 7, NONCES))).toBe(mac.digest('hex'));
    const keys = new Set([
      bytesToHex(handKey(SECRET, 7, NONCES)),
      bytesToHex(handKey(SECRET, 8, NONCES)),
      bytesToHex(handKey(SECRET, 7, [...NONCES].reverse())),
      bytesToHex(handKey(hex('other'), 7, NONCES)),
    ]);
    expect(keys.size).toBe(4);
  });

  it('C6: the game key is HMAC(s, nonces in seat order)', () => {
    const mac = createHmac('sha256', hexToBytes(SECRET));
    for (const nonce of NONCES) mac.update(hexToBytes(nonce));
    expect(bytesToHex(nonceKey(SECRET, NONCES))).toBe(mac.digest('hex'));
  });

  it('T22: a seat publishes SHA-256(n) of its nonce first', () => {
    expect(nonceHash(NONCES[0]!)).toBe(
      createHash('sha256').update(hexToBytes(NONCES[0]!)).digest('hex'),
    );
  });

  it('refuses malformed secrets, nonces, seats and counters', () => {
    expect(() => serverNonce('ab', 0, 0)).toThrow(RangeError);
    expect(() => serverNonce(SECRET, -1, 0)).toThrow(RangeError);
    expect(() => serverNonce(SECRET, 0, 256)).toThrow(RangeError);
    expect(() => handKey(SECRET, 1, [])).toThrow(RangeError);
    expect(() => handKey(SECRET, 1.5, NONCES)).toThrow(RangeError);
    expect(() => nonceHash(SECRET.toUpperCase())).toThrow(RangeError);
    expect(() => commitmentOf('d', 'g', new Uint8Array(), 'zz')).toThrow(RangeError);
    expect(isHex256(SECRET)).toBe(true);
    expect(isHex256(SECRET.toUpperCase())).toBe(false);
    expect(isHex256(42)).toBe(false);
  });
});
