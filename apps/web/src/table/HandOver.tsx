import { useState } from 'react';
import type { RoomView } from '@trepenta/protocol';
import { m } from '../messages';
import { requestOrNotify } from '../net';
import { useStore } from '../store';
import { formatSeconds, useNow } from '../ui/common';

/**
 * R23: the host's offer to hand an away player's seat to the stand-in. Shown as soon as the player
 * drops, and usable once the server will take it (`handOverAt`): until then it counts down.
 */
export function HandOverButton({ seat, handOverAt }: { seat: number; handOverAt: number }) {
  const [busy, setBusy] = useState(false);
  const now = useNow(1000);
  const wait = (handOverAt - now) / 1000;
  return (
    <button
      type="button"
      className="small-button"
      disabled={busy || wait > 0}
      onClick={() => {
        setBusy(true);
        void requestOrNotify('room:handOver', { seat }).then(() => setBusy(false));
      }}
    >
      {wait > 0 ? m.table.handOverIn(formatSeconds(wait)) : m.table.handOver}
    </button>
  );
}

/** The seats whose player is away while a game is played, the stand-in not yet playing them. */
export function awaySeats(room: RoomView): RoomView['seats'] {
  if (room.status !== 'playing') return [];
  return room.seats.filter((s) => s.kind === 'human' && !s.connected && !s.standIn);
}

/**
 * For a table whose seats do not show it themselves: who is away with their seat held, and for
 * the host the hand-over (the game waits for an away player when no timer runs).
 */
export function AwayNote({ room, me }: { room: RoomView; me: number | null }) {
  const isHost = useStore((s) => s.you?.host ?? false);
  const away = awaySeats(room).filter((s) => s.seat !== me);
  if (away.length === 0) return null;
  return (
    <div className="banners">
      {away.map((s) => (
        <p key={s.seat} className="banner warn away-note" role="status">
          {m.table.awayHeld(s.nickname ?? m.table.seatName(s.seat))}{' '}
          {isHost && s.handOverAt !== null && (
            <HandOverButton seat={s.seat} handOverAt={s.handOverAt} />
          )}
        </p>
      ))}
    </div>
  );
}
