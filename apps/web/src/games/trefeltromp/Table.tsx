/**
 * Trefeltromp's table: seats around the felt with stacks, bets, dealer button and badges; the pots
 * with who may win each; your cards and the controls for what you may do now (only legal amounts,
 * the amount to call in words); the reveals; the session (chips over time, sit out, rebuy).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import type { RoomView } from '@trepenta/protocol';
import { legalActions, myOptions, startingStack } from '@trepenta/trefeltromp';
import type { Action, Card, View } from '@trepenta/trefeltromp';
import { act } from '../../net';
import { seatNames } from '../../roomNotes';
import { useStore } from '../../store';
import { Countdown } from '../../ui/common';
import { ScoreSheet, TotalsChart } from '../../table/ScoreSheet';
import { TableFrame } from '../../table/TableFrame';
import { CardBack, TarotCard, cardName } from './Card';
import { REVEAL_NAMES, REVEAL_SHARES, STREET_NAMES, STRUCTURE_NAMES, chips, m } from './messages';
import { client } from './index';
import { stepAmount } from './keys';
import { ring } from './ring';

/** The other seats clockwise from the viewer's left (every seat for a spectator). */
function others(game: View): number[] {
  const n = game.seats.length;
  if (typeof game.viewer !== 'number') return Array.from({ length: n }, (_, i) => i);
  const me = game.viewer;
  return Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
}

function stageLine(game: View): string {
  if (game.phase === 'over') return m.over;
  if (game.phase === 'between') return m.between;
  if (game.stage === 'call') return STREET_NAMES[game.street ?? 0]!;
  if (game.stage === 'draw') return 'The draw';
  const k = (game.street ?? 1) - 1;
  return `${REVEAL_NAMES[k]}: the winner takes ${REVEAL_SHARES[k]}`;
}

export function Table({ game, room }: { game: View; room: RoomView }) {
  const names = useMemo(() => seatNames(room, game.seats.length), [room, game.seats.length]);
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const over = game.phase === 'over';
  const s = game.settings;
  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={over}
      className={`tft phase-${game.phase}`}
      feltLabel={`${m.title}, ${game.handsDealt > 0 ? m.hand(game.handsDealt) : m.between}`}
      info={
        <>
          <span className="round-info">
            {game.handsDealt > 0 ? m.hand(game.handsDealt) : m.between}
          </span>
          <span className="dealer-info">
            {STRUCTURE_NAMES[s.betting]}, ante {s.ante}
          </span>
        </>
      }
      status={<StatusLine game={game} room={room} names={names} />}
    >
      {over ? (
        <>
          <ScoreSheet client={client} game={game} room={room} names={names} />
          <SessionSheet game={game} names={names} chart={false} />
        </>
      ) : (
        <>
          <Oval game={game} names={names} />
          {me !== null ? (
            <MyArea game={game} me={me} names={names} />
          ) : (
            <p className="spectating-note">{m.spectating}</p>
          )}
          <SessionSheet game={game} names={names} />
        </>
      )}
    </TableFrame>
  );
}

/** The other seats round the oval felt, the pots in its middle (see ring.ts). */
function Oval({ game, names }: { game: View; names: string[] }) {
  const seats = others(game);
  const layout = ring(seats.length);
  const cell = (row: number, from: number, to = from): CSSProperties => ({
    gridRow: row,
    gridColumn: `${from} / ${to + 1}`,
  });
  return (
    <div
      className="tft-ring"
      data-seats={seats.length}
      style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}
    >
      {seats.map((seat, i) => {
        const place = layout.places[i]!;
        return (
          <div
            key={seat}
            className={`tft-place ${place.side}`}
            style={cell(place.row, place.column)}
          >
            <SeatPanel game={game} seat={seat} names={names} />
          </div>
        );
      })}
      <div className="tft-oval" style={cell(layout.pots.row, layout.pots.from, layout.pots.to)}>
        <Pots game={game} names={names} />
      </div>
    </div>
  );
}

