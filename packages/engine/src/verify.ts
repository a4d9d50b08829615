import { nonceHash, serverNonce } from './fairness';
import { replay } from './log';
import type { EventBatch, GameRecord } from './log';
import type { AnyGameModule, BotLevel, Viewer } from './module';

/** What one client saw: the events it received, batch by batch, as that viewer. */
export interface Observation<EV = unknown> {
  readonly viewer: Viewer;
  readonly batches: readonly EventBatch<EV>[];
}

export interface Verification {
  readonly ok: boolean;
  /** Plain sentences, one per mismatch found. */
  readonly problems: readonly string[];
  /** Log entries replayed before the first failure (all of them when the log replays). */
  readonly actionsReplayed: number;
}

/**
 * What a finished game's record says about its nonces, when it says it (records of games dealt
 * before nonces were committed to in two steps have none): per nonce set, each seat's published
 * hash, null where the server supplied the nonce.
 */
export interface NonceCommitments {
  /** The first set's hashes (the later sets' travel in their `nonces` system actions). */
  readonly nonceHashes?: readonly (string | null)[];
}

/**
 * docs/fairness.md, "How to verify": recomputes every commitment from the revealed secrets, checks
 * every nonce against what was published for it (a seat's hash, or the server's nonce derived from
 * the first secret), replays the game from the secrets, the nonces and the action log, and
 * compares the replay with what a client saw.
 */
export function verifyGame(
  module: AnyGameModule,
  record: GameRecord & NonceCommitments,
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
      computed = module.fairness.commitment(gameId, i, secret);
    } catch {
      computed = null;
    }
    if (computed !== commitments[i]) {
      problems.push(`${module.fairness.secretName(i)} does not match its published commitment.`);
    }
  });
  if (record.nonceHashes) {
    problems.push(...nonceProblems(secrets[0], 0, record.randomness.nonces, record.nonceHashes));
  }
  for (const entry of record.log) {
    const action = entry.action as { type?: unknown };
    if (entry.seat === 'system' && action.type === 'nonces') {
      const set = entry.action as { epoch: number; nonces: string[]; hashes: (string | null)[] };
      problems.push(...nonceProblems(secrets[0], set.epoch, set.nonces, set.hashes));
    }
  }
  const replayed = replay(module, record);
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
      const expected = JSON.stringify(
        events.map((event) => module.eventFor(event, observation.viewer)),
      );
      if (expected !== JSON.stringify(seen.events)) {
        problems.push(
          `What was seen at version ${seen.version} differs from the replay of the deals.`,
        );
      }
    }
  }
  return { ok: problems.length === 0, problems, actionsReplayed: record.log.length };
}

/** Each nonce of a set against its published hash, or, where none was, the server's derivation. */
function nonceProblems(
  secret: string | undefined,
  epoch: number,
  nonces: readonly string[],
  hashes: readonly (string | null)[],
): string[] {
  const problems: string[] = [];
  if (hashes.length !== nonces.length) {
    return [`Nonce set ${epoch} has ${nonces.length} nonces for ${hashes.length} seats.`];
  }
  nonces.forEach((nonce, seat) => {
    const hash = hashes[seat];
    const expected = hash === null || hash === undefined ? derived(secret, epoch, seat) : hash;
    const actual = hash === null || hash === undefined ? nonce : safe(() => nonceHash(nonce));
    if (expected === null || actual !== expected) {
      problems.push(
        hash == null
          ? `Seat ${seat + 1}'s nonce in set ${epoch} is not the one the server's secret fixes.`
          : `Seat ${seat + 1}'s nonce in set ${epoch} does not match the hash it published.`,
      );
    }
  });
  return problems;
}

function derived(secret: string | undefined, epoch: number, seat: number): string | null {
  return secret === undefined ? null : safe(() => serverNonce(secret, epoch, seat));
}

function safe(compute: () => string): string | null {
  try {
    return compute();
  } catch {
    return null;
  }
}

/**
 * Committed bot randomness (`module.botRandom`): replays a finished game's record and checks that
 * every move of a seat played by a bot is the move the bot's public algorithm picks from that
 * seat's view with the stream's numbers, and every stand-in's moves in a timeout are what
 * `standIn` makes of the state (a game with committed bots draws its stand-in from the stream too). `levelOf`: each seat's bot level, or null for a person
 * (whose moves are not checked). Returns one sentence per move that differs (empty: all agree).
 */
export function checkBotMoves(
  module: AnyGameModule,
  record: GameRecord,
  levelOf: (seat: number) => BotLevel | null,
): string[] {
  if (!module.botRandom) return [`${module.title} does not commit to its bots' choices.`];
  const created = module.create(record.settings, record.seatCount, record.randomness);
  if (!created.ok) return [`The game cannot be created (${created.error.code}).`];
  let state = created.value;
  const problems: string[] = [];
  for (const entry of record.log) {
    const seat = entry.seat;
    const level = seat === 'system' ? null : levelOf(seat);
    const action = entry.action as { type?: unknown; key?: unknown; standIn?: unknown };
    if (seat === 'system' && action.type === 'timeout' && typeof action.key === 'string') {
      // The stand-in too decides by its public algorithm from the committed stream.
      const standIn = module.standIn(state, action.key, 0);
      if (JSON.stringify(standIn) !== JSON.stringify(action.standIn))
        problems.push(
          `Version ${entry.version}: the stand-in would play ${JSON.stringify(standIn)}, not ${JSON.stringify(action.standIn)}.`,
        );
    }
    if (seat !== 'system' && level !== null) {
      const view = module.viewFor(state, seat);
      const chosen = module.chooseBot(view, level, 0, module.botRandom(state, seat));
      if (JSON.stringify(chosen) !== JSON.stringify(entry.action))
        problems.push(
          `Version ${entry.version}: seat ${seat}'s ${level} bot would play ${JSON.stringify(chosen)}, not ${JSON.stringify(entry.action)}.`,
        );
    }
    const step = module.apply(state, seat, entry.action, entry.at);
    if (!step.ok) {
      problems.push(`Version ${entry.version} does not replay (${step.error.code}).`);
      break;
    }
    state = step.value.state;
  }
  return problems;
}
