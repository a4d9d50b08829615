/**
 * What a Tressette viewer may not know (T20), for the contract kit and the wire kit: the hidden
 * cards (other seats' cards not known, the stock) can move without the viewer's view changing,
 * and none of them, nor the secret, may appear in what the viewer receives.
 */
import type { Viewer } from '@trepenta/engine';
import { canonicalDeck, sortCards } from '../src/index';
import type { Card, TressetteSettings, TressetteState } from '../src/index';

/** Each hidden card's place: a seat's hand or the stock. */
type Place = { seat: number } | 'stock';

function hiddenPlaces(state: TressetteState, viewer: Viewer): { place: Place; card: Card }[] {
  if (state.phase !== 'play') return [];
  const hidden: { place: Place; card: Card }[] = [];
  state.hands.forEach((hand, seat) => {
    if (seat === viewer) return;
    for (const card of hand)
      if (!state.known[seat]!.includes(card)) hidden.push({ place: { seat }, card });
  });
  for (const card of state.stock) hidden.push({ place: 'stock', card });
  return hidden;
}

/** The hidden cards, shuffled among their places (a few times), and the stock's order changed. */
export function indistinguishable(
  state: TressetteState,
  viewer: Viewer,
  random: () => number,
): TressetteState[] {
  const hidden = hiddenPlaces(state, viewer);
  const distinct = new Set(hidden.map((h) => (h.place === 'stock' ? -1 : h.place.seat)));
  if (distinct.size < 2 && hidden.filter((h) => h.place === 'stock').length < 2) return [];
  const results: TressetteState[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const cards = hidden.map((h) => h.card);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    let k = 0;
    const hands = state.hands.map((hand, seat) =>
      seat === viewer
        ? hand
        : sortCards(hand.map((card) => (state.known[seat]!.includes(card) ? card : cards[k++]!))),
    );
    const stock = state.stock.map(() => cards[k++]!);
    const other = { ...state, hands, stock };
    if (JSON.stringify(other) !== JSON.stringify(state)) results.push(other);
  }
  return results;
}

export function secretsFor(state: TressetteState, viewer: Viewer): string[] {
  if (state.phase === 'over') return [];
  return [...state.randomness.secrets, ...hiddenPlaces(state, viewer).map((h) => h.card)];
}

/**
 * T17's bound: two parties gain 11 card points a hand (three at least 10), so some party reaches
 * the target T within floor(P (T − 1) / m) + 1 hands; a hand takes its cards' plays and, between
 * hands, at most one Ready per seat (or some Readies and the countdown's end).
 */
export function maxHands(target: number, seatCount: number): number {
  const parties = seatCount === 4 ? 2 : seatCount;
  const least = parties === 3 ? 10 : 11;
  return Math.floor((parties * (target - 1)) / least) + 1;
}

export function maxActions(settings: unknown, seatCount: number): number {
  const hands = maxHands((settings as TressetteSettings).target, seatCount);
  return hands * canonicalDeck(seatCount).length + (hands - 1) * seatCount;
}

/** Cards conserved, hand sizes, scores that add up. */
export function invariants(state: TressetteState): string[] {
  const problems: string[] = [];
  const n = state.seatCount;
  if (state.phase === 'play') {
    const all = [
      ...state.hands.flat(),
      ...state.stock,
      ...state.trick.map((p) => p.card),
      ...state.tricks.flatMap((t) => t.plays.map((p) => p.card)),
    ];
    const deck = canonicalDeck(n);
    if (all.length !== deck.length || new Set(all).size !== deck.length)
      problems.push(`${all.length} cards in play, ${new Set(all).size} distinct`);
    const sizes = state.hands.map((h) => h.length);
    const turnIndex = state.trick.length;
    // Seats that played to this trick hold one card fewer.
    const played = new Set(state.trick.map((p) => p.seat));
    const base = Math.max(...sizes);
    sizes.forEach((size, seat) => {
      if (size !== base - (played.has(seat) && turnIndex < n ? 1 : 0))
        problems.push(`seat ${seat} holds ${size} cards`);
    });
    state.known.forEach((known, seat) => {
      if (!known.every((card) => state.hands[seat]!.includes(card)))
        problems.push(`seat ${seat} has known cards it does not hold`);
    });
  }
  for (const line of state.history) {
    const thirds = line.parties.reduce((sum, p) => sum + p.thirds, 0);
    if (thirds !== 35) problems.push(`hand ${line.hand}: ${thirds} thirds`);
    const points = line.parties.reduce((sum, p) => sum + p.cardPoints, 0);
    if (points !== (n === 3 ? points : 11) || points < 10 || points > 11)
      problems.push(`hand ${line.hand}: ${points} card points`);
  }
  const summed = state.totals.map((_, party) =>
    state.history.reduce((sum, line) => sum + line.parties[party]!.score, 0),
  );
  if (JSON.stringify(summed) !== JSON.stringify(state.totals))
    problems.push(`totals ${JSON.stringify(state.totals)} are not the hands' sum`);
  return problems;
}
