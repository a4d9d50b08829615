/** rules §8.4 in the browser: Verify the deals, over a real finished game's record. */
import { describe, expect, it } from 'vitest';
import { commitment, selfPlay, trepenta } from '@trepenta/rules';
import type { LogEntry } from '@trepenta/rules';
import { verifyDeals } from '../src/game/verify';
import { m } from '../src/games/trepenta/messages';
import { newGame } from './fixtures';

/** A two-seat game played to the end by bots, as the replay endpoint returns it. */
function finishedRecord() {
  const start = newGame([], 2, 4);
  const log: LogEntry[] = [];
  selfPlay(start, ['greedy'], 4, (step) =>
    log.push({
      version: step.before.version,
      actionId: `a${step.before.version}`,
      seat: step.seat,
      action: step.action,
    }),
  );
  const { randomness } = start;
  const commitments = randomness.secrets.map((s, i) => commitment(randomness.gameId, i + 1, s));
  return {
    settings: start.settings,
    seatCount: 2,
    randomness: { ...randomness, secrets: [...randomness.secrets], nonces: [...randomness.nonces] },
    commitments,
    log,
  };
}

const record = finishedRecord();
const fetcher = (() =>
  Promise.resolve(new Response(JSON.stringify(record)))) as unknown as typeof fetch;
const base = {
  module: trepenta,
  code: 'ABCDEF',
  gameNumber: 1,
  viewer: 0,
  batches: [],
  fetcher,
} as const;

describe('verifyDeals', () => {
  it('§8.4: what this browser saw before the deal matches: everything matched, nothing unchecked', async () => {
    const check = await verifyDeals({
      ...base,
      seenCommitments: record.commitments,
      myNonce: record.randomness.nonces[0],
    });
    expect(check).toMatchObject({ ok: true, lines: [], unchecked: [], secrets: 5 });
    expect(check.actions).toBe(record.log.length);
  });

  it('§8.4: commitments and a nonce this browser never saw are said to be unchecked, not passed over', async () => {
    const check = await verifyDeals({ ...base, seenCommitments: undefined, myNonce: undefined });
    expect(check.ok).toBe(true);
    expect(check.unchecked).toEqual([m.score.verifyUnseenCommitments, m.score.verifyUnsentNonce]);
  });

  it('§8.4: a spectator has no nonce to miss', async () => {
    const check = await verifyDeals({
      ...base,
      viewer: 'spectator',
      seenCommitments: record.commitments,
      myNonce: undefined,
    });
    expect(check).toMatchObject({ ok: true, unchecked: [] });
  });

  it('§8.4: commitments other than the ones seen before the deal, or another nonce, do not match', async () => {
    const seen = [...record.commitments];
    seen[2] = seen[2]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const check = await verifyDeals({ ...base, seenCommitments: seen, myNonce: 'f'.repeat(64) });
    expect(check.ok).toBe(false);
    expect(check.lines).toEqual([m.score.verifyCommitments, m.score.verifyNonce]);
  });
});
