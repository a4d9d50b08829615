import { z } from 'zod';
import {
  BOT_LEVELS,
  MAX_SEATS,
  MIN_SEATS,
  applyViewPatch,
  eventViewSchema,
  gameViewPatchSchema,
  gameViewSchema,
  hex256Schema,
  isWholeView,
  playerActionSchema,
  settingsChangeSchema,
  settingsSchema,
} from '@trepenta/rules';
import type { EventView, GameView, GameViewPatch, RULE_ERRORS } from '@trepenta/rules';

/** Bumped on any incompatible change; the server refuses a client of another version. */
export const PROTOCOL_VERSION = 7;

// ------------------------------------------------------------------ limits

export const LIMITS = {
  nicknameLength: 24,
  chatLength: 280,
  roomCodeLength: 6,
  tokenLength: 43,
} as const;

/** Unambiguous read aloud: no vowels (no words), no 0/O, 1/I/L. 27^6 ≈ 3.9e8 codes. */
export const ROOM_CODE_ALPHABET = 'BCDFGHJKMNPQRSTVWXZ23456789';

// ------------------------------------------------------------------ errors

/** Errors of the server itself; rules errors (RULE_ERRORS) pass through with their own codes. */
export const SERVER_ERRORS = {
  BAD_REQUEST: 'That request is malformed.',
  PROTOCOL_MISMATCH: 'This page is out of date: reload to get the new version.',
  RATE_LIMITED: 'Too many requests; slow down a little.',
  TOO_MANY_CONNECTIONS:
    'Too many connections from your network; close some Trepenta tabs and it will connect.',
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
  UNAVAILABLE: 'The server cannot reach its storage right now; try again in a moment.',
  INTERNAL: 'Something went wrong on the server.',
} as const;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;
export type ErrorCode = ServerErrorCode | keyof typeof RULE_ERRORS;

export const errorSchema = z
  .object({ ok: z.literal(false), code: z.string(), message: z.string() })
  .strict();
export type ErrorAck = z.infer<typeof errorSchema>;

// ------------------------------------------------------------------ shared pieces

