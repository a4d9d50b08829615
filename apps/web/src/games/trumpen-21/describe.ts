/** 21's events in a player's words, for the log and the live region. */
import type { TwentyOneEventView } from '@trepenta/trumpen';
import type { Viewer } from '@trepenta/engine';
import type { Described } from '../types';
import { listNames, valueText } from '../trumpen/words';

export function describeTwentyOne(
  event: TwentyOneEventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const line = (text: string, news = true): Described[] => [{ text, own: false, news }];
  const verb = (seat: number, you: string, other: string) => (seat === viewer ? you : other);
  switch (event.type) {
    case 'writingOpened':
      return line(`Round ${event.round}: everyone writes four cards.`);
    case 'done':
      return line(
        `${name(event.seat)} ${verb(event.seat, 'are', 'is')} done.`,
        event.seat !== viewer,
      );
    case 'withdrawn':
      return line(`${name(event.seat)} took back Done.`, event.seat !== viewer);
    case 'timedOut':
      return line('Time is up.');
    case 'closed':
      return line(
        event.standIn.length > 0
          ? `Cards locked; the stand-in completed ${listNames(event.standIn.map(name))}.`
          : 'Cards locked.',
      );
    case 'dealStarted':
      return line(`${name(event.starter)} ${verb(event.starter, 'offer', 'offers')} next.`, false);
    case 'offered':
      return [
        {
          text:
            event.value === null
              ? `${name(event.seat)} offers a card face down.`
              : `You offer your ${valueText(event.value)} face down.`,
          own: event.value !== null,
          news: event.seat !== viewer,
        },
      ];
    case 'passed':
      return line(
        `${name(event.seat)} ${verb(event.seat, 'pass', 'passes')}.`,
        event.seat !== viewer,
      );
    case 'taken':
      return line(
        event.allPassed
          ? `Everyone passed: ${name(event.seat)} ${verb(event.seat, 'take', 'takes')} the ${valueText(event.value)}.`
          : `${name(event.seat)} ${verb(event.seat, 'take', 'takes')} it: a ${valueText(event.value)}.`,
      );
    case 'roundEnded':
      return line(
        `Round ${event.round}: ${event.points
          .map((p, seat) => `${name(seat)} ${event.totals[seat]} → ${p}`)
          .join(', ')}.`,
      );
    case 'ready':
      return line(`${name(event.seat)} ${verb(event.seat, 'are', 'is')} ready.`, false);
    case 'gameOver':
      return line(
        event.abandoned
          ? 'The game was stopped.'
          : `Game over: ${listNames(event.winners.map(name))} ${event.winners.length === 1 && event.winners[0] !== viewer ? 'wins' : 'win'}.`,
      );
  }
}
