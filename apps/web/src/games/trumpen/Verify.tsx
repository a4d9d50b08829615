/**
 * The write commitment check (C4): each round's published hashes against the hands and salts this
 * viewer knows. Every salt is known once the game is over, so then every hand checks.
 */
import type { Card } from '@trepenta/trumpen';
import { writeCommitment } from '@trepenta/trumpen';

export interface CommittedRound {
  readonly round: number;
  readonly commitments: readonly string[];
  readonly hands: readonly (readonly Card[] | null)[];
  readonly salts: readonly (string | null)[];
}

export function commitmentStatus(
  gameId: string,
  round: CommittedRound,
  seat: number,
): 'ok' | 'bad' | 'later' {
  const hand = round.hands[seat];
  const salt = round.salts[seat];
  if (!hand || !salt) return 'later';
  return writeCommitment(gameId, round.round, seat, hand, salt) === round.commitments[seat]
    ? 'ok'
    : 'bad';
}

export function VerifyHands({
  gameId,
  rounds,
  names,
}: {
  gameId: string;
  rounds: readonly CommittedRound[];
  names: readonly string[];
}) {
  if (rounds.length === 0) return null;
  const statuses = rounds.flatMap((round) =>
    round.commitments.map((_, seat) => commitmentStatus(gameId, round, seat)),
  );
  const bad = statuses.filter((s) => s === 'bad').length;
  const later = statuses.filter((s) => s === 'later').length;
  return (
    <details className="tp-verify">
      <summary>
        {bad > 0
          ? `Write check: ${bad} hand${bad === 1 ? '' : 's'} do not match what was locked`
          : later > 0
            ? `Write check: ${statuses.length - later} of ${statuses.length} hands checked so far`
            : `Write check: all ${statuses.length} hands match what was locked`}
      </summary>
      <p className="muted small">
        When writing closes, each hand is locked with a published fingerprint (a salted SHA-256).
        Your own salt comes at once, everyone’s at the game’s end: then anyone can check that no
        hand changed after it was locked.
      </p>
      <table className="tp-verify-table">
        <thead>
          <tr>
            <th scope="col">Round</th>
            {names.map((name, seat) => (
              <th key={seat} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => (
            <tr key={round.round}>
              <th scope="row">{round.round}</th>
              {round.commitments.map((hash, seat) => {
                const status = commitmentStatus(gameId, round, seat);
                return (
                  <td key={seat} title={hash}>
                    <code>{hash.slice(0, 8)}</code>{' '}
                    {status === 'ok' ? '✓ matches' : status === 'bad' ? '✗ differs' : 'at the end'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
