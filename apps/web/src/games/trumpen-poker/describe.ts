/** Poker's events in a player's words, for the log and the live region. */
import { CATEGORY_NAMES } from '@trepenta/trumpen';
import type { PokerEvent } from '@trepenta/trumpen';
import type { Viewer } from '@trepenta/engine';
import type { Described } from '../types';
import { cardsShort, listNames } from '../trumpen/words';

export function describePoker(
  event: PokerEvent,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const line = (text: string, news = true): Described[] => [{ text, own: false, news }];
  switch (event.type) {
    case 'writingOpened':
      return line(`Round ${event.round}: everyone writes a hand of five.`);
    case 'done':
      return line(
        `${name(event.seat)} ${event.seat === viewer ? 'are' : 'is'} done.`,
        event.seat !== viewer,
      );
    case 'withdrawn':
      return line(`${name(event.seat)} took back Done.`, event.seat !== viewer);
    case 'timedOut':
      return line('Time is up.');
    case 'closed':
      return line(
        event.standIn.length > 0
          ? `Hands locked; the stand-in completed ${listNames(event.standIn.map(name))}.`
          : 'Hands locked.',
      );
    case 'level': {
      const { level } = event;
      const category = CATEGORY_NAMES[level.category];
      if (level.declarers.length === 0) return line(`No ${category}.`, false);
      const parts = [
        `${category[0]!.toUpperCase()}${category.slice(1)}: ${listNames(level.declarers.map(name))}.`,
      ];
      for (const match of level.matches)
        parts.push(
          `${name(match.seat)} show${match.seat === viewer ? '' : 's'} ${cardsShort(match.cards)}.`,
        );
      if (level.eliminated.length > 0) parts.push(`${listNames(level.eliminated.map(name))} out.`);
      return line(parts.join(' '));
    }
    case 'roundEnded':
      return line(
        event.decidedAt === null
          ? `Round ${event.round}: everyone was out, no points.`
          : `Round ${event.round}: ${listNames(event.winners.map(name))} score${event.winners.length === 1 && event.winners[0] !== viewer ? 's' : ''} ${event.points[event.winners[0]!]} with a ${CATEGORY_NAMES[event.decidedAt]}.`,
      );
    case 'ready':
      return line(`${name(event.seat)} ${event.seat === viewer ? 'are' : 'is'} ready.`, false);
    case 'gameOver':
      return line(
        event.abandoned
          ? 'The game was stopped.'
          : `Game over: ${listNames(event.winners.map(name))} win${event.winners.length === 1 && event.winners[0] !== viewer ? 's' : ''}.`,
      );
  }
}
