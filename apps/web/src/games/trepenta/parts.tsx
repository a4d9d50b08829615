import { useState } from 'react';
import type { DragEvent } from 'react';
import { cardValue } from '@trepenta/rules';
import type { Card, Face, GameView, SeatView } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import type { TurnControls } from './controls';
import { cardText } from './describe';
import { sortHand } from './targets';
import { m } from './messages';
import { setPrefs, store, useStore } from '../../store';
import { CardFace, Die } from './Card';
import type { CardSize } from './Card';
import { Modal } from '../../ui/common';
import { HandOverButton } from '../../table/HandOver';

export const DRAG_TYPE = 'application/x-trepenta-card';

export function dragCardId(event: DragEvent): string | null {
  const id = event.dataTransfer.getData(DRAG_TYPE);
  return id || null;
}

/** A row of five field positions with their values, the die to their left. */
export function FieldRow({
  seat,
  name,
  own,
  size,
  controls,
}: {
  seat: SeatView;
  name: string;
  own: boolean;
  size: CardSize;
  controls?: TurnControls | undefined;
}) {
  const label = own ? m.table.yourField : m.table.fieldOf(name);
  const selectedCard = controls?.selectedCard ?? null;
  return (
    <div className={`field-row size-${size}`}>
      <Die value={seat.die} label={`${own ? m.table.you : name}: ${m.table.die(seat.die)}`} />
      <div className="field" role="group" aria-label={label} data-nav-row>
        {seat.field.map((slot) => {
          const state = controls?.slot(seat.seat, slot.position);
          const face: Face | null = slot.card
            ? { rank: slot.card.rank, suit: slot.card.suit }
            : null;
          const base = slot.faceUp
            ? m.table.slotFaceUp(slot.position, slot.value, cardText(face))
            : face
              ? m.table.slotFaceDownSeen(slot.position, slot.value, cardText(face))
              : m.table.slotFaceDown(slot.position, slot.value);
          let actionText = '';
          if (state?.lit && selectedCard) {
            actionText = slot.faceUp
              ? m.table.swapHere(cardText(selectedCard), cardText(face), m.log.whose(name, own))
              : m.table.exchangeHere(cardText(selectedCard), slot.position);
          }
          const onDrop = (event: DragEvent) => {
            const id = dragCardId(event);
            event.preventDefault();
            if (id && controls) controls.dropOnSlot(id, seat.seat, slot.position);
          };
          return (
            <div
              key={slot.position}
              className="slot-wrap"
              onDragOver={(event) => {
                if (state?.lit) event.preventDefault();
              }}
              onDrop={onDrop}
            >
              <span className="slot-value" aria-hidden="true">
                {slot.value}
              </span>
              <button
                type="button"
                className={`slot ${slot.faceUp ? 'up' : 'down'} ${face && !slot.faceUp ? 'seen' : ''} ${state?.lit ? 'lit' : ''} ${state?.lit && slot.faceUp ? 'swap' : ''} ${state?.selected ? 'selected' : ''}`}
                data-field-slot={`${seat.seat}:${slot.position}`}
                aria-label={actionText ? `${base}. ${actionText}` : base}
                aria-pressed={state?.selected ?? undefined}
                disabled={!state?.clickable}
                onClick={() => controls?.clickSlot(seat.seat, slot.position)}
              >
                <CardFace face={slot.faceUp || face ? face : null} size={size} />
                {!slot.faceUp && face && (
                  <span className="seen-mark" aria-hidden="true">
                    {/* A drawn mark, not a character: the button's visible text stays the card's. */}
                    <svg viewBox="0 0 12 12" width="12" height="12" focusable="false">
                      <circle
                        cx="6"
                        cy="6"
                        r="4.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.5"
                      />
                      <path d="M6 1.5a4.5 4.5 0 0 1 0 9z" fill="currentColor" />
                    </svg>
                  </span>
                )}
              </button>
            </div>
          );
        })}
        {seat.field.length === 0 &&
          [0, 1, 2, 3, 4].map((position) => (
            <div key={position} className="slot-wrap">
              <span className="slot-value" aria-hidden="true">
                {seat.die + position}
              </span>
              <span className={`slot empty size-${size}`} />
            </div>
          ))}
      </div>
    </div>
  );
}

/** Your hand, sorted as you like, with click, keyboard and drag to act. */
export function HandRow({
  game,
  controls,
  size,
}: {
  game: GameView;
  controls: TurnControls;
  size: CardSize;
}) {
  const sortBy = useStore((s) => s.prefs.sortBy);
  const me = controls.me;
  if (me === null) return null;
  const hand = sortHand(game.seats[me]?.hand ?? [], sortBy);
  const taken = game.turn?.takenFromDiscard;
  const takenId = taken && 'id' in taken ? taken.id : null;
  return (
    <div className="hand-wrap">
      <div className="hand-head">
        <h2 className="row-title">{m.table.yourHand}</h2>
        <SortToggle />
      </div>
      <div
        className={`hand size-${size}`}
        role="group"
        aria-label={m.table.yourHand}
        data-hand-seat={me}
        data-nav-row
      >
        {hand.map((card) => (
          <HandCard
            key={card.id}
            card={card}
            size={size}
            controls={controls}
            taken={card.id === takenId}
          />
        ))}
      </div>
    </div>
  );
}

