import { useEffect, useMemo, useRef } from 'react';
import type { Card, GameView } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import { turnHint, useTurnControls } from './controls';
import type { TurnControls } from './controls';
import { cardText } from './describe';
import { m } from './messages';
import { seatNames } from '../../roomNotes';
import { announce, useStore } from '../../store';
import { Countdown, useIsPhone } from '../../ui/common';
import {
  buttonsIn,
  enabled,
  focusLost,
  isKeyboardUser,
  useFocusRescue,
  visible,
} from '../../ui/focus';
import { FieldRow, HandRow, OwnDealerBadge, Piles, SeatPanel, deadlineOf } from './parts';
import { RoundEndBoard } from './RoundEnd';
import { ScoreSheet } from '../../table/ScoreSheet';
import { useHurryWarning } from '../../table/hurry';
import { SetupPanel } from './Setup';
import { TableFrame } from '../../table/TableFrame';
import { SuitDefs } from './Card';
import { Flights } from './Flights';
import { client } from './index';

/** The opponents in clockwise order from the viewer's left (all seats for a spectator). */
export function seatOrder(game: GameView): number[] {
  const n = game.seatCount;
  if (game.viewer === 'spectator') return Array.from({ length: n }, (_, i) => i);
  const me = game.viewer;
  return Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
}

export function Table({ game, room }: { game: GameView; room: RoomView }) {
  const controls = useTurnControls(game);
  const names = useMemo(() => seatNames(room, game.seatCount), [room, game.seatCount]);
  const phone = useIsPhone();
  const me = controls.me;
  const revealPhase =
    game.phase === 'arrange' || game.phase === 'layoff' || game.phase === 'roundEnd';
  useTableKeys(controls, me === null ? [] : (game.seats[me]?.hand ?? []));
  useFocusKeeper(game, controls);
  useFocusRescue('.table-screen');
  useTitle(game, names, room.code);
  const others = seatOrder(game);
  // A spectator has no area of their own: the seats sit around the piles, half above and half
  // below, each panel as large as a player's opponents' are.
  const split = me === null && !phone ? Math.ceil(others.length / 2) : others.length;
  const seatsAbove = others.slice(0, split);
  const seatsBelow = others.slice(split);
  const seatRow = (seats: number[]) => (
    <SeatRow
      seats={seats}
      game={game}
      room={room}
      names={names}
      controls={controls}
      phone={phone}
    />
  );

  const turnBanner = <TurnBanner game={game} room={room} names={names} controls={controls} />;

  return (
    <TableFrame
      client={client}
      game={game}
      room={room}
      names={names}
      me={me}
      over={game.phase === 'gameOver'}
      seatsShowAway
      className={`phase-${game.phase}`}
      feltLabel={m.table.round(game.round, game.rounds)}
      info={
        <>
          <span className="round-info">{m.table.round(game.round, game.rounds)}</span>
          <span className="dealer-info">{m.table.dealer(names[game.dealer] ?? '')}</span>
        </>
      }
      status={
        // What everyone must see at all times; on a phone it stays under the top bar while the
        // table scrolls to your hand, with the turn and its timer.
        <>
          <Banners game={game} names={names} />
          {phone && !revealPhase && turnBanner}
        </>
      }
    >
      {game.phase === 'gameOver' && (
        <ScoreSheet client={client} game={game} room={room} names={names} />
      )}
      {!revealPhase && game.phase !== 'gameOver' && (
        <>
          {seatRow(seatsAbove)}
          <div className="center">
            {!phone && turnBanner}
            <Piles game={game} controls={controls} />
          </div>
          {seatsBelow.length > 0 && seatRow(seatsBelow)}
          {me !== null &&
            (game.phase === 'setup' ? (
              <SetupPanel game={game} room={room} names={names} />
            ) : (
              <MyArea game={game} controls={controls} phone={phone} />
            ))}
          {me === null && <p className="spectating-note">{m.table.spectating}</p>}
        </>
      )}
      {(revealPhase || game.phase === 'gameOver') && game.reveal && (
        <RoundEndBoard game={game} room={room} names={names} />
      )}
      <Flights />
      <SuitDefs />
    </TableFrame>
  );
}

/** A row of other seats' panels: compact on a phone or when more than three share the row. */
function SeatRow({
  seats,
  game,
  room,
  names,
  controls,
  phone,
}: {
  seats: number[];
  game: GameView;
  room: RoomView;
  names: string[];
  controls: TurnControls;
  phone: boolean;
}) {
  const isHost = useStore((s) => s.you?.host ?? false);
  return (
    <div className={`opponents count-${seats.length}`}>
      {seats.map((seat) => (
        <SeatPanel
          key={seat}
          game={game}
          room={room}
          seat={game.seats[seat]!}
          name={names[seat]!}
          controls={controls}
          compact={phone || seats.length > 3}
          isHost={isHost}
        />
      ))}
    </div>
  );
}

