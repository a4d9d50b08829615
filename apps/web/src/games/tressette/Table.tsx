/**
 * The Tressette table (UX.md, Tressette): you at the bottom, your partner opposite, the player
 * after you on your right (play goes counter-clockwise); the trick in the middle, each card in
 * front of whoever played it; your playable cards lit, a dimmed card saying why; the hand's count
 * in thirds between hands; the score sheet by party at the end.
 */
import { useMemo, useState } from 'react';
import type { RoomView } from '@trepenta/protocol';
import { legalActions, suitOf } from '@trepenta/tressette';
import type { Card, Play, TressetteView } from '@trepenta/tressette';
import { act } from '../../net';
import { seatNames } from '../../roomNotes';
import { useStore } from '../../store';
import { ScoreSheet } from '../../table/ScoreSheet';
import { TableFrame } from '../../table/TableFrame';
import { Countdown, useIsPhone } from '../../ui/common';
import { CardBack, CardFace } from './Card';
import { HandEnd } from './HandEnd';
import { m } from './messages';
import { client } from './index';

export type Place = 'bottom' | 'left' | 'top' | 'right';

/**
 * Where a seat sits as the viewer sees the table. Seats are numbered clockwise, so the seat after
 * you in number sits on your left, and the next to play (seat − 1) on your right.
 */
export function placeOf(seat: number, viewer: number, seatCount: number): Place {
  const offset = (seat - viewer + seatCount) % seatCount;
  if (offset === 0) return 'bottom';
  if (seatCount === 2) return 'top';
  if (seatCount === 3) return offset === 1 ? 'left' : 'right';
  return offset === 1 ? 'left' : offset === 2 ? 'top' : 'right';
}

/** Partners' names joined, for a party. */
export function partyName(seats: readonly number[], names: readonly string[]): string {
  return seats.map((seat) => names[seat] ?? '').join(' & ');
}

/** Why this card cannot be played now, from the viewer's own view only; null when it can. */
export function refusal(view: TressetteView, card: Card, names: readonly string[]): string | null {
  if (view.phase !== 'play') return m.table.betweenHands;
  if (view.turn !== view.viewer) return m.table.notYourTurn(names[view.turn ?? 0] ?? '');
  const legal = legalActions(view).actions;
  if (legal.some((a) => a.type === 'play' && a.card === card)) return null;
  const led = view.trick[0];
  return led ? m.table.mustFollow(m.suit(suitOf(led.card))) : null;
}

export function Table({ game, room }: { game: TressetteView; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const phone = useIsPhone();
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const anchor = me ?? 0;
  const over = game.phase === 'over';
  const places = Array.from({ length: game.seatCount }, (_, seat) => ({
    seat,
    place: placeOf(seat, anchor, game.seatCount),
  }));
  const deadline = room.deadline;
  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`tressette phase-${game.phase} seats-${game.seatCount}`}
      feltLabel={m.table.felt(game.hand)}
      info={
        <>
          <span className="round-info">{m.table.hand(game.hand)}</span>
          <span className="dealer-info">{m.table.dealer(names[game.dealer] ?? '')}</span>
          <span className="target-info">{m.table.target(game.settings.target)}</span>
        </>
      }
      status={<Status game={game} names={names} deadline={deadline} />}
    >
      {over && (
        <>
          <ScoreSheet client={client} game={game} room={room} names={names} />
          {game.lastHand && <HandEnd game={game} names={names} score={game.lastHand} />}
        </>
      )}
      {game.phase === 'between' && game.lastHand && (
        <HandEnd game={game} names={names} score={game.lastHand} deadline={deadline} />
      )}
      {game.phase === 'play' && (
        <div className={`tr-table ${phone ? 'phone' : ''}`}>
          {places
            .filter(({ place }) => place !== 'bottom' || me === null)
            .map(({ seat, place }) => (
              <SeatBox
                key={seat}
                seat={seat}
                place={me === null && place === 'bottom' ? 'bottom' : place}
                game={game}
                names={names}
              />
            ))}
          <TrickArea game={game} names={names} places={places} />
          {me !== null && <MyHand game={game} names={names} me={me} />}
          {me === null && <p className="spectating-note">{m.table.spectating}</p>}
        </div>
      )}
    </TableFrame>
  );
}

/** Whose turn, the timer, and the declarations as they are announced. */
function Status({
  game,
  names,
  deadline,
}: {
  game: TressetteView;
  names: readonly string[];
  deadline: RoomView['deadline'];
}) {
  const mine = game.turn !== null && game.turn === game.viewer;
  return (
    <>
      {game.phase === 'play' && game.turn !== null && (
        <div className={`turn-banner ${mine ? 'mine' : ''}`} role="status">
          <span>
            {mine
              ? game.trick.length === 0
                ? m.table.yourTurnLead
                : m.table.yourTurn
              : m.table.theirTurn(names[game.turn] ?? '')}
          </span>
          {deadline && deadline.key.startsWith('card/') && (
            <Countdown at={deadline.at} total={game.settings.turnTimerSeconds ?? undefined} />
          )}
          <span className="tr-direction" title={m.table.direction} aria-label={m.table.direction}>
            ↺
          </span>
        </div>
      )}
      {game.phase === 'play' && game.declarations.length > 0 && game.tricksPlayed < 2 && (
        <div className="tr-declared" role="status">
          <strong>{m.table.declared}:</strong>{' '}
          {game.declarations.map((d) => `${names[d.seat] ?? ''}: ${m.declaration(d)}`).join(' · ')}
        </div>
      )}
    </>
  );
}

