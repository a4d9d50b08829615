import type { Face, GameView, PastRoundView } from '@trepenta/rules';
import { CardFace } from './Card';
import { cardText } from './describe';
import { m } from './messages';
import { MeldCards, meldCardsText } from './RoundEnd';

type PastSeat = PastRoundView['seats'][number];

const facesText = (cards: readonly Face[]) => cards.map(cardText).join(', ');

/** How many finished rounds the side panel can show again (its Rounds tab appears with one). */
export function pastRoundCount(game: GameView): number {
  return game.pastRounds.length;
}

/**
 * The side panel's Rounds tab: every finished round's revealed table (hands, fields, melds with
 * who laid off what, unmelded cards, points), newest first, from the view (`pastRounds`), so it
 * is there after a reload too. The round on the table is not here: the round-end screen shows it.
 */
export function PastRounds({ game, names }: { game: GameView; names: readonly string[] }) {
  const me = game.viewer === 'spectator' ? null : game.viewer;
  const nameOf = (seat: number) => (seat === me ? m.table.you : (names[seat] ?? ''));
  const giverName = (seat: number) => (seat === me ? m.roundEnd.notReadyYou : (names[seat] ?? ''));
  const rounds = [...game.pastRounds].reverse();
  if (rounds.length === 0) return <p className="muted">{m.roundEnd.pastNone}</p>;
  return (
    <div className="past-rounds" aria-label={m.roundEnd.pastTitle}>
      {rounds.map((round, i) => (
        <details key={round.round} className="past-round" open={i === 0} data-round={round.round}>
          <summary>
            <strong>{m.roundEnd.pastRound(round.round)}</strong>{' '}
            <span className="muted small">
              {m.roundEnd.pastDealer(nameOf(round.dealer))} · {m.endReason(round.reason)}
            </span>
          </summary>
          {round.seats.map((seat, index) => (
            <PastSeatView
              key={index}
              seat={seat}
              name={nameOf(index)}
              roundName={m.roundEnd.pastRound(round.round)}
              finishLine={round.finishLine === index}
              giverName={giverName}
            />
          ))}
        </details>
      ))}
    </div>
  );
}

function PastSeatView({
  seat,
  name,
  roundName,
  finishLine,
  giverName,
}: {
  seat: PastSeat;
  name: string;
  /** "Round 2": each seat's group is named with its round (several rounds may be open). */
  roundName: string;
  finishLine: boolean;
  giverName: (seat: number) => string;
}) {
  return (
    <div className="past-seat" role="group" aria-label={`${name}, ${roundName}`}>
      <header className="past-seat-head">
        <span className="seat-name">{name}</span>
        {finishLine && <span className="badge ok">{m.roundEnd.finishLine}</span>}
        {seat.laidOff > 0 && (
          <span className="badge laid-off-count">{m.roundEnd.laidOffCount(seat.laidOff)}</span>
        )}
        <strong className="past-points">{m.roundEnd.points(seat.points)}</strong>
      </header>
      <div
        className="past-row"
        role="group"
        aria-label={`${m.roundEnd.field}: ${seat.field
          .map((face, i) => m.roundEnd.fieldCard(cardText(face), seat.faceUp[i] ?? true))
          .join(', ')}`}
      >
        <span className="past-label" aria-hidden="true">
          {m.roundEnd.field}
        </span>
        <span className="cards" aria-hidden="true">
          {seat.field.map((face, i) => (
            <span
              key={i}
              className={`reveal-slot ${seat.faceUp[i] === false ? 'was-down' : ''}`}
              title={seat.faceUp[i] === false ? m.roundEnd.wasDown : undefined}
            >
              <span className="slot-value">{seat.die + i}</span>
              <CardFace face={face} size="xs" />
            </span>
          ))}
        </span>
      </div>
      <div
        className="past-row"
        role="group"
        aria-label={`${m.roundEnd.pastHand}: ${facesText(seat.hand)}`}
      >
        <span className="past-label" aria-hidden="true">
          {m.roundEnd.hand}
        </span>
        <span className="cards" aria-hidden="true">
          {seat.hand.map((face, i) => (
            <CardFace key={i} face={face} size="xs" />
          ))}
        </span>
      </div>
      <div className="past-row past-melds">
        <span className="past-label" aria-hidden="true">
          {m.roundEnd.melds}
        </span>
        {seat.melds.length === 0 && <span className="muted small">{m.roundEnd.noMelds}</span>}
        {seat.melds.map((meld, i) => (
          <span key={i} className="meld" data-meld-text={meldCardsText(meld, giverName)}>
            <MeldCards meld={meld} giverName={giverName} size="xs" />
          </span>
        ))}
        {seat.deadwood.length > 0 && (
          <span
            className="deadwood"
            role="group"
            aria-label={`${m.roundEnd.deadwood}: ${facesText(seat.deadwood)}`}
          >
            {seat.deadwood.map((face, i) => (
              <CardFace key={i} face={face} size="xs" className="dead" />
            ))}
          </span>
        )}
      </div>
    </div>
  );
}
