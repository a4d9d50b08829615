import { useMemo, useState } from 'react';
import { cardValue, faceOf, legalActions, trepenta } from '@trepenta/rules';
import type { Card, Face, GameView, LayOffEnd, PlayerAction, RevealView } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import { cardText } from './describe';
import { layOffTargets, meldKey } from './targets';
import { m } from './messages';
import { act } from '../../net';
import { store, useStore } from '../../store';
import { CardFace } from './Card';
import { Countdown } from '../../ui/common';
import { ScoreTable } from '../../table/ScoreSheet';
import { DRAG_TYPE, deadlineOf, dragCardId } from './parts';

type RevealSeat = RevealView['seats'][number];
type MeldShown = NonNullable<RevealSeat['melds']>[number];

const facesText = (cards: readonly Face[]) => cards.map(cardText).join(', ');

/** Round end: every hand and field revealed, melds outlined, Rival Sets' arrangement and lay-offs. */
export function RoundEndBoard({
  game,
  room,
  names,
  send = (action) => void act(action),
}: {
  game: GameView;
  room: RoomView | null;
  names: string[];
  send?: (action: PlayerAction) => void;
}) {
  const reveal = game.reveal!;
  const legal = useMemo(() => legalActions(game), [game]);
  const me = game.viewer === 'spectator' ? null : game.viewer;
  // The unmelded card picked to lay off is the table's one selection, so that Escape cancels it
  // as it cancels a pick on a turn (Table's keys), and a new view of the round forgets it.
  const selection = useStore((s) => s.selection);
  const selected = selection?.kind === 'hand' ? selection.cardId : null;
  const setSelected = (cardId: string | null) =>
    store.set({ selection: cardId === null ? null : { kind: 'hand', cardId } });
  const at = room ? deadlineOf(game, room) : null;
  const layoff = reveal.layoff;
  const myLayOff = game.phase === 'layoff' && layoff?.seat === me && me !== null;
  const targets = useMemo(
    () =>
      selected && myLayOff
        ? layOffTargets(legal.actions, selected)
        : new Map<string, LayOffEnd[]>(),
    [selected, myLayOff, legal],
  );
  const layableIds = new Set(legal.actions.flatMap((a) => (a.type === 'layOff' ? [a.cardId] : [])));
  const layOff = (cardId: string, seat: number, meld: number, end: LayOffEnd) => {
    setSelected(null);
    send({ type: 'layOff', cardId, target: { seat, meld }, end });
  };
  const order = Array.from({ length: game.seatCount }, (_, i) => i);
  const giverName = (seat: number) => (seat === me ? m.roundEnd.notReadyYou : (names[seat] ?? ''));
  const myReveal = me !== null ? reveal.seats[me] : undefined;
  const canReady = legal.actions.some((a) => a.type === 'ready');
  const readyCount = game.seats.filter((s) => s.ready).length;
  const notReady = game.seats
    .filter((s) => !s.ready)
    .map((s) => (s.seat === me ? m.roundEnd.notReadyYou : (names[s.seat] ?? '')));

  return (
    <section className="round-end" aria-label={m.roundEnd.title(game.round)}>
      <header className="round-end-head">
        <div>
          <h2>{m.roundEnd.title(game.round)}</h2>
          <p className="muted">{m.endReason(reveal.reason)}</p>
        </div>
        {/* A lay-off turn's countdown sits in the lay-off bar, with whose turn it is. */}
        {at && game.phase !== 'gameOver' && game.phase !== 'layoff' && (
          <Countdown
            at={at}
            total={game.timer?.seconds}
            label={game.phase === 'roundEnd' ? m.roundEnd.nextIn : undefined}
          />
        )}
      </header>

      {game.phase === 'arrange' && myReveal && !myReveal.chosen && myReveal.options.length > 1 && (
        <ArrangePicker
          options={myReveal.options}
          actions={legal.actions}
          onPick={(action) => send(action)}
        />
      )}

      {game.phase === 'layoff' && layoff && (
        <div className={`layoff-bar ${myLayOff ? 'mine' : ''}`}>
          <span role="status">
            <strong>{m.roundEnd.layOffTitle}</strong>{' '}
            {myLayOff ? m.roundEnd.layOffYour : m.roundEnd.layOffWaiting(names[layoff.seat] ?? '')}
          </span>
          {myLayOff && (
            <button type="button" className="secondary" onClick={() => send({ type: 'pass' })}>
              {m.roundEnd.pass}
            </button>
          )}
          {at && <Countdown at={at} total={game.timer?.seconds} label={m.roundEnd.layOffIn} />}
        </div>
      )}

      <div className="reveal-seats">
        {order.map((seat) => (
          <RevealSeatView
            key={seat}
            game={game}
            seat={seat}
            name={seat === me ? m.table.you : (names[seat] ?? '')}
            reveal={reveal.seats[seat]!}
            giverName={giverName}
            finishLine={reveal.finishLine === seat}
            mine={seat === me}
            layOffTurn={layoff?.seat === seat && game.phase === 'layoff'}
            selectable={myLayOff && seat === me ? layableIds : null}
            selected={selected}
            onSelect={(id) => setSelected(selected === id ? null : id)}
            targets={targets}
            onLayOff={(meld, end) => selected && layOff(selected, seat, meld, end)}
            onDropCard={(cardId, meld) => {
              const ends = layOffTargets(legal.actions, cardId).get(meldKey(seat, meld)) ?? [];
              if (ends.length === 1) layOff(cardId, seat, meld, ends[0]!);
              else if (ends.length > 1) setSelected(cardId);
            }}
          />
        ))}
      </div>

      {game.phase === 'roundEnd' && (
        <div className="ready-bar">
          <span className="muted">
            {m.roundEnd.readyCount(readyCount, game.seatCount)}
            {notReady.length > 0 && ` · ${m.roundEnd.notReady(notReady)}`}
          </span>
          {me !== null &&
            (canReady ? (
              <button type="button" className="primary big" onClick={() => send({ type: 'ready' })}>
                {m.roundEnd.readyButton}
              </button>
            ) : (
              <span className="muted">{m.roundEnd.readyWaiting}</span>
            ))}
        </div>
      )}
      {/* The round's points join the score sheet: the sheet so far, under the hands. */}
      {game.phase === 'roundEnd' && (
        <section className="card-panel round-scores" aria-labelledby="round-scores-title">
          <h3 id="round-scores-title">{m.roundEnd.scoresTitle(game.round)}</h3>
          <ScoreTable sheet={trepenta.sheet(game)} names={names} />
        </section>
      )}
    </section>
  );
}

