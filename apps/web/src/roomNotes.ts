import type { RoomView } from '@trepenta/protocol';
import { m } from './messages';

/**
 * Who came, who went and who hosts now, between two views of one room, as sentences for the move
 * log and the screen reader (the seats and member list show the result; these say it happened).
 */
export function membershipNotes(before: RoomView, after: RoomView, me: string | null): string[] {
  const notes: string[] = [];
  const was = new Set(before.members.map((member) => member.id));
  const is = new Set(after.members.map((member) => member.id));
  for (const member of after.members) {
    if (was.has(member.id) || member.id === me) continue;
    notes.push(
      member.seat === null
        ? m.lobby.joinedToWatch(member.nickname)
        : m.lobby.joinedToPlay(member.nickname),
    );
  }
  // Fewer seats: the players of the seats taken away watch now.
  for (const member of after.members) {
    const seat = before.members.find((earlier) => earlier.id === member.id)?.seat ?? null;
    if (seat === null || seat < after.seatCount || member.seat !== null) continue;
    // A host who took away their own seat was asked, and needs no telling.
    if (member.id === me) {
      if (!member.host) notes.push(m.lobby.yourSeatRemoved);
    } else notes.push(m.lobby.seatRemoved(member.nickname));
  }
  const playing = after.status === 'playing' || after.status === 'starting';
  for (const member of before.members) {
    if (is.has(member.id) || member.id === me) continue;
    notes.push(
      playing && member.seat !== null
        ? m.lobby.leftGame(member.nickname, member.seat)
        : m.lobby.leftRoom(member.nickname),
    );
  }
  if (after.hostId !== null && after.hostId !== before.hostId) {
    const host = after.members.find((member) => member.id === after.hostId);
    if (host) notes.push(host.id === me ? m.lobby.youHost : m.lobby.newHost(host.nickname));
  }
  return notes;
}

/** The name each seat goes by on this table. */
export function seatNames(room: RoomView | null, seatCount: number): string[] {
  return Array.from({ length: seatCount }, (_, seat) => {
    const info = room?.seats[seat];
    if (info?.nickname) return info.nickname;
    if (info?.kind === 'bot' && info.botLevel) return `${m.botName(info.botLevel)} ${seat + 1}`;
    return m.lobby.seatN(seat);
  });
}
