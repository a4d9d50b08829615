/**
 * The server's tests play Trepenta, the first game: its updates, histories and socket events as
 * the protocol's generic types read with Trepenta's views and events.
 */
import type {
  AckPayloads as AnyAckPayloads,
  ClientToServerEvents as AnyClientToServerEvents,
  GameHistory as AnyGameHistory,
  GameUpdate as AnyGameUpdate,
  ServerToClientEvents as AnyServerToClientEvents,
} from '@trepenta/protocol';
import type { EventView, GameViewPatch } from '@trepenta/rules';

export type GameUpdate = AnyGameUpdate<GameViewPatch, EventView>;
export type GameHistory = AnyGameHistory<EventView>;
export type AckPayloads = AnyAckPayloads<GameViewPatch, EventView>;
export type ClientToServerEvents = AnyClientToServerEvents<GameViewPatch, EventView>;
export type ServerToClientEvents = AnyServerToClientEvents<GameViewPatch, EventView>;
