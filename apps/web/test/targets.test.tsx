import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { cardValue, legalActions } from '@trepenta/rules';
import type { GameState, PlayerAction } from '@trepenta/rules';
import { turnControls, turnHint } from '../src/games/trepenta/controls';
import { cardText } from '../src/games/trepenta/describe';
import { FieldRow, HandRow, Piles } from '../src/games/trepenta/parts';
import { search, viewOf } from './fixtures';

/** The seat to play, in its act step, holding a card that fits one of its face-down positions. */
function exchangeReady(state: GameState): boolean {
  const turn = state.round.turn;
  if (state.phase !== 'turns' || !turn || turn.step !== 'act') return false;
  const view = viewOf(state, turn.seat);
  return legalActions(view).actions.some((a) => a.type === 'exchange');
}

function setup(state: GameState, selection: { kind: 'hand'; cardId: string } | null = null) {
  const seat = state.round.turn!.seat;
  const view = viewOf(state, seat);
  const send = vi.fn<(action: PlayerAction) => void>();
  const controls = turnControls(view, legalActions(view), selection, send);
  return { seat, view, send, controls };
}

describe('field highlighting', () => {
  const state = search([], 3, exchangeReady);

  it('a selected hand card lights exactly its own face-down positions of equal value', () => {
    const { view, seat } = setup(state);
    const own = view.seats[seat]!;
    for (const card of own.hand!) {
      const { controls } = setup(state, { kind: 'hand', cardId: card.id });
      render(<FieldRow seat={own} name="You" own size="md" controls={controls} />);
      const slots = screen.getAllByRole('button', { name: /^Position/ });
      own.field.forEach((slot, i) => {
        const expected = !slot.faceUp && slot.value === cardValue(card);
        expect(slots[i]!.className.includes('lit')).toBe(expected);
        expect((slots[i] as HTMLButtonElement).disabled).toBe(!expected);
      });
      document.body.innerHTML = '';
    }
  });

  it('clicking a lit position sends that exchange', () => {
    const { view, seat } = setup(state);
    const exchange = legalActions(view).actions.find((a) => a.type === 'exchange')!;
    if (exchange.type !== 'exchange') throw new Error('unreachable');
    const { controls, send } = setup(state, { kind: 'hand', cardId: exchange.cardId });
    render(<FieldRow seat={view.seats[seat]!} name="You" own size="md" controls={controls} />);
    fireEvent.click(screen.getAllByRole('button', { name: /^Position/ })[exchange.position]!);
    expect(send).toHaveBeenCalledWith(exchange);
  });

  it('selecting a position first lights the hand cards that fit it', () => {
    const { view, seat } = setup(state);
    const exchange = legalActions(view).actions.find((a) => a.type === 'exchange')!;
    if (exchange.type !== 'exchange') throw new Error('unreachable');
    const send = vi.fn();
    const controls = turnControls(
      view,
      legalActions(view),
      { kind: 'slot', seat, position: exchange.position },
      send,
    );
    render(<HandRow game={view} controls={controls} size="md" />);
    const hand = within(screen.getByRole('group', { name: 'Your hand' }));
    const value = view.seats[seat]!.field[exchange.position]!.value;
    for (const card of view.seats[seat]!.hand!) {
      const button = hand
        .getAllByRole('button')
        .find((b) => b.getAttribute('aria-label')!.includes(`value ${cardValue(card)}`))!;
      expect(button).toBeDefined();
      if (cardValue(card) === value) expect(button.className).toContain('lit');
    }
  });

  it('Open Field lights equal face-up cards on any field, and nothing without it', () => {
    const open = search(['openField', 'fieldUnlimited'], 3, (s) => {
      const turn = s.round.turn;
      if (s.phase !== 'turns' || !turn || turn.step !== 'act') return false;
      return legalActions(viewOf(s, turn.seat)).actions.some(
        (a) => a.type === 'openFieldSwap' && a.target.seat !== turn.seat,
      );
    });
    const view = viewOf(open, open.round.turn!.seat);
    const swap = legalActions(view).actions.find(
      (a) => a.type === 'openFieldSwap' && a.target.seat !== view.viewer,
    )!;
    if (swap.type !== 'openFieldSwap') throw new Error('unreachable');
    const send = vi.fn();
    const controls = turnControls(
      view,
      legalActions(view),
      { kind: 'hand', cardId: swap.cardId },
      send,
    );
    const target = view.seats[swap.target.seat]!;
    render(<FieldRow seat={target} name="Bea" own={false} size="sm" controls={controls} />);
    const slot = screen.getAllByRole('button', { name: /^Position/ })[swap.target.position]!;
    expect(slot.className).toContain('lit');
    // A swap target glows in its own colour, apart from exchange targets.
    expect(slot.className.split(' ')).toContain('swap');
    for (const other of screen.getAllByRole('button', { name: /^Position/ }))
      if (other !== slot && !other.className.includes('lit'))
        expect(other.className.split(' ')).not.toContain('swap');
    expect(slot.getAttribute('aria-label')).toMatch(/Swap your .* on Bea’s field/);
    fireEvent.click(slot);
    expect(send).toHaveBeenCalledWith(swap);
    // A player may call themself "You": their field is still theirs, not the viewer's.
    cleanup();
    render(<FieldRow seat={target} name="You" own={false} size="sm" controls={controls} />);
    const theirs = screen.getAllByRole('button', { name: /^Position/ })[swap.target.position]!;
    expect(theirs.getAttribute('aria-label')).toMatch(/Swap your .* on You’s field/);
  });

  it('piles: only legal draws are clickable, and the discard pile takes a discard', () => {
    const drawState = search([], 2, (s) => s.phase === 'turns' && s.round.turn?.step === 'draw');
    const view = viewOf(drawState, drawState.round.turn!.seat);
    const send = vi.fn();
    render(<Piles game={view} controls={turnControls(view, legalActions(view), null, send)} />);
    fireEvent.click(screen.getByRole('button', { name: /Draw from the draw pile/ }));
    expect(send).toHaveBeenCalledWith({ type: 'draw', from: 'drawPile' });
  });
});