export const roomCodeSchema = z
  .string()
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${ROOM_CODE_ALPHABET}]{${LIMITS.roomCodeLength}}$`)));

/** A member's secret: it, not the socket, is the player (base64url of 32 random bytes). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Tabs and line breaks: they become spaces, so that "good\nluck" stays two words. */
const BREAKS = /[\t\n\v\f\r\u0085\p{Zl}\p{Zp}]/gu;
/** Bidirectional embeddings, overrides and isolates: they could reorder the text after them. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/gu;
/**
 * Letters and marks that draw nothing (the Hangul fillers, the blank Braille pattern, the
 * combining grapheme joiner, Khmer's inherent vowels): a name made of them looks empty, and one
 * added to another's name makes a look-alike.
 */
const BLANKS = /\u034f|\u17b4|\u17b5|[\u115f\u1160\u2800\u3164\uffa0]/gu;

/**
 * Nicknames: tabs and line breaks turned into spaces; other control and invisible formatting
 * characters, blank letters and variation selectors removed; runs of spaces made one; trimmed;
 * 1–24 characters. Zod refuses what is left empty or too long with BAD_NICKNAME.
 */
export function cleanNickname(raw: string): string {
  // Normalised last: a character removed between a letter and its accent would otherwise keep
  // them from composing, and "Zoe" + an invisible + an accent would pass beside "Zoé".
  return raw
    .replace(BREAKS, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(BLANKS, '')
    .replace(/\p{Variation_Selector}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/**
 * Capitals of Cyrillic and Greek drawn like Latin ones, as those Latin capitals. Capitals only: a
 * name is compared in one case, and a letter's capital is the form both cases share (the small
 * Cyrillic р looks like p, its capital Р like P; the Greek ν looks like v but its capital Ν like
 * N, so ν is read as n).
 */
const LOOKALIKES: Readonly<Record<string, string>> = pairs(
  'АВЕЅІЈКМНОРСТХУҮӀҺԀΑΒΕΖΗΙΚΜΝΟΡΤΥΧ\u037f',
  'ABESIJKMHOPCTXYYIHDABEZHIKMNOPTYXJ',
);
function pairs(from: string, to: string): Record<string, string> {
  return Object.fromEntries([...from].map((letter, i) => [letter, to[i]!]));
}
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/**
 * What no two nicknames in a room may share, so that nobody takes a name that reads as someone
 * else's: a cleaned nickname without case, width and compatibility forms (Ａｎａ, ﬁ), without the
 * accents of Latin and Greek letters (Zoé is Zoe; a Cyrillic й stays apart from и), and with the
 * Cyrillic and Greek letters drawn like Latin ones read as those (Аna with a Cyrillic А is Ana).
 */
export function nicknameKey(nickname: string): string {
  return nickname
    .normalize('NFKD')
    .replace(/(\p{Script=Latin}|\p{Script=Greek})\p{M}+/gu, '$1')
    .toUpperCase()
    .replace(LOOKALIKE, (letter) => LOOKALIKES[letter]!)
    .toLowerCase();
}

/**
 * Chat text: one line, like a nickname, but keeping the joiners and variation selectors that
 * emoji sequences are made of (only the bidirectional controls among the formatting characters
 * go).
 */
export function cleanChatText(raw: string): string {
  return raw
    .replace(BREAKS, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .replace(BLANKS, '')
    .replace(/\s+/g, ' ')
    .trim();
}
export const nicknameSchema = z
  .string()
  .max(200)
  .transform(cleanNickname)
  .pipe(z.string().min(1).max(LIMITS.nicknameLength));

export const botLevelSchema = z.enum(BOT_LEVELS);
export const seatIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);
export const memberIdSchema = z.string().regex(/^m[0-9a-z]{1,12}$/);
const empty = z.object({}).strict();

// ------------------------------------------------------------------ client → server

export const createRoomSchema = z
  .object({
    nickname: nicknameSchema,
    settings: settingsSchema,
    seatCount: z.number().int().min(MIN_SEATS).max(MAX_SEATS),
    /** Seats to fill with bots at once (the host sits at seat 0 unless spectating). */
    bots: z
      .array(z.object({ seat: seatIndexSchema, level: botLevelSchema }).strict())
      .max(MAX_SEATS)
      .default([]),
    spectate: z.boolean().default(false),
  })
  .strict();

export const joinRoomSchema = z
  .object({
    code: roomCodeSchema,
    /** Coming back: the token from an earlier join or a seat link. */
    token: tokenSchema.optional(),
    nickname: nicknameSchema.optional(),
    role: z.enum(['player', 'spectator']).default('player'),
    /** Send game:history after the view: this tab holds no move log for the room's game. */
    history: z.boolean().default(false),
  })
  .strict();

export const sitSchema = z.object({ seat: seatIndexSchema }).strict();
export const setBotSchema = z
  .object({ seat: seatIndexSchema, level: botLevelSchema.nullable() })
  .strict();
export const configureSchema = z
  .object({
    /** The settings to change; what it leaves out keeps its value. */
    settings: settingsChangeSchema.optional(),
    seatCount: z.number().int().min(MIN_SEATS).max(MAX_SEATS).optional(),
  })
  .strict();
export const lockSchema = z.object({ locked: z.boolean() }).strict();
export const memberTargetSchema = z.object({ memberId: memberIdSchema }).strict();
export const seatTargetSchema = z.object({ seat: seatIndexSchema }).strict();
export const nonceSchema = z.object({ gameId: z.string().max(64), nonce: hex256Schema }).strict();
export const actionRequestSchema = z
  .object({
    version: z.number().int().min(0),
    /** Chosen by the client, unique per seat: a retry with the same id is answered, not redone. */
    actionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    action: playerActionSchema,
  })
  .strict();
export const EMOTES = ['👍', '👏', '😂', '😮', '😬', '🎉'] as const;
export const chatSchema = z.union([
  z
    .object({
      text: z
        .string()
        .max(2000)
        .transform(cleanChatText)
        .pipe(z.string().min(1).max(LIMITS.chatLength)),
    })
    .strict(),
  z.object({ emote: z.enum(EMOTES) }).strict(),
]);

export const clientSchemas = {
  'room:create': createRoomSchema,
  'room:join': joinRoomSchema,
  'room:leave': empty,
  'room:sit': sitSchema,
  'room:stand': empty,
  'room:setBot': setBotSchema,
  'room:configure': configureSchema,
  'room:lock': lockSchema,
  'room:kick': memberTargetSchema,
  'room:passHost': memberTargetSchema,
  'room:handOver': seatTargetSchema,
  'room:takeBack': empty,
  'room:start': empty,
  'room:rematch': empty,
  'game:nonce': nonceSchema,
  'game:action': actionRequestSchema,
  'game:sync': empty,
  'chat:send': chatSchema,
} as const;

export type ClientEventName = keyof typeof clientSchemas;
export type ClientPayload<E extends ClientEventName> = z.input<(typeof clientSchemas)[E]>;

// ------------------------------------------------------------------ server → client

export const memberViewSchema = z
  .object({
    id: memberIdSchema,
    nickname: z.string(),
    role: z.enum(['player', 'spectator']),
    seat: seatIndexSchema.nullable(),
    connected: z.boolean(),
    host: z.boolean(),
  })
  .strict();

export const seatInfoSchema = z
  .object({
    seat: seatIndexSchema,
    kind: z.enum(['empty', 'human', 'bot']),
    memberId: memberIdSchema.nullable(),
    nickname: z.string().nullable(),
    botLevel: botLevelSchema.nullable(),
    connected: z.boolean(),
    /** R23: the stand-in is playing this seat (handed over, left or kicked). */
    standIn: z.boolean(),
    /** When the player dropped (ms since epoch), while disconnected. */
    awaySince: z.number().nullable(),
    /**
     * R23: from when the host may hand this seat to the stand-in (ms since epoch): while a game is
     * played and the seat's player is away; null otherwise (connected, or the stand-in plays it).
     */
    handOverAt: z.number().nullable(),
  })
  .strict();

export const roomViewSchema = z
  .object({
    code: z.string(),
    status: z.enum(['lobby', 'starting', 'playing', 'finished']),
    paused: z.boolean(),
    locked: z.boolean(),
    settings: settingsSchema,
    seatCount: z.number().int(),
    seats: z.array(seatInfoSchema),
    members: z.array(memberViewSchema),
    spectators: z.number().int(),
    hostId: memberIdSchema.nullable(),
    /** Game number in this room (1 for the first, 2 after a rematch, …). */
    gameNumber: z.number().int(),
    /** Fairness commit phase (§8): published before nonces are collected. */
    commit: z
      .object({ gameId: z.string(), commitments: z.array(z.string()), nonceDeadline: z.number() })
      .strict()
      .nullable(),
    /** The current timer's deadline (ms since epoch) and its key (R26). */
    deadline: z.object({ key: z.string(), at: z.number() }).strict().nullable(),
    /** Goes up with every stored change of the room: of two views, the higher is the newer. */
    revision: z.number().int().nonnegative(),
  })
  .strict();
export type RoomView = z.infer<typeof roomViewSchema>;

/**
 * Whether a room view received should replace the one held. An ack's view can arrive after a
 * `room:state` that the server pushed later (a change that came due meanwhile), so a view older
 * than the one held is dropped; a view of another room, or of the same revision, replaces it.
 */
export function replacesRoomView(held: RoomView | null, received: RoomView): boolean {
  return held === null || held.code !== received.code || received.revision >= held.revision;
}

export const youSchema = z
  .object({
    memberId: memberIdSchema,
    token: tokenSchema,
    seat: seatIndexSchema.nullable(),
    host: z.boolean(),
  })
  .strict();
export type You = z.infer<typeof youSchema>;

export const gameUpdateSchema = z
  .object({
    code: z.string(),
    /**
     * null: `view` is the whole view. Otherwise `view` is a patch to the viewer's view of this
     * game at this version (the previous action's), leaving out what did not change.
     */
    base: z.object({ gameId: z.string(), version: z.number().int() }).strict().nullable(),
    view: gameViewPatchSchema,
    /** This step's events as this viewer may see them (empty for a full resync). */
    events: z.array(eventViewSchema),
    /** The running timer's deadline (ms since epoch) and its key (R26), as in the room state. */
    deadline: z.object({ key: z.string(), at: z.number() }).strict().nullable(),
  })
  .strict();
export type GameUpdate = {
  code: string;
  base: { gameId: string; version: number } | null;
  view: GameViewPatch;
  events: EventView[];
  deadline: { key: string; at: number } | null;
};

/**
 * The viewer's view after an update, from the view they held before it (null if none). Returns
 * null when the update cannot be applied — a patch to a version or game this client does not
 * hold (it missed an update, or joined in between) — and the client should then ask for the whole
 * view with `game:sync`. An update older than the held view leaves it as it is.
 */
export function applyGameUpdate(current: GameView | null, update: GameUpdate): GameView | null {
  if (update.base === null) {
    if (!isWholeView(update.view)) return null;
    const sameGame = current?.fairness.gameId === update.view.fairness.gameId;
    return sameGame && current.version > update.view.version ? current : update.view;
  }
  if (current === null || current.fairness.gameId !== update.base.gameId) return null;
  if (current.version >= update.view.version) return current;
  if (current.version !== update.base.version) return null;
  return applyViewPatch(current, update.view);
}

/**
 * Sent once after `room:join` while a game runs or is over: this game's events so far as the
 * joining viewer would have received them live (the same redaction, RULES.md §7), batch by
 * batch, from the deal to `version`. A tab that joins from another device or a new tab shows its
 * move log from it; "verify the deals" (§8.4) checks it like the events received live.
 */
export const gameHistorySchema = z
  .object({
    code: z.string(),
    gameId: z.string(),
    /** The version after the last batch: the stored log's end when it was read. */
    version: z.number().int().min(0),
    /** Each step's events, tagged with the version it produced (0: the opening deal). */
    batches: z.array(
      z.object({ version: z.number().int().min(0), events: z.array(eventViewSchema) }).strict(),
    ),
  })
  .strict();
export type GameHistory = {
  code: string;
  gameId: string;
  version: number;
  batches: { version: number; events: EventView[] }[];
};

export const chatMessageSchema = z
  .object({
    id: z.number().int(),
    at: z.number(),
    memberId: memberIdSchema,
    nickname: z.string(),
    text: z.string().nullable(),
    emote: z.enum(EMOTES).nullable(),
  })
  .strict();
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export type OkAck<T = object> = { ok: true } & T;
export type Ack<T = object> = OkAck<T> | ErrorAck;

/** Acks per client event. */
export interface AckPayloads {
  /** `serverTime`: the server's clock (ms since the epoch), against which deadlines count. */
  'room:create': { room: RoomView; you: You; serverTime: number };
  'room:join': { room: RoomView; you: You; chat: ChatMessage[]; serverTime: number };
  'room:leave': object;
  'room:sit': { seat: number | null };
  'room:stand': { seat: number | null };
  'room:setBot': object;
  'room:configure': object;
  'room:lock': object;
  'room:kick': object;
  'room:passHost': object;
  'room:handOver': object;
  'room:takeBack': object;
  'room:start': object;
  'room:rematch': object;
  /** `kept`: whether this nonce is the seat's (false: another tab or device sent one first). */
  'game:nonce': { kept: boolean };
  'game:action': { version: number };
  'game:sync': { room: RoomView; game: GameUpdate | null };
  'chat:send': object;
}

export type ClientToServerEvents = {
  [E in ClientEventName]: (
    payload: ClientPayload<E>,
    ack: (answer: Ack<AckPayloads[E]>) => void,
  ) => void;
};

/** Why room:closed was sent: the member was kicked, or left (an idle room expires unheard). */
export type ClosedReason = 'kicked' | 'left';

export interface ServerToClientEvents {
  'room:state': (room: RoomView) => void;
  'game:update': (update: GameUpdate) => void;
  'game:history': (history: GameHistory) => void;
  'chat:message': (message: ChatMessage) => void;
  /** You were removed (kicked) or the room closed: stop retrying. */
  'room:closed': (info: { code: string; reason: ClosedReason }) => void;
  /** The server is going away; reconnect (to another node) shortly. */
  'server:shutdown': (info: { reconnectInMs: number }) => void;
}

/** Sent in Socket.IO's handshake `auth`. */
export const handshakeSchema = z.object({ protocolVersion: z.number().int() }).passthrough();

export { gameViewSchema, gameViewPatchSchema, eventViewSchema };
