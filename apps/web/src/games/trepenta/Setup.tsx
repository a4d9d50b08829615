import { useEffect, useMemo, useRef, useState } from 'react';
import { cardValue, isFieldChoice, legalActions } from '@trepenta/rules';
import type { Card, GameView, PlayerAction } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import { cardText } from './describe';
import { m } from './messages';
import { act } from '../../net';
import { CardFace, Die } from './Card';
import { Countdown } from '../../ui/common';
import { focusLost, isKeyboardUser } from '../../ui/focus';
import { FieldRow, OwnDealerBadge, deadlineOf } from './parts';

/** The field choice of each mode (rules §2.6): blind piles, peek, or sort ten cards. */
export function SetupPanel({
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
  const me = game.viewer === 'spectator' ? null : game.viewer;
  const legal = useMemo(() => legalActions(game), [game]);
  const at = room ? deadlineOf(game, room) : null;
  const chosen = me !== null && game.seats[me]?.fieldChosen === true;
  const waitingNote = useRef<HTMLParagraphElement>(null);
  // The choice made, its buttons go: a keyboard player's focus goes to what happens now, not to
  // the top of the page (and on to the draw pile when the turn comes round).
  useEffect(() => {
    if (chosen && isKeyboardUser() && focusLost()) waitingNote.current?.focus();
  }, [chosen]);
  if (me === null) return null;
  const seat = game.seats[me]!;
  const waiting = game.seats
    .filter((s) => !s.fieldChosen)
    .map((s) => (s.seat === me ? m.setup.you : (names[s.seat] ?? '')));
  return (
    <section className="setup-panel my-area" aria-label={m.setup.title} data-seat={me}>
      <div className="setup-head">
        <h2>{m.setup.title}</h2>
        <OwnDealerBadge game={game} />
        {at && <Countdown at={at} total={game.timer?.seconds} />}
      </div>
      {seat.fieldChosen ? (
        <>
          <p className="hint" ref={waitingNote} tabIndex={-1}>
            {m.setup.waiting}
          </p>
          <FieldRow seat={seat} name={m.table.you} own size="md" />
          <div className="hand size-md" aria-label={m.table.yourHand} role="group">
            {(seat.hand ?? []).map((card) => (
              <span
                key={card.id}
                className="hand-card static"
                role="img"
                aria-label={cardText(card)}
              >
                <CardFace face={card} size="md" />
              </span>
            ))}
          </div>
        </>
      ) : game.setup?.mode === 'sort' && legal.fieldChoice?.mode === 'sort' && game.setup.piles ? (
        <SortChoice
          cards={[...game.setup.piles.A, ...game.setup.piles.B]}
          die={seat.die}
          onConfirm={(field) => {
            const action: PlayerAction = { type: 'chooseSort', field };
            if (legal.fieldChoice && isFieldChoice(legal.fieldChoice, action)) send(action);
          }}
        />
      ) : game.setup?.mode === 'peek' && legal.fieldChoice?.mode === 'peek' && game.setup.piles ? (
        <PeekChoice
          piles={game.setup.piles}
          die={seat.die}
          onConfirm={(pile, order) => {
            const action: PlayerAction = { type: 'choosePeek', pile, order };
            if (legal.fieldChoice && isFieldChoice(legal.fieldChoice, action)) send(action);
          }}
        />
      ) : (
        <BlindChoice
          die={seat.die}
          canChoose={legal.actions.some((a) => a.type === 'choosePile')}
          onChoose={(pile) => send({ type: 'choosePile', pile })}
        />
      )}
      <p className="muted small">
        {m.setup.others(waiting)}
        {!seat.fieldChosen &&
          ` · ${game.setup?.mode === 'sort' ? m.setup.timerNoteSort : m.setup.timerNote}`}
      </p>
    </section>
  );
}

/** Your die and what it makes your five positions worth: what the choice of a field turns on. */
function DieLine({ die }: { die: number }) {
  return (
    <p className="die-line">
      <Die value={die} label={`${m.table.you}: ${m.table.die(die)}`} />
      <span>{m.setup.positionsWorth(die)}</span>
    </p>
  );
}

function BlindChoice({
  die,
  canChoose,
  onChoose,
}: {
  die: number;
  canChoose: boolean;
  onChoose: (pile: 'A' | 'B') => void;
}) {
  return (
    <>
      <p className="hint">{m.setup.blindHint}</p>
      <DieLine die={die} />
      <div className="blind-piles">
        {(['A', 'B'] as const).map((pile) => (
          <div key={pile} className="blind-pile">
            <span className="fan" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <CardFace key={i} face={null} size="md" />
              ))}
            </span>
            <span className="pile-name">{pile === 'A' ? m.setup.pileA : m.setup.pileB}</span>
            <button
              type="button"
              className="primary"
              disabled={!canChoose}
              aria-label={`${m.setup.makeField}: ${pile === 'A' ? m.setup.pileA : m.setup.pileB}`}
              onClick={() => onChoose(pile)}
            >
              {m.setup.makeField}
            </button>
          </div>
        ))}
      </div>
    </>
  );
}

