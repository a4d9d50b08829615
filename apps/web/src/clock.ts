/**
 * The server's clock as this device reads it. Deadlines come as the server's times (ms since the
 * epoch); a device whose clock is off (set by hand, no network time) would count them down wrong,
 * the stand-in seeming to move early or late. Each join's answer carries the server's time, read
 * at the middle of the request's round trip: off by at most half of it.
 */
let offset = 0;

/** Now, on the server's clock. */
export function serverNow(): number {
  return Date.now() + offset;
}

/** A reading of the server's clock, `serverTime`, answered to a request sent at `sentAt`. */
export function syncClock(serverTime: number, sentAt: number, receivedAt: number): void {
  if (!Number.isFinite(serverTime) || receivedAt < sentAt) return;
  offset = serverTime - (sentAt + receivedAt) / 2;
}
