/**
 * C6: one committed secret per game. The commitment c = SHA-256("trumpen/1" ‖ gameId ‖ variant ‖
 * s); the working key k = HMAC-SHA256(s, the seats' nonces in seat order); every random number is
 * drawn from a stream HMAC-SHA256(k, label ‖ counter) (the engine's streams). Labels: "start" (21,
 * Trick Taking), "starters" (Speed), "salt/r/seat" (C4), "bot/seat/r/n" (every choice a bot or the
 * stand-in makes at random; each module's `botRandom` says which decision of the round `n` is).
 */
import { bytesToHex, commitmentOf, createStream, nextUint32, nonceKey } from '@trepenta/engine';
import type { GameModule, RandomStream, Randomness } from '@trepenta/engine';
import { utf8ToBytes } from '@noble/hashes/utils.js';

export const TRUMPEN_DOMAIN = 'trumpen/1';

/** The variants, as the commitment names them. */
export const VARIANTS = ['poker', '21', 'tricks', 'speed'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Fairness with one secret, committed under the game's variant (C6). */
export function trumpenFairness(variant: Variant): GameModule['fairness'] {
  return {
    secretCount: () => 1,
    commitment: (gameId, _index, secret) =>
      commitmentOf(TRUMPEN_DOMAIN, gameId, utf8ToBytes(variant), secret),
    secretName: () => "The game's secret",
  };
}

/** k: the game's working key, from the secret and the first nonce set. */
export function gameKey(randomness: Randomness): Uint8Array {
  return nonceKey(randomness.secrets[0]!, randomness.nonces);
}

export function stream(randomness: Randomness, label: string): RandomStream {
  return createStream(gameKey(randomness), label);
}

/** C4's salt of a seat's hand in a round: the first 32 bytes of the stream "salt/r/seat", as hex. */
export function saltOf(randomness: Randomness, round: number, seat: number): string {
  const id = `${randomness.secrets[0]}/${randomness.nonces.join('')}/${round}/${seat}`;
  const known = salts.get(id);
  if (known !== undefined) return known;
  const salt = computeSalt(randomness, round, seat);
  // A memo of a pure function (views ask for the same salts again and again).
  if (salts.size >= 4096) salts.clear();
  salts.set(id, salt);
  return salt;
}

const salts = new Map<string, string>();

function computeSalt(randomness: Randomness, round: number, seat: number): string {
  const salt = stream(randomness, `salt/${round}/${seat}`);
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 8; i++) view.setUint32(4 * i, nextUint32(salt));
  return bytesToHex(bytes);
}

/** A uniform number in [0, 1) generator over a stream (for bots' choices; not for rules). */
export function uniform(source: RandomStream): () => number {
  return () => nextUint32(source) / 0x1_0000_0000;
}

/** A bot's or the stand-in's committed numbers for a seat's decision `n` in a round: "bot/seat/r/n". */
export function botStream(randomness: Randomness, seat: number, round: number, n: number) {
  return uniform(stream(randomness, `bot/${seat}/${round}/${n}`));
}
