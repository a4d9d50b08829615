/**
 * TrumPen Trick Taking's table: the lead suit always shown, the trick in play (cards and passes),
 * the number × suit grid of everything played this game, the player's numbers with the legal plays
 * lit, the writing panel (warning about dead numbers), the round's end, and the write check.
 */
import { useMemo } from 'react';
import { SUITS, TRICKS_ROUNDS, handOf, legalPlays, onGrid, tricksRules } from '@trepenta/trumpen';
import type { DraftCard, TricksView } from '@trepenta/trumpen';
import type { RoomView } from '@trepenta/protocol';
import { act } from '../../net';
import { seatNames } from '../../roomNotes';
import { ScoreSheet } from '../../table/ScoreSheet';
import { TableFrame } from '../../table/TableFrame';
import { Countdown } from '../../ui/common';
import { BlankCard } from '../trumpen/BlankCard';
import { VerifyHands } from '../trumpen/Verify';
import { WritingPanel } from '../trumpen/Writing';
import { useDraftWriter } from '../trumpen/draftWriter';
import {
  SUIT_SYMBOL,
  SUIT_WORD,
  cardShort,
  cardWords,
  listNames,
  valueText,
} from '../trumpen/words';
import { client } from './index';

function timerKey(game: TricksView): string | null {
  if (game.phase === 'writing') return `write/${game.round}`;
  if (game.phase === 'play' && game.trick)
    return `turn/${game.round}/${game.trick.number}/${game.toPlay}`;
  if (game.phase === 'between') return `next/${game.round}`;
  return null;
}

