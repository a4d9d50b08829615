/** Countdowns count on the server's clock, read from the joins' answers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverNow, syncClock } from '../src/clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the server clock', () => {
  it('R24: a device clock 20 s fast reads the server time from the middle of the round trip', () => {
    vi.useFakeTimers({ now: 1_000_020_000 });
    // Sent at 1_000_019_900 and answered at 1_000_020_000 (device clock); the server said 1_000_000_000.
    syncClock(1_000_000_000, 1_000_019_900, 1_000_020_000);
    expect(serverNow()).toBe(1_000_000_050);
    vi.advanceTimersByTime(1000);
    expect(serverNow()).toBe(1_000_001_050);
  });

  it('ignores a reading that cannot be right (answered before it was sent, not a number)', () => {
    vi.useFakeTimers({ now: 5_000 });
    syncClock(5_000, 5_000, 5_000);
    syncClock(99_999, 6_000, 5_000);
    syncClock(Number.NaN, 4_000, 5_000);
    expect(serverNow()).toBe(5_000);
  });
});
