/** Trick Taking's events in a player's words, for the log and the live region. */
import type { TricksEvent } from '@trepenta/trumpen';
import type { Viewer } from '@trepenta/engine';
import type { Described } from '../types';
import { SUIT_SYMBOL, cardShort, listNames } from '../trumpen/words';

export function describeTricks(
  event: TricksEvent,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const line = (text: string, news = true): Described[] => [{ text, own: false, news }];
  switch (event.type) {
    case 'writingOpened':
      return line(`Round ${event.round}: everyone writes three numbers.`);
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
          ? `Numbers locked; the stand-in completed ${listNames(event.standIn.map(name))}.`
          : 'Numbers locked.',
      );
    case 'trickStarted':
      return line(
        `Trick ${event.trick}: ${name(event.leader)} ${event.leader === viewer ? 'lead' : 'leads'}.`,
        false,
      );
    case 'played':
      return line(
        `${name(event.seat)} ${event.seat === viewer ? 'play' : 'plays'} ${cardShort(event.card)}${event.leadChanged ? `: the lead suit is now ${SUIT_SYMBOL[event.lead]}` : ''}.`,
        event.seat !== viewer,
      );
    case 'passed':
      return line(`${name(event.seat)} cannot play: pass, ${event.points}.`);
    case 'completed':
      return line(
        `${name(event.seat)} completed ${[event.number ? `the number ${cardShort({ value: event.card.value, suit: null })}` : '', event.suit ? `the suit ${SUIT_SYMBOL[event.card.suit]}` : ''].filter(Boolean).join(' and ')}: ${event.points > 0 ? '+' : ''}${event.points}.`,
      );
    case 'trickWon':
      return line(
        event.winner === null
          ? 'Everyone passed: nobody wins the trick.'
          : `${name(event.winner)} ${event.winner === viewer ? 'win' : 'wins'} the trick: +${event.points}.`,
      );
    case 'roundEnded':
      return line(
        `Round ${event.round} over: ${event.points.map((p, s) => `${name(s)} ${p > 0 ? '+' : ''}${p}`).join(', ')}.`,
      );
    case 'ready':
      return line(`${name(event.seat)} ${event.seat === viewer ? 'are' : 'is'} ready.`, false);
    case 'gameOver':
      return line(
        event.abandoned
          ? 'The game was stopped.'
          : `Game over: ${listNames(event.winners.map(name))} ${event.winners.length === 1 && event.winners[0] !== viewer ? 'wins' : 'win'}.`,
      );
  }
}
