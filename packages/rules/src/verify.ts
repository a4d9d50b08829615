import type { EventView, Viewer } from './events';
import { eventFor } from './events';
import { commitment } from './fairness';
import { replay } from './log';
import type { EventBatch, GameRecord } from './log';

/** What one client saw: the events it received, batch by batch, as that viewer. */
export interface Observation {
  readonly viewer: Viewer;
  readonly batches: readonly EventBatch<EventView>[];
}

export interface Verification {
  readonly ok: boolean;
  /** Plain sentences, one per mismatch found. */
  readonly problems: readonly string[];
  /** Log entries replayed before the first failure (all of them when the log replays). */
  readonly actionsReplayed: number;
}

/**
 * §8.4: recomputes every commitment from the revealed secrets, replays every round from the
 * secrets, the nonces and the action log, and compares the replay with what a client saw.
 */
export function verifyGame(
  record: GameRecord,
  commitments: readonly string[],
  observation?: Observation,
): Verification {
  const problems: string[] = [];
  const { gameId, secrets } = record.randomness;
  if (secrets.length !== commitments.length) {
    problems.push(`${secrets.length} secrets were revealed for ${commitments.length} commitments.`);
  }
  secrets.forEach((secret, i) => {
    let computed: string | null = null;
    try {
      computed = commitment(gameId, i + 1, secret);
    } catch {
      computed = null;
    }
    if (computed !== commitments[i]) {
      problems.push(`Round ${i + 1}'s secret does not match its published commitment.`);
    }
  });
  const replayed = replay(record);
  if (!replayed.ok) {
    const where =
      replayed.error.entry < 0 ? 'The game' : `Action ${replayed.error.entry + 1} of the log`;
    problems.push(`${where} does not replay: ${replayed.error.message}`);
    return { ok: false, problems, actionsReplayed: Math.max(0, replayed.error.entry) };
  }
  if (observation) {
    const byVersion = new Map(replayed.value.batches.map((batch) => [batch.version, batch.events]));
    for (const seen of observation.batches) {
      const events = byVersion.get(seen.version);
      if (events === undefined) {
        problems.push(`Events were seen for version ${seen.version}, which the log never reaches.`);
        continue;
      }
      const expected = JSON.stringify(events.map((event) => eventFor(event, observation.viewer)));
      if (expected !== JSON.stringify(seen.events)) {
        problems.push(
          `What was seen at version ${seen.version} differs from the replay of the deals.`,
        );
      }
    }
  }
  return { ok: problems.length === 0, problems, actionsReplayed: record.log.length };
}
