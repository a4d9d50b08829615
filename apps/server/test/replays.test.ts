import { describe, expect, it } from 'vitest';
import { ReplayCache } from '../src/replays';
import type { Replay } from '../src/replays';

const made = (body: string): Replay => ({ ok: true, body });

/** A maker that counts its calls and answers `body`. */
function maker(body: string) {
  let calls = 0;
  const make = () => {
    calls++;
    return Promise.resolve(made(body));
  };
  return { make, calls: () => calls };
}

describe('ReplayCache', () => {
  it('keeps the most recently asked for replays within its size, letting the oldest go', async () => {
    const cache = new ReplayCache(10);
    const a = maker('1234');
    const b = maker('1234');
    await cache.get('a', a.make);
    await cache.get('b', b.make);
    await cache.get('a', a.make); // kept: a is now the most recent
    expect(a.calls()).toBe(1);
    await cache.get('c', maker('1234').make); // 12 > 10: b, the least recently asked for, goes
    await cache.get('a', a.make);
    expect(a.calls()).toBe(1);
    await cache.get('b', b.make);
    expect(b.calls()).toBe(2);
  });

  it('asks made while the replay is being made wait for that one making', async () => {
    const cache = new ReplayCache(100);
    let release!: (replay: Replay) => void;
    let calls = 0;
    const make = () => {
      calls++;
      return new Promise<Replay>((resolve) => (release = resolve));
    };
    const asks = [cache.get('g', make), cache.get('g', make), cache.get('g', make)];
    release(made('{"log":[]}'));
    expect(await Promise.all(asks)).toEqual(Array(3).fill(made('{"log":[]}')));
    expect(calls).toBe(1);
  });

  it('keeps no refusal (a game still played will finish), nor a failure, nor what is too large', async () => {
    const cache = new ReplayCache(10);
    let answer: Replay = { ok: false, why: 'unfinished' };
    let calls = 0;
    const make = () => {
      calls++;
      return Promise.resolve(answer);
    };
    expect(await cache.get('g', make)).toEqual({ ok: false, why: 'unfinished' });
    answer = made('12345');
    expect(await cache.get('g', make)).toEqual(made('12345'));
    expect(await cache.get('g', make)).toEqual(made('12345'));
    expect(calls).toBe(2);
    await expect(cache.get('x', () => Promise.reject(new Error('store down')))).rejects.toThrow();
    expect(await cache.get('x', maker('ok').make)).toEqual(made('ok'));
    const big = maker('x'.repeat(11));
    await cache.get('big', big.make);
    await cache.get('big', big.make);
    expect(big.calls()).toBe(2);
  });
});
