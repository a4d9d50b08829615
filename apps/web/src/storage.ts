/** Browser storage that never throws (private modes and full quotas just forget). */

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export function readJson<T>(key: string, fallback: T, session = false): T {
  return safe(() => {
    const raw = (session ? sessionStorage : localStorage).getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  }, fallback);
}

export function writeJson(key: string, value: unknown, session = false): void {
  safe(() => (session ? sessionStorage : localStorage).setItem(key, JSON.stringify(value)), null);
}

/** A map kept in the tab's session storage (a reload keeps it): the entries `schema` accepts. */
export function readSessionMap<T>(
  key: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Record<string, T> {
  const raw = readJson<unknown>(key, {}, true);
  const map: Record<string, T> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) {
      const parsed = schema.safeParse(v);
      if (parsed.success) map[k] = parsed.data;
    }
  }
  return map;
}

/** Writes such a map with its newest `keep` entries, and returns what it kept. */
export function writeSessionMap<T>(
  key: string,
  map: Record<string, T>,
  keep: number,
): Record<string, T> {
  const kept = Object.fromEntries(Object.entries(map).slice(-keep));
  writeJson(key, kept, true);
  return kept;
}

export function remove(key: string): void {
  safe(() => localStorage.removeItem(key), null);
}

/** The seat token for a room: it, not the socket, is the player (kept per room code). */
export const tokens = {
  get: (code: string): string | null => readJson<string | null>(`trepenta.token.${code}`, null),
  set: (code: string, token: string) => writeJson(`trepenta.token.${code}`, token),
  clear: (code: string) => remove(`trepenta.token.${code}`),
};

/** 32 random bytes as 64 lowercase hex (a nonce, docs/fairness.md). */
export function randomHex(bytes = 32): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  let hex = '';
  for (const byte of data) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A short unique id for an action try (letters, digits, - and _). */
export function randomId(): string {
  const data = new Uint8Array(12);
  crypto.getRandomValues(data);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (const byte of data) id += alphabet[byte & 63];
  return id;
}
