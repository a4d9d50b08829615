/** The lobby's and the home page's controls, as a screen reader names them. */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { Lobby } from '../src/screens/Room';
import { loadedGame } from '../src/games/load';
import { SettingsForm } from '../src/games/trepenta/SettingsForm';
import { store } from '../src/store';
import { roomOf } from './fixtures';

afterEach(() => store.set({ you: null }));

describe('the lobby, for the host', () => {
  it('names each seat’s bot choice by its seat, and its value says whether one sits there', () => {
    store.set({ you: { memberId: 'm1', token: 't'.repeat(43), seat: 0, host: true } });
    const room = roomOf(['Ada', 'Bea', '', ''], { status: 'lobby', gameNumber: 0 });
    const seats = room.seats.map((seat) =>
      seat.seat === 2
        ? {
            ...seat,
            kind: 'bot' as const,
            memberId: null,
            nickname: null,
            botLevel: 'greedy' as const,
          }
        : seat.seat === 3
          ? { ...seat, kind: 'empty' as const, memberId: null, nickname: null }
          : seat,
    );
    render(
      <Lobby
        room={{ ...room, seats, members: room.members.slice(0, 2) }}
        client={loadedGame('trepenta')}
      />,
    );
    const bot = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Seat 3: bot' });
    expect(bot.selectedOptions[0]!.textContent).toBe('Good bot');
    const open = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Seat 4: bot' });
    expect(open.selectedOptions[0]!.textContent).toBe('Add bot');
  });
});

describe('the room settings', () => {
  it('the timers and limits are a group named by their summary', () => {
    render(<SettingsForm value={DEFAULT_SETTINGS} onChange={() => undefined} />);
    fireEvent.click(screen.getByText('Timers and limits'));
    const group = screen.getByRole('group', { name: 'Timers and limits' });
    expect(group.querySelectorAll('input, select')).toHaveLength(5);
  });
});
