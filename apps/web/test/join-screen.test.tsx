/** The page a room link opens: what it shows from the room's public summary (GET /api/rooms/:code). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { JoinScreen } from '../src/screens/Room';
import { m } from '../src/games/trepenta/messages';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the join screen', () => {
  it('an unknown room says so, with no way to join', async () => {
    answer(404, { error: 'ROOM_NOT_FOUND', message: 'There is no room with that code.' });
    render(<JoinScreen code="BCDFGH" />);
    expect(await screen.findByText(m.join.notFound)).toBeDefined();
    expect(screen.queryByRole('button', { name: m.join.asPlayer })).toBeNull();
  });

  it('a full lobby says every seat is taken and offers to watch', async () => {
    answer(200, {
      code: 'BCDFGH',
      status: 'lobby',
      locked: false,
      seatCount: 2,
      freeSeats: 0,
      spectators: 0,
      settings: DEFAULT_SETTINGS,
    });
    render(<JoinScreen code="BCDFGH" />);
    expect(await screen.findByText(m.join.full)).toBeDefined();
    expect(screen.queryByRole('button', { name: m.join.asPlayer })).toBeNull();
    expect(screen.getByRole('button', { name: m.join.asSpectator })).toBeDefined();
  });

  it('says whose room it is and who already sits where', async () => {
    answer(200, {
      code: 'BCDFGH',
      game: 'trepenta',
      status: 'lobby',
      locked: false,
      seatCount: 3,
      freeSeats: 1,
      spectators: 0,
      settings: DEFAULT_SETTINGS,
      gameNumber: 0,
      host: 'Hana',
      seats: [
        { kind: 'human', nickname: 'Hana', botLevel: null },
        { kind: 'bot', nickname: null, botLevel: 'greedy' },
        { kind: 'empty', nickname: null, botLevel: null },
      ],
    });
    render(<JoinScreen code="BCDFGH" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hana invites you to play Trepenta' }),
    ).toBeDefined();
    expect(screen.getByText('Room BCDFGH')).toBeDefined();
    const seats = screen.getByRole('region', { name: m.join.seatsTitle });
    expect([...seats.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Seat 1 Hana (host)',
      `Seat 2 ${m.botName('greedy')}`,
      'Seat 3 free',
    ]);
    expect(screen.getByRole('button', { name: m.join.asPlayer })).toBeDefined();
  });

  it.each([
    [429, { error: 'RATE_LIMITED', message: 'Too many requests; slow down a little.' }],
    [503, { error: 'UNAVAILABLE' }],
  ])(
    'a look-up answered %i does not pretend the room is missing: joining stays open',
    async (status, body) => {
      answer(status, body);
      render(<JoinScreen code="BCDFGH" />);
      expect(await screen.findByText(m.join.lookUpFailed)).toBeDefined();
      expect(screen.queryByText(m.join.notFound)).toBeNull();
      expect(screen.getByRole('button', { name: m.join.asPlayer })).toBeDefined();
      expect(screen.getByRole('button', { name: m.join.asSpectator })).toBeDefined();
    },
  );
});