describe('the hint under the hand', () => {
  /** The seat to play, in its act step, with the selected card and its hint. */
  function hintFor(state: GameState, cardId: string) {
    return turnHint(setup(state, { kind: 'hand', cardId }).controls);
  }
  const act = (state: GameState) =>
    state.phase === 'turns' && state.round.turn?.step === 'act' ? state.round.turn : null;
  const own = (state: GameState) => viewOf(state, act(state)!.seat).seats[act(state)!.seat]!;
  const fits = (state: GameState, cardId: string) =>
    legalActions(viewOf(state, act(state)!.seat)).actions.some(
      (a) => a.type === 'exchange' && a.cardId === cardId,
    );

  it('a card that fits a position: choose a lit position or discard it', () => {
    const state = search([], 3, exchangeReady);
    const card = own(state).hand!.find((c) => fits(state, c.id))!;
    expect(hintFor(state, card.id)).toMatch(/selected: choose a lit position or discard it\.$/);
  });

  it('a card that fits no position says so, with its value, while an exchange is open', () => {
    const state = search([], 3, (s) => {
      if (!exchangeReady(s)) return false;
      return own(s).hand!.some((c) => !fits(s, c.id));
    });
    const card = own(state).hand!.find((c) => !fits(state, c.id))!;
    expect(hintFor(state, card.id)).toBe(
      `${cardText(card).replace(/^./, (c) => c.toUpperCase())} selected: no position takes a ${cardValue(card)} now. Discard it, or pick another card.`,
    );
  });

  it('after the turn’s one exchange, a selected card can only be discarded', () => {
    const state = search([], 3, (s) => (act(s)?.exchanges ?? 0) > 0);
    const card = own(state).hand![0]!;
    expect(hintFor(state, card.id)).toMatch(/selected: discard it to end your turn\.$/);
  });

  it('R13: the card taken from the discard pile is not offered for discarding', () => {
    const state = search([], 3, (s) => {
      const turn = act(s);
      return turn?.takenFromDiscard != null && fits(s, turn.takenFromDiscard);
    });
    const hint = hintFor(state, act(state)!.takenFromDiscard!);
    expect(hint).toContain('choose a lit position');
    expect(hint).not.toContain('discard it');
    expect(hint).toContain('can’t go back there this turn');
  });
});

describe('never more than the view', () => {
  it('an opponent’s face-down positions say only "face down", position and value', () => {
    const state = search([], 3, (s) => s.phase === 'turns');
    const view = viewOf(state, 0);
    render(<FieldRow seat={view.seats[1]!} name="Bea" own={false} size="sm" />);
    for (const slot of screen.getAllByRole('button', { name: /^Position/ })) {
      const label = slot.getAttribute('aria-label')!;
      if (label.includes('face down')) {
        expect(label).toMatch(/^Position \d, value \d+, face down$/);
        expect(slot.querySelector('[data-face]')).toBeNull();
      }
    }
  });
});
