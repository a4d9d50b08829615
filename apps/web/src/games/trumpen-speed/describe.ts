/** Speed's events in a player's words, for the log and the live region (S6: plays said aloud). */
import type { SpeedEvent } from '@trepenta/trumpen';
import type { Viewer } from '@trepenta/engine';
import type { Described } from '../types';
import { cardShort, listNames, valueText } from '../trumpen/words';

const STACK = ['left', 'right'] as const;

export function describeSpeed(
  event: SpeedEvent,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const name = (seat: number) => (seat === viewer ? 'You' : (names[seat] ?? `Seat ${seat + 1}`));
  const verb = (seat: number, you: string, other: string) => (seat === viewer ? you : other);
  const line = (text: string, news = true, own = false): Described[] => [{ text, own, news }];
  switch (event.type) {
    case 'starterWritten':
      return line(
        `${name(event.seat)} ${verb(event.seat, 'wrote', 'wrote')} a starting card${event.value === null ? '' : ` (${valueText(event.value)})`}.`,
        event.seat !== viewer,
      );
    case 'countdown':
      return line(
        event.standIn.length > 0
          ? `The stand-in wrote for ${listNames(event.standIn.map(name))}. Three, two, one…`
          : 'Three, two, one…',
      );
    case 'go':
      return line(
        `Go! The stacks start at ${cardShort(event.bases[0])} and ${cardShort(event.bases[1])}.`,
      );
    case 'written':
      return event.value === null
        ? line(`${name(event.seat)} ${verb(event.seat, 'write', 'writes')} a card.`, false)
        : line(`You write ${valueText(event.value)}.`, false, true);
    case 'placed':
      return line(
        `${name(event.seat)} ${verb(event.seat, 'put', 'puts')} ${valueText(event.value)} on the tableau.`,
        false,
      );
    case 'played':
      return line(
        `${name(event.seat)} ${verb(event.seat, 'play', 'plays')} ${cardShort(event.card)} on the ${STACK[event.stack]} stack.`,
        event.seat !== viewer,
      );
    case 'ended':
      if (event.abandoned) return line('The game was stopped.');
      return line(
        `${event.idle ? 'Nobody played for a while: ' : ''}${listNames((event.places[0] ?? []).map(name))} ${(event.places[0] ?? []).length === 1 && event.places[0]![0] !== viewer ? 'wins' : 'win'}.`,
      );
  }
}
