import { z } from 'zod';
import type { AnyGameModule } from '@trepenta/engine';
import { EMOTES, LIMITS, MAX_SEATS, ROOM_CODE_ALPHABET } from './client';
import type { ServerErrorCode } from './client';

export * from './client';

/** A server error code, or a game's own refusal code (each game's rules doc names them). */
export type ErrorCode = ServerErrorCode | (string & {});

export const errorSchema = z
  .object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    /** ELSEWHERE: the server that serves the room (reach it with `?node=` this name). */
    node: z.string().optional(),
  })
  .strict();
export type ErrorAck = z.infer<typeof errorSchema>;

// ------------------------------------------------------------------ shared pieces

/** A 256-bit value as 64 lowercase hex characters, one spelling per value. */
const hex256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { message: 'expected 64 lowercase hex characters (256 bits)' });

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

export const botLevelSchema = z.enum(['random', 'greedy']);
export type BotLevel = z.infer<typeof botLevelSchema>;
/** Who a view or event is for: a seat, or a spectator. */
export type Viewer = number | 'spectator';
export const seatIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_SEATS - 1);
export const memberIdSchema = z.string().regex(/^m[0-9a-z]{1,12}$/);
const empty = z.object({}).strict();

// ------------------------------------------------------------------ client → server

/** A game's id as a client names it; whether the server hosts it is checked by the handler. */
export const gameIdSchema = z.string().regex(/^[a-z0-9-]{1,32}$/);

export const createRoomSchema = z
  .object({
    nickname: nicknameSchema,
    /** Which game the room plays; absent: Trepenta. */
    game: gameIdSchema.optional(),
    /** The game's settings, checked with the game's own schema (BAD_REQUEST when they do not fit). */
    settings: z.unknown(),
    seatCount: z.number().int().min(1).max(MAX_SEATS),
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
    /** Another game for the room (its settings start from that game's defaults). */
    game: gameIdSchema.optional(),
    /** The settings to change; what it leaves out keeps its value (checked by the game). */
    settings: z.unknown().optional(),
    seatCount: z.number().int().min(1).max(MAX_SEATS).optional(),
  })
  .strict();
export const lockSchema = z.object({ locked: z.boolean() }).strict();
export const memberTargetSchema = z.object({ memberId: memberIdSchema }).strict();
export const seatTargetSchema = z.object({ seat: seatIndexSchema }).strict();
/** The host swaps two seats' occupants in the lobby (partnerships: who sits opposite whom). */
export const swapSeatsSchema = z
  .object({ seats: z.tuple([seatIndexSchema, seatIndexSchema]) })
  .strict();
/**
 * A seat's share of a nonce set, in two steps (docs/fairness.md): first SHA-256 of the nonce
 * (`hash`), then, once every hash is published, the nonce itself.
 */
const nonceTarget = {
  gameId: z.string().max(64),
  /** The nonce set: 0 before the first deal; later ones in sessions. */
  epoch: z.number().int().min(0).max(1_000_000).default(0),
};
export const nonceSchema = z.union([
  z.object({ ...nonceTarget, hash: hex256Schema }).strict(),
  z.object({ ...nonceTarget, nonce: hex256Schema }).strict(),
]);
export const actionRequestSchema = z
  .object({
    version: z.number().int().min(0),
    /** Chosen by the client, unique per seat: a retry with the same id is answered, not redone. */
    actionId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    /** The game's action, checked with the room's game's schema before any rules code sees it. */
    action: z.unknown(),
  })
  .strict();
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
  'room:swapSeats': swapSeatsSchema,
  'room:configure': configureSchema,
  'room:lock': lockSchema,
  'room:kick': memberTargetSchema,
  'room:passHost': memberTargetSchema,
  'room:handOver': seatTargetSchema,
  'room:takeBack': empty,
  'room:start': empty,
  'room:rematch': empty,
  /** Sessions: the host closes the table (the session ends after the hand in play). */
  'room:close': empty,
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
    /**
     * Real-time games: the seat's player's round trip as the serving node measures it (ms, the
     * median of the last few pings); null for bots, empty seats, away players, the stand-in, a
     * player not measured yet, and in rooms of other games.
     */
    rttMs: z.number().int().nonnegative().nullable(),
  })
  .strict();

