/** Tressette's events in a player's words, for the log and the live region. */
import type { Viewer } from '@trepenta/engine';
import type { TressetteEventView } from '@trepenta/tressette';
import type { Described, LogFold } from '../types';
import { m } from './messages';

export function describeEvent(
  event: TressetteEventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? m.table.you : (names[seat] ?? ''));
  const line = (text: string, news = true): Described[] => [{ text, own: false, news }];
  // T21: the log, like the table, keeps the trick under way and the last one in sight.
  const folding = (text: string, fold: LogFold, news = true): Described[] => [
    { text, own: false, news, fold },
  ];
  switch (event.type) {
    case 'dealt':
      return line(m.log.dealt(event.hand, name(event.dealer)), false);
    case 'played':
      return folding(
        m.log.played(name(event.seat), m.cardShort(event.card), event.seat === viewer),
        'play',
        event.seat !== viewer,
      );
    case 'trick':
      return folding(m.log.trick(name(event.winner), event.winner === viewer), 'step');
    case 'drew':
      return folding(
        m.log.drew(name(event.seat), m.cardShort(event.card), event.seat === viewer),
        'play',
      );
    case 'declared':
      return event.declarations.flatMap((d) =>
        line(m.log.declared(name(d.seat), m.declaration(d), d.seat === viewer)),
      );
    case 'handEnd':
      return folding(
        m.log.handEnd(
          event.score.hand,
          event.score.parties
            .map((p) => `${p.seats.map((s) => names[s] ?? '').join(' & ')} ${p.score}`)
            .join(', '),
        ),
        'round',
      );
    case 'ready':
      return line(m.log.ready(name(event.seat), event.seat === viewer), false);
    case 'ended':
      // A game stopped in the middle of a hand shows that hand's play too.
      return event.abandoned
        ? folding(m.log.abandoned, 'round')
        : folding(m.log.ended(event.winners.map((s) => names[s] ?? '').join(' & ')), 'round');
  }
}
