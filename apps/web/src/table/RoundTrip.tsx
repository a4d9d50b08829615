import type { RoomView } from '@trepenta/protocol';
import { m } from '../messages';

type SeatInfo = RoomView['seats'][number];

/**
 * A seat's round trip beside its name (real-time games, TrumPen Speed's S7): " · 42 ms" as the
 * server measured it, read out as "round trip 42 milliseconds"; " · away" while its player is
 * disconnected (never their last number); nothing for a bot, an empty seat, the stand-in, or a
 * player not measured yet.
 */
export function RoundTrip({ seat }: { seat: SeatInfo | undefined }) {
  if (!seat || seat.kind !== 'human') return null;
  if (!seat.connected) return <span className="rtt rtt-away"> · {m.lobby.away}</span>;
  if (seat.rttMs === null) return null;
  return (
    <span className="rtt">
      <span aria-hidden="true"> · {m.table.roundTrip(seat.rttMs)}</span>
      <span className="sr-only">, {m.table.roundTripSpoken(seat.rttMs)}</span>
    </span>
  );
}
