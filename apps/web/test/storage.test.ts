/** What a tab keeps of its deals in session storage (§8): read back whatever the storage holds. */
import { afterEach, describe, expect, it } from 'vitest';
import { hex256Schema } from '@trepenta/rules';
import { readSessionMap, writeSessionMap } from '../src/storage';

afterEach(() => sessionStorage.clear());

const hex = (c: string) => c.repeat(64);

describe('session maps', () => {
  it('keep only the entries the schema accepts, and nothing from storage that is not a map', () => {
    sessionStorage.setItem(
      'k',
      JSON.stringify({ g1: hex('a'), g2: 'not hex', g3: 42, g4: hex('A'), g5: hex('b') }),
    );
    expect(readSessionMap('k', hex256Schema)).toEqual({ g1: hex('a'), g5: hex('b') });
    for (const raw of ['[1,2]', '"text"', 'null', '{broken']) {
      sessionStorage.setItem('k', raw);
      expect(readSessionMap('k', hex256Schema)).toEqual({});
    }
  });

  it('written, they keep the newest entries only, and read back the same', () => {
    const map = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`game${i}`, [hex(String(i % 10))]]),
    );
    const kept = writeSessionMap('k', map, 10);
    expect(Object.keys(kept)).toEqual(Array.from({ length: 10 }, (_, i) => `game${i + 2}`));
    expect(readSessionMap('k', hex256Schema.array())).toEqual(kept);
  });
});