function HandCard({
  card,
  size,
  controls,
  taken,
}: {
  card: Card;
  size: CardSize;
  controls: TurnControls;
  taken: boolean;
}) {
  const state = controls.card(card.id);
  const label = `${cardText(card)}, value ${cardValue(card)}${taken ? ` (${m.table.takenNote})` : ''}`;
  return (
    <button
      type="button"
      className={`hand-card ${state.selected ? 'selected' : ''} ${state.lit ? 'lit' : ''} ${state.clickable ? 'playable' : ''}`}
      aria-label={label}
      aria-pressed={state.selected}
      data-card-id={card.id}
      // Not `disabled`: a keyboard player reaches and reads their hand at any time (the arrows
      // go down into it from the piles), though only a card that can act does anything.
      aria-disabled={!state.clickable}
      draggable={state.clickable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, card.id);
        event.dataTransfer.effectAllowed = 'move';
        store.set({ selection: { kind: 'hand', cardId: card.id } });
      }}
      onClick={() => controls.clickCard(card.id)}
    >
      <CardFace face={card} size={size} />
      {taken && (
        <span className="taken-mark" aria-hidden="true">
          ↺
        </span>
      )}
    </button>
  );
}

export function SortToggle() {
  const sortBy = useStore((s) => s.prefs.sortBy);
  const options = [
    ['none', m.table.sortNone],
    ['suit', m.table.sortSuit],
    ['rank', m.table.sortRank],
  ] as const;
  return (
    <div className="segmented" role="radiogroup" aria-label={m.table.sortBy}>
      <span className="segmented-label" aria-hidden="true">
        {m.table.sortBy}:
      </span>
      {options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={sortBy === value}
          className={sortBy === value ? 'on' : ''}
          onClick={() => setPrefs({ sortBy: value })}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** The draw pile (click draws) and the discard pile (click takes its top, or discards onto it). */
export function Piles({ game, controls }: { game: GameView; controls: TurnControls | null }) {
  const [history, setHistory] = useState(false);
  const top = game.discardPile[game.discardPile.length - 1] ?? null;
  const canDrawPile = controls?.canDraw('drawPile') ?? false;
  const canTake = controls?.canDraw('discardPile') ?? false;
  const canDiscard = controls?.canDiscard() ?? false;
  const selected = controls?.selectedCard ?? null;
  const discardLabel = canTake
    ? m.table.discardTake(cardText(top))
    : canDiscard && selected
      ? m.table.discardHere(cardText(selected), top ? cardText(top) : null)
      : top
        ? m.table.discardTop(cardText(top), game.discardPile.length)
        : m.table.discardEmpty;
  const low = game.drawCount <= game.seatCount;
  return (
    <div className="piles" data-nav-row>
      <div className="pile">
        <button
          type="button"
          className={`pile-button draw ${canDrawPile ? 'lit' : ''}`}
          data-zone="drawPile"
          aria-label={
            canDrawPile
              ? m.table.drawPileAction(game.drawCount)
              : m.table.drawPileCount(game.drawCount)
          }
          disabled={!canDrawPile}
          onClick={() => controls?.draw('drawPile')}
        >
          {game.drawCount > 0 ? (
            <span className="stack">
              <CardFace face={null} size="md" />
            </span>
          ) : (
            <span className="card empty size-md" />
          )}
        </button>
        <span className={`pile-label ${low ? 'low' : ''}`} aria-hidden="true">
          {m.table.drawPile} · {game.drawCount}
        </span>
      </div>
      <div
        className="pile"
        onDragOver={(event) => {
          if (controls?.step === 'act') event.preventDefault();
        }}
        onDrop={(event) => {
          event.preventDefault();
          const id = dragCardId(event);
          if (id && controls?.canDiscard(id)) controls.discard(id);
        }}
      >
        <button
          type="button"
          className={`pile-button discard ${canTake || canDiscard ? 'lit' : ''}`}
          data-zone="discardPile"
          aria-label={discardLabel}
          disabled={!canTake && !canDiscard}
          onClick={() => (canTake ? controls?.draw('discardPile') : controls?.discard())}
        >
          {top ? <CardFace face={top} size="md" /> : <span className="card empty size-md" />}
        </button>
        <span className="pile-label">
          <span aria-hidden="true">{m.table.discardPile}</span>
          <button
            type="button"
            className="link-button history-button"
            onClick={() => setHistory(true)}
            aria-label={m.table.discardHistoryCount(game.discardPile.length)}
            title={m.table.discardHistory}
          >
            <span aria-hidden="true">▤</span> {game.discardPile.length}
          </button>
        </span>
      </div>
      {history && (
        <Modal title={m.table.discardHistoryTitle} onClose={() => setHistory(false)}>
          <ol className="history">
            {game.discardPile.map((face, index) => (
              <li key={index} aria-label={cardText(face)}>
                <CardFace face={face} size="sm" />
              </li>
            ))}
          </ol>
        </Modal>
      )}
    </div>
  );
}

/** Badges and status of one seat, from the room (connection) and the game (turn, dealer). */
export function seatStatus(room: RoomView | null, game: GameView, seat: number) {
  const info = room?.seats[seat];
  const away = info?.kind === 'human' && !info.connected && !info.standIn;
  return {
    bot: info?.kind === 'bot',
    standIn: info?.standIn ?? false,
    away,
    handOverAt: info?.handOverAt ?? null,
    dealer: game.dealer === seat,
    turn:
      (game.phase === 'turns' && game.turn?.seat === seat) ||
      (game.phase === 'layoff' && game.reveal?.layoff?.seat === seat),
  };
}

/**
 * The viewer's own dealer badge, drawn as the other seats' are (a phone's top bar has no room for
 * "Dealer: …"), and said in words of its own.
 */
export function OwnDealerBadge({ game }: { game: GameView }) {
  if (game.viewer === 'spectator' || game.dealer !== game.viewer) return null;
  return (
    <span className="badge own-dealer" title={m.table.dealerYou}>
      <span aria-hidden="true">{m.table.dealerBadge}</span>
      <span className="sr-only">{m.table.dealerYou}</span>
    </span>
  );
}

/** Another player around the table: name, status, hand (count and known cards), die and field. */
export function SeatPanel({
  game,
  room,
  seat,
  name,
  controls,
  compact,
  isHost,
}: {
  game: GameView;
  room: RoomView | null;
  seat: SeatView;
  name: string;
  controls: TurnControls | null;
  compact: boolean;
  isHost: boolean;
}) {
  const status = seatStatus(room, game, seat.seat);
  const setup = game.phase === 'setup';
  // Two positions this step can use (before a hand card is picked, all light up), side by side
  // or one apart, are too close on a phone to take a 44 px tap each (small cards are 21 px
  // apart): the panel then gives its field more room.
  const usable = seat.field.map((slot) => controls?.usable(seat.seat, slot.position) ?? false);
  const neighbouring = usable.some(
    (here, i) => here && (usable[i + 1] === true || usable[i + 2] === true),
  );
  return (
    <section
      className={`seat-panel ${status.turn ? 'on-turn' : ''} ${compact ? 'compact' : ''} ${compact && neighbouring ? 'neighbouring-targets' : ''}`}
      aria-label={name}
      data-seat={seat.seat}
    >
      <header className="seat-head">
        <span className={`conn-dot ${status.away ? 'off' : 'on'}`} aria-hidden="true" />
        <span className="seat-name">{name}</span>
        {status.turn && <span className="badge turn">{m.table.turnBadge}</span>}
        {status.dealer && <span className="badge">{m.table.dealerBadge}</span>}
        {status.bot && <span className="badge muted">{m.table.bot}</span>}
        {status.standIn && <span className="badge warn">{m.table.standIn}</span>}
        {status.away && <span className="badge warn">{m.table.away}</span>}
        {setup && (
          <span className={`badge ${seat.fieldChosen ? 'ok' : 'muted'}`}>
            {seat.fieldChosen ? m.table.chosen : m.table.choosing}
          </span>
        )}
      </header>
      {status.handOverAt !== null && isHost && (
        <HandOverButton seat={seat.seat} handOverAt={status.handOverAt} />
      )}
      <div className="seat-body">
        <FieldRow
          seat={seat}
          name={name}
          own={false}
          size={compact ? 'xs' : 'sm'}
          controls={controls ?? undefined}
        />
        <div
          className="seat-hand"
          data-hand-seat={seat.seat}
          aria-label={`${m.table.handOf(name)}: ${m.table.handCount(seat.handCount)}${seat.known.length ? `, ${m.table.knownLabel(seat.known.map(cardText).join(', '))}` : ''}`}
          role="group"
        >
          <span className="mini-backs" aria-hidden="true">
            {Array.from({ length: Math.min(seat.handCount, 6) }, (_, i) => (
              <span key={i} className="mini-back" />
            ))}
          </span>
          <span className="hand-count" aria-hidden="true">
            {m.table.handCount(seat.handCount)}
          </span>
          {seat.known.length > 0 && (
            <span className="known" aria-hidden="true">
              <span className="known-label">{m.table.known}</span>
              {seat.known.map((face, i) => (
                <CardFace key={i} face={face} size="xs" />
              ))}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}

/** The running timer's deadline (ms since epoch), when the room's deadline is this view's timer. */
export function deadlineOf(game: GameView, room: RoomView): number | null {
  const deadline = room.deadline;
  if (!deadline || !game.timer || deadline.key !== game.timer.key) return null;
  return deadline.at;
}
