/**
 * TrumPen Poker's table: the seats with their scores and Done marks, the writing panel (blank
 * cards written in marker), the showdown played level by level, the round tracker, and at the end
 * the score sheet and the write check.
 */
import { useMemo } from 'react';
import {
  CATEGORY_NAMES,
  POKER_ROUNDS,
  POKER_TARGET,
  classify,
  handOf,
  pokerRules,
} from '@trepenta/trumpen';
import type { Card, DraftCard, PokerRoundView, PokerView } from '@trepenta/trumpen';
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
import { cardsShort, listNames } from '../trumpen/words';
import { client } from './index';

const PROBLEMS: Record<string, string> = {
  INCOMPLETE: 'Write a value and a suit on every card to be done.',
  DUPLICATE_IN_HAND: 'Two of your cards are identical: change one to be done.',
  OUT_OF_RANGE: 'A value is above this table’s highest.',
};

function deadline(game: PokerView, room: RoomView): number | null {
  const key =
    game.phase === 'writing'
      ? `write/${game.round}`
      : game.phase === 'between'
        ? `next/${game.round}`
        : null;
  return room.deadline && key && room.deadline.key === key ? room.deadline.at : null;
}

export function Table({ game, room }: { game: PokerView; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const last = game.rounds[game.rounds.length - 1] ?? null;
  const over = game.phase === 'over';
  const at = deadline(game, room);
  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`trumpen poker phase-${game.phase}`}
      feltLabel={`TrumPen Poker, round ${game.round} of ${POKER_ROUNDS}`}
      info={
        <span className="round-info">
          Round {game.round} of {POKER_ROUNDS} · first to {POKER_TARGET}
        </span>
      }
      status={<Status game={game} names={names} at={at} />}
    >
      {over && <ScoreSheet client={client} game={game} room={room} names={names} />}
      <Seats game={game} names={names} />
      <RoundTracker game={game} />
      {game.phase === 'writing' && me !== null && game.draft && (
        <Writing game={game} draft={game.draft} done={game.done?.[me] ?? false} />
      )}
      {game.phase === 'writing' && me === null && (
        <p className="spectating-note">The players are writing their hands.</p>
      )}
      {game.phase === 'writing' && last && (
        <details className="tp-last">
          <summary>Last round’s showdown</summary>
          <Showdown game={game} round={last} names={names} />
        </details>
      )}
      {game.phase !== 'writing' && last && <Showdown game={game} round={last} names={names} />}
      {game.phase === 'between' && me !== null && !game.ready[me] && (
        <div className="tp-ready">
          <button type="button" className="primary" onClick={() => void act({ type: 'ready' })}>
            Ready for round {game.round + 1}
          </button>
        </div>
      )}
      {game.rounds.length > 0 && (
        <VerifyHands gameId={game.gameId} rounds={game.rounds} names={names} />
      )}
    </TableFrame>
  );
}

function Status({ game, names, at }: { game: PokerView; names: string[]; at: number | null }) {
  const waiting =
    game.phase === 'writing'
      ? (game.done ?? []).flatMap((d, s) => (d ? [] : [names[s]!]))
      : game.phase === 'between'
        ? game.ready.flatMap((r, s) => (r ? [] : [names[s]!]))
        : [];
  const text =
    game.phase === 'writing'
      ? `Write your hand. Waiting for ${listNames(waiting)}.`
      : game.phase === 'between'
        ? `Next round soon${waiting.length > 0 ? ` (waiting for ${listNames(waiting)} to be ready)` : ''}.`
        : game.abandoned
          ? 'The game was stopped.'
          : 'Game over.';
  return (
    <div className="banners">
      <p className="banner tp-status" role="status">
        {text}{' '}
        {at !== null && (
          <Countdown
            at={at}
            total={
              game.phase === 'writing' ? game.settings.writingSeconds : game.settings.betweenSeconds
            }
          />
        )}
      </p>
    </div>
  );
}

