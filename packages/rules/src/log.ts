import { z } from 'zod';
import { replay as replayGame } from '@trepenta/engine';
import type { EventBatch as EngineEventBatch, ReplayError } from '@trepenta/engine';
import { actionSchema } from './actions';
import type { Action, Actor } from './actions';
import type { GameEvent } from './events';
import { trepenta } from './module';
import type { Result } from './result';
import { settingsSchema } from './settings';
import type { GameSettings } from './settings';
import type { GameState, Randomness } from './state';

/**
 * One entry of a game's durable record. `version` is the game version the action was applied to,
 * so the log replays in order and a gap or an edit shows.
 */
export interface LogEntry {
  readonly version: number;
  readonly actionId: string;
  readonly seat: Actor;
  readonly action: Action;
}

export const logEntrySchema = z
  .object({
    version: z.number().int().min(0),
    actionId: z.string().min(1).max(64),
    seat: z.union([z.number().int().min(0).max(5), z.literal('system')]),
    action: actionSchema,
  })
  .strict();

/** What createGame needs, plus the log: everything to rebuild a game exactly. */
export interface GameRecord {
  readonly settings: GameSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly log: readonly LogEntry[];
}

export const gameRecordSchema = z.object({
  settings: settingsSchema,
  seatCount: z.number().int().min(1).max(6),
  randomness: z.object({
    gameId: z.string(),
    secrets: z.array(z.string()),
    nonces: z.array(z.string()),
  }),
  log: z.array(logEntrySchema),
});

/** The events of one step, tagged with the version they produced (0 for the opening deal). */
export type { ReplayError } from '@trepenta/engine';

/** The events of one step, tagged with the version they produced (0 for the opening deal). */
export type EventBatch<E = GameEvent> = EngineEventBatch<E>;

export interface Replayed {
  readonly state: GameState;
  readonly batches: readonly EventBatch[];
}

/** Rebuilds a game from its record: createGame, then every logged action in order. */
export function replay(record: GameRecord): Result<Replayed, ReplayError> {
  return replayGame<GameState, GameEvent>(trepenta, record);
}
