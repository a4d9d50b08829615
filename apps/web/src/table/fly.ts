/**
 * A table's flights: a ghost drawn over the page that travels from one element's place to
 * another's, then goes. Transform and opacity only, never in the way of a click (the ghost is
 * `.flight`: fixed, no pointer events, hidden from screen readers, which hear the move from the
 * live region). With reduced motion the ghost fades in and out where it lands instead of travelling.
 */

export interface Flight {
  /** The ghost's content (built by the caller from what the viewer may see). */
  readonly ghost: HTMLElement;
  readonly from: DOMRect;
  readonly to: DOMRect;
  /** The ghost's size in px (its height follows its content when not given). */
  readonly width: number;
  readonly height: number;
  /** Travel time in ms (UX: 150–400). */
  readonly duration: number;
  /** Wait before it leaves, in ms (a sequence of flights one after another). */
  readonly delay?: number;
}

/** Whether the viewer asked for reduced motion. */
export function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** An element's box on the screen, if it is drawn (null when absent or hidden). */
export function boxOf(selector: string): DOMRect | null {
  const el = document.querySelector(selector);
  if (!el) return null;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 ? rect : null;
}

/** Flies the ghost; false (and nothing shown) where the browser cannot animate. */
export function fly(flight: Flight): boolean {
  const { ghost, from, to, width, height } = flight;
  if (typeof ghost.animate !== 'function') return false;
  ghost.classList.add('flight');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.style.width = `${width}px`;
  const at = (box: DOMRect) =>
    `translate(${box.left + box.width / 2 - width / 2}px, ${box.top + box.height / 2 - height / 2}px)`;
  document.body.appendChild(ghost);
  const frames = reducedMotion()
    ? [
        { transform: at(to), opacity: 0 },
        { transform: at(to), opacity: 1, offset: 0.4 },
        { transform: at(to), opacity: 0 },
      ]
    : [
        { transform: `${at(from)} scale(1)`, opacity: 1 },
        { transform: `${at(to)} scale(1)`, opacity: 0.9 },
      ];
  const animation = ghost.animate(frames, {
    duration: flight.duration,
    delay: flight.delay ?? 0,
    easing: 'cubic-bezier(.2,.7,.3,1)',
    fill: 'backwards',
  });
  animation.onfinish = () => ghost.remove();
  animation.oncancel = () => ghost.remove();
  return true;
}
