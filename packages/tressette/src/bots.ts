/** What a seat may do from its own view, and the bots (T24), deciding from that view only. */
import { botRandom } from '@trepenta/engine';
import type { BotLevel, BotPace, LegalActions } from '@trepenta/engine';
import { SUITS, STRENGTH, cardOf, strength, suitOf, thirds } from './cards';
import type { Card, Suit } from './cards';
import type { TressetteAction } from './actions';
import { playable } from './game';
import { partyOf } from './state';
import type { TressetteView } from './views';

export function legalActions(view: TressetteView): LegalActions<TressetteAction> {
  const seat = view.viewer;
  if (typeof seat !== 'number') return { actions: [], spaces: [] };
  if (view.phase === 'play' && view.turn === seat && view.cards) {
    const actions = playable(view.cards, view.trick).map((card): TressetteAction => ({
      type: 'play',
      card,
    }));
    return { actions, spaces: [] };
  }
  if (view.phase === 'between' && !view.seats[seat]!.ready)
    return { actions: [{ type: 'ready' }], spaces: [] };
  return { actions: [], spaces: [] };
}

const suitIndex = (card: Card) => SUITS.indexOf(suitOf(card));
/** T24's tie-breaks: the weaker card, then suit order. */
const weakerFirst = (a: Card, b: Card) => strength(a) - strength(b) || suitIndex(a) - suitIndex(b);
const weakest = (cards: readonly Card[]) => [...cards].sort(weakerFirst)[0]!;
const lowestValue = (cards: readonly Card[]) =>
  [...cards].sort((a, b) => thirds(a) - thirds(b) || weakerFirst(a, b))[0]!;
const highestValue = (cards: readonly Card[]) =>
  [...cards].sort((a, b) => thirds(b) - thirds(a) || weakerFirst(a, b))[0]!;

/** The suit with most cards in `cards`; equally long suits go by suit order. */
function longestSuit(cards: readonly Card[]): Suit {
  let best: Suit = suitOf(cards[0]!);
  let most = 0;
  for (const suit of SUITS) {
    const length = cards.filter((card) => suitOf(card) === suit).length;
    if (length > most) {
      best = suit;
      most = length;
    }
  }
  return best;
}

/**
 * T24: a card is master when every stronger card of its suit has been played (earlier or in this
 * trick) or is in the bot's own hand.
 */
function isMaster(card: Card, gone: readonly Card[], hand: readonly Card[]): boolean {
  const suit = suitOf(card);
  return STRENGTH.map((rank) => cardOf(suit, rank))
    .filter((other) => strength(other) > strength(card))
    .every((stronger) => gone.includes(stronger) || hand.includes(stronger));
}

/** T24: the greedy bot's card for the seat whose turn it is. */
export function greedyCard(view: TressetteView): Card {
  const seat = view.viewer as number;
  const hand = view.cards!;
  const n = view.seatCount;
  const master = (card: Card) => isMaster(card, view.gone, hand);
  const led = view.trick[0];
  if (!led) {
    const masters = hand.filter(master);
    if (masters.length > 0) return highestValue(masters);
    const suit = longestSuit(hand);
    return weakest(hand.filter((card) => suitOf(card) === suit));
  }
  const suit = suitOf(led.card);
  const winning = view.trick.reduce((best, play) =>
    suitOf(play.card) === suit && strength(play.card) > strength(best.card) ? play : best,
  );
  const last = view.trick.length === n - 1;
  const partnerWinning =
    n === 4 && winning.seat !== seat && partyOf(winning.seat, n) === partyOf(seat, n);
  const partnerHolds = partnerWinning && (master(winning.card) || last);
  const following = hand.filter((card) => suitOf(card) === suit);
  if (following.length > 0) {
    if (partnerHolds) return highestValue(following);
    if (partnerWinning) return weakest(following);
    const beating = following.filter((card) => strength(card) > strength(winning.card));
    if (beating.length > 0) {
      if (last) return weakest(beating);
      const masters = beating.filter(master);
      return masters.length > 0 ? weakest(masters) : lowestValue(following);
    }
    return lowestValue(following);
  }
  if (partnerHolds) return highestValue(hand);
  const longest = longestSuit(hand);
  return lowestValue(hand.filter((card) => suitOf(card) === longest));
}

export function chooseBot(
  view: TressetteView,
  level: BotLevel,
  seed: number,
): TressetteAction | null {
  const { actions } = legalActions(view);
  if (actions.length === 0) return null;
  if (actions[0]!.type === 'ready') return actions[0]!;
  if (level === 'random') return actions[Math.floor(botRandom(seed)() * actions.length)]!;
  return { type: 'play', card: greedyCard(view) };
}

/** T24: the same pause whatever the bot holds; Ready at once. */
export function botPace(view: TressetteView): BotPace {
  return view.phase === 'play' ? 'think' : 'instant';
}
