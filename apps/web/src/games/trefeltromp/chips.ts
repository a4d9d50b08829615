/**
 * Chips in motion (UX: a pot's share flies over to its winner): antes and bets fly from the seat to
 * the pots, an uncalled bet back, and every pot paid flies to the seat that takes it. Each flight
 * is a small stack of chips with its amount; what flies is what the event told everyone.
 */
import type { EventView } from '@trepenta/trefeltromp';
import { boxOf, fly, reducedMotion } from '../../table/fly';

/** One movement of chips: from a seat to the pots, or from the pots (one of them) to a seat. */
export interface ChipMove {
  readonly seat: number;
  readonly toPot: boolean;
  readonly amount: number;
  /** The pot paid (its place in the middle), when known. */
  readonly pot?: number;
}

/** The chips an update's events move, in order. */
export function chipMoves(events: readonly EventView[]): ChipMove[] {
  return events.flatMap((event): ChipMove[] => {
    if (event.type === 'dealt')
      return event.antes.flatMap((amount, seat) =>
        amount > 0 ? [{ seat, toPot: true, amount }] : [],
      );
    if (event.type === 'acted')
      return event.put > 0 ? [{ seat: event.seat, toPot: true, amount: event.put }] : [];
    if (event.type === 'returned' || event.type === 'potPaid' || event.type === 'foldedToOne')
      return event.amount > 0 ? [{ seat: event.seat, toPot: false, amount: event.amount }] : [];
    if (event.type === 'share' && event.winner !== null && event.amount > 0)
      return [{ seat: event.winner, toPot: false, amount: event.amount, pot: event.pot }];
    return [];
  });
}

/** A stack's travel time, ms (UX: at most 400). */
export const CHIP_FLIGHT_MS = 360;

/** Flies each move's chips (one after another, 80 ms apart); how many flew. */
export function flyChips(moves: readonly ChipMove[]): number {
  const duration = reducedMotion() ? 300 : CHIP_FLIGHT_MS;
  let flown = 0;
  moves.forEach((move, index) => {
    const seat = boxOf(`[data-tft-seat="${move.seat}"]`);
    const pots =
      (move.pot !== undefined ? boxOf(`[data-tft-pot="${move.pot}"]`) : null) ??
      boxOf('[data-tft-pots]');
    if (!seat || !pots) return;
    const ghost = document.createElement('div');
    ghost.className = 'chip-flight';
    ghost.innerHTML =
      '<span class="chip"></span><span class="chip"></span><span class="chip"></span>';
    const label = document.createElement('span');
    label.className = 'chip-amount';
    label.textContent = String(move.amount);
    ghost.appendChild(label);
    const [from, to] = move.toPot ? [seat, pots] : [pots, seat];
    if (fly({ ghost, from, to, width: 44, height: 44, duration, delay: index * 80 })) flown++;
  });
  return flown;
}
