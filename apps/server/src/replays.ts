/** A replay as sent, or why there is none: no such game, or one still being played. */
export type Replay = { ok: true; body: string } | { ok: false; why: 'missing' | 'unfinished' };

/**
 * Finished games' replays as sent, the most recently asked for kept up to `maxChars` characters
 * in all (a name outside Latin-1 makes V8 store its whole string at two bytes a character). A
 * finished game never changes (games are never deleted, and no new room takes a code a stored
 * game has used), and when a game ends every browser at the table asks for its replay at once to
 * check the deal (§8): one read of the log and one serialisation serve them all, also the asks
 * that come while that read is still waiting for the store.
 */
export class ReplayCache {
  private readonly bodies = new Map<string, string>();
  private readonly loading = new Map<string, Promise<Replay>>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The replay under `key`: kept, being made, or made now by `make` (a refusal is not kept). */
  get(key: string, make: () => Promise<Replay>): Promise<Replay> {
    const body = this.bodies.get(key);
    if (body !== undefined) {
      // The most recently used last: the first is the one to let go.
      this.bodies.delete(key);
      this.bodies.set(key, body);
      return Promise.resolve({ ok: true, body });
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = make().then(
        (made) => {
          this.loading.delete(key);
          if (made.ok) this.keep(key, made.body);
          return made;
        },
        (error: unknown) => {
          this.loading.delete(key);
          throw error;
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, body: string): void {
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
