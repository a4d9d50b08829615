import { verifyGame as verifyWith } from '@trepenta/engine';
import type { EventBatch, NonceCommitments, Verification } from '@trepenta/engine';
import type { EventView, Viewer } from './events';
import type { GameRecord } from './log';
import { trepenta } from './module';

export type { Verification } from '@trepenta/engine';

/** What one client saw: the events it received, batch by batch, as that viewer. */
export interface Observation {
  readonly viewer: Viewer;
  readonly batches: readonly EventBatch<EventView>[];
}

/**
 * §8.4: recomputes every commitment from the revealed secrets, replays every round from the
 * secrets, the nonces and the action log, and compares the replay with what a client saw.
 */
export function verifyGame(
  record: GameRecord & NonceCommitments,
  commitments: readonly string[],
  observation?: Observation,
): Verification {
  return verifyWith(trepenta, record, commitments, observation);
}
