/**
 * TrumPen 21's table: every seat's face-up cards and best total, the card on offer travelling round
 * the table (face down, with who passed), Take / Pass for the seat asked, the start player's hand to
 * offer from, the writing panel, the round's reveal of final cards, and the write check.
 */
import { useMemo } from 'react';
import { TWENTYONE_RULES, TWENTYONE_ROUNDS, bestTotal, handOf } from '@trepenta/trumpen';
import type { DraftCard, TwentyOneView } from '@trepenta/trumpen';
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
import { listNames, valueText, valueWord } from '../trumpen/words';
import { client } from './index';

const card = (value: number) => ({ value, suit: null });

function timerKey(game: TwentyOneView): string | null {
  switch (game.phase) {
    case 'writing':
      return `write/${game.round}`;
    case 'offer':
      return `offer/${game.round}/${game.deal}`;
    case 'respond':
      return `ask/${game.round}/${game.deal}/${game.asked}`;
    case 'between':
      return `next/${game.round}`;
    case 'over':
      return null;
  }
}

export function Table({ game, room }: { game: TwentyOneView; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const over = game.phase === 'over';
  const key = timerKey(game);
  const at = room.deadline && key && room.deadline.key === key ? room.deadline.at : null;
  const last = game.rounds[game.rounds.length - 1] ?? null;
  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`trumpen twentyone phase-${game.phase}`}
      feltLabel={`TrumPen 21, round ${game.round} of ${TWENTYONE_ROUNDS}`}
      info={
        <span className="round-info">
          Round {game.round} of {TWENTYONE_ROUNDS}
          {game.phase === 'offer' || game.phase === 'respond'
            ? ` · deal ${game.deal + 1} of ${3 * game.seatCount}`
            : ''}
        </span>
      }
      status={<Status game={game} names={names} at={at} />}
    >
      {over && <ScoreSheet client={client} game={game} room={room} names={names} />}
      <Seats game={game} names={names} />
      {(game.phase === 'offer' || game.phase === 'respond') && <Offer game={game} names={names} />}
      {me !== null && <MyArea game={game} me={me} />}
      {me === null && game.phase === 'writing' && (
        <p className="spectating-note">The players are writing their cards.</p>
      )}
      {(game.phase === 'between' || over) && last?.finals && (
        <RoundResult game={game} names={names} />
      )}
      {game.phase === 'between' && me !== null && !game.ready[me] && (
        <div className="tp-ready">
          <button type="button" className="primary" onClick={() => void act({ type: 'ready' })}>
            Ready for round {game.round + 1}
          </button>
        </div>
      )}
      {game.rounds.length > 0 && (
        <VerifyHands
          gameId={game.gameId}
          names={names}
          rounds={game.rounds.map((round) => ({
            round: round.round,
            commitments: round.commitments,
            salts: round.salts,
            hands: round.written.map((hand) => (hand ? hand.map(card) : null)),
          }))}
        />
      )}
    </TableFrame>
  );
}

function Status({ game, names, at }: { game: TwentyOneView; names: string[]; at: number | null }) {
  const you = (seat: number) => (seat === game.viewer ? 'you' : names[seat]!);
  let text: string;
  switch (game.phase) {
    case 'writing':
      text = `Write four cards. Waiting for ${listNames((game.done ?? []).flatMap((d, s) => (d ? [] : [you(s)])))}.`;
      break;
    case 'offer':
      text =
        game.starter === game.viewer
          ? 'Your deal: offer one of your cards face down.'
          : `${names[game.starter]} is choosing a card to offer.`;
      break;
    case 'respond':
      text =
        game.asked === game.viewer
          ? `${names[game.offer?.from ?? 0]} offers a card face down: take it or pass.`
          : `${game.asked === null ? '' : you(game.asked)} decides: take or pass.`;
      break;
    case 'between':
      text = 'Round over: the last cards are turned up.';
      break;
    case 'over':
      text = game.abandoned ? 'The game was stopped.' : 'Game over.';
  }
  return (
    <div className="banners">
      <p className="banner tp-status" role="status">
        {text} {at !== null && <Countdown at={at} />}
      </p>
    </div>
  );
}

