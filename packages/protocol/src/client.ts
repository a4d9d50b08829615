/**
 * The wire contract's values a browser needs, with no schema library and no game in it (the web
 * app's first load stays small; each game's code comes with its own chunk). The types and the zod
 * schemas that check every payload at the server are in `./index` (type imports cost a bundle
 * nothing).
 */
import type { GameUpdate, RoomLatency, RoomView } from './index';

/** Bumped on any incompatible change; the server refuses a client of another version. */
export const PROTOCOL_VERSION = 11;

/** The first game on the platform: what a room or record that names no game plays. */
export const DEFAULT_GAME = 'trepenta';

// ------------------------------------------------------------------ limits

export const LIMITS = {
  nicknameLength: 24,
  chatLength: 280,
  roomCodeLength: 6,
  tokenLength: 43,
} as const;

/** The most seats any game on the platform has; each game says its own range. */
export const MAX_SEATS = 8;

/** Unambiguous read aloud: no vowels (no words), no 0/O, 1/I/L. 27^6 ≈ 3.9e8 codes. */
export const ROOM_CODE_ALPHABET = 'BCDFGHJKMNPQRSTVWXZ23456789';

const ROOM_CODE = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${LIMITS.roomCodeLength}}$`);

/** A room code as typed or read aloud (any case, spaces and dashes), or null when it is none. */
export function parseRoomCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  return ROOM_CODE.test(code) ? code : null;
}

/** A 256-bit value as the protocol writes one: 64 lowercase hex characters (a secret, a nonce). */
export function isHex256(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export const EMOTES = ['👍', '👏', '😂', '😮', '😬', '🎉'] as const;

// ------------------------------------------------------------------ errors

/** Errors of the server itself; a game's refusals pass through with the game's own codes. */
export const SERVER_ERRORS = {
  BAD_REQUEST: 'That request is malformed.',
  PROTOCOL_MISMATCH: 'This page is out of date: reload to get the new version.',
  RATE_LIMITED: 'Too many requests; slow down a little.',
  TOO_MANY_CONNECTIONS:
    'Too many connections from your network; close some Trepenta Online tabs and it will connect.',
  ROOM_NOT_FOUND: 'There is no room with that code.',
  ROOM_FULL: 'This room is full.',
  ROOM_LOCKED: 'The host has locked this room.',
  TOO_MANY_ROOMS: 'The server is at its room limit; try again later.',
  NOT_IN_ROOM: 'Join the room first.',
  NOT_SEATED: 'Only seated players can do that.',
  NOT_HOST: 'Only the host can do that.',
  BAD_TOKEN: 'That seat link is not valid for this room.',
  KICKED: 'You were removed from this room.',
  SEAT_TAKEN: 'That seat is taken.',
  NO_SUCH_SEAT: 'There is no such seat.',
  NO_SUCH_MEMBER: 'There is no such person in this room.',
  NICKNAME_TAKEN: 'Someone in this room already uses that name.',
  BAD_NICKNAME: 'Choose a name of 1 to 24 visible characters.',
  WRONG_STATUS: 'That is not possible in this room right now.',
  SEATS_NOT_READY: 'Every seat needs a player or a bot.',
  SEAT_CONNECTED: 'That player is still here.',
  TOO_EARLY: 'That player has not been away long enough.',
  STALE_VERSION: 'The table moved on before your move arrived; here is the table as it is now.',
  DUPLICATE_ACTION: 'This actionId was already used for a different move.',
  NO_GAME: 'No game is running in this room.',
  SPECTATORS_FULL: 'This room has as many spectators as it can take.',
  TOO_FAST: 'Too many moves at once; that one was not played.',
  WRONG_NONCE: 'That nonce is not the one whose hash this seat sent.',
  ELSEWHERE: 'This room is served by another server: connect there (the answer names it).',
  UNAVAILABLE: 'The server cannot reach its storage right now; try again in a moment.',
  INTERNAL: 'Something went wrong on the server.',
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

// ------------------------------------------------------------------ what the server sends

/** The game a room plays (a client may hold no room yet: the first game). */
export function gameOf(room: { readonly game?: string } | null): string {
  return room?.game ?? DEFAULT_GAME;
}

/**
 * Whether a room view received should replace the one held. An ack's view can arrive after a
 * `room:state` that the server pushed later (a change that came due meanwhile), so a view older
 * than the one held is dropped; a view of another room, or of the same revision, replaces it.
 */
export function replacesRoomView(held: RoomView | null, received: RoomView): boolean {
  return held === null || held.code !== received.code || received.revision >= held.revision;
}

/**
 * The room view held with a `room:latency` of the same room put in (each seat's `rttMs`); the view
 * as it is for another room's, or one whose seats no longer match.
 */
export function withLatency(room: RoomView, latency: RoomLatency): RoomView {
  if (room.code !== latency.code || room.seats.length !== latency.rttMs.length) return room;
  return { ...room, seats: room.seats.map((seat, i) => ({ ...seat, rttMs: latency.rttMs[i]! })) };
}

/** What a client needs of a game's module to keep its view from updates. */
export interface ViewUpdates<V, P> {
  viewHead(view: V): { readonly gameId: string; readonly version: number };
  readonly patches?: {
    applyPatch(view: V, patch: P): V | null;
    isWhole(patch: P): boolean;
    patchVersion(patch: P): number;
  };
}

/**
 * The viewer's view after an update, from the view they held before it (null if none). Returns
 * null when the update cannot be applied — a patch to a version or game this client does not
 * hold (it missed an update, or joined in between) — and the client should then ask for the whole
 * view with `game:sync`. An update older than the held view leaves it as it is.
 */
export function applyGameUpdate<V, P>(
  game: ViewUpdates<V, P>,
  current: V | null,
  update: GameUpdate<V | P>,
): V | null {
  if (update.base === null) {
    const view = update.view as P;
    if (game.patches && !game.patches.isWhole(view)) return null;
    const whole = update.view as V;
    const head = game.viewHead(whole);
    if (current === null) return whole;
    const held = game.viewHead(current);
    return held.gameId === head.gameId && held.version > head.version ? current : whole;
  }
  if (current === null || !game.patches) return null;
  const held = game.viewHead(current);
  if (held.gameId !== update.base.gameId) return null;
  const patch = update.view as P;
  if (held.version >= game.patches.patchVersion(patch)) return current;
  if (held.version !== update.base.version) return null;
  return game.patches.applyPatch(current, patch);
}
