/** A token bucket: `perSecond` sustained, `burst` at once. */
export class RateLimiter {
  private tokens: number;
  private last = performance.now();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** At most `limit` takes per key in a sliding window; forgets idle keys. */
export class WindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string): boolean {
    const now = Date.now();
    const recent = this.recent(key, now);
    if (++this.sweeps % 1000 === 0) this.forgetIdle(now);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }

  /** How long until `key` may take again (0: now). */
  retryAfterMs(key: string): number {
    const now = Date.now();
    const recent = this.recent(key, now);
    return recent.length < this.limit
      ? 0
      : recent[recent.length - this.limit]! + this.windowMs - now;
  }

  /** The key's takes still inside the window, oldest first. */
  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => now - at < this.windowMs);
  }

  private forgetIdle(now: number): void {
    for (const [key, hits] of this.hits) {
      if (hits.every((at) => now - at >= this.windowMs)) this.hits.delete(key);
    }
  }
}

/**
 * The client's address for the per-address limits. With no trusted proxy it is the TCP peer.
 * Behind `hops` proxies that each append the address they received from to X-Forwarded-For, it
 * is the entry `hops` from the right: what the outermost trusted proxy saw. Entries further left
 * were written by the client or by proxies nobody vouches for, so sending the header gets a
 * client nothing; a connection that bypasses the proxies (no header) is its TCP peer.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  if (hops === 0 || forwardedFor === undefined) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Nearest first: the peer, then what each proxy on the way saw.
  const chain = [peer, ...entries.reverse()];
  return chain[Math.min(hops, chain.length - 1)]!;
}
