import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { applyAction, legalActions, pendingSeats } from '@trepenta/rules';
import type { GameState, GameView, PlayerAction } from '@trepenta/rules';
import { m } from '../src/games/trepenta/messages';
import { layOffTargets, meldKey } from '../src/games/trepenta/targets';
import { store } from '../src/store';
import { RoundEndBoard } from '../src/games/trepenta/RoundEnd';
import { Table } from '../src/games/trepenta/Table';
import { apply, newGame, playUntil, roomOf, search, viewOf } from './fixtures';

const names = ['Ada', 'Bea', 'Cyd'];

function layOffPossible(state: GameState): boolean {
  const seat = state.round.reveal?.layoff?.seat;
  if (state.phase !== 'layoff' || seat === undefined) return false;
  return legalActions(viewOf(state, seat)).actions.some((a) => a.type === 'layOff');
}

describe('lay-off targeting (Rival Sets)', () => {
  const state = search(['rivalSets'], 3, layOffPossible, 'casual');
  const seat = state.round.reveal!.layoff!.seat;
  const view = viewOf(state, seat);
  const actions = legalActions(view).actions;
  const layOff = actions.find((a) => a.type === 'layOff')!;
  if (layOff.type !== 'layOff') throw new Error('unreachable');

  it('selecting an unmelded card lights exactly the melds that accept it, with their ends', () => {
    const send = vi.fn<(action: PlayerAction) => void>();
    render(<RoundEndBoard game={view} room={null} names={names} send={send} />);
    expect(screen.getByText(/Your lay-off turn/)).toBeTruthy();
    const card = view.reveal!.seats[seat]!.deadwood!.find(
      (c) => 'id' in c && c.id === layOff.cardId,
    )!;
    const button = screen
      .getAllByRole('button', { pressed: false })
      .find(
        (b) => b.querySelector(`[data-face="${card.rank}${card.suit}"]`) && b.closest('.deadwood'),
      )!;
    fireEvent.click(button);
    const expected = layOffTargets(actions, layOff.cardId);
    const lit = Array.from(document.querySelectorAll('.meld.lit')).map((el) =>
      el.getAttribute('data-meld'),
    );
    expect(new Set(lit)).toEqual(new Set(expected.keys()));
    expect(lit).toContain(meldKey(layOff.target.seat, layOff.target.meld));
    // No own meld is ever a target.
    for (const key of lit) expect(key!.startsWith(`${seat}:`)).toBe(false);
    const meld = document.querySelector(
      `[data-meld="${meldKey(layOff.target.seat, layOff.target.meld)}"]`,
    )!;
    // Its button names whose meld it is.
    const owner = names[layOff.target.seat]!;
    expect(meld.querySelector('.lay-off-button')!.getAttribute('aria-label')).toContain(
      `: ${owner}’s `,
    );
    fireEvent.click(meld.querySelector('.lay-off-button')!);
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'layOff', cardId: layOff.cardId, target: layOff.target }),
    );
  });

  afterEach(() => store.set({ selection: null }));

  it('Escape cancels the card picked to lay off, as it cancels a pick on a turn', () => {
    render(<Table game={view} room={roomOf(names)} />);
    const lit = () => document.querySelectorAll('.meld.lit').length;
    const pressed = () => document.querySelectorAll('.deadwood [aria-pressed="true"]').length;
    const card = document.querySelector<HTMLButtonElement>('.deadwood .hand-card.playable')!;
    fireEvent.click(card);
    expect(pressed()).toBe(1);
    expect(lit()).toBeGreaterThan(0);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(pressed()).toBe(0);
    expect(lit()).toBe(0);
    expect(document.querySelectorAll('.lay-off-button').length).toBe(0);
    // The card can be picked again.
    fireEvent.click(card);
    expect(pressed()).toBe(1);
  });

  it('pass is always there on your lay-off turn', () => {
    const send = vi.fn<(action: PlayerAction) => void>();
    render(<RoundEndBoard game={view} room={null} names={names} send={send} />);
    const pass = screen.getByRole('button', { name: 'Pass' });
    // Outside the live region that announces whose lay-off turn it is.
    expect(pass.closest('[role="status"]')).toBeNull();
    fireEvent.click(pass);
    expect(send).toHaveBeenCalledWith({ type: 'pass' });
  });

  it('others see the lay-off turn but cannot act, and melds are shown by face only', () => {
    const other = viewOf(state, (seat + 1) % 3);
    render(<RoundEndBoard game={other} room={null} names={names} send={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
    expect(screen.getByText(new RegExp(`${names[seat]} is laying off`))).toBeTruthy();
    expect(document.querySelectorAll('.lay-off-button').length).toBe(0);
  });
});

describe('the round end reveals every field', () => {
  it('a card still face down at the end is marked, in words that never name a hidden card', () => {
    const state = search(
      [],
      3,
      (s) =>
        s.phase === 'roundEnd' &&
        s.round.seats.some((seat) => seat.field.some((slot) => !slot.faceUp)),
    );
    render(
      <RoundEndBoard game={viewOf(state, 'spectator')} room={null} names={names} send={vi.fn()} />,
    );
    const labels = Array.from(document.querySelectorAll('.reveal-field')).map(
      (el) => el.getAttribute('aria-label') ?? '',
    );
    expect(labels.some((label) => label.includes('(turned over at the round’s end)'))).toBe(true);
    // "face down" is how the table names a hidden card (the e2e redaction check looks for it).
    for (const label of labels) expect(label).not.toMatch(/face down/);
    const down = state.round.seats.flatMap((seat) => seat.field.filter((slot) => !slot.faceUp));
    expect(document.querySelectorAll('.reveal-slot.was-down').length).toBe(down.length);
    expect(document.querySelectorAll('.reveal-slot .slot-value').length).toBe(15);
  });
});

