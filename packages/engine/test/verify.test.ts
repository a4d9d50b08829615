import { describe, expect, it } from 'vitest';
import { pot } from '../src/testing/pot';
import { nonceHash, serverNonce, verifyGame } from '../src/index';
import type { GameRecord } from '../src/index';

/** A game dealt with seat 0's own nonce (hashed first) and the server's for seat 1. */
function dealt(): {
  record: GameRecord & { nonceHashes: (string | null)[] };
  commitments: string[];
} {
  const example = pot.exampleRandomness(pot.defaultSettings, 2, 'nonces');
  const secret = example.secrets[0]!;
  const own = example.nonces[0]!;
  const randomness = { ...example, nonces: [own, serverNonce(secret, 0, 1)] };
  const commitments = randomness.secrets.map((s, i) =>
    pot.fairness.commitment(randomness.gameId, i, s),
  );
  return {
    record: {
      settings: pot.defaultSettings,
      seatCount: 2,
      randomness,
      nonceHashes: [nonceHash(own), null],
      log: [],
    },
    commitments,
  };
}

describe('verifyGame checks every nonce against what was published for it', () => {
  it('T22: a seat’s nonce matches its hash, and the server’s nonce is the one the secret fixes', () => {
    const { record, commitments } = dealt();
    expect(verifyGame(pot, record, commitments).problems).toEqual([]);
  });

  it('T22: a seat’s nonce that is not the one it hashed is reported', () => {
    const { record, commitments } = dealt();
    const nonces = [serverNonce(record.randomness.secrets[0]!, 9, 0), record.randomness.nonces[1]!];
    const altered = { ...record, randomness: { ...record.randomness, nonces } };
    expect(verifyGame(pot, altered, commitments).problems).toContain(
      "Seat 1's nonce in set 0 does not match the hash it published.",
    );
  });

  it('T22: a server nonce chosen rather than derived from the secret is reported', () => {
    const { record, commitments } = dealt();
    const nonces = [record.randomness.nonces[0]!, nonceHash(record.randomness.nonces[0]!)];
    const altered = { ...record, randomness: { ...record.randomness, nonces } };
    expect(verifyGame(pot, altered, commitments).problems).toContain(
      "Seat 2's nonce in set 0 is not the one the server's secret fixes.",
    );
  });

  it('T22: a later nonce set in the log is checked the same way', () => {
    const { record, commitments } = dealt();
    const secret = record.randomness.secrets[0]!;
    const log = [
      {
        version: 0,
        actionId: 'n1',
        seat: 'system' as const,
        action: {
          type: 'nonces',
          epoch: 1,
          nonces: ['0'.repeat(64), serverNonce(secret, 1, 1)],
          hashes: [nonceHash('1'.repeat(64)), null],
        },
      },
    ];
    const problems = verifyGame(pot, { ...record, log }, commitments).problems;
    expect(problems).toContain("Seat 1's nonce in set 1 does not match the hash it published.");
    expect(problems.some((p) => p.includes('Seat 2'))).toBe(false);
  });

  it('records from before nonces were hashed (no hashes) are not held to it', () => {
    const { record, commitments } = dealt();
    const { nonceHashes: _unused, ...old } = record;
    expect(verifyGame(pot, old, commitments).problems).toEqual([]);
  });
});