function ArrangePicker({
  options,
  actions,
  onPick,
}: {
  options: RevealSeat['options'];
  actions: readonly PlayerAction[];
  onPick: (action: PlayerAction) => void;
}) {
  const [choice, setChoice] = useState(0);
  const arrangeActions = actions.filter((a) => a.type === 'arrange');
  return (
    <fieldset className="arrange-picker">
      <legend>{m.roundEnd.arrangeTitle}</legend>
      <p className="muted small">{m.roundEnd.arrangeHint}</p>
      {options.map((melds, index) => (
        <label key={index} className={`arrange-option ${choice === index ? 'on' : ''}`}>
          <input
            type="radio"
            name="arrangement"
            checked={choice === index}
            onChange={() => setChoice(index)}
          />
          <span className="sr-only">{m.roundEnd.arrangeOption(index + 1)}</span>
          {melds.map((meld, i) => (
            <span
              key={i}
              className="meld"
              role="img"
              aria-label={m.roundEnd.meldLabel(meld.kind, facesText(meld.cards))}
            >
              {meld.cards.map((card, j) => (
                <CardFace key={j} face={faceOf(card)} size="sm" />
              ))}
            </span>
          ))}
        </label>
      ))}
      <button
        type="button"
        className="primary"
        onClick={() => {
          const action = arrangeActions[choice];
          if (action) onPick(action);
        }}
      >
        {m.roundEnd.arrangeConfirm}
      </button>
    </fieldset>
  );
}

