/**
 * R23 at the table: the host's offer to hand an away player's seat to the stand-in counts down to
 * the time the server takes it (`handOverAt`), and only the host sees it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { RoomView } from '@trepenta/protocol';
import { SeatPanel } from '../src/games/trepenta/parts';
import { AwayNote } from '../src/table/HandOver';
import { store } from '../src/store';
import { newGame, roomOf, viewOf } from './fixtures';

const NOW = 1_700_000_100_000;

/** Ana (host, seat 0) and Ben (seat 1), mid-game; Ben is away when `handOverAt` is given. */
function room(handOverAt: number | null): RoomView {
  const away = handOverAt !== null;
  const base = roomOf(['Ana', 'Ben']);
  return roomOf(['Ana', 'Ben'], {
    seats: base.seats.map((seat) =>
      seat.seat === 1 && away
        ? { ...seat, connected: false, awaySince: NOW - 5_000, handOverAt }
        : seat,
    ),
    members: base.members.map((member) =>
      member.seat === 1 ? { ...member, connected: !away } : member,
    ),
    revision: 7,
  });
}

const game = viewOf(newGame([], 2, 3), 0);

function benPanel(view: RoomView, isHost: boolean) {
  return render(
    <SeatPanel
      game={game}
      room={view}
      seat={game.seats[1]!}
      name="Ben"
      controls={null}
      compact={false}
      isHost={isHost}
    />,
  );
}

describe('R23: handing an away seat to the stand-in', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down while the server would refuse, then offers the hand-over', () => {
    benPanel(room(NOW + 25_000), true);
    expect(screen.getByText(/away · seat held/)).toBeTruthy();
    const button = screen.getByRole('button', { name: /^Let the stand-in play/ });
    expect(button.textContent).toBe('Let the stand-in play (in 0:25)');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(button.textContent).toBe('Let the stand-in play (in 0:15)');
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(button.textContent).toBe('Let the stand-in play');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('is not offered to others than the host, nor for a connected player', () => {
    benPanel(room(NOW - 1), false);
    expect(screen.queryByRole('button', { name: /stand-in/ })).toBeNull();
    benPanel(room(null), true);
    expect(screen.queryByRole('button', { name: /stand-in/ })).toBeNull();
  });
});

describe('R23 at any game’s table: the frame’s note for seats that do not show it', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    store.set({ you: null });
  });

  it('says who is away with their seat held, and gives the host the hand-over once due', () => {
    store.set({ you: { memberId: 'm1', token: 't'.repeat(43), seat: 0, host: true } });
    render(<AwayNote room={room(NOW - 1)} me={0} />);
    expect(screen.getByRole('status').textContent).toContain('Ben is away; their seat is held.');
    const button = screen.getByRole('button', { name: 'Let the stand-in play' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('gives others the note without the button, and says nothing while everyone is here', () => {
    store.set({ you: { memberId: 'm2', token: 't'.repeat(43), seat: 1, host: false } });
    const { container } = render(<AwayNote room={room(null)} me={1} />);
    expect(container.textContent).toBe('');
    render(<AwayNote room={room(NOW - 1)} me={0} />);
    expect(screen.getByText(/Ben is away/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /stand-in/ })).toBeNull();
  });
});
