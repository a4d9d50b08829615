import type { AnyGameModule, LogEntry, Viewer } from '@trepenta/engine';
import { m } from '../messages';

/** A finished game's record as the replay endpoint sends it. */
interface ReplayRecord {
  rules?: string;
  rulesVersion?: number;
  settings: unknown;
  seatCount: number;
  randomness: { gameId: string; secrets: string[]; nonces: string[] };
  commitments: string[];
  /** The first nonce set's published hashes (games dealt since nonces came in two steps). */
  nonceHashes?: (string | null)[];
  log: LogEntry[];
}

export interface DealsCheck {
  readonly ok: boolean;
  /** What did not match (empty when `ok`). */
  readonly lines: readonly string[];
  /** What this browser could not check, having not seen it (joined late, another device). */
  readonly unchecked: readonly string[];
  /** How many committed secrets fixed the deals. */
  readonly secrets: number;
  readonly actions: number;
}

/**
 * Verification in the browser (docs/fairness.md): fetch the finished game's record, recompute
 * every commitment from the revealed secrets, replay the game with its rules engine, and compare
 * with what this browser saw (the commitments shown before the deal, its own nonce, every event
 * batch it received). The engine's verifier loads with it, not with the page.
 */
export async function verifyDeals(input: {
  module: AnyGameModule;
  code: string;
  gameNumber: number;
  viewer: Viewer;
  batches: readonly { readonly version: number; readonly events: readonly unknown[] }[];
  seenCommitments: readonly string[] | undefined;
  myNonce: string | undefined;
  fetcher?: typeof fetch;
}): Promise<DealsCheck> {
  const fetcher = input.fetcher ?? fetch;
  let record: ReplayRecord;
  try {
    const response = await fetcher(`/api/rooms/${input.code}/games/${input.gameNumber}/replay`);
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      return {
        ok: false,
        lines: [m.score.verifyError(body.message ?? String(response.status))],
        unchecked: [],
        secrets: 0,
        actions: 0,
      };
    }
    record = (await response.json()) as ReplayRecord;
  } catch (error) {
    return {
      ok: false,
      lines: [m.score.verifyError(String(error))],
      unchecked: [],
      secrets: 0,
      actions: 0,
    };
  }
  const lines: string[] = [];
  const unchecked: string[] = [];
  if (!input.seenCommitments) unchecked.push(m.score.verifyUnseenCommitments);
  else if (JSON.stringify(input.seenCommitments) !== JSON.stringify(record.commitments))
    lines.push(m.score.verifyCommitments);
  if (typeof input.viewer === 'number') {
    if (!input.myNonce) unchecked.push(m.score.verifyUnsentNonce);
    else if (record.randomness.nonces[input.viewer] !== input.myNonce)
      lines.push(m.score.verifyNonce);
  }
  const { verifyGame } = await import('@trepenta/engine');
  const result = verifyGame(
    input.module,
    {
      settings: record.settings,
      seatCount: record.seatCount,
      randomness: record.randomness,
      log: record.log,
      ...(record.nonceHashes ? { nonceHashes: record.nonceHashes } : {}),
    },
    record.commitments,
    { viewer: input.viewer, batches: input.batches },
  );
  lines.push(...result.problems);
  return {
    ok: lines.length === 0,
    lines,
    unchecked,
    secrets: record.commitments.length,
    actions: result.actionsReplayed,
  };
}
