/**
 * Round trips at the table (TrumPen Speed's S7): each seat's measured round trip beside its name,
 * read out in words; "away" for a dropped player (never their last number); nothing for a bot or
 * an unmeasured player. The app answers the server's pings at once and takes room:latency into
 * the room it holds.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { RoomView } from '@trepenta/protocol';
import { RoundTrip } from '../src/table/RoundTrip';
import { roomOf } from './fixtures';

const fake = await vi.hoisted(async () => (await import('./fake-socket')).fakeSocket());
vi.mock('socket.io-client', () => ({ io: fake.io }));
const { connection } = await import('../src/net');
const { store } = await import('../src/store');

type Seat = RoomView['seats'][number];
const ada: Seat = roomOf(['Ada']).seats[0]!;

function shown(seat: Seat): string {
  const { container } = render(
    <span>
      Ada
      <RoundTrip seat={seat} />
    </span>,
  );
  return container.textContent ?? '';
}

describe('a seat’s round trip beside its name', () => {
  it('a measured player: “Ada · 42 ms”, read out as the round trip in milliseconds', () => {
    expect(shown({ ...ada, rttMs: 42 })).toBe('Ada · 42 ms, round trip 42 milliseconds');
    expect(screen.getByText(', round trip 42 milliseconds').className).toBe('sr-only');
    expect(screen.getByText('· 42 ms').getAttribute('aria-hidden')).toBe('true');
  });

  it('a dropped player shows away, not the number measured before', () => {
    expect(shown({ ...ada, connected: false, awaySince: 1, rttMs: 42 })).toBe('Ada · away');
  });

  it('a bot, an empty seat and a player not measured yet show nothing', () => {
    const bot: Seat = { ...ada, kind: 'bot', memberId: null, nickname: null, botLevel: 'greedy' };
    expect(shown(bot)).toBe('Ada');
    expect(shown({ ...ada, kind: 'empty', memberId: null, nickname: null })).toBe('Ada');
    expect(shown({ ...ada, rttMs: null })).toBe('Ada');
  });
});

describe('round trips on the wire', () => {
  it('a ping is answered at once, and room:latency updates the seats of the room held', () => {
    connection();
    let answered = 0;
    fake.socket.fire('room:ping', () => answered++);
    expect(answered).toBe(1);

    store.set({ code: 'BCDFGH', room: roomOf(['Ada', 'Ben']) });
    fake.socket.fire('room:latency', { code: 'BCDFGH', rttMs: [42, null] });
    expect(store.get().room?.seats.map((seat) => seat.rttMs)).toEqual([42, null]);
    // Another room's, or one whose seats no longer match, changes nothing.
    fake.socket.fire('room:latency', { code: 'ZZZZZZ', rttMs: [7, 7] });
    fake.socket.fire('room:latency', { code: 'BCDFGH', rttMs: [7, 7, 7] });
    expect(store.get().room?.seats.map((seat) => seat.rttMs)).toEqual([42, null]);
  });
});