export const roomViewSchema = z
  .object({
    code: z.string(),
    /** The room's game. */
    game: gameIdSchema,
    status: z.enum(['lobby', 'starting', 'playing', 'finished']),
    paused: z.boolean(),
    locked: z.boolean(),
    /** The game's settings (its module's schema describes them). */
    settings: z.unknown(),
    seatCount: z.number().int(),
    seats: z.array(seatInfoSchema),
    members: z.array(memberViewSchema),
    spectators: z.number().int(),
    hostId: memberIdSchema.nullable(),
    /** Game number in this room (1 for the first, 2 after a rematch, …). */
    gameNumber: z.number().int(),
    /** Fairness commit phase (§8): published before nonces are collected. */
    commit: z
      .object({
        gameId: z.string(),
        /** Published before anything is dealt; revealed against at the game's end. */
        commitments: z.array(z.string()),
        /** The nonce set in force or being collected (0: the first deal's). */
        epoch: z.number().int().min(0),
        /** 'hashes': seats send their nonces' hashes; 'nonces': the nonces; 'done': in force. */
        step: z.enum(['hashes', 'nonces', 'done']),
        /** Each seat's published hash (from the 'nonces' step on), null where the server supplies it. */
        hashes: z.array(hex256Schema.nullable()).nullable(),
        nonceDeadline: z.number(),
      })
      .strict()
      .nullable(),
    /** The current timer's deadline (ms since epoch) and its key (R26). */
    deadline: z.object({ key: z.string(), at: z.number() }).strict().nullable(),
    /** Goes up with every stored change of the room: of two views, the higher is the newer. */
    revision: z.number().int().nonnegative(),
  })
  .strict();
export type RoomView = z.infer<typeof roomViewSchema>;

/** `room:latency`: every seat's round trip (as `rttMs` in the room view), sent when one moved. */
export const roomLatencySchema = z
  .object({
    code: z.string(),
    rttMs: z.array(z.number().int().nonnegative().nullable()).max(MAX_SEATS),
  })
  .strict();
export type RoomLatency = z.infer<typeof roomLatencySchema>;

/**
 * `GET /api/rooms/:code`: what a room's link shows before anyone joins it: whose room it is, its
 * game and status, and who sits where (names only; nothing of a game in play).
 */
export const roomSummarySchema = z
  .object({
    code: z.string(),
    game: gameIdSchema,
    status: z.enum(['lobby', 'starting', 'playing', 'finished']),
    locked: z.boolean(),
    seatCount: z.number().int(),
    freeSeats: z.number().int(),
    spectators: z.number().int(),
    settings: z.unknown(),
    gameNumber: z.number().int(),
    /** The host's nickname (null: the room has no host now). */
    host: z.string().nullable(),
    seats: z.array(
      z
        .object({
          kind: z.enum(['empty', 'human', 'bot']),
          nickname: z.string().nullable(),
          botLevel: botLevelSchema.nullable(),
        })
        .strict(),
    ),
  })
  .strict();

export type RoomSummary = z.infer<typeof roomSummarySchema>;

export const youSchema = z
  .object({
    memberId: memberIdSchema,
    token: tokenSchema,
    seat: seatIndexSchema.nullable(),
    host: z.boolean(),
  })
  .strict();
export type You = z.infer<typeof youSchema>;

const deadlineSchema = z.object({ key: z.string(), at: z.number() }).strict().nullable();

/**
 * A game update. `base` null: `view` is the viewer's whole view. Otherwise `view` is a patch to
 * the viewer's view of this game at this version (the previous action's), leaving out what did
 * not change (games that send patches only).
 */
export type GameUpdate<V = unknown, EV = unknown> = {
  code: string;
  base: { gameId: string; version: number } | null;
  view: V;
  /** This step's events as this viewer may see them (empty for a full resync). */
  events: EV[];
  /** The running timer's deadline (ms since epoch) and its key (R26), as in the room state. */
  deadline: { key: string; at: number } | null;
};

