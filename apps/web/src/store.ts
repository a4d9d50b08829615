import { create } from 'zustand';
import { isHex256 } from '@trepenta/protocol/client';
import type { ChatMessage, RoomView, You } from '@trepenta/protocol';
import type { LogFold } from './games/types';
import { readJson, readSessionMap, writeJson } from './storage';

export type ConnState = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'crowded';
export type SortBy = 'none' | 'suit' | 'rank';
export type PanelTab = 'log' | 'chat' | 'rules' | 'scores' | 'rounds';

export interface LogLine {
  readonly id: number;
  readonly text: string;
  /** Seen only by this viewer (their own hidden cards). */
  readonly own: boolean;
  /** Folded away until its round ends (see `Described.fold` in games/types.ts). */
  readonly fold?: LogFold;
}

export interface Notice {
  readonly id: number;
  readonly kind: 'error' | 'info';
  readonly text: string;
}

/** What the player has picked on the table, before acting. */
export type Selection =
  | { readonly kind: 'hand'; readonly cardId: string }
  | { readonly kind: 'slot'; readonly seat: number; readonly position: number }
  | null;

export interface Prefs {
  nickname: string;
  sound: boolean;
  fourColour: boolean;
  sortBy: SortBy;
  /** Member ids whose chat is hidden. */
  muted: string[];
}

const PREFS_KEY = 'trepenta.prefs';
const DEFAULT_PREFS: Prefs = {
  nickname: '',
  sound: false,
  fourColour: false,
  sortBy: 'none',
  muted: [],
};

export interface GameStore {
  conn: ConnState;
  /** Shown briefly after a reconnection. */
  backAt: number | null;
  outdated: boolean;
  code: string | null;
  room: RoomView | null;
  you: You | null;
  /** The viewer's view of the room's game, as its game's module builds it. */
  game: unknown;
  /** What this browser received, batch by batch, for "verify the deals" (§8.4). */
  batches: { version: number; events: unknown[] }[];
  log: LogLine[];
  chat: ChatMessage[];
  /** The newest chat message this tab has shown (its id): later ones from others are unread. */
  chatSeenId: number;
  /** The side panel's open tab: the same panel in the lobby and at the table. */
  panelTab: PanelTab;
  announcement: { id: number; text: string };
  selection: Selection;
  pending: boolean;
  /** A move made while away from the room, in words, waiting to be sent when back; else null. */
  queued: string | null;
  notice: Notice | null;
  closed: string | null;
  /**
   * Commitments seen before the deal, per game id (§8.1), and the nonce this seat sent: kept in the
   * tab's session storage, so that Verify the deals still checks them after a reload.
   */
  commitments: Record<string, string[]>;
  nonces: Record<string, string>;
  prefs: Prefs;
}

/** Session storage keys of what this tab saw of its last few deals (§8). */
export const COMMITMENTS_KEY = 'trepenta.commitments';
export const NONCES_KEY = 'trepenta.nonces';

const isHexList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isHex256);
/** A check in the shape `readSessionMap` takes (a zod schema's), without a schema library. */
function checked<T>(test: (value: unknown) => value is T): {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
} {
  return {
    safeParse: (value) => (test(value) ? { success: true, data: value } : { success: false }),
  };
}

export const useStore = create<GameStore>(() => ({
  conn: 'connecting',
  backAt: null,
  outdated: false,
  code: null,
  room: null,
  you: null,
  game: null,
  batches: [],
  log: [],
  chat: [],
  chatSeenId: 0,
  panelTab: 'log',
  announcement: { id: 0, text: '' },
  selection: null,
  pending: false,
  queued: null,
  notice: null,
  closed: null,
  commitments: readSessionMap(COMMITMENTS_KEY, checked(isHexList)),
  nonces: readSessionMap(NONCES_KEY, checked(isHex256)),
  prefs: { ...DEFAULT_PREFS, ...readJson<Partial<Prefs>>(PREFS_KEY, {}) },
}));

/** Chat messages from others (not muted) that came after the last one shown. */
export function unreadChat(
  state: Pick<GameStore, 'chat' | 'chatSeenId' | 'you' | 'prefs'>,
): number {
  let unread = 0;
  for (const message of state.chat)
    if (
      message.id > state.chatSeenId &&
      message.memberId !== state.you?.memberId &&
      !state.prefs.muted.includes(message.memberId)
    )
      unread++;
  return unread;
}

export const store = {
  get: () => useStore.getState(),
  set: (partial: Partial<GameStore>) => useStore.setState(partial),
};

export function setPrefs(change: Partial<Prefs>): void {
  const prefs = { ...store.get().prefs, ...change };
  store.set({ prefs });
  writeJson(PREFS_KEY, prefs);
}

let noticeSeq = 1;
let noticeTimer: ReturnType<typeof setTimeout> | null = null;
export function notify(text: string, kind: Notice['kind'] = 'error'): void {
  store.set({ notice: { id: noticeSeq++, kind, text } });
  if (noticeTimer) clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => store.set({ notice: null }), 6000);
}

let announceSeq = 1;
export function announce(text: string): void {
  if (text) store.set({ announcement: { id: announceSeq++, text } });
}

let logSeq = 1;
type NewLine = { text: string; own: boolean; fold?: LogFold };
const numbered = (lines: readonly NewLine[]): LogLine[] =>
  lines.map((line) => ({ ...line, id: logSeq++ }));

export function appendLog(lines: readonly NewLine[]): void {
  if (lines.length === 0) return;
  store.set({ log: [...store.get().log, ...numbered(lines)].slice(-400) });
}

/** The whole move log at once (from the server's history of the game). */
export function replaceLog(lines: readonly NewLine[]): void {
  store.set({ log: numbered(lines.slice(-400)) });
}
