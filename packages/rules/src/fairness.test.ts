import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FAIRNESS_DOMAIN,
  bytesToHex,
  commitment,
  createStream,
  hex256Schema,
  hexToBytes,
  nextUint32,
  randomInt,
  roundKey,
  shuffle,
  type RandomStream,
} from './fairness';

// Known-answer inputs; the expected values below were computed once with node:crypto
// (an independent implementation) and are also recomputed with it in the tests.
const SECRET = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const NONCES = [
  'aa'.repeat(32),
  '5c'.repeat(32),
  'fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0',
];
const GAME_ID = 'game-7f3a';
const KAT_COMMITMENT_1 = '3215e6147e5e009523ad6810b34076e0690ff8021de5c3a536ac769ab9dc2bf7';
const KAT_COMMITMENT_5 = '2226a5e6307a51f47d7dfb082be6cd269e9ee2370e9e745efb8f57818c7916df';
const KAT_KEY = '8aa7ef3931b05722860be099874243ce4509763c7bda4a76ba0b5ebaa7e0e246';
const KAT_DEAL_BLOCK_0 = '0e3070c025d921642b31bd704a2fb1201cf32d1a6ea760fbdcf32ea902a53043';
const KAT_DEAL_BLOCK_1 = '1331dbdd2e2f55dcb56e465c7d690f358176b8738433b025ae9d77c7017d1a15';
// shuffle(0..51) under KAT_KEY, label "deal". If this changes, old games no longer replay:
// bump SHUFFLE_VERSION.
const KAT_SHUFFLE_52 = [
  1, 6, 28, 19, 35, 23, 8, 38, 51, 20, 7, 40, 46, 3, 43, 10, 0, 33, 13, 9, 29, 18, 31, 15, 50, 36,
  44, 27, 4, 25, 16, 49, 2, 45, 14, 22, 37, 5, 21, 11, 34, 24, 47, 17, 12, 39, 41, 42, 26, 48, 30,
  32,
];

const subtle = globalThis.crypto.subtle;

async function webSha256(...parts: Uint8Array[]): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', concat(parts))));
}