/** The chosen field cards in order, with arrows (and drag) to reorder; values from the die. */
export function FieldOrder({
  cards,
  die,
  onMove,
  onRemove,
}: {
  cards: readonly Card[];
  die: number;
  onMove: (from: number, to: number) => void;
  onRemove?: (id: string) => void;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  /** An arrow moves the card, and the focus goes with it (to the same arrow, or the other one). */
  const move = (from: number, to: number, arrow: 'left' | 'right') => {
    onMove(from, to);
    requestAnimationFrame(() => {
      const slot = list.current?.children[to];
      const buttons = Array.from(slot?.querySelectorAll<HTMLButtonElement>('[data-arrow]') ?? []);
      (
        buttons.find((b) => b.dataset.arrow === arrow && !b.disabled) ??
        buttons.find((b) => !b.disabled)
      )?.focus();
    });
  };
  return (
    <div className="field-order-row">
      <Die value={die} label={`${m.table.you}: ${m.table.die(die)}`} />
      <ol ref={list} className="field-order" aria-label={m.setup.fieldRow}>
        {[0, 1, 2, 3, 4].map((position) => {
          const card = cards[position];
          const value = die + position;
          return (
            <li
              key={position}
              className={`order-slot ${card && cardValue(card) === value ? 'match' : ''}`}
              onDragOver={(event) => dragging !== null && event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null && card) onMove(dragging, position);
                setDragging(null);
              }}
            >
              <span className="slot-value">{value}</span>
              {card ? (
                <>
                  <button
                    type="button"
                    className="hand-card playable"
                    draggable
                    onDragStart={() => setDragging(position)}
                    aria-label={m.setup.orderCard(
                      position,
                      value,
                      cardText(card),
                      onRemove !== undefined,
                    )}
                    onClick={() => onRemove?.(card.id)}
                    disabled={!onRemove}
                  >
                    <CardFace face={card} size="md" />
                  </button>
                  <span className="order-arrows">
                    <button
                      type="button"
                      className="small-button"
                      aria-label={`${m.setup.moveLeft}: ${cardText(card)}`}
                      data-arrow="left"
                      disabled={position === 0}
                      onClick={() => move(position, position - 1, 'left')}
                    >
                      ◀
                    </button>
                    <button
                      type="button"
                      className="small-button"
                      aria-label={`${m.setup.moveRight}: ${cardText(card)}`}
                      data-arrow="right"
                      disabled={position >= cards.length - 1}
                      onClick={() => move(position, position + 1, 'right')}
                    >
                      ▶
                    </button>
                  </span>
                </>
              ) : (
                <span className="card empty size-md" />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = items.slice();
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

export function PeekChoice({
  piles,
  die,
  onConfirm,
}: {
  piles: { A: Card[]; B: Card[] };
  die: number;
  onConfirm: (pile: 'A' | 'B', order: string[]) => void;
}) {
  const [pile, setPile] = useState<'A' | 'B' | null>(null);
  const [order, setOrder] = useState<Card[]>([]);
  const confirm = useRef<HTMLButtonElement>(null);
  const choose = (p: 'A' | 'B') => {
    setPile(p);
    setOrder(piles[p]);
    // On a phone the field to order and its button are below the piles: bring them into view.
    requestAnimationFrame(() => confirm.current?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <>
      <p className="hint">{m.setup.peekHint}</p>
      {/* The die sets what each position is worth, which the choice of a pile turns on; once a
          pile is picked, the field to order shows the die beside its positions. */}
      {!pile && <DieLine die={die} />}
      <div className="peek-piles">
        {(['A', 'B'] as const).map((p) => (
          <div key={p} className={`peek-pile ${pile === p ? 'chosen' : ''}`}>
            <span className="pile-name">{p === 'A' ? m.setup.pileA : m.setup.pileB}</span>
            <span
              className="peek-cards"
              role="group"
              aria-label={p === 'A' ? m.setup.pileA : m.setup.pileB}
            >
              {piles[p].map((card) => (
                <span key={card.id} role="img" aria-label={cardText(card)}>
                  <CardFace face={card} size="sm" />
                </span>
              ))}
            </span>
            <button
              type="button"
              className={pile === p ? 'primary' : 'secondary'}
              aria-pressed={pile === p}
              onClick={() => choose(p)}
            >
              {m.setup.pickPile(p === 'A' ? m.setup.pileA : m.setup.pileB)}
            </button>
          </div>
        ))}
      </div>
      {pile && (
        <>
          <FieldOrder
            cards={order}
            die={die}
            onMove={(from, to) => setOrder((cards) => moved(cards, from, to))}
          />
          <button
            ref={confirm}
            type="button"
            className="primary big"
            onClick={() =>
              onConfirm(
                pile,
                order.map((card) => card.id),
              )
            }
          >
            {m.setup.confirm}
          </button>
        </>
      )}
    </>
  );
}

export function SortChoice({
  cards,
  die,
  onConfirm,
}: {
  cards: Card[];
  die: number;
  onConfirm: (field: string[]) => void;
}) {
  const [field, setField] = useState<string[]>([]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const fieldCards = field.map((id) => byId.get(id)!).filter(Boolean);
  const hand = cards.filter((card) => !field.includes(card.id));
  return (
    <>
      <p className="hint">{m.setup.sortHint}</p>
      <FieldOrder
        cards={fieldCards}
        die={die}
        onMove={(from, to) => setField((ids) => moved(ids, from, to))}
        onRemove={(id) => setField((ids) => ids.filter((x) => x !== id))}
      />
      <h3 className="row-title">{m.setup.handRow}</h3>
      <div className="sort-hand" role="group" aria-label={m.setup.handRow}>
        {hand.map((card) => (
          <button
            key={card.id}
            type="button"
            className="hand-card playable"
            aria-label={`${cardText(card)}, ${m.setup.toField}`}
            disabled={field.length >= 5}
            onClick={() => setField((ids) => (ids.length < 5 ? [...ids, card.id] : ids))}
          >
            <CardFace face={card} size="md" />
          </button>
        ))}
      </div>
      <button
        type="button"
        className="primary big"
        disabled={field.length !== 5}
        onClick={() => onConfirm(field)}
      >
        {field.length === 5 ? m.setup.confirm : m.setup.needFive(field.length)}
      </button>
    </>
  );
}
