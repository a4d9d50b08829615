/**
 * Others' plays fly in from their seat to the stack they landed on (UX: "plays fly in live from
 * everyone"). The card already on the stack is moved, not a copy: it starts over the player's seat
 * and glides home, transform and opacity only. The viewer's own plays show at once (the optimistic
 * card), and reduced motion shows every play in place.
 */
import type { SpeedEvent } from '@trepenta/trumpen';
import type { Viewer } from '@trepenta/engine';

export const FLIGHT_MS = 300;

/** The stack's top card; the optimistic card sits deeper, inside its own wrapper. */
export function stackTopSelector(stack: 0 | 1): string {
  return `.sp-stack[data-stack="${stack}"] > .tp-card`;
}

/** The seats are listed in seat order, one item each. */
function seatSelector(seat: number): string {
  return `.tp-seats > li:nth-child(${seat + 1})`;
}

function centre(rect: DOMRect): { x: number; y: number } {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** Flies each play another seat made in these events; returns the animations started. */
export function flyPlays(
  events: readonly SpeedEvent[],
  viewer: Viewer,
  root: ParentNode = document,
): Animation[] {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced) return [];
  return events.flatMap((event) => {
    if (event.type !== 'played' || event.seat === viewer) return [];
    const card = root.querySelector<HTMLElement>(stackTopSelector(event.stack));
    const seat = root.querySelector<HTMLElement>(seatSelector(event.seat));
    if (!card || !seat || typeof card.animate !== 'function') return [];
    const from = centre(seat.getBoundingClientRect());
    const to = centre(card.getBoundingClientRect());
    const start = `translate(${from.x - to.x}px, ${from.y - to.y}px) scale(0.6)`;
    return [
      card.animate(
        [
          { transform: start, opacity: 0.5 },
          { transform: 'none', opacity: 1 },
        ],
        { duration: FLIGHT_MS, easing: 'cubic-bezier(.2,.7,.3,1)' },
      ),
    ];
  });
}
