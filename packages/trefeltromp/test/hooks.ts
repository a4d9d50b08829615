/**
 * What each viewer may not know (F19), for the contract kit and the property tests: the hidden
 * cards and the secret, and the game's invariants (chips conserved, cards unique, hand sizes).
 */
import type { Viewer } from '@trepenta/engine';
import type { GameState } from '../src/index';
import { startingStack } from '../src/index';

/** Every chip is somewhere: stacks, cash-outs, shares, this call's bets, pots, carry-over. */
export function chipsHeld(state: GameState): number {
  const stacks = state.seats.reduce((sum, s) => sum + s.stack, 0);
  const gone = state.stints.reduce((sum, t) => sum + (t.cashedOut ?? 0) + t.shares, 0);
  const bets = state.hand?.call.bets.reduce((a, b) => a + b, 0) ?? 0;
  const pots = state.hand?.pots.reduce((sum, p) => sum + p.amount, 0) ?? 0;
  const carry = state.carry.reduce((sum, c) => sum + c.amount, 0);
  return stacks + gone + bets + pots + carry;
}

export function chipsBought(state: GameState): number {
  return state.stints.reduce((sum, t) => sum + t.bought, 0);
}

export function invariants(state: GameState): string[] {
  const problems: string[] = [];
  const held = chipsHeld(state);
  const bought = chipsBought(state);
  if (held !== bought) problems.push(`${held} chips held, ${bought} bought in`);
  if (state.seats.some((s) => s.stack < 0)) problems.push('a negative stack');
  const hand = state.hand;
  if (hand) {
    const seen: string[] = [];
    hand.players.forEach((p, seat) => {
      if (!p) return;
      seen.push(...p.cards, ...p.revealed, ...(p.discarded ? [p.discarded] : []));
      if (p.cards.length + p.revealed.length !== 3)
        problems.push(`seat ${seat} holds a wrong count`);
    });
    if (new Set(seen).size !== seen.length) problems.push('a card twice');
    if (hand.pots.some((p) => p.amount <= 0 || (hand.stage !== 'call' && p.eligible.length < 2)))
      problems.push('an empty pot or one with fewer than two eligible');
  }
  if (state.phase === 'over' && state.stints.length > 0) {
    const results = state.stints.reduce(
      (sum, t) => sum + (t.cashedOut ?? state.seats[t.seat]!.stack) + t.shares - t.bought,
      0,
    );
    if (results !== 0) problems.push(`results sum to ${results}`);
  }
  void startingStack;
  return problems;
}

/** Cards the viewer may not know now: others' hands, the deck, others' locks, discards and unshown cards. */
export function secretsFor(state: GameState, viewer: Viewer): string[] {
  if (state.phase === 'over') return [];
  const out: string[] = [...state.randomness.secrets];
  const hand = state.hand;
  if (hand) {
    hand.players.forEach((p, seat) => {
      if (!p || seat === viewer) return;
      out.push(...p.cards);
      if (p.discarded) out.push(p.discarded);
    });
    out.push(...hand.deck.slice(hand.next));
  } else if (state.lastHand) {
    state.lastHand.unshown.forEach((cards, seat) => {
      if (seat !== viewer && state.lastHand!.shown[seat] === null) out.push(...cards);
    });
  }
  return out;
}

/** States the viewer cannot tell apart: another seat's hidden card swapped with one in the deck. */
export function indistinguishable(
  state: GameState,
  viewer: Viewer,
  random: () => number,
): GameState[] {
  const hand = state.hand;
  if (!hand || state.phase !== 'hand') return [];
  const others = hand.players.flatMap((p, s) =>
    p && s !== viewer && p.cards.length > 0 ? [s] : [],
  );
  if (others.length === 0 || hand.next >= hand.deck.length) return [];
  const seat = others[Math.floor(random() * others.length)]!;
  const p = hand.players[seat]!;
  const x = p.cards[Math.floor(random() * p.cards.length)]!;
  const at = hand.next + Math.floor(random() * (hand.deck.length - hand.next));
  const y = hand.deck[at]!;
  const swap = (c: string) => (c === x ? y : c);
  const deck = hand.deck.map((c) => (c === x ? y : c === y ? x : c));
  const players = hand.players.map((q, s) =>
    s === seat && q
      ? {
          ...q,
          cards: q.cards.map(swap),
          lock: q.lock === null ? null : swap(q.lock),
          draw: q.draw?.card ? { card: swap(q.draw.card) } : q.draw,
        }
      : q,
  );
  const altered: GameState[] = [{ ...state, hand: { ...hand, deck, players } }];
  // A lock placed but not yet flipped: another card of the same hand.
  if (p.lock !== null && p.cards.length > 1) {
    const other = p.cards.find((c) => c !== p.lock)!;
    altered.push({
      ...state,
      hand: {
        ...hand,
        players: hand.players.map((q, s) => (s === seat && q ? { ...q, lock: other } : q)),
      },
    });
  }
  return altered;
}

/**
 * A proven bound on a session's actions up to its close and the hand in play: per call, each seat
 * acts once per full raise (at least two antes each, out of every chip bought) and per all-in.
 */
export function maxActions(closeAfter: number) {
  return (settings: unknown, seats: number): number => {
    const s = settings as { ante: number; startingAntes: number };
    const chips = seats * s.ante * s.startingAntes * (closeAfter + 2);
    const raises = Math.floor(chips / (2 * s.ante)) + seats;
    const perHand = 1 + 3 * seats + 4 * seats * (raises + 1);
    return closeAfter + 2 + perHand;
  };
}