function Banners({ game, names }: { game: GameView; names: string[] }) {
  const banners: { key: string; text: string; kind: string }[] = [];
  if (game.finalTurns && game.phase === 'turns') {
    const by = game.finalTurns.completedBy;
    banners.push({
      key: 'final',
      kind: 'final',
      text:
        by === game.viewer
          ? m.table.finalTurnsYou(game.finalTurns.remaining)
          : m.table.finalTurns(names[by] ?? '', game.finalTurns.remaining),
    });
  }
  if (game.phase === 'turns' && game.drawCount <= game.seatCount) {
    // Long Play with a reshuffle left: the round goes on when the pile runs out (R16, R17).
    const reshuffleNext =
      game.settings.houseRules.longPlay && game.reshuffles < game.settings.reshuffleLimit;
    banners.push({
      key: 'low',
      kind: 'warn',
      text: reshuffleNext
        ? m.table.lowDrawPileReshuffle(game.drawCount)
        : m.table.lowDrawPile(game.drawCount),
    });
  }
  const layoff = game.phase === 'layoff' ? game.reveal?.layoff : null;
  if (layoff) {
    // R20: a lay-off turn must not be missed (on a phone the lay-off bar may be scrolled away).
    const mine = layoff.seat === game.viewer;
    banners.push({
      key: 'layoff',
      kind: mine ? 'layoff mine' : 'layoff',
      text: mine ? m.roundEnd.layOffBanner : m.roundEnd.layOffBannerOther(names[layoff.seat] ?? ''),
    });
  }
  if (banners.length === 0) return null;
  return (
    <div className="banners">
      {banners.map((banner) => (
        <p key={banner.key} className={`banner ${banner.kind}`} role="status">
          {banner.text}
        </p>
      ))}
    </div>
  );
}

function TurnBanner({
  game,
  room,
  names,
  controls,
}: {
  game: GameView;
  room: RoomView;
  names: string[];
  controls: TurnControls;
}) {
  const at = deadlineOf(game, room);
  const mine = game.phase === 'turns' && controls.isMyTurn;
  useHurryWarning(at, mine);
  if (game.phase === 'setup') {
    // A seated player's setup panel has its own title and countdown.
    if (controls.me !== null) return null;
    return (
      <div className="turn-banner">
        <span>{m.setup.watchingTitle}</span>
        {at && <Countdown at={at} total={game.timer?.seconds} />}
      </div>
    );
  }
  if (game.phase !== 'turns' || !game.turn) return null;
  const name = names[game.turn.seat] ?? '';
  return (
    <div className={`turn-banner ${mine ? 'mine' : ''}`}>
      <span className="turn-name">{mine ? m.table.yourTurn : m.table.theirTurn(name)}</span>
      {game.settings.houseRules.longPlay && (
        <span className="muted small">
          {m.table.reshuffles(game.reshuffles, game.settings.reshuffleLimit)}
        </span>
      )}
      {at && <Countdown at={at} total={game.timer?.seconds} />}
    </div>
  );
}

function StepChips({ game, controls }: { game: GameView; controls: TurnControls }) {
  const step = controls.step;
  const unlimited = game.settings.houseRules.fieldUnlimited;
  const chips = [
    {
      key: 'draw',
      text: m.table.steps.draw,
      on: step === 'draw',
      keys: m.table.stepKeys.draw,
      short: m.table.stepKeysShort.draw,
    },
    {
      key: 'exchange',
      text: `${m.table.steps.exchange} (${m.table.steps.optional})`,
      on: step === 'act' && controls.canExchange,
      keys: m.table.stepKeys.exchange,
      short: m.table.stepKeysShort.exchange,
    },
    {
      key: 'discard',
      text: m.table.steps.discard,
      on: step === 'act',
      keys: m.table.stepKeys.discard,
      short: m.table.stepKeysShort.discard,
    },
  ];
  return (
    <ol className="step-chips" aria-label={m.table.yourTurn}>
      {chips.map((chip, i) => (
        <li
          key={chip.key}
          className={`chip ${chip.on ? 'on' : ''}`}
          aria-current={chip.on ? 'step' : undefined}
          title={chip.keys}
        >
          {chip.text}
          <kbd className="chip-keys" aria-hidden="true">
            {chip.short}
          </kbd>
          <span className="sr-only">({chip.keys})</span>
          {i < chips.length - 1 && (
            <span className="chip-arrow" aria-hidden="true">
              ▸
            </span>
          )}
        </li>
      ))}
      {step === 'act' && (
        <li className="chip-note">
          {unlimited
            ? m.table.exchangesLeft(null)
            : m.table.exchangesLeft(game.turn?.exchanges === 0 ? 1 : 0)}
        </li>
      )}
    </ol>
  );
}

