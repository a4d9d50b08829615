import { describe, expect, it } from 'vitest';
import { ReplayCache } from '../src/replays';

describe('ReplayCache', () => {
  it('keeps the most recently asked for replays within its size, letting the oldest go', () => {
    const cache = new ReplayCache(10);
    cache.set('a', '1234');
    cache.set('b', '1234');
    expect(cache.get('a')).toBe('1234'); // a is now the most recent
    cache.set('c', '1234'); // 12 > 10: b, the least recently asked for, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1234');
    expect(cache.get('c')).toBe('1234');
  });

  it('does not keep a replay larger than the whole cache, nor count one twice', () => {
    const cache = new ReplayCache(10);
    cache.set('big', 'x'.repeat(11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', '12345');
    cache.set('a', '12345');
    cache.set('b', '12345'); // 10 in all: both fit if a was counted once
    expect(cache.get('a')).toBe('12345');
    expect(cache.get('b')).toBe('12345');
  });
});