function StatusLine({ game, room, names }: { game: View; room: RoomView; names: string[] }) {
  const deadline = room.deadline?.at ?? null;
  let text = stageLine(game);
  if (game.phase === 'hand' && game.stage === 'call' && game.turn !== null)
    text += ` — ${game.turn === game.viewer ? m.yourTurn : m.turnOf(names[game.turn] ?? '')}`;
  return (
    <div className="turn-banner tft-status" role="status">
      <span>{text}</span>
      {game.closed && game.phase !== 'over' && <span className="muted"> {m.closed}</span>}
      {deadline !== null && game.phase !== 'over' && <Countdown at={deadline} />}
    </div>
  );
}

function SeatPanel({ game, seat, names }: { game: View; seat: number; names: string[] }) {
  const s = game.seats[seat]!;
  const name = names[seat] ?? '';
  const badges: string[] = [];
  if (s.folded) badges.push(m.folded);
  if (s.allIn) badges.push(m.allIn);
  if (s.stayed) badges.push(m.stayed);
  if (s.privileged) badges.push(m.privileged);
  if (s.sittingOut) badges.push(m.sittingOut);
  if (s.waiting && !s.sittingOut) badges.push(m.waiting);
  if (s.locked) badges.push(m.locked);
  if (s.drawChosen) badges.push(m.chose);
  if (s.exchanged !== null && game.stage !== 'draw')
    badges.push(s.exchanged ? m.exchanged : m.kept);
  const turn = game.turn === seat;
  const cards = s.shown ?? s.revealed;
  // The winning card of the last reveal glows.
  const backs = s.shown === null && seat !== game.viewer && s.inHand && !s.folded ? s.cardCount : 0;
  const won =
    s.shown === null &&
    (game.lastReveal?.shares.some((x) => x.winner === seat && x.amount > 0) ?? false);
  return (
    <section
      data-tft-seat={seat}
      className={`tft-seat ${turn ? 'turn' : ''} ${s.folded ? 'folded' : ''} ${seat === game.viewer ? 'mine' : ''}`}
      aria-label={`${name}${s.occupant === null ? ', free seat' : `, ${m.stack(s.stack)}`}`}
    >
      <header>
        <strong className="name">{name}</strong>
        {game.dealer === seat && (
          <span className="dealer-button" title="Dealer" aria-label="dealer">
            D
          </span>
        )}
      </header>
      {s.occupant === null ? (
        <p className="muted small">Free seat</p>
      ) : (
        <>
          <p className="stack">{m.stack(s.stack)}</p>
          {s.bet > 0 && <p className="bet">{m.bet(s.bet)}</p>}
          {badges.length > 0 && (
            <ul className="badges">
              {badges.map((b) => (
                <li key={b} className={`badge ${b === m.privileged ? 'fool' : ''}`}>
                  {b}
                </li>
              ))}
            </ul>
          )}
          {cards.length + backs > 0 && (
            <div
              className="tft-row"
              role="img"
              aria-label={[...cards.map(cardName), ...(backs > 0 ? [m.cards(backs)] : [])].join(
                ', ',
              )}
            >
              {cards.map((c, i) => (
                <span key={c} className={won && i === game.lastReveal!.reveal ? 'won' : undefined}>
                  <TarotCard card={c} small />
                </span>
              ))}
              {Array.from({ length: backs }, (_, i) => (
                <CardBack key={i} small />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Pots({ game, names }: { game: View; names: string[] }) {
  const carry = game.carry.reduce((a, c) => a + c.amount, 0);
  const inCall = game.seats.reduce((a, s) => a + s.bet, 0);
  return (
    <section className="tft-pots" aria-label="Pots" data-tft-pots="">
      {game.pots.map((pot, i) => (
        <div key={i} className="pot" data-tft-pot={i}>
          <span className="pot-name">{m.pot(i)}</span>
          <strong className="pot-amount">{chips(pot.amount)}</strong>
          <span className="muted small">{m.eligible(pot.eligible.map((s) => names[s] ?? ''))}</span>
        </div>
      ))}
      {game.lastReveal && (
        <div className="pot reveal-result" role="status">
          <span className="pot-name">{REVEAL_NAMES[game.lastReveal.reveal]}</span>
          <ul>
            {game.lastReveal.shares.map((x, i) => (
              <li key={i}>
                {m.pot(i)} ({chips(x.size)}):{' '}
                {x.winner === null
                  ? m.noWinner
                  : `${names[x.winner] ?? ''} took ${chips(x.amount)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      {inCall > 0 && <div className="pot in-call">Bets in this call: {chips(inCall)}</div>}
      {carry > 0 && <div className="pot carry">{m.carry(carry)}</div>}
      {game.pots.length === 0 && carry === 0 && inCall === 0 && (
        <p className="muted small">{game.phase === 'between' ? m.between : ''}</p>
      )}
    </section>
  );
}

function MyArea({ game, me, names }: { game: View; me: number; names: string[] }) {
  const seat = game.seats[me]!;
  const mine = game.mine;
  return (
    <section className="tft-mine" aria-label={`${names[me] ?? ''}: ${m.stack(seat.stack)}`}>
      <SeatPanel game={game} seat={me} names={names} />
      {mine && mine.cards.length > 0 && (
        <div className="tft-hand" aria-label={m.yourCards}>
          <h2 className="small-heading">{m.yourCards}</h2>
          <HandControls game={game} cards={mine.cards} />
        </div>
      )}
      {game.phase === 'hand' && !seat.inHand && <p className="muted">{m.notDealt}</p>}
      {game.phase === 'hand' && game.stage === 'call' && game.turn === me && (
        <Betting game={game} />
      )}
      {game.phase === 'between' && <Between game={game} me={me} />}
    </section>
  );
}

/** The draw and the reveals: pick a card, then exchange or lock it. */
function HandControls({ game, cards }: { game: View; cards: Card[] }) {
  const [picked, setPicked] = useState<Card | null>(null);
  const pending = useStore((s) => s.pending);
  const legal = legalActions(game).actions;
  const drawing = legal.some((a) => a.type === 'draw');
  const locking = legal.some((a) => a.type === 'lock');
  const choosing = drawing || locking;
  useEffect(() => setPicked(null), [game.stage, game.street]);
  const send = (action: Action) => void act(action);
  return (
    <>
      {choosing && (
        <p className="hint">{drawing ? m.drawTitle : m.revealTitle((game.street ?? 1) - 1)}</p>
      )}
      <div
        className="tft-row hand"
        role={choosing ? 'group' : undefined}
        aria-label={choosing ? m.yourCards : undefined}
        onKeyDown={(e) => {
          // Arrows move between the cards, Escape lets go of the one picked.
          if (e.key === 'Escape') setPicked(null);
          if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
          const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          const next =
            buttons[(at + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length];
          next?.focus();
          e.preventDefault();
        }}
      >
        {cards.map((card) =>
          choosing ? (
            <button
              key={card}
              type="button"
              className={`card-button ${picked === card ? 'picked' : ''}`}
              aria-pressed={picked === card}
              onClick={() => setPicked(picked === card ? null : card)}
            >
              <TarotCard card={card} />
              <span className="sr-only">{cardName(card)}</span>
            </button>
          ) : (
            <span key={card} className="card-still" role="img" aria-label={cardName(card)}>
              <TarotCard card={card} />
            </span>
          ),
        )}
      </div>
      {drawing && (
        <div className="button-row">
          <button
            type="button"
            className="primary"
            disabled={picked === null || pending}
            onClick={() => picked && send({ type: 'draw', card: picked })}
          >
            {picked ? `${m.drawPick}: ${cardName(picked)}` : m.drawPick}
          </button>
          <button
            type="button"
            disabled={pending}
            onClick={() => send({ type: 'draw', card: null })}
          >
            {m.keep}
          </button>
        </div>
      )}
      {locking && (
        <div className="button-row">
          <button
            type="button"
            className="primary"
            disabled={picked === null || pending}
            onClick={() => picked && send({ type: 'lock', card: picked })}
          >
            {picked ? m.lock(cardName(picked)) : m.lockPick}
          </button>
        </div>
      )}
      {game.stage === 'draw' && !drawing && game.mine?.draw && (
        <p className="muted">{m.drawDone}</p>
      )}
      {game.stage === 'reveal' && !locking && game.mine?.lock && (
        <p className="muted">
          {m.lockDone} ({cardName(game.mine.lock)})
        </p>
      )}
    </>
  );
}

/** Fold, check or call, stay, and a bet or raise offering only legal amounts. */
function Betting({ game }: { game: View }) {
  const options = myOptions(game);
  const pending = useStore((s) => s.pending);
  const wager = options?.wager ?? null;
  const [amount, setAmount] = useState<number>(wager?.min ?? 0);
  useEffect(() => setAmount(wager?.min ?? 0), [game.version, wager?.min]);
  const me = game.viewer as number;
  const seat = game.seats[me]!;
  const amountInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!options || pending || e.target instanceof HTMLInputElement) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 'f') void act({ type: 'fold' });
      else if (key === 'c') void act(options.check ? { type: 'check' } : { type: 'call' });
      else if ((key === 'b' || key === 'r') && wager) {
        // B (bet) or R (raise): to the amount, where the arrows step and Enter confirms.
        e.preventDefault();
        amountInput.current?.focus();
        amountInput.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!options) return null;
  const toCall = game.call!.highest - seat.bet;
  const pot =
    game.pots.reduce((a, p) => a + p.amount, 0) + game.seats.reduce((a, s) => a + s.bet, 0);
  const clamp = (n: number) => (wager ? Math.max(wager.min, Math.min(wager.max, n)) : n);
  const presets = wager
    ? [
        [m.presets.min, wager.min],
        [m.presets.half, clamp(game.call!.highest + Math.floor((pot + toCall) / 2))],
        [m.presets.pot, clamp(game.call!.highest + pot + toCall)],
        [m.presets.allIn, seat.bet + seat.stack <= wager.max ? seat.bet + seat.stack : null],
      ].filter(
        (p, i, all): p is [string, number] =>
          p[1] !== null && all.findIndex((q) => q[1] === p[1]) === i,
      )
    : [];
  const valid =
    wager !== null && Number.isInteger(amount) && amount >= wager.min && amount <= wager.max;
  return (
    <div className="tft-betting" role="group" aria-label="Your bet">
      <p className="to-call" aria-live="polite">
        {options.check ? m.nothingToCall : m.toCall(toCall)}
      </p>
      <div className="button-row">
        <button
          type="button"
          disabled={pending}
          onClick={() => void act({ type: 'fold' })}
          aria-keyshortcuts="f"
        >
          {m.fold} <kbd>F</kbd>
        </button>
        {options.check ? (
          <button
            type="button"
            className="primary"
            disabled={pending}
            onClick={() => void act({ type: 'check' })}
            aria-keyshortcuts="c"
          >
            {m.check} <kbd>C</kbd>
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={pending}
            onClick={() => void act({ type: 'call' })}
            aria-keyshortcuts="c"
          >
            {m.call(options.call!, options.call! < toCall || options.call === seat.stack)}{' '}
            <kbd>C</kbd>
          </button>
        )}
        {options.stay && (
          <button type="button" disabled={pending} onClick={() => void act({ type: 'stay' })}>
            {m.stay}
          </button>
        )}
      </div>
      {wager && (
        <div className="wager">
          <label>
            {m.amount(wager.kind)}{' '}
            <span className="muted small">({m.range(wager.min, wager.max)})</span>
            <input
              ref={amountInput}
              type="number"
              inputMode="numeric"
              min={wager.min}
              max={wager.max}
              step={1}
              value={amount}
              readOnly={wager.min === wager.max}
              aria-keyshortcuts={wager.kind === 'bet' ? 'b' : 'r'}
              onChange={(e) => setAmount(Math.round(Number(e.target.value)))}
              onKeyDown={(e) => {
                const next = stepAmount(e.key, amount, wager, game.settings.ante);
                if (next !== null) {
                  e.preventDefault();
                  setAmount(next);
                } else if (e.key === 'Enter' && valid && !pending) {
                  e.preventDefault();
                  void act({ type: wager.kind, to: amount });
                } else if (e.key === 'Escape') {
                  e.currentTarget.blur();
                }
              }}
            />
          </label>
          {wager.min !== wager.max && (
            <div className="presets" role="group" aria-label="Amounts">
              {presets.map(([label, value]) => (
                <button
                  key={label}
                  type="button"
                  className="small"
                  onClick={() => setAmount(value)}
                >
                  {label} ({value})
                </button>
              ))}
            </div>
          )}
          <button
            type="button"
            className="primary"
            disabled={!valid || pending}
            onClick={() => void act({ type: wager.kind, to: amount })}
            aria-keyshortcuts={wager.kind === 'bet' ? 'b' : 'r'}
          >
            {m.betTo(wager.kind, valid ? amount : wager.min)}{' '}
            <kbd>{wager.kind === 'bet' ? 'B' : 'R'}</kbd>
          </button>
        </div>
      )}
    </div>
  );
}

function Between({ game, me }: { game: View; me: number }) {
  const seat = game.seats[me]!;
  const pending = useStore((s) => s.pending);
  const s = game.settings;
  const canShow = (game.mine?.cards.length ?? 0) > 0 && seat.shown === null;
  return (
    <div className="button-row tft-between">
      {seat.occupant === 'human' && (
        <button
          type="button"
          className="primary"
          disabled={seat.ready || pending}
          onClick={() => void act({ type: 'ready' })}
        >
          {seat.ready ? m.readyDone : m.ready}
        </button>
      )}
      <button
        type="button"
        disabled={pending}
        onClick={() => void act({ type: 'sitOut', out: !seat.sittingOut })}
      >
        {seat.sittingOut ? m.comeBack : m.sitOut}
      </button>
      {s.rebuy && seat.stack < s.ante && (
        <button type="button" disabled={pending} onClick={() => void act({ type: 'rebuy' })}>
          {m.rebuy(startingStack(s))}
        </button>
      )}
      {canShow && (
        <button type="button" disabled={pending} onClick={() => void act({ type: 'show' })}>
          {m.show}
        </button>
      )}
    </div>
  );
}

/** Everyone who sat at the table, with their result; net chips by hand as a chart. */
function SessionSheet({
  game,
  names,
  chart = true,
}: {
  game: View;
  names: string[];
  chart?: boolean;
}) {
  const sheet = client.module.sheet(game);
  if (game.stints.length === 0) return null;
  return (
    <section className="tft-session card-panel" aria-label={m.session}>
      <h2 className="small-heading">{m.session}</h2>
      <ul className="results">
        {game.stints
          .filter((t) => t.hands > 0 || t.seated)
          .map((t, i) => (
            <li key={i}>
              <span>{names[t.seat]}</span>
              {!t.seated && <span className="muted small"> ({m.leftTable})</span>}
              <strong className={t.result >= 0 ? 'up' : 'down'}> {m.result(t.result)}</strong>
            </li>
          ))}
      </ul>
      {chart && game.history.length > 0 && <TotalsChart sheet={sheet} names={names} />}
    </section>
  );
}