function MyArea({
  game,
  controls,
  phone,
}: {
  game: GameView;
  controls: TurnControls;
  phone: boolean;
}) {
  const me = controls.me!;
  const seat = game.seats[me]!;
  const selection = controls.selection;
  const selected = controls.selectedCard;
  const hint = turnHint(controls);
  const actionBar = useRef<HTMLDivElement>(null);
  // On a phone the buttons a selection brings (discard, cancel) can fall below the screen, under
  // the hand: they come into view with it.
  const selectedId = selected?.id ?? null;
  useEffect(() => {
    if (phone && selectedId !== null) actionBar.current?.scrollIntoView({ block: 'nearest' });
  }, [phone, selectedId]);
  return (
    <section
      className={`my-area ${controls.isMyTurn ? 'on-turn' : ''}`}
      aria-label={m.table.you}
      data-seat={me}
    >
      <div className="my-head">
        {controls.isMyTurn ? (
          <StepChips game={game} controls={controls} />
        ) : (
          <span className="muted">{m.table.you}</span>
        )}
        <OwnDealerBadge game={game} />
      </div>
      <FieldRow seat={seat} name={m.table.you} own size={phone ? 'md' : 'lg'} controls={controls} />
      <HandRow game={game} controls={controls} size={phone ? 'md' : 'lg'} />
      <div className="action-bar" ref={actionBar}>
        <p className="hint" aria-live="polite">
          {hint}
        </p>
        {selected && controls.canDiscard() && (
          <button type="button" className="primary" onClick={() => controls.discard()}>
            {m.table.discardSelected(cardText(selected))}
          </button>
        )}
        {selection && (
          <button type="button" className="ghost" onClick={controls.cancel}>
            {m.table.cancel}
          </button>
        )}
      </div>
    </section>
  );
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      el.isContentEditable)
  );
}

/** Arrow keys move focus between cards in a row and between rows; letters act. */
export function moveFocus(key: string): boolean {
  const active = document.activeElement as HTMLElement | null;
  const row = active?.closest('[data-nav-row]');
  if (!active || !row) return false;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const list = buttonsIn(row);
    const index = list.indexOf(active);
    const next = list[index + (key === 'ArrowLeft' ? -1 : 1)];
    next?.focus();
    return true;
  }
  const rows = Array.from(document.querySelectorAll('[data-nav-row]')).filter(visible);
  const x = active.getBoundingClientRect().left + active.getBoundingClientRect().width / 2;
  const step = key === 'ArrowUp' ? -1 : 1;
  for (let i = rows.indexOf(row) + step; i >= 0 && i < rows.length; i += step) {
    const list = buttonsIn(rows[i]!);
    if (list.length === 0) continue;
    let best = list[0]!;
    let bestDistance = Infinity;
    for (const el of list) {
      const rect = el.getBoundingClientRect();
      const distance = Math.abs(rect.left + rect.width / 2 - x);
      if (distance < bestDistance) {
        best = el;
        bestDistance = distance;
      }
    }
    best.focus();
    return true;
  }
  return true;
}

function useTableKeys(controls: TurnControls, hand: readonly Card[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const key = event.key;
      if (key.startsWith('Arrow')) {
        if (moveFocus(key)) event.preventDefault();
        return;
      }
      // Home and End: back to your hand from anywhere on the table (not the side panel, whose
      // log scrolls with them), its first or last card.
      if (key === 'Home' || key === 'End') {
        const active = document.activeElement;
        const onTable = !active || active === document.body || active.closest('.felt') !== null;
        const cards = handCards();
        const target = key === 'Home' ? cards[0] : cards.at(-1);
        if (!onTable || !target) return;
        target.focus();
        event.preventDefault();
        return;
      }
      switch (key.toLowerCase()) {
        case 'd':
          if (controls.canDraw('drawPile')) controls.draw('drawPile');
          break;
        case 'u':
          if (controls.canDraw('discardPile')) controls.draw('discardPile');
          break;
        case 'x':
          discardByKey(controls, hand);
          break;
        case 'escape':
          controls.cancel();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controls, hand]);
}

/**
 * X: discards the selected card, else the hand card that has the focus; when neither can go, it
 * says why and what to do, so that the key is never silent.
 */