async function webHmac(key: Uint8Array, ...parts: Uint8Array[]): Promise<string> {
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return bytesToHex(new Uint8Array(await subtle.sign('HMAC', cryptoKey, concat(parts))));
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function uint32be(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/** Deterministic test secrets: SHA-256 of a tag, so no test depends on OS randomness. */
function testHex(tag: string): string {
  return createHash('sha256').update(tag).digest('hex');
}

function testKey(tag: string): Uint8Array {
  return hexToBytes(testHex(tag));
}

/** The whole stream → integer → shuffle chain, written again on node:crypto. */
function referenceShuffle<T>(items: readonly T[], key: Uint8Array, label: string): T[] {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  const next = (): number => {
    if (offset === 32) {
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter++);
      block = createHmac('sha256', key).update(label, 'utf8').update(counterBytes).digest();
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
  const below = (n: number): number => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const word = next();
      if (word < limit) return word % n;
    }
  };
  const result = [...items];
  for (let i = result.length - 1; i >= 1; i--) {
    const j = below(i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

function words(stream: RandomStream, count: number): number[] {
  return Array.from({ length: count }, () => nextUint32(stream));
}

function wordsToHex(values: readonly number[]): string {
  return values.map((word) => word.toString(16).padStart(8, '0')).join('');
}

function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

// 5 degrees of freedom: P(chi² > 25) ≈ 1.4e-4. The draws are deterministic, so this never flakes;
// the bound only has to separate "uniform" from "visibly biased".
const CHI_SQUARE_BOUND_DF5 = 25;

describe('hex helpers', () => {
  it('R22: round-trip bytes and hex, lowercase out', () => {
    const bytes = Uint8Array.from([0, 1, 0x7f, 0x80, 0xab, 0xff]);
    expect(bytesToHex(bytes)).toBe('00017f80abff');
    expect(hexToBytes('00017f80abff')).toEqual(bytes);
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
    expect(bytesToHex(new Uint8Array(0))).toBe('');
    expect(bytesToHex(hexToBytes(SECRET))).toBe(SECRET);
  });

  it.each(['abc', 'AB', '0xab', 'zz', 'a b ', 'ab\n', 'éé'])(
    'R22: hexToBytes rejects %j',
    (bad) => {
      expect(() => hexToBytes(bad)).toThrow(RangeError);
    },
  );

  it('R22: hex256Schema takes exactly 64 lowercase hex characters', () => {
    expect(hex256Schema.safeParse(SECRET).success).toBe(true);
    expect(hex256Schema.safeParse('0'.repeat(64)).success).toBe(true);
    for (const bad of [
      '',
      SECRET.slice(1),
      `${SECRET}0`,
      `${SECRET}00`,
      SECRET.toUpperCase(),
      `A${SECRET.slice(1)}`,
      `g${SECRET.slice(1)}`,
      `0x${SECRET.slice(2)}`,
      ` ${SECRET.slice(1)}`,
      `${SECRET.slice(1)}\n`,
    ]) {
      expect(hex256Schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(hex256Schema.safeParse(42).success).toBe(false);
  });
});

describe('commitment', () => {
  it('R22: pinned known answer, recomputed with node:crypto', () => {
    expect(commitment(GAME_ID, 1, SECRET)).toBe(KAT_COMMITMENT_1);
    expect(commitment(GAME_ID, 5, SECRET)).toBe(KAT_COMMITMENT_5);
    const independent = createHash('sha256')
      .update(FAIRNESS_DOMAIN)
      .update(GAME_ID)
      .update(Uint8Array.of(1))
      .update(hexToBytes(SECRET))
      .digest('hex');
    expect(independent).toBe(KAT_COMMITMENT_1);
  });

  it('R22: matches Web Crypto SHA-256 for every round and several games', async () => {
    for (const gameId of ['', 'g', GAME_ID, 'партия-№5 ★☾', 'x'.repeat(200)]) {
      for (let round = 1; round <= 5; round++) {
        const secret = testHex(`commit/${gameId}/${round}`);
        const expected = await webSha256(
          utf8('trepenta/1'),
          utf8(gameId),
          Uint8Array.of(round),
          hexToBytes(secret),
        );
        expect(commitment(gameId, round, secret)).toBe(expected);
      }
    }
  });

  it('R22: binds the round, the game and the secret', () => {
    const seen = new Set([
      commitment(GAME_ID, 1, SECRET),
      commitment(GAME_ID, 2, SECRET),
      commitment(`${GAME_ID}x`, 1, SECRET),
      commitment(GAME_ID, 1, testHex('other')),
    ]);
    expect(seen.size).toBe(4);
  });

  it('R22: refuses a round outside 1..5 and a secret that is not 256-bit lowercase hex', () => {
    for (const round of [0, 6, 1.5, -1, Number.NaN, 256]) {
      expect(() => commitment(GAME_ID, round, SECRET)).toThrow(RangeError);
    }
    for (const secret of [SECRET.toUpperCase(), SECRET.slice(2), `${SECRET}00`, '']) {
      expect(() => commitment(GAME_ID, 1, secret)).toThrow(RangeError);
    }
  });
});

describe('roundKey', () => {
  it('R22: pinned known answer, recomputed with node:crypto', () => {
    expect(bytesToHex(roundKey(SECRET, NONCES))).toBe(KAT_KEY);
    const mac = createHmac('sha256', hexToBytes(SECRET));
    for (const nonce of NONCES) mac.update(hexToBytes(nonce));
    expect(mac.digest('hex')).toBe(KAT_KEY);
  });

  it('R22: matches Web Crypto HMAC-SHA256 for 1 to 6 seats', async () => {
    for (let seats = 1; seats <= 6; seats++) {
      const secret = testHex(`secret/${seats}`);
      const nonces = Array.from({ length: seats }, (_, seat) => testHex(`nonce/${seats}/${seat}`));
      const expected = await webHmac(hexToBytes(secret), ...nonces.map(hexToBytes));
      expect(bytesToHex(roundKey(secret, nonces))).toBe(expected);
    }
  });

  it('R22: every nonce and the seat order change the key', () => {
    const keys = new Set([
      bytesToHex(roundKey(SECRET, NONCES)),
      bytesToHex(roundKey(SECRET, [...NONCES].reverse())),
      bytesToHex(roundKey(SECRET, NONCES.slice(0, 2))),
      bytesToHex(roundKey(SECRET, [NONCES[0] ?? '', NONCES[1] ?? '', testHex('late')])),
      bytesToHex(roundKey(testHex('other'), NONCES)),
    ]);
    expect(keys.size).toBe(5);
  });

  it('R22: refuses no nonces and malformed nonces', () => {
    expect(() => roundKey(SECRET, [])).toThrow(RangeError);
    expect(() => roundKey(SECRET, ['ab'])).toThrow(RangeError);
    expect(() => roundKey(SECRET, [SECRET.toUpperCase()])).toThrow(RangeError);
    expect(() => roundKey('ab', NONCES)).toThrow(RangeError);
  });
});

describe('RandomStream', () => {
  it('R22: pinned known-answer blocks for "deal", recomputed with node:crypto', () => {
    const key = hexToBytes(KAT_KEY);
    const stream = createStream(key, 'deal');
    expect(wordsToHex(words(stream, 8))).toBe(KAT_DEAL_BLOCK_0);
    expect(wordsToHex(words(stream, 8))).toBe(KAT_DEAL_BLOCK_1);
    const independent = createHmac('sha256', key).update('deal').update(uint32be(1)).digest('hex');
    expect(independent).toBe(KAT_DEAL_BLOCK_1);
  });

  it('R22: blocks match Web Crypto HMAC(key, label ‖ uint32be(i)) for the engine labels', async () => {
    const labels = ['dealer', 'deal', 'dice', 'reshuffle/1', 'reshuffle/12', '', 'é'.repeat(40)];
    for (const label of labels) {
      const key = testKey(`stream/${label}`);
      const stream = createStream(key, label);
      for (let block = 0; block < 4; block++) {
        const expected = await webHmac(key, utf8(label), uint32be(block));
        expect(wordsToHex(words(stream, 8)), `${label} block ${block}`).toBe(expected);
      }
    }
  });

  it('R22: accepts keys of any length, as HMAC does', async () => {
    for (const length of [1, 16, 32, 64, 65, 100]) {
      const key = Uint8Array.from({ length }, (_, i) => (i * 7 + length) & 0xff);
      const expected = await webHmac(key, utf8('dice'), uint32be(0));
      expect(wordsToHex(words(createStream(key, 'dice'), 8))).toBe(expected);
    }
  });

  it('R22: same key and label give the same sequence; another label or key another one', () => {
    const key = testKey('determinism');
    const a = words(createStream(key, 'deal'), 100);
    expect(words(createStream(key, 'deal'), 100)).toEqual(a);
    expect(words(createStream(key, 'dice'), 100)).not.toEqual(a);
    expect(words(createStream(key, 'deal '), 100)).not.toEqual(a);
    expect(words(createStream(testKey('other'), 'deal'), 100)).not.toEqual(a);
  });

  it('R22: streams are independent of each other and of later changes to the key buffer', () => {
    const key = testKey('interleave');
    const expectedDeal = words(createStream(key, 'deal'), 40);
    const expectedDice = words(createStream(key, 'dice'), 40);
    const mutableKey = key.slice();
    const deal = createStream(mutableKey, 'deal');
    const dice = createStream(mutableKey, 'dice');
    mutableKey.fill(0);
    const gotDeal: number[] = [];
    const gotDice: number[] = [];
    for (let i = 0; i < 40; i++) {
      gotDeal.push(nextUint32(deal));
      gotDice.push(nextUint32(dice));
    }
    expect(gotDeal).toEqual(expectedDeal);
    expect(gotDice).toEqual(expectedDice);
  });
});

describe('randomInt', () => {
  it('R22: stays in [0, n) for small and large n', () => {
    const stream = createStream(testKey('range'), 'range');
    for (const n of [1, 2, 3, 5, 6, 7, 52, 156, 1000, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const value = randomInt(stream, n);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(n);
      }
    }
  });

  it('R22: n = 1 gives 0 and still consumes exactly one word', () => {
    const key = testKey('n1');
    const stream = createStream(key, 'x');
    const twin = createStream(key, 'x');
    for (let i = 0; i < 20; i++) {
      expect(randomInt(stream, 1)).toBe(0);
      nextUint32(twin);
    }
    expect(nextUint32(stream)).toBe(nextUint32(twin));
  });

  it('R22: n = 2^32 returns the raw words (nothing is rejected)', () => {
    const key = testKey('n32');
    const raw = words(createStream(key, 'x'), 50);
    const stream = createStream(key, 'x');
    expect(raw.map(() => randomInt(stream, 2 ** 32))).toEqual(raw);
  });

  it('R22: rejects w >= floor(2^32 / n) * n and draws again (n near 2^32)', () => {
    // n = 2^31 + 1: limit = n, so about half of all words are rejected.
    const n = 2 ** 31 + 1;
    const key = testKey('rejection');
    const stream = createStream(key, 'x');
    const twin = createStream(key, 'x');
    let rejected = 0;
    for (let draw = 0; draw < 1000; draw++) {
      let word = nextUint32(twin);
      while (word >= n) {
        rejected++;
        word = nextUint32(twin);
      }
      expect(randomInt(stream, n)).toBe(word % n);
    }
    expect(rejected).toBeGreaterThan(400);
    expect(rejected).toBeLessThan(1600);
    // Both streams must have consumed exactly the same words.
    expect(nextUint32(stream)).toBe(nextUint32(twin));
  });

  it('R22: a rejected first word is skipped, not reduced (constructed case)', () => {
    // Find a stream whose first word is rejected for n = 3·2^30 (limit n, values >= n rejected).
    const n = 3 * 2 ** 30;
    let tag = 0;
    let first = 0;
    for (;;) {
      first = nextUint32(createStream(testKey(`constructed/${tag}`), 'x'));
      if (first >= n) break;
      tag++;
    }
    const key = testKey(`constructed/${tag}`);
    const [, second = 0, third = 0] = words(createStream(key, 'x'), 3);
    const expected = second < n ? second : third % n;
    expect(randomInt(createStream(key, 'x'), n)).toBe(expected);
    expect(expected).not.toBe(first % n);
  });

  it('R22: roughly uniform for a die (chi-square over 60,000 draws of n = 6)', () => {
    const stream = createStream(testKey('die'), 'dice');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const face = randomInt(stream, 6);
      counts[face] = (counts[face] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_BOUND_DF5);
  });

  it('R22: same key and label give the same integers; another label other integers', () => {
    const key = testKey('ints');
    const draw = (label: string): number[] => {
      const stream = createStream(key, label);
      return Array.from({ length: 200 }, (_, i) => randomInt(stream, 1 + (i % 60)));
    };
    expect(draw('dealer')).toEqual(draw('dealer'));
    expect(draw('dealer')).not.toEqual(draw('dice'));
  });

  it('R22: refuses n outside the integers 1..2^32', () => {
    const stream = createStream(testKey('bad-n'), 'x');
    for (const n of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => randomInt(stream, n)).toThrow(RangeError);
    }
  });
});

describe('shuffle', () => {
  const deck156 = Array.from({ length: 156 }, (_, i) => i);

  it('R22: pinned known answer for a 52-card deal, recomputed on node:crypto', () => {
    const key = hexToBytes(KAT_KEY);
    const deck = Array.from({ length: 52 }, (_, i) => i);
    expect(shuffle(deck, createStream(key, 'deal'))).toEqual(KAT_SHUFFLE_52);
    expect(referenceShuffle(deck, key, 'deal')).toEqual(KAT_SHUFFLE_52);
  });

  it('R22: agrees with an independent node:crypto implementation for many keys and sizes', () => {
    for (let game = 0; game < 40; game++) {
      const key = testKey(`reference/${game}`);
      const size = [0, 1, 2, 3, 52, 65, 104, 156][game % 8] ?? 0;
      const items = deck156.slice(0, size);
      const label = `reshuffle/${game}`;
      expect(shuffle(items, createStream(key, label))).toEqual(referenceShuffle(items, key, label));
    }
  });

  it('R22: returns a permutation (same multiset, duplicates kept) and leaves the input alone', () => {
    const faces = Object.freeze(
      ['AS', 'AS', '10H', 'KC', 'KC', 'KC', '2D', '7stars', 'Qmoons', '5suns'].map((face) => ({
        face,
      })),
    );
    const before = [...faces];
    const shuffled = shuffle(faces, createStream(testKey('perm'), 'deal'));
    expect(shuffled).not.toBe(faces);
    expect(faces).toEqual(before);
    expect(shuffled).toHaveLength(faces.length);
    // Same objects (duplicates are distinct cards, R2), each exactly once.
    expect(new Set(shuffled).size).toBe(faces.length);
    for (const card of faces) expect(shuffled).toContain(card);
    const big = shuffle(deck156, createStream(testKey('perm'), 'deal'));
    expect([...big].sort((a, b) => a - b)).toEqual(deck156);
    expect(big).not.toEqual(deck156);
  });

  it('R22: deterministic for the same key and label; different for another label', () => {
    const key = testKey('shuffle-determinism');
    const first = shuffle(deck156, createStream(key, 'deal'));
    expect(shuffle(deck156, createStream(key, 'deal'))).toEqual(first);
    expect(shuffle(deck156, createStream(key, 'reshuffle/1'))).not.toEqual(first);
  });

  it('R22: 0 and 1 items are copied and consume no randomness', () => {
    const key = testKey('tiny');
    const stream = createStream(key, 'x');
    const empty: number[] = [];
    expect(shuffle(empty, stream)).toEqual([]);
    expect(shuffle(empty, stream)).not.toBe(empty);
    expect(shuffle(['only'], stream)).toEqual(['only']);
    expect(nextUint32(stream)).toBe(nextUint32(createStream(key, 'x')));
  });

  const permutationCounts = (
    shuffleOf: (items: readonly string[], stream: RandomStream) => string[],
  ): number[] => {
    const orders = ['abc', 'acb', 'bac', 'bca', 'cab', 'cba'];
    const counts = orders.map(() => 0);
    for (let game = 0; game < 6000; game++) {
      const order = shuffleOf(['a', 'b', 'c'], createStream(testKey(`three/${game}`), 'deal'));
      const index = orders.indexOf(order.join(''));
      expect(index).toBeGreaterThanOrEqual(0);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    return counts;
  };

  it('R22: all 6 orders of 3 cards come up about equally often over many keys', () => {
    const counts = permutationCounts(shuffle);
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_BOUND_DF5);
  });

  it('R22: the uniformity check has teeth: it catches the classic biased shuffle', () => {
    // j from the whole array instead of 0..i: 9 equally likely paths cannot cover 6 orders evenly.
    const naive = (items: readonly string[], stream: RandomStream): string[] => {
      const result = [...items];
      for (let i = result.length - 1; i >= 1; i--) {
        const j = randomInt(stream, result.length);
        [result[i], result[j]] = [result[j] ?? '', result[i] ?? ''];
      }
      return result;
    };
    expect(chiSquare(permutationCounts(naive))).toBeGreaterThan(CHI_SQUARE_BOUND_DF5);
  });
});
