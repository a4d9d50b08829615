import { z } from 'zod';
import { actionSchema } from './actions';
import type { Action, Actor } from './actions';
import { ruleError } from './errors';
import type { RuleError } from './errors';
import type { GameEvent } from './events';
import { applyAction, createGame, roundStartEvents } from './game';
import { err, ok } from './result';
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
export interface EventBatch<E = GameEvent> {
  readonly version: number;
  readonly events: readonly E[];
}

export interface Replayed {
  readonly state: GameState;
  readonly batches: readonly EventBatch[];
}

export interface ReplayError extends RuleError {
  /** Index of the log entry that failed, or -1 when the game could not even be created. */
  readonly entry: number;
}

/** Rebuilds a game from its record: createGame, then every logged action in order. */
export function replay(record: GameRecord): Result<Replayed, ReplayError> {
  const created = createGame(record.settings, record.seatCount, record.randomness);
  if (!created.ok) return err({ ...created.error, entry: -1 });
  let state = created.value;
  const batches: EventBatch[] = [{ version: state.version, events: roundStartEvents(state) }];
  for (let i = 0; i < record.log.length; i++) {
    const entry = record.log[i]!;
    if (entry.version !== state.version) {
      return err({
        ...ruleError(
          'WRONG_PHASE',
          `Log entry ${i} was made against version ${entry.version}, not ${state.version}.`,
        ),
        entry: i,
      });
    }
    const step = applyAction(state, entry.seat, entry.action);
    if (!step.ok) return err({ ...step.error, entry: i });
    state = step.value.state;
    batches.push({ version: state.version, events: step.value.events });
  }
  return ok({ state, batches });
}