function discardByKey(controls: TurnControls, hand: readonly Card[]): void {
  if (controls.canDiscard()) {
    controls.discard();
    return;
  }
  const focused = document.activeElement?.closest<HTMLElement>('.my-area [data-card-id]');
  const id = focused?.dataset.cardId;
  if (id && controls.canDiscard(id)) {
    controls.discard(id);
    return;
  }
  if (!controls.isMyTurn) announce(m.table.xNotYourTurn);
  else if (controls.step === 'draw') announce(m.table.xDrawFirst);
  else {
    const card = id ? hand.find((c) => c.id === id) : undefined;
    announce(card ? m.table.xTakenCard(cardText(card)) : m.table.xPickCard);
  }
}

/**
 * Focus is always visible, and where the turn goes on: for a keyboard player, a move that
 * takes away the focused control (the pile just drawn from, Escape) leaves focus on the card just
 * drawn or the card that was selected; an exchange moves it from the field to the card it took;
 * a discard, which ends the turn, leaves it in your hand (on the discarded card's neighbour); and
 * when the turn comes round focus moves to the draw pile from wherever it was parked on the table
 * (never out of the chat or a dialog). Any other loss of focus is `useFocusRescue`'s.
 */
function useFocusKeeper(game: GameView, controls: TurnControls): void {
  const me = controls.me;
  const hand = me === null ? undefined : game.seats[me]?.hand;
  const handIds = useRef<ReadonlySet<string>>(new Set());
  const lastSelected = useRef<string | null>(null);
  const turnSeen = useRef<number | null>(null);
  const phaseSeen = useRef(game.phase);
  /** Where in the hand (as shown) the focus last was, for its neighbour once that card goes. */
  const handIndex = useRef(0);
  useEffect(() => {
    const before = handIds.current;
    const wasSelected = lastSelected.current;
    handIds.current = new Set(hand?.map((card) => card.id));
    lastSelected.current = controls.selectedCard?.id ?? null;
    const turn = controls.isMyTurn ? (game.turn?.number ?? null) : null;
    const turnBegins = turn !== null && turn !== turnSeen.current;
    const turnEnds = turn === null && turnSeen.current !== null;
    turnSeen.current = turn;
    const phaseChanged = game.phase !== phaseSeen.current;
    phaseSeen.current = game.phase;
    if (!isKeyboardUser() || document.querySelector('dialog[open]')) return;
    if (!controls.isMyTurn) {
      // Your discard (or the deal) took the focus away: it stays in your hand, to read it.
      if (game.phase !== 'turns' || !(turnEnds || phaseChanged) || !focusLost()) return;
      const cards = handCards();
      cards[Math.min(handIndex.current, cards.length - 1)]?.focus();
      return;
    }
    const card = (id: string | null | undefined) =>
      id ? enabled('.my-area .hand-card', (el) => el.dataset.cardId === id) : null;
    // A card that came into the hand during the turn: drawn, or taken from the field.
    const arrived = before.size > 0 ? hand?.find((c) => !before.has(c.id))?.id : undefined;
    const parked = turnBegins && document.activeElement?.closest('.felt') != null;
    // The position just used may still be usable (with Open Field and Field Unlimited, the card
    // just laid face up there may be swapped), but the turn goes on in the hand.
    const onField = arrived !== undefined && document.activeElement?.closest('.field') != null;
    if (!focusLost() && !parked && !onField) return;
    const target =
      controls.step === 'draw'
        ? (enabled('.pile-button.draw') ?? enabled('.pile-button.discard'))
        : (card(arrived) ??
          card(controls.selectedCard?.id) ??
          card(wasSelected) ??
          enabled('.my-area .hand-card:not([aria-disabled="true"])'));
    target?.focus();
  }, [hand, controls, game.turn?.number, game.phase]);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const index = handCards().indexOf(event.target as HTMLElement);
      if (index >= 0) handIndex.current = index;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}

/** Your hand's cards as shown, usable or not (off your turn they can be read, not played). */
function handCards(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.my-area .hand-card')).filter(visible);
}

function useTitle(game: GameView, names: string[], code: string): void {
  const me = game.viewer;
  // What the tab says when this seat has something to do: the field choice is everyone's at
  // once, so it is no one's turn.
  const mine =
    game.phase === 'setup' && typeof me === 'number' && !game.seats[me]?.fieldChosen
      ? m.setup.title
      : game.phase === 'layoff' && game.reveal?.layoff?.seat === me
        ? m.roundEnd.layOffTabTitle
        : game.phase === 'turns' && game.turn?.seat === me
          ? m.table.yourTurn
          : null;
  const whose = game.phase === 'turns' && game.turn ? names[game.turn.seat] : null;
  useEffect(() => {
    const title = client.module.title;
    document.title = mine
      ? `● ${mine} — ${title}`
      : whose
        ? `${m.table.theirTurn(whose)} — ${title} ${code}`
        : `${title} ${code}`;
    return () => {
      document.title = m.appName;
    };
  }, [mine, whose, code]);
}