export function Table({ game, room }: { game: TricksView; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const over = game.phase === 'over';
  const key = timerKey(game);
  const at = room.deadline && key && room.deadline.key === key ? room.deadline.at : null;
  const shownTrick = game.trick ?? game.tricks[game.tricks.length - 1] ?? null;
  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`trumpen tricks phase-${game.phase}`}
      feltLabel={`TrumPen Trick Taking, round ${game.round} of ${TRICKS_ROUNDS}`}
      info={
        <span className="round-info">
          Round {game.round} of {TRICKS_ROUNDS}
          {game.trick ? ` · trick ${game.trick.number} of 3` : ''}
        </span>
      }
      status={<Status game={game} names={names} at={at} />}
    >
      {over && <ScoreSheet client={client} game={game} room={room} names={names} />}
      <Seats game={game} names={names} />
      {shownTrick && game.phase !== 'writing' && (
        <section
          className="tp-offer tp-trick"
          aria-label={game.trick ? 'The trick in play' : 'The last trick'}
        >
          <p className="tp-lead">
            Lead suit:{' '}
            <strong>
              {shownTrick.lead
                ? `${SUIT_SYMBOL[shownTrick.lead]} ${SUIT_WORD[shownTrick.lead]}`
                : 'not set yet'}
            </strong>
          </p>
          <ol className="tp-plays">
            {shownTrick.plays.map((p) => (
              <li key={p.seat}>
                <span className="tp-who">{names[p.seat]}</span>{' '}
                {p.card ? (
                  <BlankCard
                    card={p.card}
                    size="md"
                    state={shownTrick.winner === p.seat ? 'win' : null}
                  />
                ) : (
                  <span className="badge">pass −2</span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {me !== null && <MyArea game={game} me={me} />}
      {me === null && game.phase === 'writing' && (
        <p className="spectating-note">The players are writing their numbers.</p>
      )}
      {(game.phase === 'between' || over) && <RoundEnd game={game} names={names} />}
      {game.phase === 'between' && me !== null && !game.ready[me] && (
        <div className="tp-ready">
          <button type="button" className="primary" onClick={() => void act({ type: 'ready' })}>
            Ready for round {game.round + 1}
          </button>
        </div>
      )}
      <Grid game={game} />
      {game.rounds.length > 0 && (
        <VerifyHands
          gameId={game.gameId}
          names={names}
          rounds={game.rounds.map((round) => ({
            round: round.round,
            commitments: round.commitments,
            salts: round.salts,
            hands: round.written.map((hand) =>
              hand ? hand.map((value) => ({ value, suit: null })) : null,
            ),
          }))}
        />
      )}
    </TableFrame>
  );
}

function Status({ game, names, at }: { game: TricksView; names: string[]; at: number | null }) {
  const you = (seat: number) => (seat === game.viewer ? 'you' : names[seat]!);
  const text =
    game.phase === 'writing'
      ? `Write three numbers. Waiting for ${listNames((game.done ?? []).flatMap((d, s) => (d ? [] : [you(s)])))}.`
      : game.phase === 'play'
        ? game.toPlay === game.viewer
          ? 'Your turn: play a lit card.'
          : `${game.toPlay === null ? '' : names[game.toPlay]} to play.`
        : game.phase === 'between'
          ? 'Round over.'
          : game.abandoned
            ? 'The game was stopped.'
            : 'Game over.';
  return (
    <div className="banners">
      <p className="banner tp-status" role="status">
        {text} {at !== null && <Countdown at={at} />}
      </p>
    </div>
  );
}

function Seats({ game, names }: { game: TricksView; names: string[] }) {
  const roundPoints = game.points[game.round - 1];
  return (
    <ul className="tp-seats" aria-label="Players">
      {names.map((name, seat) => (
        <li
          key={seat}
          className={`tp-seat ${seat === game.viewer ? 'me' : ''} ${game.toPlay === seat ? 'turn' : ''}`}
        >
          <span className="tp-name">
            {name}
            {seat === game.viewer ? ' (you)' : ''}
          </span>
          <span className="tp-score">
            {game.scores[seat]} pts
            {roundPoints && game.phase === 'play'
              ? ` (this round ${roundPoints[seat]! > 0 ? '+' : ''}${roundPoints[seat]})`
              : ''}{' '}
            · {game.handCounts[seat]} in hand
          </span>
          <span className="tp-state">
            {game.phase === 'writing'
              ? game.done?.[seat]
                ? '✓ Done'
                : 'Writing…'
              : game.toPlay === seat
                ? 'to play'
                : game.phase === 'between' && game.ready[seat]
                  ? '✓ Ready'
                  : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function MyArea({ game, me }: { game: TricksView; me: number }) {
  if (game.phase === 'writing' && game.draft)
    return <Writing game={game} draft={game.draft} done={game.done?.[me] ?? false} />;
  const hand = game.hand ?? [];
  if (game.phase !== 'play' || hand.length === 0) return null;
  const mine = game.toPlay === me && game.trick;
  const legal = mine ? legalPlays(hand, game.grid, game.trick) : [];
  return (
    <section className="tp-writing" aria-label="Your numbers">
      <h2 className="tp-title">Your numbers</h2>
      <div className="tp-hand">
        {hand.map((value, i) => (
          <BlankCard
            key={i}
            card={{ value, suit: null }}
            size="lg"
            state={legal.some((c) => c.value === value) ? 'win' : null}
          />
        ))}
      </div>
      {mine && (
        <div className="tp-values" role="group" aria-label="Play a card">
          {legal.map((card) => (
            <button
              key={`${card.value}${card.suit}`}
              type="button"
              className={`tp-pick ${card.suit === 'H' || card.suit === 'D' ? 'tp-red' : ''}`}
              aria-label={`Play ${cardWords(card)}`}
              onClick={() => void act({ type: 'play', value: card.value, suit: card.suit })}
            >
              {cardShort(card)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Writing({
  game,
  draft,
  done,
}: {
  game: TricksView;
  draft: readonly DraftCard[];
  done: boolean;
}) {
  const rules = tricksRules(game.seatCount);
  const writer = useDraftWriter(draft);
  const hand = handOf(writer.cards, rules);
  return (
    <div className="tp-my-area">
      <WritingPanel
        draft={writer.cards}
        maxValue={rules.maxValue}
        suits={false}
        done={done}
        problem={hand.ok ? null : 'Write a number on every card to be done.'}
        warn={(card) =>
          card.value !== null && SUITS.every((suit) => onGrid(game.grid, card.value!, suit))
            ? `All four ${valueText(card.value)}s are on the grid: this card could only ever pass (−2).`
            : null
        }
        onChange={writer.change}
        onDone={writer.done}
        onWithdraw={writer.withdraw}
      />
      <p className="tp-hint">
        Numbers A–{valueText(rules.maxValue)}. You choose each card’s suit when you play it.
      </p>
    </div>
  );
}

function RoundEnd({ game, names }: { game: TricksView; names: string[] }) {
  const round = game.rounds[game.rounds.length - 1];
  if (!round?.unplayed) return null;
  const points = game.points[round.round - 1] ?? [];
  return (
    <section className="tp-showdown" aria-labelledby="tp-round-end">
      <h2 id="tp-round-end" className="tp-title">
        Round {round.round} over
      </h2>
      <ul className="tp-levels">
        {names.map((name, seat) => (
          <li key={seat} className="tp-level tp-plain">
            <span className="tp-level-name">{name}</span>
            <span>
              {points[seat]! > 0 ? '+' : ''}
              {points[seat]} points
              {round.unplayed![seat]!.length > 0
                ? ` · unplayable: ${round.unplayed![seat]!.map(valueText).join(' ')}`
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The grid: every number × suit played this game (cards stay on the table). */
function Grid({ game }: { game: TricksView }) {
  const numbers = Array.from({ length: game.maxValue }, (_, i) => game.maxValue - i);
  return (
    <section className="tp-verify tp-grid" aria-labelledby="tp-grid-title">
      <h2 id="tp-grid-title" className="tp-title">
        Played this game
      </h2>
      <table className="tp-verify-table">
        <thead>
          <tr>
            <th scope="col">Number</th>
            {SUITS.map((suit) => (
              <th key={suit} scope="col" aria-label={SUIT_WORD[suit]}>
                {SUIT_SYMBOL[suit]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {numbers.map((value) => (
            <tr key={value}>
              <th scope="row">{valueText(value)}</th>
              {SUITS.map((suit) => (
                <td key={suit}>{onGrid(game.grid, value, suit) ? '●' : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
