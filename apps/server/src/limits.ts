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
 * What the per-address limits count on: an IPv4 address as it is, also when it comes written as
 * IPv6 (mapped, `::ffff:a.b.c.d`, or through a NAT64 translator, `64:ff9b::a.b.c.d`, in either
 * notation); any other IPv6 address by its /64, since one home or host is commonly given a whole
 * /64 and could otherwise take a fresh budget with each of its addresses.
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address.replace(/%.*$/, '')); // a zone (fe80::1%eth0) is no part
  if (groups === null) return address;
  const [a, b, c, d, e, f, g, h] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const mapped = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff;
  const nat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
  if (mapped || nat64) return [g >> 8, g & 0xff, h >> 8, h & 0xff].join('.');
  return `${[a, b, c, d].map((n) => n.toString(16)).join(':')}::/64`;
}

/** An IPv6 address's eight groups, or null if it is none. */
function ipv6Groups(text: string): number[] | null {
  if (!isIPv6(text)) return null;
  const half = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          // An IPv4 tail stands for the last two groups.
          const [w, x, y, z] = group.split('.').map(Number) as [number, number, number, number];
          return [(w << 8) | x, (y << 8) | z];
        });
  const [head = '', tail] = text.split('::');
  const front = half(head);
  if (tail === undefined) return front;
  const back = half(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Open connections per address: each counted once, from when it opens until it closes. */
export class ConnectionCounter {
  private readonly open_ = new Map<string, number>();
  private readonly addresses = new WeakMap<object, string>();

  open(connection: object, address: string): void {
    this.addresses.set(connection, address);
    this.open_.set(address, this.count(address) + 1);
  }

  close(connection: object): void {
    const address = this.addresses.get(connection);
    if (address === undefined) return;
    this.addresses.delete(connection);
    const left = this.count(address) - 1;
    if (left > 0) this.open_.set(address, left);
    else this.open_.delete(address);
  }

  count(address: string): number {
    return this.open_.get(address) ?? 0;
  }

  addressOf(connection: object): string | undefined {
    return this.addresses.get(connection);
  }
}
