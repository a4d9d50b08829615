/**
 * The room view held by the table: pushes and acks can arrive out of order (a join's ack after a
 * `room:state` the server pushed later, when the host role passed on meanwhile), so the table keeps
 * the newest revision and never goes back to an older one.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@trepenta/rules';
import { roomViewSchema } from '@trepenta/protocol';
import type { RoomView } from '@trepenta/protocol';
import { connected, onRoomState } from '../src/net';
import { store } from '../src/store';

/** Ana (m1) and Ben (m2) on two seats; `host` is who holds the host role at `revision`. */
function roomAt(revision: number, host: 'm1' | 'm2', code = 'BCDFGH'): RoomView {
  const member = (id: 'm1' | 'm2', seat: number, nickname: string) => ({
    id,
    nickname,
    role: 'player' as const,
    seat,
    connected: id === 'm2',
    host: host === id,
  });
  const seat = (index: number, memberId: string, nickname: string, connected: boolean) => ({
    seat: index,
    kind: 'human' as const,
    memberId,
    nickname,
    botLevel: null,
    connected,
    standIn: false,
    awaySince: connected ? null : 1_700_000_000_000,
    handOverAt: null,
  });
  return roomViewSchema.parse({
    code,
    status: 'lobby',
    paused: false,
    locked: false,
    settings: DEFAULT_SETTINGS,
    seatCount: 2,
    seats: [seat(0, 'm1', 'Ana', false), seat(1, 'm2', 'Ben', true)],
    members: [member('m1', 0, 'Ana'), member('m2', 1, 'Ben')],
    spectators: 0,
    hostId: host,
    gameNumber: 0,
    commit: null,
    deadline: null,
    revision,
  });
}

function joinedAsBen(): void {
  store.set({
    code: 'BCDFGH',
    room: null,
    you: { memberId: 'm2', token: 't'.repeat(43), seat: 1, host: false },
    game: null,
  });
}

describe('the room view held', () => {
  it('an ack older than a push it arrived after changes nothing: the host stays passed on', () => {
    joinedAsBen();
    onRoomState(roomAt(7, 'm1')); // the push of Ben's return
    onRoomState(roomAt(8, 'm2')); // the push of the host passing on, after the grace period
    onRoomState(roomAt(7, 'm1')); // the join's ack, made before it
    expect(store.get().room?.hostId).toBe('m2');
    expect(store.get().room?.revision).toBe(8);
    expect(store.get().you?.host).toBe(true);
  });

  it('a newer view, or the same revision again, replaces the one held', () => {
    joinedAsBen();
    onRoomState(roomAt(8, 'm2'));
    const again = roomAt(8, 'm2');
    onRoomState(again);
    expect(store.get().room).toBe(again);
    onRoomState(roomAt(9, 'm1'));
    expect(store.get().room?.hostId).toBe('m1');
    expect(store.get().you?.host).toBe(false);
  });

  it('after a reconnection the first view is taken even if older: the server lost a change', () => {
    joinedAsBen();
    onRoomState(roomAt(8, 'm2'));
    connected();
    onRoomState(roomAt(6, 'm1'));
    expect(store.get().room?.revision).toBe(6);
    expect(store.get().you?.host).toBe(false);
    // From then on, older views are dropped again.
    onRoomState(roomAt(5, 'm2'));
    expect(store.get().room?.revision).toBe(6);
  });

  it('a view of another room is not taken into this one', () => {
    joinedAsBen();
    onRoomState(roomAt(3, 'm2'));
    onRoomState(roomAt(50, 'm1', 'KMNPQR'));
    expect(store.get().room?.code).toBe('BCDFGH');
    expect(store.get().room?.revision).toBe(3);
  });
});
