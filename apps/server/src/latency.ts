/**
 * Round trips (TrumPen Speed's S7, for every real-time game): the node that serves a room pings
 * each seated member's sockets every RTT_INTERVAL_MS with an emit the client acknowledges at
 * once, and times the answer on its own clock (a time a client reports is never used). A room
 * shows each seat's median of its last answers; the web table puts it beside the name.
 */
import type { Room } from './room';

/** How many of a socket's latest answers its round trip is the median of. */
const SAMPLES = 5;

/** One socket's round trips: the median of its last answers, none after a ping went unanswered. */
export class RoundTrips {
  private readonly samples: number[] = [];
  /** A ping is on its way: one at a time per socket, so a slow client is not piled up on. */
  waiting = false;

  answered(ms: number): void {
    this.samples.push(ms);
    if (this.samples.length > SAMPLES) this.samples.shift();
  }

  /**
   * No answer within the timeout: the round trip is longer than anything measured before, so the
   * earlier answers no longer say it; the socket shows none until it answers again.
   */
  missed(): void {
    this.samples.length = 0;
  }

  /** The median of the last answers (ms), or null when there are none. */
  get ms(): number | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }
}

/** What the meter needs of a server socket. */
export interface MeasuredSocket {
  readonly data: {
    readonly code: string | null;
    readonly memberId: string | null;
    readonly rtt: RoundTrips;
  };
  timeout(ms: number): {
    emit(event: 'room:ping', answered: (error: Error | null) => void): unknown;
  };
}

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * One round of the meter: what each room's seated members measured so far is shown (`publish` is
 * called for a room whose shown round trips changed), and every such socket with no ping on its
 * way is pinged again. Rooms of games that are not real-time are left alone.
 */
export function measureRoundTrips(
  sockets: Iterable<MeasuredSocket>,
  rooms: ReadonlyMap<string, Room>,
  timeoutMs: number,
  publish: (room: Room) => void,
): void {
  const measured = new Map<Room, Map<string, number>>();
  for (const socket of sockets) {
    const { code, memberId, rtt } = socket.data;
    const room = code === null ? undefined : rooms.get(code);
    if (!room || memberId === null || !room.measuresRoundTrips) continue;
    if ((room.member(memberId)?.seat ?? null) === null) continue;
    let members = measured.get(room);
    if (!members) measured.set(room, (members = new Map<string, number>()));
    // A member with several tabs shows their quickest connection.
    const ms = rtt.ms;
    if (ms !== null) members.set(memberId, Math.min(ms, members.get(memberId) ?? ms));
    if (!rtt.waiting) ping(socket, timeoutMs);
  }
  for (const room of rooms.values()) {
    if (room.showRoundTrips(measured.get(room) ?? NONE)) publish(room);
  }
}

function ping(socket: MeasuredSocket, timeoutMs: number): void {
  const { rtt } = socket.data;
  rtt.waiting = true;
  const sent = performance.now();
  socket.timeout(timeoutMs).emit('room:ping', (error) => {
    rtt.waiting = false;
    if (error) rtt.missed();
    else rtt.answered(performance.now() - sent);
  });
}
