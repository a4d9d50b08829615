/**
 * TrumPen Speed's table: the two stacks big in the middle (each a large target), the player's
 * held card, tableau (its empty places drawn dashed) and deck below as large buttons, the value row
 * to write with, every seat's cards left and round trip. A play shows on its stack at once and
 * shakes back softly if refused; others' plays fly in from their seats (flights.ts). Wet ink shows
 * as a sheen that fades as it dries, and the controls it holds back say how long is left.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
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
const TABLEAU_PLACES = 4;
const INK_TICK_MS = 100;

/** "Ink still wet: 0.8 s", rounded up to the tenth so it never reads 0.0 while still wet. */
export function inkText(ms: number): string {
  return `Ink still wet: ${(Math.ceil(ms / 100) / 10).toFixed(1)} s`;
}

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
  const ink = useInk(game);
  const wet = new Set(ink.keys());
  const myInk = me === null ? 0 : (ink.get(me) ?? 0);
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
    if (source === 'held' && myInk > 0) return;
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
      else if (event.key === 'p' || event.key === 'P') place();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const starterIndex = me === null ? -1 : game.starters.indexOf(me);
  const mustStart =
    game.phase === 'starters' && starterIndex >= 0 && !game.starterWritten[starterIndex];
  // The wet held card is chosen: the stacks wait for its ink (S5), and say so.
  const inkHolds = selected === 'held' && myInk > 0;
  const canPlace = own !== null && own.held !== null && own.tableau.length < TABLEAU_PLACES;
  // The ink holds the held card back: its "why" shows under Put on tableau (sp-put-why).
  const inkHoldsPlace = canPlace && myInk > 0;
  const place = () => {
    if (canPlace && !inkHoldsPlace) void send({ type: 'place' });
  };
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
              disabled={me === null || game.phase !== 'play' || selected === null || inkHolds}
              title={inkHolds ? inkText(myInk) : undefined}
              data-top={top?.value}
              data-stack={stack}
              onClick={() => void play(stack)}
            >
              <span className="sp-stack-name">
                {STACK_WORD[stack]} stack · {pile.length}
              </span>
              <BlankCard card={top} size="lg" circled />
              {inkHolds ? (
                <span className="sp-why">{inkText(myInk)}</span>
              ) : (
                selected !== null && <span className="sr-only">, play here</span>
              )}
              {shown && (
                <span className={`sp-optimistic ${shown.back ? 'sp-back' : ''}`} aria-hidden="true">
                  <BlankCard card={shown.card} size="lg" circled />
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
              className={`sp-slot sp-held ${selected === 'held' ? 'on' : ''} ${myInk > 0 ? 'sp-wet' : ''}`}
              disabled={!own.held || optimistic?.source === 'held'}
              aria-pressed={selected === 'held'}
              onClick={() => setSelected(selected === 'held' ? null : 'held')}
            >
              <span className="sp-slot-name">Held</span>
              {myInk > 0 && <span className="sr-only">, ink wet</span>}
              {own.held?.value != null ? (
                <WetCard
                  key={own.held.wetUntil}
                  card={{ value: own.held.value, suit: own.suit }}
                  inkLeft={myInk}
                />
              ) : (
                <span className="sp-empty">none</span>
              )}
            </button>
            {Array.from({ length: TABLEAU_PLACES }, (_, slot) => {
              const value = own.tableau[slot];
              if (value === undefined)
                return (
                  <EmptyPlace
                    key={`empty-${slot}`}
                    slot={slot}
                    next={slot === own.tableau.length}
                    canPlace={canPlace && !inkHoldsPlace}
                    why={inkHoldsPlace ? inkText(myInk) : null}
                    onPlace={place}
                  />
                );
              return (
                <button
                  key={`${slot}-${value}`}
                  type="button"
                  className={`sp-slot ${selected === slot ? 'on' : ''}`}
                  disabled={optimistic?.source === slot}
                  aria-pressed={selected === slot}
                  onClick={() => setSelected(selected === slot ? null : slot)}
                >
                  <span className="sp-slot-name">{slot + 1}</span>
                  <BlankCard card={{ value, suit: own.suit }} size="md" circled />
                </button>
              );
            })}
            <span className="sp-deck" aria-label={`Deck: ${own.deck} blank cards`}>
              Deck {own.deck}
            </span>
          </div>
          <div className="sp-actions">
            <button
              type="button"
              disabled={!canPlace || inkHoldsPlace}
              aria-describedby={inkHoldsPlace ? 'sp-put-why' : undefined}
              title={inkHoldsPlace ? inkText(myInk) : undefined}
              onClick={place}
            >
              Put on tableau
            </button>
            {inkHoldsPlace && (
              <span id="sp-put-why" className="sp-why">
                {inkText(myInk)}
              </span>
            )}
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
 * The seats whose held card is wet now (S5), each with the ink left in ms: the ink left when the
 * table arrived (its stamp is the server's acceptance), counted down on this screen's clock.
 */
function useInk(game: SpeedView): ReadonlyMap<number, number> {
  const [now, setNow] = useState(() => performance.now());
  const [arrived, setArrived] = useState(() => performance.now());
  useEffect(() => setArrived(performance.now()), [game.version]);
  const left = game.seats.map((s) => (s.held ? s.held.wetUntil - game.at : 0));
  const since = Math.max(0, now - arrived);
  const wetting = left.some((ms) => ms > since);
  useEffect(() => {
    if (!wetting) return;
    const timer = setInterval(() => setNow(performance.now()), INK_TICK_MS);
    return () => clearInterval(timer);
  }, [game.version, wetting]);
  return new Map(left.flatMap((ms, seat) => (ms > since ? [[seat, ms - since] as const] : [])));
}

/**
 * The held card with its ink's sheen, fading over the ink left when it mounts (a rewrite mounts it
 * afresh: its key is the card's wet stamp).
 */
function WetCard({ card, inkLeft }: { card: StackCard; inkLeft: number }) {
  const [fadeMs] = useState(inkLeft);
  return (
    <span
      className={`sp-ink ${inkLeft > 0 ? 'sp-ink-wet' : ''}`}
      style={{ '--sp-ink-ms': `${fadeMs}ms` } as CSSProperties}
    >
      <BlankCard card={card} size="md" circled />
    </span>
  );
}

/**
 * An empty place in the tableau, drawn dashed: the next one takes the dry held card when pressed
 * (the same as "Put on tableau"), the others are only shown.
 */
function EmptyPlace({
  slot,
  next,
  canPlace,
  why,
  onPlace,
}: {
  slot: number;
  next: boolean;
  canPlace: boolean;
  /** Why the held card cannot go here yet (wet ink), said as Put on tableau says it. */
  why: string | null;
  onPlace: () => void;
}) {
  const name = `Tableau place ${slot + 1}, empty`;
  if (!next)
    return (
      <span className="sp-slot sp-place" role="img" aria-label={name}>
        <PlaceMark slot={slot} />
      </span>
    );
  return (
    <button
      type="button"
      className="sp-slot sp-place"
      aria-label={canPlace ? `${name}: put your held card here` : name}
      aria-describedby={why ? 'sp-put-why' : undefined}
      title={why ?? undefined}
      disabled={!canPlace}
      onClick={onPlace}
    >
      <PlaceMark slot={slot} />
    </button>
  );
}

function PlaceMark({ slot }: { slot: number }) {
  return (
    <>
      <span className="sp-slot-name" aria-hidden="true">
        {slot + 1}
      </span>
      <span className="sp-place-mark" aria-hidden="true" />
    </>
  );
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
