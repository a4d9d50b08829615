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
import { membershipNotes } from '../src/roomNotes';
import { store } from '../src/store';
import { m } from '../src/games/trepenta/messages';

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
    rttMs: null,
  });
  return roomViewSchema.parse({
    code,
    game: 'trepenta',
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

describe('membership notes: who came, who went, who hosts', () => {
  /** roomAt with Ben gone, or a third member (Cleo) added, and the room's status. */
  function variant(
    base: RoomView,
    change: { without?: 'm2'; cleo?: number | null; status?: RoomView['status'] },
  ): RoomView {
    const members = base.members.filter((member) => member.id !== change.without);
    if (change.cleo !== undefined)
      members.push({
        id: 'm3',
        nickname: 'Cleo',
        role: change.cleo === null ? 'spectator' : 'player',
        seat: change.cleo,
        connected: true,
        host: false,
      });
    return { ...base, members, status: change.status ?? base.status };
  }

  it('names newcomers as players or watchers, and who left, the game or the room', () => {
    const before = roomAt(3, 'm1');
    expect(membershipNotes(before, variant(before, { cleo: null }), 'm1')).toEqual([
      'Cleo is watching.',
    ]);
    expect(membershipNotes(before, variant(before, { cleo: 1 }), 'm1')).toEqual([
      'Cleo joined the table.',
    ]);
    expect(membershipNotes(before, variant(before, { without: 'm2' }), 'm1')).toEqual([
      'Ben left the room.',
    ]);
    const playing = variant(before, { status: 'playing' });
    expect(
      membershipNotes(playing, variant(playing, { without: 'm2', status: 'playing' }), 'm1'),
    ).toEqual(['Ben left the game; the stand-in plays seat 2.']);
    // Nothing changed, or only the viewer came: nothing to say.
    expect(membershipNotes(before, roomAt(4, 'm1'), 'm1')).toEqual([]);
    expect(membershipNotes(variant(before, { without: 'm2' }), before, 'm2')).toEqual([]);
  });

  it('says whose seat went with fewer seats, to them as "you" and on screen too', () => {
    const before = roomAt(3, 'm1');
    const fewer: RoomView = {
      ...roomAt(4, 'm1'),
      seatCount: 1,
      seats: before.seats.slice(0, 1),
      members: before.members.map((member) =>
        member.id === 'm2' ? { ...member, seat: null } : member,
      ),
    };
    expect(membershipNotes(before, fewer, 'm1')).toEqual([
      'Ben’s seat was taken away; they are watching.',
    ]);
    expect(membershipNotes(before, fewer, 'm2')).toEqual([m.lobby.yourSeatRemoved]);
    // A host who took their own seat away was asked first: nothing to tell them.
    const hostless: RoomView = {
      ...fewer,
      hostId: 'm2',
      members: fewer.members.map((member) => ({ ...member, host: member.id === 'm2' })),
    };
    expect(membershipNotes(before, hostless, 'm2')).toEqual(['You are the host now.']);
    // Standing up is not losing a seat.
    const stood: RoomView = { ...fewer, seatCount: 2, seats: before.seats };
    expect(membershipNotes(before, stood, 'm1')).toEqual([]);
    joinedAsBen();
    onRoomState(before);
    store.set({ notice: null });
    onRoomState(fewer);
    expect(store.get().notice).toMatchObject({ kind: 'info', text: m.lobby.yourSeatRemoved });
    expect(store.get().you?.seat).toBeNull();
  });

  it('says who hosts now, and says it to the new host as "you"', () => {
    expect(membershipNotes(roomAt(3, 'm1'), roomAt(4, 'm2'), 'm1')).toEqual([
      'Ben is the host now.',
    ]);
    expect(membershipNotes(roomAt(3, 'm1'), roomAt(4, 'm2'), 'm2')).toEqual([
      'You are the host now.',
    ]);
  });

  it('reach the screen reader when a room view is taken, and not for the first view', () => {
    joinedAsBen();
    store.set({ announcement: { id: 0, text: '' } });
    onRoomState(roomAt(3, 'm1'));
    expect(store.get().announcement.text).toBe('');
    onRoomState(variant(roomAt(4, 'm1'), { cleo: null }));
    expect(store.get().announcement.text).toBe('Cleo is watching.');
  });
});
