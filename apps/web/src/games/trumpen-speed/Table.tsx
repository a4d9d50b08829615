/**
 * TrumPen Speed's table: the two stacks big in the middle (each a large target), the player's
 * held card, tableau and deck below as large buttons, the value row to write with, every seat's
 * cards left and round trip. A play shows on its stack at once and shakes back softly if refused.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Source, SpeedAction, SpeedView, StackCard } from '@trepenta/trumpen';
import { fits } from '@trepenta/trumpen';
import type { RoomView } from '@trepenta/protocol';
import { act } from '../../net';
import { seatNames } from '../../roomNotes';
import { ScoreSheet } from '../../table/ScoreSheet';
import { RoundTrip } from '../../table/RoundTrip';
import { TableFrame } from '../../table/TableFrame';
import { BlankCard } from '../trumpen/BlankCard';
import { SUIT_SYMBOL, listNames, valueText } from '../trumpen/words';
import { client } from './index';

const STACK_WORD = ['Left', 'Right'] as const;
const VALUES = Array.from({ length: 13 }, (_, i) => i + 1);

/** A move of this game (the platform's `act` takes any game's). */
const send = (action: SpeedAction): Promise<boolean> => act(action);

/** A play shown before the server has answered, or one being taken back. */
interface Optimistic {
  readonly stack: 0 | 1;
  readonly card: StackCard;
  readonly source: Source;
  readonly back: boolean;
}

