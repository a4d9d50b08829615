import { useEffect } from 'react';
import type { Location, MoveView } from '@trepenta/rules';
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

function rectOf(location: Location): DOMRect | null {
  const el = document.querySelector(selectorFor(location));
  if (!el) return null;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 ? rect : null;
}

/**
 * Card moves fly from where they left to where they landed (150–250 ms); with reduced motion a
 * fade. The flying card shows only what the event showed this viewer (a back when hidden).
 */
export function Flights() {
  useEffect(
    () =>
      onFlights((moves: readonly MoveView[]) => {
        const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        moves.forEach((move, index) => {
          const from = rectOf(move.from);
          const to = rectOf(move.to);
          if (!from || !to || typeof document.body.animate !== 'function') return;
          const ghost = document.createElement('div');
          ghost.className = 'flight';
          ghost.setAttribute('aria-hidden', 'true');
          ghost.innerHTML = CardFaceHtml(move.card);
          const width = Math.min(64, Math.max(36, to.width));
          ghost.style.width = `${width}px`;
          const start = {
            x: from.left + from.width / 2 - width / 2,
            y: from.top + from.height / 2 - (width * 1.4) / 2,
          };
          const end = {
            x: to.left + to.width / 2 - width / 2,
            y: to.top + to.height / 2 - (width * 1.4) / 2,
          };
          document.body.appendChild(ghost);
          const frames = reduced
            ? [
                { transform: `translate(${end.x}px, ${end.y}px)`, opacity: 0 },
                { transform: `translate(${end.x}px, ${end.y}px)`, opacity: 1, offset: 0.4 },
                { transform: `translate(${end.x}px, ${end.y}px)`, opacity: 0 },
              ]
            : [
                { transform: `translate(${start.x}px, ${start.y}px) scale(1)`, opacity: 1 },
                { transform: `translate(${end.x}px, ${end.y}px) scale(1)`, opacity: 0.9 },
              ];
          const animation = ghost.animate(frames, {
            duration: reduced ? 300 : 230,
            delay: index * 90,
            easing: 'cubic-bezier(.2,.7,.3,1)',
            fill: 'backwards',
          });
          animation.onfinish = () => ghost.remove();
          animation.oncancel = () => ghost.remove();
        });
      }),
    [],
  );
  return null;
}