/** Another seat: its name, party colour, how many cards it holds and which of them are known. */
function SeatBox({
  seat,
  place,
  game,
  names,
}: {
  seat: number;
  place: Place;
  game: TressetteView;
  names: readonly string[];
}) {
  const info = game.seats[seat]!;
  const partner =
    game.seatCount === 4 && typeof game.viewer === 'number' && seat === (game.viewer + 2) % 4;
  const turn = game.turn === seat;
  return (
    <section
      className={`tr-seat place-${place} party-${info.party} ${turn ? 'turn' : ''}`}
      aria-label={`${names[seat] ?? ''}${partner ? `, ${m.table.partner}` : ''}${turn ? `, ${m.table.playingNow}` : ''}`}
      data-seat={seat}
    >
      <div className="tr-seat-head">
        <span className="tr-name">{names[seat]}</span>
        {partner && <span className="badge partner">{m.table.partner}</span>}
        {game.dealer === seat && <span className="badge dealer">{m.table.dealerBadge}</span>}
      </div>
      <div className="tr-backs" aria-label={m.table.cardsLeft(info.cards)} role="img">
        {Array.from({ length: Math.min(info.cards, 13) }, (_, i) => (
          <CardBack key={i} />
        ))}
      </div>
      {info.known.length > 0 && (
        <div className="tr-known" aria-label={m.table.known}>
          {info.known.map((card) => (
            <CardFace key={card} card={card} small />
          ))}
        </div>
      )}
    </section>
  );
}

/** The trick in the middle, each card in front of its player; the last one can be looked at. */
function TrickArea({
  game,
  names,
  places,
}: {
  game: TressetteView;
  names: readonly string[];
  places: readonly { seat: number; place: Place }[];
}) {
  const [lookBack, setLookBack] = useState(false);
  const last = game.lastTrick;
  const completed = game.trick.length === 0 && last !== null;
  const shown = completed || lookBack ? last : null;
  const plays: readonly Play[] = shown ? shown.plays : game.trick;
  const winner = shown ? shown.winner : null;
  const showLast = shown !== null;
  const placeOfSeat = (seat: number) => places.find((p) => p.seat === seat)!.place;
  return (
    <section className="tr-center" aria-label={showLast ? m.table.lastTrick : m.table.trick}>
      <div className={`tr-trick ${showLast ? 'last' : ''}`}>
        {plays.map((play) => (
          <div
            key={play.card}
            className={`tr-play at-${placeOfSeat(play.seat)} ${winner === play.seat ? 'winner' : ''}`}
          >
            <CardFace card={play.card} />
            <span className="sr-only">
              {names[play.seat]}
              {winner === play.seat ? `, ${m.table.wins}` : ''}
            </span>
          </div>
        ))}
      </div>
      {showLast && winner !== null && (
        <p className="tr-caption">{m.table.lastTrickWon(names[winner] ?? '')}</p>
      )}
      {!completed && game.lastTrick !== null && (
        <button type="button" className="secondary small" onClick={() => setLookBack(!lookBack)}>
          {lookBack ? m.table.hideLastTrick : m.table.showLastTrick}
        </button>
      )}
      {game.seatCount === 2 && (
        <div className="tr-stock" aria-label={m.table.stock(game.stock)} role="img">
          {game.stock > 0 && <CardBack small={false} />}
          <span aria-hidden="true">{game.stock}</span>
        </div>
      )}
    </section>
  );
}

/** Your cards: lit when you may play them; a dimmed one says why when pressed. */
function MyHand({
  game,
  names,
  me,
}: {
  game: TressetteView;
  names: readonly string[];
  me: number;
}) {
  const pending = useStore((s) => s.pending);
  const [why, setWhy] = useState<string | null>(null);
  const cards = game.cards ?? [];
  const partyClass = `party-${game.seats[me]!.party}`;
  return (
    <section className={`tr-mine ${partyClass}`} aria-label={m.table.yourHand}>
      <div className="tr-seat-head">
        <span className="tr-name">{names[me]}</span>
        {game.dealer === me && <span className="badge dealer">{m.table.dealerBadge}</span>}
      </div>
      <ul className="tr-hand">
        {cards.map((card) => {
          const reason = refusal(game, card, names);
          return (
            <li key={card}>
              <button
                type="button"
                className={`tr-hand-card ${reason ? 'dim' : 'lit'}`}
                aria-disabled={reason !== null || pending}
                aria-label={`${m.card(card)}${reason ? ` — ${reason}` : ''}`}
                onClick={() => {
                  if (reason) {
                    setWhy(reason);
                    return;
                  }
                  setWhy(null);
                  void act({ type: 'play', card });
                }}
              >
                <CardFace card={card} />
              </button>
            </li>
          );
        })}
      </ul>
      <p className="tr-why" role="status">
        {why ?? ''}
      </p>
    </section>
  );
}