export function Table({ game, room }: { game: SpeedView; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const over = game.phase === 'over';
  const [selected, setSelected] = useState<Source | null>(null);
  const [optimistic, setOptimistic] = useState<Optimistic | null>(null);
  const own = me === null ? null : game.seats[me]!;
  const wet = useWet(game);
  const key =
    game.phase === 'play' ? `idle/${game.plays}` : game.phase === 'starters' ? 'starters' : 'go';
  const deadline = room.deadline && room.deadline.key === key ? room.deadline.at : null;

  // A new table drops a selection that no longer exists.
  useEffect(() => {
    if (selected === 'held' && !own?.held) setSelected(null);
    if (typeof selected === 'number' && selected >= (own?.tableau.length ?? 0)) setSelected(null);
  }, [own, selected]);

  const valueOf = (source: Source): number | null =>
    source === 'held' ? (own?.held?.value ?? null) : (own?.tableau[source] ?? null);

  const play = async (stack: 0 | 1, source: Source | null = selected) => {
    if (me === null || source === null || optimistic) return;
    const value = valueOf(source);
    if (value === null) return;
    const height = game.stacks[stack].length;
    setOptimistic({ stack, source, card: { value, suit: game.seats[me]!.suit }, back: false });
    setSelected(null);
    const ok = await send({ type: 'play', source, stack, height });
    if (ok) setOptimistic(null);
    else {
      // Refused: the card shakes softly and goes back to where it was.
      setOptimistic((o) => (o ? { ...o, back: true } : o));
      setTimeout(() => setOptimistic(null), 350);
    }
  };

  const write = (value: number) => {
    if (me === null) return;
    if (game.phase === 'starters') return void send({ type: 'start', value });
    const pickUp = !own?.held && own?.deck === 0 && typeof selected === 'number';
    return void send(pickUp ? { type: 'write', value, slot: selected } : { type: 'write', value });
  };

  // Keyboard play: 1–4 a tableau card, H the held card, ← → the stack, P place.
  useEffect(() => {
    if (me === null || game.phase !== 'play') return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (/^[1-4]$/.test(event.key)) setSelected(Number(event.key) - 1);
      else if (event.key === 'h' || event.key === 'H') setSelected('held');
      else if (event.key === 'ArrowLeft') void play(0);
      else if (event.key === 'ArrowRight') void play(1);
      else if (event.key === 'p' || event.key === 'P') void send({ type: 'place' });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const starterIndex = me === null ? -1 : game.starters.indexOf(me);
  const mustStart =
    game.phase === 'starters' && starterIndex >= 0 && !game.starterWritten[starterIndex];
  const canWrite =
    game.phase === 'play' &&
    own !== null &&
    (own.held !== null || own.deck > 0 || selected !== null);

  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`trumpen speed phase-${game.phase}`}
      feltLabel="TrumPen Speed"
      info={<span className="round-info">{game.plays} plays</span>}
      status={<Status game={game} names={names} deadline={deadline} />}
    >
      {over && <ScoreSheet client={client} game={game} room={room} names={names} />}
      <Seats game={game} room={room} names={names} wet={wet} />
      <section className="sp-stacks" aria-label="The stacks">
        {([0, 1] as const).map((stack) => {
          const pile = game.stacks[stack];
          const top = pile[pile.length - 1] ?? null;
          const shown = optimistic?.stack === stack ? optimistic : null;
          const value = selected === null ? null : valueOf(selected);
          const lit = top !== null && value !== null && fits(value, top.value);
          return (
            <button
              key={stack}
              type="button"
              className={`sp-stack ${lit ? 'sp-lit' : ''}`}
              disabled={me === null || game.phase !== 'play' || selected === null}
              data-top={top?.value}
              onClick={() => void play(stack)}
            >
              <span className="sp-stack-name">
                {STACK_WORD[stack]} stack · {pile.length}
              </span>
              {top ? <BlankCard card={top} size="lg" /> : <BlankCard card={null} size="lg" />}
              {selected !== null && <span className="sr-only">, play here</span>}
              {shown && (
                <span className={`sp-optimistic ${shown.back ? 'sp-back' : ''}`} aria-hidden="true">
                  <BlankCard card={shown.card} size="lg" />
                </span>
              )}
            </button>
          );
        })}
      </section>
      {me !== null && own && game.phase === 'play' && (
        <section className="sp-mine" aria-label="Your cards">
          <div className="sp-hand">
            <button
              type="button"
              className={`sp-slot sp-held ${selected === 'held' ? 'on' : ''} ${wet.has(me) ? 'sp-wet' : ''}`}
              disabled={!own.held || optimistic?.source === 'held'}
              aria-pressed={selected === 'held'}
              onClick={() => setSelected(selected === 'held' ? null : 'held')}
            >
              <span className="sp-slot-name">Held</span>
              {wet.has(me) && <span className="sr-only">, ink wet</span>}
              {own.held?.value != null ? (
                <BlankCard card={{ value: own.held.value, suit: own.suit }} size="md" />
              ) : (
                <span className="sp-empty">none</span>
              )}
            </button>
            {own.tableau.map((value, slot) => (
              <button
                key={`${slot}-${value}`}
                type="button"
                className={`sp-slot ${selected === slot ? 'on' : ''}`}
                disabled={optimistic?.source === slot}
                aria-pressed={selected === slot}
                onClick={() => setSelected(selected === slot ? null : slot)}
              >
                <span className="sp-slot-name">{slot + 1}</span>
                <BlankCard card={{ value, suit: own.suit }} size="md" />
              </button>
            ))}
            <span className="sp-deck" aria-label={`Deck: ${own.deck} blank cards`}>
              Deck {own.deck}
            </span>
          </div>
          <div className="sp-actions">
            <button
              type="button"
              disabled={!own.held || own.tableau.length >= 4}
              onClick={() => void send({ type: 'place' })}
            >
              Put on tableau
            </button>
          </div>
        </section>
      )}
      {(mustStart || canWrite) && (
        <section
          className="sp-write"
          aria-label={mustStart ? 'Write your starting card' : 'Write a card'}
        >
          <h2 className="tp-title">
            {mustStart
              ? 'Write your starting card'
              : own?.held
                ? 'Rewrite your held card'
                : own && own.deck > 0
                  ? 'Draw a blank card and write'
                  : 'Rewrite the chosen tableau card'}
          </h2>
          <div className="sp-values" role="group">
            {VALUES.map((value) => (
              <button
                key={value}
                type="button"
                className="tp-pick"
                aria-label={`Write ${valueText(value)}`}
                onClick={() => write(value)}
              >
                {valueText(value)}
              </button>
            ))}
          </div>
        </section>
      )}
    </TableFrame>
  );
}

/**
 * The seats whose held card is wet now (S5): the ink left when the table arrived (its stamp is the
 * server's acceptance), counted down on this screen's clock.
 */
function useWet(game: SpeedView): ReadonlySet<number> {
  const [now, setNow] = useState(() => performance.now());
  const [arrived, setArrived] = useState(() => performance.now());
  useEffect(() => setArrived(performance.now()), [game.version]);
  const left = game.seats.map((s) => (s.held ? s.held.wetUntil - game.at : 0));
  const longest = Math.max(0, ...left);
  useEffect(() => {
    if (longest <= 0) return;
    const timer = setTimeout(() => setNow(performance.now()), longest + 20);
    return () => clearTimeout(timer);
  }, [game.version, longest]);
  const since = Math.max(0, now - arrived);
  return new Set(left.flatMap((ms, seat) => (ms > since ? [seat] : [])));
}

function gameOverText(game: SpeedView, names: string[]): string {
  const first = game.places?.[0] ?? [];
  const who = listNames(first.map((s) => (s === game.viewer ? 'you' : names[s]!)));
  const verb = first.length === 1 && first[0] !== game.viewer ? 'wins' : 'win';
  const why = game.idleEnd ? 'Nobody played for a while: ' : '';
  const named = why ? who : who.charAt(0).toUpperCase() + who.slice(1);
  return `Game over. ${why}${named} ${verb}.`;
}

function Status({
  game,
  names,
  deadline,
}: {
  game: SpeedView;
  names: string[];
  deadline: number | null;
}) {
  const text =
    game.phase === 'starters'
      ? `${listNames(game.starters.map((s) => names[s]!))} write the starting cards.`
      : game.phase === 'countdown'
        ? 'Three, two, one…'
        : game.phase === 'play'
          ? 'Go! Pick a card, then a stack.'
          : game.abandoned
            ? 'The game was stopped.'
            : gameOverText(game, names);
  return (
    <div className="banners">
      <p className="banner tp-status" role="status">
        {text}
        {deadline !== null && game.phase === 'starters' ? ' Time is short.' : ''}
      </p>
    </div>
  );
}

function Seats({
  game,
  room,
  names,
  wet,
}: {
  game: SpeedView;
  room: RoomView;
  names: string[];
  wet: ReadonlySet<number>;
}) {
  return (
    <ul className="tp-seats" aria-label="Players">
      {names.map((name, seat) => {
        const s = game.seats[seat]!;
        return (
          <li key={seat} className={`tp-seat ${seat === game.viewer ? 'me' : ''}`}>
            <span className="tp-name">
              {SUIT_SYMBOL[s.suit]} {name}
              {seat === game.viewer ? ' (you)' : ''}
              <RoundTrip seat={room.seats[seat]} />
            </span>
            <span className="tp-score">
              {s.left} left · tableau {s.tableau.map(valueText).join(' ') || '—'}
              {s.held ? (wet.has(seat) ? ' · ink wet' : ' · holding') : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
