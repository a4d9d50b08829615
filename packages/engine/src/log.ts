import { z } from 'zod';
import type { Actor, AnyGameModule, Randomness, RuleError, SystemAction } from './module';
import { err, ok } from './result';
import type { Result } from './result';

/**
 * One entry of a game's durable record. `version` is the game version the action was applied to,
 * so the log replays in order and a gap or an edit shows; `at` is the server's clock stamped on
 * the action for a game that declares `clock` (absent otherwise).
 */
export interface LogEntry<A = unknown> {
  readonly version: number;
  readonly actionId: string;
  readonly seat: Actor;
  readonly action: A | SystemAction<A>;
  readonly at?: number;
}

/**
 * What `create` needs, plus the log: everything to rebuild a game exactly. `game` and
 * `rulesVersion` say which engine it was played by (absent: Trepenta, rules version 1, as stored
 * before there were other games).
 */
export interface GameRecord<Settings = unknown, A = unknown> {
  readonly game?: string;
  readonly rulesVersion?: number;
  readonly settings: Settings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly log: readonly LogEntry<A>[];
}

/** The first game on the platform: what a record without a game id is. */
export const DEFAULT_GAME = 'trepenta';

export const randomnessSchema = z
  .object({
    gameId: z.string(),
    secrets: z.array(z.string()),
    nonces: z.array(z.string()),
  })
  .strict();

/** The shape of a log entry, with the actions checked by the module's schemas. */
export function logEntrySchemaFor(module: AnyGameModule, maxSeats = module.seats.max) {
  return z
    .object({
      version: z.number().int().min(0),
      actionId: z.string().min(1).max(64),
      seat: z.union([
        z
          .number()
          .int()
          .min(0)
          .max(maxSeats - 1),
        z.literal('system'),
      ]),
      action: z.union([module.actionSchema, module.systemActionSchema]),
      at: z.number().int().optional(),
    })
    .strict();
}

/** The events of one step, tagged with the version they produced (the opening deal's first). */
export interface EventBatch<E = unknown> {
  readonly version: number;
  readonly events: readonly E[];
}

export interface Replayed<S, E> {
  readonly state: S;
  readonly batches: readonly EventBatch<E>[];
}

export interface ReplayError extends RuleError {
  /** Index of the log entry that failed, or -1 when the game could not even be created. */
  readonly entry: number;
}

/** Rebuilds a game from its record with its module: create, then every logged action in order. */
export function replay<S, E>(
  module: AnyGameModule,
  record: GameRecord,
): Result<Replayed<S, E>, ReplayError> {
  const created = module.create(record.settings, record.seatCount, record.randomness);
  if (!created.ok) return err({ ...created.error, entry: -1 });
  let state = created.value as S;
  const batches: EventBatch<E>[] = [
    { version: module.version(state), events: module.openingEvents(state) as E[] },
  ];
  for (let i = 0; i < record.log.length; i++) {
    const entry = record.log[i]!;
    const version = module.version(state);
    if (entry.version !== version) {
      return err({
        code: 'WRONG_PHASE',
        message: `Log entry ${i} was made against version ${entry.version}, not ${version}.`,
        entry: i,
      });
    }
    const step = module.apply(state, entry.seat, entry.action, entry.at);
    if (!step.ok) return err({ ...step.error, entry: i });
    state = step.value.state as S;
    batches.push({ version: module.version(state), events: step.value.events as E[] });
  }
  return ok({ state, batches });
}

/** Continues a game from a state (a snapshot) with logged entries; throws if one does not apply. */
export function applyLog<S>(module: AnyGameModule, start: S, entries: readonly LogEntry[]): S {
  let state = start;
  for (const entry of entries) {
    const step = module.apply(state, entry.seat, entry.action, entry.at);
    if (!step.ok)
      throw new Error(`log entry ${entry.version} does not replay (${step.error.code})`);
    state = step.value.state as S;
  }
  return state;
}