function Seats({ game, names }: { game: PokerView; names: string[] }) {
  const last = game.rounds[game.rounds.length - 1];
  return (
    <ul className="tp-seats" aria-label="Players">
      {names.map((name, seat) => {
        const done = game.phase === 'writing' && (game.done?.[seat] ?? false);
        const won = game.phase !== 'writing' && (last?.winners.includes(seat) ?? false);
        return (
          <li
            key={seat}
            className={`tp-seat ${seat === game.viewer ? 'me' : ''} ${won ? 'won' : ''}`}
          >
            <span className="tp-name">
              {name}
              {seat === game.viewer ? ' (you)' : ''}
            </span>
            <span className="tp-score">{game.scores[seat]} pts</span>
            <span className="tp-state">
              {game.phase === 'writing'
                ? done
                  ? '✓ Done'
                  : 'Writing…'
                : game.phase === 'between'
                  ? game.ready[seat]
                    ? '✓ Ready'
                    : ''
                  : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RoundTracker({ game }: { game: PokerView }) {
  return (
    <ol className="tp-tracker" aria-label={`Round ${game.round} of ${POKER_ROUNDS}`}>
      {Array.from({ length: POKER_ROUNDS }, (_, i) => i + 1).map((round) => (
        <li
          key={round}
          className={
            round < game.round || (round === game.round && game.phase !== 'writing')
              ? 'past'
              : round === game.round
                ? 'now'
                : ''
          }
          aria-current={round === game.round ? 'step' : undefined}
        >
          {round}
        </li>
      ))}
    </ol>
  );
}

function Writing({
  game,
  draft,
  done,
}: {
  game: PokerView;
  draft: readonly DraftCard[];
  done: boolean;
}) {
  const rules = pokerRules(game.seatCount);
  const writer = useDraftWriter(draft);
  const hand = handOf(writer.cards, rules);
  const problem = hand.ok ? null : (PROBLEMS[hand.error] ?? 'Your hand is not complete yet.');
  const category = hand.ok ? classify(hand.value) : null;
  return (
    <div className="tp-my-area">
      <WritingPanel
        draft={writer.cards}
        maxValue={rules.maxValue}
        suits
        done={done}
        problem={problem}
        onChange={writer.change}
        onDone={writer.done}
        onWithdraw={writer.withdraw}
      />
      <p className="tp-hint">
        Values A–{rules.maxValue === 10 ? '10' : rules.maxValue} (players + 3).{' '}
        {category
          ? `Your hand: ${CATEGORY_NAMES[category.category]}, ${category.points} point${category.points === 1 ? '' : 's'} if it survives.`
          : 'Your draft is private: nobody sees it until the showdown.'}
      </p>
    </div>
  );
}

function mark(round: PokerRoundView, seat: number, card: Card, declarers: readonly number[]) {
  const shared = round.hands.some(
    (hand, other) =>
      other !== seat && hand?.some((c) => c.value === card.value && c.suit === card.suit),
  );
  if (round.winners.includes(seat)) return 'win' as const;
  return shared && declarers.includes(seat) ? ('match' as const) : null;
}

/** The showdown of a round, level by level: who declared, who showed a match, who is out. */
function Showdown({
  game,
  round,
  names,
}: {
  game: PokerView;
  round: PokerRoundView;
  names: string[];
}) {
  const name = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  const decisive = round.levels.findIndex((level) => level.category === round.decidedAt);
  const shownLevels = decisive >= 0 ? round.levels.slice(0, decisive + 1) : round.levels;
  return (
    <section className="tp-showdown" aria-labelledby="tp-showdown-title">
      <h2 id="tp-showdown-title" className="tp-title">
        Round {round.round} showdown
      </h2>
      <ol className="tp-levels">
        {shownLevels.map((level) => (
          <li
            key={level.category}
            className={`tp-level ${level.declarers.length === 0 ? 'none' : ''}`}
          >
            <span className="tp-level-name">{CATEGORY_NAMES[level.category]}</span>
            {level.declarers.length === 0 ? (
              <span className="muted">none</span>
            ) : (
              <div className="tp-level-body">
                {level.declarers.map((seat) => (
                  <div
                    key={seat}
                    className={`tp-declared ${level.eliminated.includes(seat) ? 'out' : ''}`}
                  >
                    <span className="tp-who">
                      {name(seat)}
                      {level.eliminated.includes(seat)
                        ? ' — out'
                        : round.winners.includes(seat)
                          ? ' — wins'
                          : ''}
                    </span>
                    <span
                      className="tp-row"
                      role="group"
                      aria-label={`${name(seat)}: ${cardsShort(round.hands[seat] ?? [])}`}
                    >
                      {(round.hands[seat] ?? []).map((card, i) => (
                        <BlankCard
                          key={i}
                          card={card}
                          size="sm"
                          state={mark(round, seat, card, level.declarers)}
                        />
                      ))}
                    </span>
                  </div>
                ))}
                {level.matches.map((match) => (
                  <p key={match.seat} className="tp-match">
                    {name(match.seat)} shows {cardsShort(match.cards)}
                  </p>
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
      <p className="tp-result" role="status">
        {round.decidedAt === null
          ? 'Everyone was out: no points this round.'
          : `${listNames(round.winners.map(name))} score${round.winners.length === 1 ? 's' : ''} ${round.points[round.winners[0]!]} with a ${CATEGORY_NAMES[round.decidedAt]}.`}
      </p>
      <div className="tp-all-hands">
        {round.hands.map((hand, seat) =>
          hand && !round.levels.some((l) => l.declarers.includes(seat)) ? (
            <p key={seat} className="tp-hidden-hand">
              <span className="tp-who">{name(seat)}:</span>{' '}
              <span
                className="tp-row"
                role="group"
                aria-label={`${name(seat)}: ${cardsShort(hand)}`}
              >
                {hand.map((card, i) => (
                  <BlankCard key={i} card={card} size="sm" />
                ))}
              </span>
            </p>
          ) : null,
        )}
        {game.phase !== 'over' && !game.settings.showAllHands && (
          <p className="muted small">
            Hands the showdown did not reveal are shown when the game ends.
          </p>
        )}
      </div>
    </section>
  );
}
