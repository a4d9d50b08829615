/**
 * A hand counted so a player can check it by eye (UX.md): each party's counting cards, their
 * thirds, the last trick, the card points (fractions dropped), declarations and the hand's score,
 * beside the running totals; Ready and the countdown to the next hand.
 */
import type { RoomView } from '@trepenta/protocol';
import type { HandScore, TressetteView } from '@trepenta/tressette';
import { act } from '../../net';
import { useStore } from '../../store';
import { Countdown } from '../../ui/common';
import { CardFace } from './Card';
import { m } from './messages';
import { partyName } from './Table';

export function HandEnd({
  game,
  names,
  score,
  deadline,
}: {
  game: TressetteView;
  names: readonly string[];
  score: HandScore;
  deadline?: RoomView['deadline'];
}) {
  const pending = useStore((s) => s.pending);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const ready = me !== null && game.seats[me]!.ready;
  const waiting = game.seats.flatMap((s, seat) => (s.ready ? [] : [names[seat] ?? '']));
  const row = (label: string, cell: (i: number) => React.ReactNode, className = '') => (
    <tr className={className}>
      <th scope="row">{label}</th>
      {score.parties.map((_, i) => (
        <td key={i}>{cell(i)}</td>
      ))}
    </tr>
  );
  return (
    <section className="tr-hand-end card-panel" aria-labelledby="tr-hand-end-title">
      <h2 id="tr-hand-end-title">{m.handEnd.title(score.hand)}</h2>
      <div className="tr-hand-end-scroll">
        <table className="tr-breakdown">
          <thead>
            <tr>
              <td />
              {score.parties.map((party, i) => (
                <th key={i} scope="col" className={`party-${i}`}>
                  {partyName(party.seats, names)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(m.handEnd.counting, (i) => {
              const cards = score.parties[i]!.counting;
              return cards.length === 0 ? (
                <span className="muted">{m.handEnd.none}</span>
              ) : (
                <span className="tr-counting">
                  {cards.map((card) => (
                    <CardFace key={card} card={card} small />
                  ))}
                </span>
              );
            })}
            {row(m.handEnd.cardThirds, (i) => score.parties[i]!.cardThirds)}
            {row(m.handEnd.lastTrick, (i) => (score.parties[i]!.lastTrick ? '+3' : '—'))}
            {row(m.handEnd.thirds, (i) => m.handEnd.thirdsOf(score.parties[i]!.thirds))}
            {row(m.handEnd.points, (i) => score.parties[i]!.cardPoints)}
            {game.settings.declarations &&
              row(m.handEnd.declarations, (i) => score.parties[i]!.declarations)}
            {row(
              m.handEnd.score,
              (i) => (
                <strong>{score.parties[i]!.score}</strong>
              ),
              'score',
            )}
            {row(
              m.handEnd.total,
              (i) => (
                <strong>
                  {game.parties[i]!.total} / {game.settings.target}
                </strong>
              ),
              'total',
            )}
          </tbody>
        </table>
      </div>
      {game.phase === 'between' && (
        <div className="button-row">
          {me !== null && (
            <button
              type="button"
              className="primary big"
              disabled={ready || pending}
              onClick={() => void act({ type: 'ready' })}
            >
              {ready ? m.table.readyDone : m.table.ready}
            </button>
          )}
          {deadline && deadline.key.startsWith('next/') && (
            <Countdown at={deadline.at} label={m.table.nextHandIn} />
          )}
          {waiting.length > 0 && (
            <span className="muted">{m.table.waitingFor(waiting.join(', '))}</span>
          )}
        </div>
      )}
    </section>
  );
}
