/**
 * Finished games' replays as sent, the most recently asked for kept up to `maxChars` in all. A
 * finished game never changes (games are never deleted, and no new room takes a code a stored
 * game has used), and when a game ends every browser at the table asks for its replay at once to
 * check the deal (§8): one read of the log and one serialisation serve them all.
 */
export class ReplayCache {
  private readonly bodies = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const body = this.bodies.get(key);
    if (body !== undefined) {
      // The most recently used last: the first is the one to let go.
      this.bodies.delete(key);
      this.bodies.set(key, body);
    }
    return body;
  }

  set(key: string, body: string): void {
    if (body.length > this.maxChars || this.bodies.has(key)) return;
    this.bodies.set(key, body);
    this.chars += body.length;
    for (const [oldest, dropped] of this.bodies) {
      if (this.chars <= this.maxChars) break;
      this.bodies.delete(oldest);
      this.chars -= dropped.length;
    }
  }
}
