/** T3, T4, T16, T17: counting a hand in thirds, and when the session ends. */
import type { Seat } from '@trepenta/engine';
import { sortCards, thirds } from './cards';
import type { Card } from './cards';
import type { Declaration, HandScore, PartyScore, Trick } from './state';
import { partyCount, partyOf, partySeats } from './state';

/** T3: the last trick is worth a point, 3 thirds. */
export const LAST_TRICK_THIRDS = 3;

/** T4: fractions are dropped. */
export function pointsOf(thirdsTaken: number): number {
  return Math.floor(thirdsTaken / 3);
}

/** T16: each party's thirds, card points, declarations and hand score. */
export function scoreHand(
  hand: number,
  dealer: Seat,
  seatCount: number,
  tricks: readonly Trick[],
  declarations: readonly Declaration[],
): HandScore {
  const last = tricks[tricks.length - 1];
  const parties: PartyScore[] = Array.from({ length: partyCount(seatCount) }, (_, party) => {
    const won = tricks.filter((trick) => partyOf(trick.winner, seatCount) === party);
    const cards: Card[] = won.flatMap((trick) => trick.plays.map((play) => play.card));
    const cardThirds = cards.reduce((sum, card) => sum + thirds(card), 0);
    const lastTrick = last !== undefined && partyOf(last.winner, seatCount) === party;
    const total = cardThirds + (lastTrick ? LAST_TRICK_THIRDS : 0);
    const declared = declarations
      .filter((d) => partyOf(d.seat, seatCount) === party)
      .reduce((sum, d) => sum + d.points, 0);
    return {
      seats: partySeats(party, seatCount),
      counting: sortCards(cards.filter((card) => thirds(card) > 0)),
      cardThirds,
      lastTrick,
      thirds: total,
      cardPoints: pointsOf(total),
      declarations: declared,
      score: pointsOf(total) + declared,
    };
  });
  return { hand, dealer, parties };
}

/**
 * T17: the winning parties after a hand, or null to deal another. Several at the target: the
 * highest total; equal highest: the one that won this hand's last trick; with 3 seats, if none of
 * them did, more card thirds this hand; still equal, they share.
 */
export function winningParties(
  totals: readonly number[],
  target: number,
  lastTrickParty: number,
  thirdsThisHand: readonly number[],
): number[] | null {
  const parties = totals.map((_, party) => party);
  if (!totals.some((total) => total >= target)) return null;
  const best = Math.max(...totals);
  const top = parties.filter((party) => totals[party] === best);
  if (top.length === 1) return top;
  if (top.includes(lastTrickParty)) return [lastTrickParty];
  const most = Math.max(...top.map((party) => thirdsThisHand[party]!));
  return top.filter((party) => thirdsThisHand[party] === most);
}
