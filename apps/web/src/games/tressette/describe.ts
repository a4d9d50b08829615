/** Tressette's events in a player's words, for the log and the live region. */
import type { Viewer } from '@trepenta/engine';
import type { TressetteEventView } from '@trepenta/tressette';
import type { Described } from '../types';
import { m } from './messages';

export function describeEvent(
  event: TressetteEventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? m.table.you : (names[seat] ?? ''));
  const line = (text: string, news = true): Described[] => [{ text, own: false, news }];
  switch (event.type) {
    case 'dealt':
      return line(m.log.dealt(event.hand, name(event.dealer)), false);
    case 'played':
      return line(
        m.log.played(name(event.seat), m.cardShort(event.card), event.seat === viewer),
        event.seat !== viewer,
      );
    case 'trick':
      return line(m.log.trick(name(event.winner), event.winner === viewer));
    case 'drew':
      return line(m.log.drew(name(event.seat), m.cardShort(event.card), event.seat === viewer));
    case 'declared':
      return event.declarations.flatMap((d) =>
        line(m.log.declared(name(d.seat), m.declaration(d), d.seat === viewer)),
      );
    case 'handEnd':
      return line(
        m.log.handEnd(
          event.score.hand,
          event.score.parties
            .map((p) => `${p.seats.map((s) => names[s] ?? '').join(' & ')} ${p.score}`)
            .join(', '),
        ),
      );
    case 'ready':
      return line(m.log.ready(name(event.seat), event.seat === viewer), false);
    case 'ended':
      return event.abandoned
        ? line(m.log.abandoned)
        : line(m.log.ended(event.winners.map((s) => names[s] ?? '').join(' & ')));
  }
}