function Seats({ game, names }: { game: TwentyOneView; names: string[] }) {
  return (
    <ul className="tp-seats" aria-label="Players">
      {names.map((name, seat) => {
        const up = game.faceUp[seat] ?? [];
        const badges: string[] = [];
        if ((game.phase === 'offer' || game.phase === 'respond') && game.starter === seat)
          badges.push('start player');
        if (game.phase === 'respond' && game.asked === seat) badges.push('deciding');
        if (game.offer?.passed.includes(seat)) badges.push('passed');
        if (game.phase === 'writing') badges.push(game.done?.[seat] ? '✓ Done' : 'Writing…');
        if (game.phase === 'between' && game.ready[seat]) badges.push('✓ Ready');
        return (
          <li
            key={seat}
            className={`tp-seat ${seat === game.viewer ? 'me' : ''} ${game.asked === seat || (game.phase === 'offer' && game.starter === seat) ? 'turn' : ''}`}
          >
            <span className="tp-name">
              {name}
              {seat === game.viewer ? ' (you)' : ''}
            </span>
            <span className="tp-score">
              {game.scores[seat]} pts · {game.handCounts[seat]} in hand
            </span>
            <span
              className="tp-row"
              role="group"
              aria-label={`${name}’s face-up cards: ${up.length === 0 ? 'none' : `${up.map(valueText).join(' ')}, total ${game.totals[seat]}`}`}
            >
              {up.map((value, i) => (
                <BlankCard key={i} card={card(value)} size="sm" />
              ))}
              {up.length > 0 && (
                <span className="tp-total" aria-hidden="true">
                  = {game.totals[seat]}
                </span>
              )}
            </span>
            {badges.length > 0 && <span className="tp-state">{badges.join(' · ')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Offer({ game, names }: { game: TwentyOneView; names: string[] }) {
  const offer = game.offer;
  return (
    <section className="tp-offer" aria-label="The card on offer">
      {offer ? (
        <>
          <BlankCard
            card={offer.value === null ? null : card(offer.value)}
            size="lg"
            label={
              offer.value === null
                ? `A card offered face down by ${names[offer.from]}`
                : `Your ${valueWord(offer.value)}, offered face down`
            }
          />
          <p>
            Offered by {offer.from === game.viewer ? 'you' : names[offer.from]}
            {offer.passed.length > 0
              ? ` · passed: ${listNames(offer.passed.map((s) => names[s]!))}`
              : ''}
          </p>
        </>
      ) : (
        <p>{names[game.starter]} will offer a card.</p>
      )}
    </section>
  );
}

function MyArea({ game, me }: { game: TwentyOneView; me: number }) {
  if (game.phase === 'writing' && game.draft)
    return <Writing draft={game.draft} done={game.done?.[me] ?? false} />;
  const hand = game.hand ?? [];
  const offering = game.phase === 'offer' && game.starter === me;
  const asked = game.phase === 'respond' && game.asked === me;
  if (hand.length === 0) return null;
  const up = game.faceUp[me] ?? [];
  return (
    <section className="tp-writing" aria-label="Your hand">
      <h2 className="tp-title">{offering ? 'Offer one of your cards' : 'Your hand'}</h2>
      <div className="tp-hand">
        {hand.map((value, i) =>
          offering ? (
            <button
              key={i}
              type="button"
              className="tp-slot"
              aria-label={`Offer your ${valueWord(value)}`}
              onClick={() => void act({ type: 'offer', value })}
            >
              <BlankCard card={card(value)} size="lg" />
            </button>
          ) : (
            <BlankCard key={i} card={card(value)} size="lg" />
          ),
        )}
      </div>
      {asked && (
        <div className="tp-done-row">
          <button type="button" className="primary" onClick={() => void act({ type: 'take' })}>
            Take
          </button>
          <button type="button" className="small-button" onClick={() => void act({ type: 'pass' })}>
            Pass
          </button>
          <span className="muted small">
            Your face-up total is {bestTotal(up)}; a taken card goes face up.
          </span>
        </div>
      )}
    </section>
  );
}

function Writing({ draft, done }: { draft: readonly DraftCard[]; done: boolean }) {
  const writer = useDraftWriter(draft);
  const hand = handOf(writer.cards, TWENTYONE_RULES);
  return (
    <div className="tp-my-area">
      <WritingPanel
        draft={writer.cards}
        maxValue={13}
        suits={false}
        done={done}
        problem={hand.ok ? null : 'Write a value on every card to be done.'}
        onChange={writer.change}
        onDone={writer.done}
        onWithdraw={writer.withdraw}
      />
      <p className="tp-hint">
        Values A–K, the same value twice is fine. Your cards are private until you offer them.
      </p>
    </div>
  );
}

function RoundResult({ game, names }: { game: TwentyOneView; names: string[] }) {
  const round = game.rounds[game.rounds.length - 1]!;
  return (
    <section className="tp-showdown" aria-labelledby="tp-result-title">
      <h2 id="tp-result-title" className="tp-title">
        Round {round.round}: the last cards
      </h2>
      <ul className="tp-levels">
        {names.map((name, seat) => {
          const up = game.faceUp[seat] ?? [];
          const final = round.finals?.[seat];
          return (
            <li key={seat} className="tp-level">
              <span className="tp-level-name">{name}</span>
              <span className="tp-declared">
                <span
                  className="tp-row"
                  role="group"
                  aria-label={`${name}: ${up.map(valueText).join(' ')}, last card ${final === undefined ? '' : valueText(final)}`}
                >
                  {up.map((value, i) => (
                    <BlankCard
                      key={i}
                      card={card(value)}
                      size="sm"
                      state={i === up.length - 1 ? 'win' : null}
                    />
                  ))}
                </span>
                <span>
                  total {bestTotal(up)} → {round.points?.[seat] ?? 0} pt
                  {final === 1 ? ' (last card an ace: 0)' : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