/**
 * Sent once after `room:join` while a game runs or is over: this game's events so far as the
 * joining viewer would have received them live (the same redaction), batch by batch, from the
 * deal to `version`. A tab that joins from another device or a new tab shows its move log from
 * it; "verify the deals" checks it like the events received live.
 */
export type GameHistory<EV = unknown> = {
  code: string;
  gameId: string;
  /** The version after the last batch: the stored log's end when it was read. */
  version: number;
  /** Each step's events, tagged with the version it produced (0: the opening deal). */
  batches: { version: number; events: EV[] }[];
};

/** A game's update schema: its views (or patches) and events, as its module describes them. */
export function gameUpdateSchemaFor(module: AnyGameModule) {
  const view = module.patchSchema ?? module.viewSchema;
  return z
    .object({
      code: z.string(),
      base: z.object({ gameId: z.string(), version: z.number().int() }).strict().nullable(),
      view,
      events: z.array(module.eventSchema),
      deadline: deadlineSchema,
    })
    .strict();
}

/** A game's history schema: its events, batch by batch. */
export function gameHistorySchemaFor(module: AnyGameModule) {
  return z
    .object({
      code: z.string(),
      gameId: z.string(),
      version: z.number().int().min(0),
      batches: z.array(
        z
          .object({ version: z.number().int().min(0), events: z.array(module.eventSchema) })
          .strict(),
      ),
    })
    .strict();
}

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
/** Acks per client event; `V`, `EV`: the room's game's views (or patches) and events. */
export interface AckPayloads<V = unknown, EV = unknown> {
  /** `serverTime`: the server's clock (ms since the epoch), against which deadlines count. */
  'room:create': { room: RoomView; you: You; serverTime: number };
  'room:join': { room: RoomView; you: You; chat: ChatMessage[]; serverTime: number };
  'room:leave': object;
  'room:sit': { seat: number | null };
  'room:stand': { seat: number | null };
  'room:setBot': object;
  'room:swapSeats': object;
  'room:configure': object;
  'room:lock': object;
  'room:kick': object;
  'room:passHost': object;
  'room:handOver': object;
  'room:takeBack': object;
  'room:start': object;
  'room:rematch': object;
  'room:close': object;
  /** `kept`: whether this nonce is the seat's (false: another tab or device sent one first). */
  'game:nonce': { kept: boolean };
  'game:action': { version: number };
  'game:sync': { room: RoomView; game: GameUpdate<V, EV> | null };
  'chat:send': object;
}

export type ClientToServerEvents<V = unknown, EV = unknown> = {
  [E in ClientEventName]: (
    payload: ClientPayload<E>,
    ack: (answer: Ack<AckPayloads<V, EV>[E]>) => void,
  ) => void;
};

/** Why room:closed was sent: the member was kicked, or left (an idle room expires unheard). */
export type ClosedReason = 'kicked' | 'left';

/** Pushes from the server; `V`, `EV`: the room's game's views (or patches) and events. */
export interface ServerToClientEvents<V = unknown, EV = unknown> {
  'room:state': (room: RoomView) => void;
  /** Real-time games: the seats' round trips changed (sent at most once per ping round). */
  'room:latency': (latency: RoomLatency) => void;
  /**
   * Real-time games: the serving node measures this socket's round trip; answer at once (the
   * answer's content is ignored, only when it arrives counts).
   */
  'room:ping': (answer: () => void) => void;
  'game:update': (update: GameUpdate<V, EV>) => void;
  'game:history': (history: GameHistory<EV>) => void;
  'chat:message': (message: ChatMessage) => void;
  /** You were removed (kicked) or the room closed: stop retrying. */
  'room:closed': (info: { code: string; reason: ClosedReason }) => void;
  /** The server is going away; reconnect (to another node) shortly. */
  'server:shutdown': (info: { reconnectInMs: number }) => void;
}

/** Sent in Socket.IO's handshake `auth`. */
export const handshakeSchema = z.object({ protocolVersion: z.number().int() }).passthrough();
