import { useEffect } from 'react';
import type { Location, MoveView } from '@trepenta/rules';
import { boxOf, fly, reducedMotion } from '../../table/fly';
import { CardFaceHtml } from './cardHtml';

type FlightListener = (moves: readonly MoveView[]) => void;
const flightListeners = new Set<FlightListener>();
function onFlights(listener: FlightListener): () => void {
  flightListeners.add(listener);
  return () => flightListeners.delete(listener);
}

/** The moves of an update, flown once they are on the table (the next frame). */
export function emitFlights(moves: readonly MoveView[]): void {
  if (moves.length === 0) return;
  for (const listener of flightListeners) listener(moves);
}

function selectorFor(location: Location): string {
  switch (location.zone) {
    case 'drawPile':
      return '[data-zone="drawPile"]';
    case 'discardPile':
      return '[data-zone="discardPile"]';
    case 'hand':
      return `[data-hand-seat="${location.seat}"]`;
    case 'field':
      return `[data-field-slot="${location.seat}:${location.position}"]`;
    case 'meld':
      return `[data-meld="${location.seat}:${location.meld}"]`;
  }
}

/**
 * Card moves fly from where they left to where they landed (150–250 ms); with reduced motion a
 * fade. The flying card shows only what the event showed this viewer (a back when hidden).
 */
export function Flights() {
  useEffect(
    () =>
      onFlights((moves: readonly MoveView[]) => {
        const duration = reducedMotion() ? 300 : 230;
        moves.forEach((move, index) => {
          const from = boxOf(selectorFor(move.from));
          const to = boxOf(selectorFor(move.to));
          if (!from || !to) return;
          const ghost = document.createElement('div');
          ghost.innerHTML = CardFaceHtml(move.card);
          const width = Math.min(64, Math.max(36, to.width));
          fly({ ghost, from, to, width, height: width * 1.4, duration, delay: index * 90 });
        });
      }),
    [],
  );
  return null;
}
