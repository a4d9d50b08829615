import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { cardText as faceText } from '../src/games/trepenta/describe';
import type { GameState, GameView } from '@trepenta/rules';
import { client } from '../src/games/trepenta/index';
import { RoundEndBoard } from '../src/games/trepenta/RoundEnd';
import { Table } from '../src/games/trepenta/Table';
import { SidePanel } from '../src/table/SidePanel';
import { store } from '../src/store';
import { playUntil, roomOf, search, viewOf } from './fixtures';

const names = ['Ada', 'Bea', 'Cyd'];

/** A Rival Sets round over, with at least one card laid off. */
const laidOff = (s: GameState) =>
  s.phase === 'roundEnd' && (s.round.reveal?.layOffs.length ?? 0) > 0 && s.round.round < 5;

describe('lay-offs explained after the fact (Rival Sets)', () => {
  const state = search(['rivalSets'], 3, laidOff);
  const first = state.round.reveal!.layOffs[0]!;

  it('each laid-off card is marked on the meld it joined with its giver, and the giver says how many', () => {
    const view = viewOf(state, 'spectator');
    render(<RoundEndBoard game={view} room={null} names={names} send={vi.fn()} />);
    const giver = names[first.seat]!;
    const meld = document.querySelector(`[data-meld="${first.target.seat}:${first.target.meld}"]`)!;
    const marked = meld.querySelector(`.laid-off-card[data-giver="${first.seat}"]`)!;
    expect(marked).toBeTruthy();
    expect(marked.textContent).toContain(`from ${giver}`);
    // In words too: "A♣ from Hana" in the meld's name.
    expect(meld.querySelector('[role="img"]')!.getAttribute('aria-label')).toContain(
      `${faceText(first.card)} from ${giver}`,
    );
    const count = state.round.reveal!.seats[first.seat]!.laidOff;
    const seat = document.querySelector(`.reveal-seat[data-seat="${first.seat}"]`)!;
    expect(seat.querySelector('.laid-off-count')!.textContent).toBe(
      `laid off ${count} ${count === 1 ? 'card' : 'cards'}`,
    );
    // Nobody else's seat claims a lay-off it did not make.
    const givers = new Set(state.round.reveal!.layOffs.map((l) => l.seat));
    expect(document.querySelectorAll('.reveal-seat .laid-off-count').length).toBe(givers.size);
  });

  it('a lay-off turn cannot be missed: a banner, the tab title, and the turn sound', () => {
    const layoff = search(['rivalSets'], 3, (s) => s.phase === 'layoff');
    const seat = layoff.round.reveal!.layoff!.seat;
    const view = viewOf(layoff, seat);
    render(<Table game={view} room={roomOf(names)} />);
    const banner = document.querySelector('.banners .banner.layoff.mine')!;
    expect(banner.textContent).toMatch(/Your lay-off turn/);
    expect(document.title).toMatch(/^● Your lay-off turn — /);
    // The turn sound's cue: a lay-off turn right after the viewer's own turn (their discard
    // ended the round) is still a new turn of theirs.
    const ownTurn = {
      ...view,
      phase: 'turns',
      reveal: null,
      turn: { seat, number: 12, step: 'act' },
    } as unknown as GameView;
    expect(client.turnCame(ownTurn, view)).toBe(true);
    expect(client.turnCame(view, view)).toBe(false);
    const other = viewOf(layoff, (seat + 1) % 3);
    expect(client.turnCame(other, other)).toBe(false);
  });
});

describe('finished rounds stay reviewable', () => {
  const ended = search(['rivalSets'], 3, laidOff);
  const next = playUntil(ended, (s) => s.round.round === ended.round.round + 1)!;
  const view = viewOf(next, 1);

  it('the view of the next round still holds the round before, whole', () => {
    const past = view.pastRounds.at(-1)!;
    const reveal = viewOf(ended, 1).reveal!;
    expect(past.round).toBe(ended.round.round);
    expect(past.seats.map((s) => s.points)).toEqual(reveal.seats.map((s) => s.points));
    expect(past.seats.map((s) => s.melds)).toEqual(reveal.seats.map((s) => s.melds));
  });

  it('the side panel has a Rounds tab with every finished round: fields, hands, melds with givers, points', () => {
    store.set({ panelTab: 'log' });
    render(
      <SidePanel
        client={client}
        game={view}
        room={roomOf(names)}
        names={names}
        open={false}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Rounds' }));
    const rounds = document.querySelectorAll('.past-round');
    expect(rounds.length).toBe(view.pastRounds.length);
    const newest = document.querySelector(`.past-round[data-round="${ended.round.round}"]`)!;
    expect(newest.hasAttribute('open')).toBe(true);
    const seats = newest.querySelectorAll('.past-seat');
    expect(seats.length).toBe(3);
    const past = view.pastRounds.at(-1)!;
    seats.forEach((el, i) => {
      expect(el.querySelector('.past-points')!.textContent).toMatch(
        new RegExp(`^${past.seats[i]!.points} points?$`),
      );
    });
    const first = ended.round.reveal!.layOffs[0]!;
    const giver = first.seat === 1 ? 'you' : names[first.seat]!;
    expect(newest.querySelectorAll('.laid-off-card').length).toBe(
      ended.round.reveal!.layOffs.length,
    );
    expect(newest.textContent).toContain(`from ${giver}`);
    expect(newest.querySelectorAll('.reveal-slot').length).toBe(15);
  });

  it('no Rounds tab before a round has finished', () => {
    const start = viewOf(
      search(['rivalSets'], 3, (s) => s.phase === 'turns'),
      0,
    );
    render(
      <SidePanel
        client={client}
        game={start}
        room={roomOf(names)}
        names={names}
        open={false}
        onClose={() => {}}
      />,
    );
    expect(screen.queryByRole('tab', { name: 'Rounds' })).toBeNull();
  });
});
