import { isIPv6 } from 'node:net';

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
  if (hops === 0 || forwardedFor === undefined) return addressKey(peer);
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Nearest first: the peer, then what each proxy on the way saw.
  const chain = [peer, ...entries.reverse()];
  return addressKey(chain[Math.min(hops, chain.length - 1)]!);
}

/**
 * What the per-address limits count on: an IPv4 address as it is (also when written as IPv6,
 * `::ffff:a.b.c.d`), an IPv6 address by its /64, since one home or host is commonly given a
 * whole /64 and could otherwise take a fresh budget with each of its addresses.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) is not part of the address
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) =>
    // An IPv4 tail (64:ff9b::1.2.3.4) takes the place of two groups.
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const front = groups(head);
  const back = groups(tail);
  const all =
    tail === undefined
      ? front
      : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