describe('why the round ended', () => {
  it('a stall is said as R17b has it: three laps of turns (3 × seats) with no draw from the draw pile and no face-down exchange', () => {
    // Three seats; from the first turn on, each takes the discard pile's top card and discards
    // another, never exchanging.
    let state = playUntil(newGame([], 3, 5), (s) => s.phase === 'turns')!;
    let turns = 0;
    while (state.phase === 'turns') {
      const seat = pendingSeats(state)[0]!;
      const actions = legalActions(viewOf(state, seat)).actions;
      const draw = actions.find((a) => a.type === 'draw' && a.from === 'discardPile');
      if (draw) turns++;
      state = apply(state, seat, draw ?? actions.find((a) => a.type === 'discard')!);
    }
    expect(state.round.reveal?.reason).toBe('stall');
    expect(turns).toBe(9);
    render(
      <RoundEndBoard game={viewOf(state, 'spectator')} room={null} names={names} send={vi.fn()} />,
    );
    expect(document.querySelector('.round-end-head .muted')?.textContent).toBe(
      'Three laps of turns in a row passed with no draw from the draw pile and no face-down exchange.',
    );
  });
});

describe("each hand's points and the totals", () => {
  const pointsOf = (view: GameView) => {
    const { unmount } = render(
      <RoundEndBoard game={view} room={null} names={names} send={vi.fn()} />,
    );
    const texts = Array.from(document.querySelectorAll('.reveal-points')).map(
      (el) => el.textContent,
    );
    unmount();
    return texts;
  };

  it('before the round is scored the totals are said to be the earlier rounds; after, the total', () => {
    const layoff = search(['rivalSets'], 3, (s) => s.phase === 'layoff' && s.round.round >= 2);
    const before = viewOf(layoff, 'spectator');
    const texts = pointsOf(before);
    expect(texts).toHaveLength(3);
    texts.forEach((text, seat) =>
      expect(text).toMatch(new RegExp(`· Earlier rounds ${before.totals[seat]}$`)),
    );
    const scored = playUntil(layoff, (s) => s.phase === 'roundEnd')!;
    const after = viewOf(scored, 'spectator');
    pointsOf(after).forEach((text, seat) => {
      const points = after.reveal!.seats[seat]!.points!;
      expect(text).toBe(`${m.roundEnd.points(points)} · Total ${after.totals[seat]}`);
    });
    // In the first round there are no earlier rounds to show.
    const first = search(['rivalSets'], 3, (s) => s.phase === 'layoff' && s.round.round === 1);
    for (const text of pointsOf(viewOf(first, 'spectator'))) expect(text).not.toMatch(/·/);
  });
});

describe('the ready bar', () => {
  it('names who is awaited as one list, the viewer first as "you"', () => {
    const state = search([], 3, (s) => s.phase === 'roundEnd');
    const bar = (viewer: number | 'spectator') => {
      const { unmount } = render(
        <RoundEndBoard game={viewOf(state, viewer)} room={null} names={names} send={vi.fn()} />,
      );
      const text = document.querySelector('.ready-bar .muted')?.textContent;
      unmount();
      return text;
    };
    expect(bar(1)).toBe('0 of 3 ready · waiting for Ada, you and Cyd');
    expect(bar('spectator')).toBe('0 of 3 ready · waiting for Ada, Bea and Cyd');
    const oneLeft = [0, 1].reduce((s, seat) => {
      const step = applyAction(s, seat, { type: 'ready' });
      if (!step.ok) throw new Error(step.error.code);
      return step.value.state;
    }, state);
    const { unmount } = render(
      <RoundEndBoard game={viewOf(oneLeft, 0)} room={null} names={names} send={vi.fn()} />,
    );
    expect(document.querySelector('.ready-bar .muted')?.textContent).toBe(
      '2 of 3 ready · waiting for Cyd',
    );
    unmount();
  });
});

describe('choosing which melds to show (R19b)', () => {
  const arranging = (state: GameState) =>
    state.phase === 'arrange' &&
    state.round.reveal!.seats.some((seat) => seat.chosen === null && seat.options.length > 1);
  const state = search(['rivalSets'], 3, arranging, 'casual');
  const seat = state.round.reveal!.seats.findIndex(
    (s) => s.chosen === null && s.options.length > 1,
  );
  const view = viewOf(state, seat);

  it('the option picked is the arrangement sent, and the first is preselected', () => {
    const send = vi.fn<(action: PlayerAction) => void>();
    render(<RoundEndBoard game={view} room={null} names={names} send={send} />);
    const radios = screen.getAllByRole('radio');
    const options = view.reveal!.seats[seat]!.options;
    expect(radios).toHaveLength(options.length);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    fireEvent.click(radios[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Show these melds' }));
    const ids = (melds: (typeof options)[number]) =>
      melds.map((meld) => meld.cards.map((card) => ('id' in card ? card.id : '')));
    expect(send).toHaveBeenCalledWith({ type: 'arrange', melds: ids(options[1]!) });
  });
});
