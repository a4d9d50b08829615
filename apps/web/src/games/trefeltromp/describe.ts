/** Trefeltromp's events in a player's words, for the log and the live region. */
import type { Viewer } from '@trepenta/engine';
import type { EventView } from '@trepenta/trefeltromp';
import type { Described } from '../types';
import { REVEAL_NAMES, STREET_NAMES, cardName, chips } from './messages';

export function describeEvent(
  event: EventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const who = (seat: number) => (seat === viewer ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const line = (text: string, own = false, news = true): Described[] => [{ text, own, news }];
  switch (event.type) {
    case 'dealt':
      return [
        {
          text: `Hand ${event.hand}: ${who(event.dealer)} dealt; antes in.`,
          own: false,
          news: true,
        },
        ...(event.cards
          ? [
              {
                text: `Your cards: ${event.cards.map(cardName).join(', ')}.`,
                own: true,
                news: true,
              },
            ]
          : []),
      ];
    case 'acted': {
      const timeout = event.byTimeout ? ' (out of time)' : '';
      const allIn = event.allIn ? ', all-in' : '';
      const text =
        event.move === 'fold'
          ? `${who(event.seat)} folded${timeout}.`
          : event.move === 'check'
            ? `${who(event.seat)} checked${timeout}.`
            : event.move === 'stay'
              ? `${who(event.seat)} stayed on the Fool’s privilege${timeout}.`
              : event.move === 'call'
                ? `${who(event.seat)} called ${chips(event.put)}${allIn}.`
                : `${who(event.seat)} ${event.move === 'bet' ? 'bet' : 'raised to'} ${chips(event.to)}${allIn}.`;
      return line(text, false, event.seat !== viewer);
    }
    case 'returned':
      return line(`${chips(event.amount)} uncalled went back to ${who(event.seat)}.`);
    case 'potPaid':
      return line(`${who(event.seat)} took a pot of ${chips(event.amount)}, alone in it.`);
    case 'foldedToOne':
      return line(`Everyone else folded: ${who(event.seat)} took ${chips(event.amount)}.`);
    case 'callEnded':
      return line(`${STREET_NAMES[event.street]} is over.`, false, false);
    case 'drawChosen':
      return line(`${who(event.seat)} chose for the draw.`, false, event.seat !== viewer);
    case 'drawn':
      return [
        {
          text:
            event.exchanged.length === 0
              ? 'Nobody exchanged a card.'
              : `Exchanged a card: ${event.exchanged.map(who).join(', ')}.`,
          own: false,
          news: true,
        },
        ...(event.mine
          ? [
              {
                text: `You gave ${cardName(event.mine.gave)} and got ${cardName(event.mine.got)}.`,
                own: true,
                news: true,
              },
            ]
          : []),
      ];
    case 'locked':
      return line(
        `${who(event.seat)} rapped twice: a card is locked.`,
        false,
        event.seat !== viewer,
      );
    case 'flipped':
      return line(
        `${REVEAL_NAMES[event.reveal]}: ${event.cards
          .flatMap((c, seat) => (c ? [`${who(seat)} ${cardName(c)}`] : []))
          .join('; ')}.`,
      );
    case 'share':
      return line(
        event.winner === null
          ? `Pot of ${chips(event.size)}: no winner, the pot stays.`
          : `${who(event.winner)} took ${chips(event.amount)} of a pot of ${chips(event.size)}.`,
      );
    case 'privileged':
      return line(`${who(event.seat)} earned the Fool’s privilege for the next call.`);
    case 'handEnded':
      return line(
        event.carry > 0
          ? `Hand ${event.hand} is over; ${chips(event.carry)} carry over to the next hand.`
          : `Hand ${event.hand} is over.`,
      );
    case 'shown':
      return line(`${who(event.seat)} showed ${event.cards.map(cardName).join(', ')}.`);
    case 'ready':
      return line(`${who(event.seat)} is ready.`, false, false);
    case 'satOut':
      return line(`${who(event.seat)} ${event.out ? 'sits out' : 'comes back'}.`);
    case 'rebought':
      return line(`${who(event.seat)} bought ${chips(event.amount)} more.`);
    case 'cashedOut':
      return line(`${who(event.seat)} left with ${chips(event.amount)}.`);
    case 'seated':
      return line(
        event.occupant === null
          ? `Seat ${event.seat + 1} is free.`
          : event.occupant === 'bot'
            ? `A bot sits at seat ${event.seat + 1}.`
            : `${who(event.seat)} sat down at seat ${event.seat + 1}.`,
      );
    case 'closed':
      return line('The host closed the table: the session ends after this hand.');
    case 'ended':
      return line(event.abandoned ? 'The session was abandoned.' : 'The session is over.');
  }
}