function RevealSeatView({
  game,
  seat,
  name,
  reveal,
  giverName,
  finishLine,
  mine,
  layOffTurn,
  selectable,
  selected,
  onSelect,
  targets,
  onLayOff,
  onDropCard,
}: {
  game: GameView;
  seat: number;
  name: string;
  reveal: RevealSeat;
  giverName: (seat: number) => string;
  finishLine: boolean;
  mine: boolean;
  layOffTurn: boolean;
  selectable: Set<string> | null;
  selected: string | null;
  onSelect: (id: string) => void;
  targets: Map<string, LayOffEnd[]>;
  onLayOff: (meld: number, end: LayOffEnd) => void;
  onDropCard: (cardId: string, meld: number) => void;
}) {
  const deadwood = reveal.deadwood;
  const deadwoodPoints = deadwood ? deadwood.reduce((sum, card) => sum + cardValue(card), 0) : null;
  const points = reveal.points ?? (finishLine ? 0 : deadwoodPoints);
  // Until the round is scored, the totals are those of the rounds before it: said so, since the
  // points beside them are not in them yet (and in the first round there are none).
  const scored = reveal.points != null;
  const total = scored || game.round > 1 ? game.totals[seat] : undefined;
  const slots = game.seats[seat]?.field ?? [];
  return (
    <article
      className={`reveal-seat ${mine ? 'mine' : ''} ${layOffTurn ? 'on-turn' : ''}`}
      aria-label={name}
      data-seat={seat}
    >
      <header className="reveal-head">
        <span className="seat-name">{name}</span>
        {finishLine && <span className="badge ok">{m.roundEnd.finishLine}</span>}
        {game.finalTurns?.completedBy === seat && !finishLine && (
          <span className="badge">{m.roundEnd.completed}</span>
        )}
        {reveal.laidOff > 0 && (
          <span className="badge laid-off-count">{m.roundEnd.laidOffCount(reveal.laidOff)}</span>
        )}
        {game.phase === 'arrange' && (
          <span className="badge muted">
            {reveal.chosen ? m.roundEnd.arranged : m.roundEnd.arranging}
          </span>
        )}
        <span className="reveal-points">
          {points !== null && <strong>{m.roundEnd.points(points)}</strong>}
          {total !== undefined && (
            <span className="muted small">
              {' '}
              · {scored ? m.roundEnd.total : m.roundEnd.earlierRounds} {total}
            </span>
          )}
        </span>
      </header>
      <div className="reveal-body">
        <div
          className="reveal-field"
          role="group"
          aria-label={`${m.roundEnd.field}: ${reveal.field
            .map((face, i) => m.roundEnd.fieldCard(cardText(face), slots[i]?.faceUp ?? true))
            .join(', ')}`}
        >
          <span className="reveal-label" aria-hidden="true">
            {m.roundEnd.field}
          </span>
          {/* Each position's value above its card; a card still face down at the round's end
              is marked, so an incomplete field never looks complete. */}
          <span className="cards flip-in" aria-hidden="true">
            {reveal.field.map((face, i) => {
              const down = slots[i]?.faceUp === false;
              return (
                <span
                  key={i}
                  className={`reveal-slot ${down ? 'was-down' : ''}`}
                  title={down ? m.roundEnd.wasDown : undefined}
                >
                  <span className="slot-value">{slots[i]?.value}</span>
                  <CardFace face={face} size="xs" />
                </span>
              );
            })}
          </span>
        </div>
        <div className="reveal-hand" data-hand-seat={seat}>
          {reveal.melds === null ? (
            <span
              className="cards"
              role="group"
              aria-label={`${m.roundEnd.hand}: ${facesText(reveal.hand)}`}
            >
              {reveal.hand.map((card, i) => (
                <CardFace key={i} face={faceOf(card)} size="sm" />
              ))}
            </span>
          ) : (
            <>
              {reveal.melds.map((meld, index) => (
                <MeldView
                  key={index}
                  meld={meld}
                  seat={seat}
                  index={index}
                  owner={m.log.whose(name, mine)}
                  giverName={giverName}
                  ends={targets.get(meldKey(seat, index)) ?? null}
                  onLayOff={(end) => onLayOff(index, end)}
                  onDropCard={(cardId) => onDropCard(cardId, index)}
                />
              ))}
              {reveal.melds.length === 0 && (
                <span className="muted small">{m.roundEnd.noMelds}</span>
              )}
              {deadwood && deadwood.length > 0 && (
                <span
                  className="deadwood"
                  role="group"
                  aria-label={`${m.roundEnd.deadwood}: ${facesText(deadwood)}`}
                >
                  {deadwood.map((card, i) => {
                    const id = 'id' in card ? (card as Card).id : null;
                    if (selectable && id) {
                      const can = selectable.has(id);
                      return (
                        <button
                          key={id}
                          type="button"
                          className={`hand-card ${can ? 'playable' : ''} ${selected === id ? 'selected' : ''}`}
                          aria-pressed={selected === id}
                          aria-label={cardText(card)}
                          disabled={!can}
                          draggable={can}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(DRAG_TYPE, id);
                            onSelect(id);
                          }}
                          onClick={() => onSelect(id)}
                        >
                          <CardFace face={faceOf(card)} size="sm" />
                        </button>
                      );
                    }
                    return (
                      <CardFace key={id ?? i} face={faceOf(card)} size="sm" className="dead" />
                    );
                  })}
                </span>
              )}
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** "A♣ from Hana, 2♣, 3♣" for a meld's cards: who laid off each laid-off card. */
export function meldCardsText(
  meld: { cards: readonly Face[]; laidOffBy: readonly (number | null)[] },
  giverName: (seat: number) => string,
): string {
  return meld.cards
    .map((card, i) => {
      const giver = meld.laidOffBy[i];
      const text = cardText(card);
      return giver == null ? text : m.roundEnd.fromGiver(text, giverName(giver));
    })
    .join(', ');
}

/** A shown meld's cards, each laid-off card marked with its giver ("from Hana"). */
export function MeldCards({
  meld,
  giverName,
  size = 'sm',
}: {
  meld: { kind: 'set' | 'run'; cards: readonly Face[]; laidOffBy: readonly (number | null)[] };
  giverName: (seat: number) => string;
  size?: 'xs' | 'sm';
}) {
  const label = m.roundEnd.meldLabel(meld.kind, meldCardsText(meld, giverName));
  return (
    <span className="cards" role="img" aria-label={label}>
      {meld.cards.map((card, i) => {
        const giver = meld.laidOffBy[i];
        if (giver == null) return <CardFace key={i} face={faceOf(card)} size={size} />;
        const from = giverName(giver);
        return (
          <span
            key={i}
            className="laid-off-card"
            data-giver={giver}
            title={m.roundEnd.fromGiver(cardText(card), from)}
          >
            <CardFace face={faceOf(card)} size={size} />
            <span className="from-tag" aria-hidden="true">
              {m.roundEnd.fromShort(from)}
            </span>
          </span>
        );
      })}
    </span>
  );
}

function MeldView({
  meld,
  seat,
  owner,
  giverName,
  index,
  ends,
  onLayOff,
  onDropCard,
}: {
  meld: MeldShown;
  seat: number;
  /** Whose meld, as a possessive ("your", "Bea’s"), for the lay-off buttons' names. */
  owner: string;
  giverName: (seat: number) => string;
  index: number;
  ends: LayOffEnd[] | null;
  onLayOff: (end: LayOffEnd) => void;
  onDropCard: (cardId: string) => void;
}) {
  const label = m.roundEnd.meldLabel(meld.kind, meldCardsText(meld, giverName));
  const lit = ends !== null && ends.length > 0;
  return (
    <span
      className={`meld ${lit ? 'lit' : ''}`}
      data-meld={meldKey(seat, index)}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        const id = dragCardId(event);
        if (id) onDropCard(id);
      }}
    >
      <MeldCards meld={meld} giverName={giverName} />
      {lit &&
        ends.map((end) => (
          <button
            key={end}
            type="button"
            className="small-button lay-off-button"
            aria-label={`${m.roundEnd.layOffAt(end)}: ${owner} ${label}`}
            onClick={() => onLayOff(end)}
          >
            {m.roundEnd.layOffAt(end)}
          </button>
        ))}
    </span>
  );
}
