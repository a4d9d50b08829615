import { cardValue } from '@trepenta/rules';
import type { EventView, Face, MoveView, Viewer } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import { m } from '../messages';

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

export function cardText(card: Face | null | undefined): string {
  return card ? m.cardName(card.rank, card.suit) : '?';
}

export interface Described {
  readonly text: string;
  /** Seen only by this viewer. */
  readonly own: boolean;
  /**
   * Worth announcing to a screen reader: done by someone else, or news to this viewer (the card
   * drawn, the card a face-down position held). The viewer's own moves are not read back.
   */
  readonly news: boolean;
}

function moveTo(moves: readonly MoveView[], zone: string): MoveView | undefined {
  return moves.find((move) => move.to.zone === zone);
}

/** A game event in the words a player would use, for the log and the live region. */
export function describeEvent(
  event: EventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const isMe = (seat: number) => seat === viewer;
  const who = (seat: number) => (isMe(seat) ? m.table.you : (names[seat] ?? m.lobby.seatN(seat)));
  const whose = (seat: number) => m.log.whose(who(seat), isMe(seat));
  const line = (text: string, seat: number | null = null, own = false): Described => ({
    text,
    own,
    news: seat === null || !isMe(seat),
  });
  switch (event.type) {
    case 'roundStarted':
      return [line(m.log.roundStarted(event.round, who(event.dealer), isMe(event.dealer)))];
    case 'fieldChosen':
      return [
        isMe(event.seat)
          ? line(m.log.youChose, event.seat)
          : line(m.log.fieldChosen(who(event.seat), event.timedOut), event.seat),
      ];
    case 'turnStarted':
      return [
        isMe(event.seat)
          ? line(m.log.yourTurn, event.seat)
          : line(m.log.turn(who(event.seat), event.final), event.seat),
      ];
    case 'drew': {
      const card = event.moves[0]?.card ?? null;
      if (event.from === 'discardPile')
        return [line(m.log.drewDiscard(who(event.seat), cardText(card)), event.seat)];
      const lines = [line(m.log.drewPile(who(event.seat)), event.seat)];
      if (isMe(event.seat) && card) lines.push(line(m.log.youDrewPile(cardText(card)), null, true));
      return isMe(event.seat) && card ? lines.slice(1) : lines;
    }
    case 'exchanged': {
      const placed = moveTo(event.moves, 'field')?.card ?? null;
      const taken = moveTo(event.moves, 'hand')?.card ?? null;
      // The position's value, which the table shows above it: the placed card's (R12 needs equal).
      const value = placed ? cardValue(placed) : 0;
      const lines = [
        line(m.log.exchanged(who(event.seat), cardText(placed), event.position, value), event.seat),
      ];
      if (isMe(event.seat) && taken)
        lines.push(line(m.log.youTook(cardText(taken), event.position, value), null, true));
      return lines;
    }
    case 'swapped': {
      const placed = moveTo(event.moves, 'field')?.card ?? null;
      const took = moveTo(event.moves, 'hand')?.card ?? null;
      return [
        line(
          m.log.swapped(
            who(event.seat),
            cardText(placed),
            cardText(took),
            whose(event.target.seat),
            event.target.position,
            placed ? cardValue(placed) : 0,
          ),
          event.seat,
        ),
      ];
    }
    case 'discarded':
      return [line(m.log.discarded(who(event.seat), cardText(event.moves[0]?.card)), event.seat)];
    case 'fieldCompleted':
      return [line(m.log.fieldCompleted(who(event.seat), event.finalTurns))];
    case 'reshuffled':
      return [line(m.log.reshuffled(event.count, event.reshuffles))];
    case 'timedOut':
      return [
        line(event.seat === null ? m.log.timedOutTable : m.log.timedOut(who(event.seat)), null),
      ];
    case 'roundEnded':
      return [line(m.log.roundEnded(m.endReason(event.reason)))];
    case 'arrangementsShown':
      return [line(m.log.arrangementsShown)];
    case 'arrangementChosen':
      return [line(m.log.arrangementChosen(who(event.seat)), event.seat)];
    case 'laidOff':
      return [
        line(
          m.log.laidOff(who(event.seat), cardText(event.moves[0]?.card), whose(event.target.seat)),
          event.seat,
        ),
      ];
    case 'passed':
      return [line(m.log.passed(who(event.seat), event.auto), event.seat)];
    case 'roundScored':
      return [line(m.log.roundScored(event.round))];
    case 'ready':
      return [line(m.log.ready(who(event.seat)), event.seat)];
    case 'gameEnded':
      return [
        line(
          event.abandoned
            ? m.log.abandoned
            : m.log.gameEnded(m.score.winner(event.winners.map((s) => who(s)))),
        ),
      ];
  }
}
