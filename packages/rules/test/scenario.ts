/**
 * State-building helpers for rule scenarios (test/rulings.test.ts).
 *
 * A scenario starts from a real game (createGame with test randomness, every field chosen), then
 * rearranges the physical cards already in the round: the cards a test names are pulled out of
 * the round by rank and suit (keeping their ids), everything else is filled from what is left.
 * The multiset of cards in the round therefore never changes and ids stay unique.
 */
import { RANKS, applyAction, cardValue, currentTimer, settingsWith } from '../src/index';
import type {
  Action,
  Actor,
  Card,
  Face,
  GameEvent,
  GameSettings,
  GameState,
  HouseRule,
  Rank,
  RuleError,
  SeatState,
  Suit,
} from '../src/index';
import { newGame } from './helpers';

// ---------------------------------------------------------------- cards

const SUIT_BY_LETTER: Readonly<Record<string, Suit>> = {
  S: 'S',
  H: 'H',
  D: 'D',
  C: 'C',
  '*': 'stars',
  M: 'moons',
  U: 'suns',
  L: 'leaves',
};

/** A face from rank and suit: card('7', 'H'). */
export function card(rank: Rank, suit: Suit): Face {
  return { rank, suit };
}

/** '7H' → 7♥, '10S' → 10♠, 'QD' → Q♦ (suit letters S H D C; * M U L for the Trepenta suits). */
export function face(text: string): Face {
  const suit = SUIT_BY_LETTER[text.slice(-1)];
  const rank = text.slice(0, -1);
  if (suit === undefined || !(RANKS as readonly string[]).includes(rank)) {
    throw new Error(`bad card '${text}'`);
  }
  return { rank: rank as Rank, suit };
}

/** '7H 7D 7C' → three faces. */
export function faces(text: string): Face[] {
  return text.trim() === '' ? [] : text.trim().split(/\s+/).map(face);
}

const LETTER_BY_SUIT = Object.fromEntries(
  Object.entries(SUIT_BY_LETTER).map(([letter, suit]) => [suit, letter]),
) as Record<Suit, string>;

/** Faces back to text, in the given order: '7H 7D 7C'. */
export function show(cards: readonly Face[]): string {
  return cards.map((c) => `${c.rank}${LETTER_BY_SUIT[c.suit]}`).join(' ');
}

/** Faces as sorted text, to compare multisets: '7C 7D 7H'. */
export function showSorted(cards: readonly Face[]): string {
  return show(cards).split(' ').filter(Boolean).sort().join(' ');
}

// ---------------------------------------------------------------- state

/** Recursively freezes a value, so that any mutation by the engine throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function settings(
  rules: readonly HouseRule[] = [],
  overrides: Partial<Omit<GameSettings, 'houseRules'>> = {},
): GameSettings {
  return settingsWith(rules, overrides);
}

/** Every physical card of the round, wherever it is (the piles hold faces, §7). */
export function allCards(state: GameState): Face[] {
  const round = state.round;
  const cards: Face[] = [];
  for (const seat of round.seats) {
    if (seat.piles) cards.push(...seat.piles.A, ...seat.piles.B);
    cards.push(...seat.hand, ...seat.field.map((slot) => slot.card));
  }
  cards.push(...round.drawPile, ...round.discardPile);
  return cards;
}

export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** Applies an accepted action to a deep-frozen state; throws with the code when it is refused. */
export function act(state: GameState, actor: Actor, action: Action): Applied {
  const step = applyAction(deepFreeze(state), actor, action);
  if (!step.ok) {
    throw new Error(`refused ${JSON.stringify(action)} for ${actor}: ${step.error.code}`);
  }
  return step.value;
}

/** Applies a refused action; returns the error (throws if it was accepted). */
export function refusal(state: GameState, actor: Actor, action: Action): RuleError {
  const step = applyAction(deepFreeze(state), actor, action);
  if (step.ok) throw new Error(`accepted ${JSON.stringify(action)} for ${actor}`);
  return step.error;
}

/** Ends the setup step by the setup timer (R9): every seat gets pile A as its field. */
export function chooseAllFields(state: GameState): GameState {
  const timer = currentTimer(state);
  if (state.phase !== 'setup' || timer === null) throw new Error('not in setup');
  return act(state, 'system', { type: 'timeout', key: timer.key, standIn: [] }).state;
}

// ---------------------------------------------------------------- rearranging the table

export interface SeatSpec {
  /** Five hand cards, e.g. '7H 7D 7C 2S 9D'. */
  readonly hand?: string;
  /** Five field cards left to right. */
  readonly field?: string;
  /** Which field positions (0..4) are face up; their cards must match the position values. */
  readonly faceUp?: readonly number[];
  readonly die?: number;
}

export interface TableSpec {
  readonly seats?: Readonly<Record<number, SeatSpec>>;
  /** The dealer; the turn (turn 1, draw step) goes to the seat on the dealer's left. */
  readonly dealer?: number;
  /** Discard pile, bottom first (its last card is the top). */
  readonly discard?: string;
  /** The next cards of the draw pile, the next one to be drawn first. */
  readonly drawTop?: string;
  /** Keep only this many cards in the draw pile; the others go under the discard pile. */
  readonly drawCount?: number;
}

/**
 * The same game at the start of a turn, with the named cards moved where the spec says. Needs
 * every field chosen ('turns' phase, draw step).
 */
export function withTable(state: GameState, spec: TableSpec): GameState {
  if (state.phase !== 'turns' || state.round.turn === null)
    throw new Error('withTable needs the turns phase');
  const round = state.round;
  // Physical cards are told apart by object identity here: the piles hold faces without ids.
  const pool: Face[] = [...round.drawPile.slice().reverse(), ...round.discardPile];
  for (const seat of round.seats) pool.push(...seat.hand, ...seat.field.map((slot) => slot.card));
  const drawOrder = new Map(round.drawPile.map((c, i) => [c, i]));

  const take = (f: Face): Face => {
    const index = pool.findIndex((c) => c.rank === f.rank && c.suit === f.suit);
    if (index < 0) throw new Error(`no ${show([f])} left in this round's cards`);
    return pool.splice(index, 1)[0]!;
  };
  const takeSame = (card: Face): Face | null => {
    const index = pool.indexOf(card);
    return index < 0 ? null : pool.splice(index, 1)[0]!;
  };
  // Filler cards come from the bottom of the draw pile, so named draw cards stay available.
  const filler = (): Face => {
    const card = pool.pop();
    if (card === undefined) throw new Error('ran out of cards');
    return card;
  };
  // A card moved from a pile to a seat gets an id, as a card entering a hand does; one moved to a
  // pile loses its id.
  let fresh = 0;
  const held = (c: Face): Card =>
    'id' in c ? (c as Card) : { id: `${round.round}-#${fresh++}`, rank: c.rank, suit: c.suit };
  const piled = (c: Face): Face => ({ rank: c.rank, suit: c.suit });
  const named = (text: string | undefined, count: number | null): Face[] | null => {
    if (text === undefined) return null;
    const cards = faces(text).map(take);
    if (count !== null && cards.length !== count)
      throw new Error(`expected ${count} cards in '${text}'`);
    return cards;
  };

  // Named cards first, so they are never used as filler.
  const seatSpecs = round.seats.map((_, seat) => spec.seats?.[seat] ?? {});
  const hands = seatSpecs.map((s) => named(s.hand, 5));
  const fields = seatSpecs.map((s) => named(s.field, 5));
  const discard = named(spec.discard, null);
  const drawTop = named(spec.drawTop, null) ?? [];

  const keepOrFill = (existing: readonly Face[]): Face[] =>
    existing.map((c) => takeSame(c)).map((c) => c ?? filler());
  const seats: SeatState[] = round.seats.map((seat, index) => {
    const s = seatSpecs[index]!;
    const die = s.die ?? seat.die;
    const hand = (hands[index] ?? keepOrFill(seat.hand)).map(held);
    const fieldCards = (fields[index] ?? keepOrFill(seat.field.map((slot) => slot.card))).map(held);
    const faceUp = new Set(s.faceUp ?? []);
    const field = fieldCards.map((c, position) => {
      if (faceUp.has(position) && cardValue(c) !== die + position) {
        throw new Error(
          `face-up ${show([c])} does not match position ${position} (value ${die + position})`,
        );
      }
      return { card: c, faceUp: faceUp.has(position) };
    });
    return { ...seat, hand, field, die, known: hands[index] ? [] : seat.known };
  });

  let discardPile = (discard ?? keepOrFill(round.discardPile)).map(piled);
  // What is left becomes the draw pile, in its old order where it has one.
  const rest = pool.slice().sort((a, b) => (drawOrder.get(a) ?? -1) - (drawOrder.get(b) ?? -1));
  let drawPile = [...rest, ...drawTop.slice().reverse()].map(piled);
  if (spec.drawCount !== undefined) {
    const cut = drawPile.length - spec.drawCount;
    if (cut < 0) throw new Error('not enough cards for drawCount');
    discardPile = [...drawPile.slice(0, cut), ...discardPile];
    drawPile = drawPile.slice(cut);
  }
  const dealer = spec.dealer ?? round.dealer;
  const first = (dealer + 1) % state.seatCount;
  const next: GameState = {
    ...state,
    firstDealer: round.round === 1 ? dealer : state.firstDealer,
    round: {
      ...round,
      dealer,
      seats,
      drawPile,
      discardPile,
      turn: { ...round.turn!, seat: first },
    },
  };
  if (allCards(next).length !== allCards(state).length) throw new Error('withTable lost cards');
  return next;
}

/** A game in its first turn with the table arranged as the spec says. */
export function table(
  rules: readonly HouseRule[],
  seatCount: number,
  spec: TableSpec = {},
  overrides: Partial<Omit<GameSettings, 'houseRules'>> = {},
  seed: string | number = 1,
): GameState {
  return withTable(chooseAllFields(newGame(settings(rules, overrides), seatCount, seed)), spec);
}

/** Replaces one seat's hand. */
export function withHand(state: GameState, seat: number, hand: string): GameState {
  return withTable(state, { seats: { [seat]: { hand } } });
}

// ---------------------------------------------------------------- reading the state

/** The id of a card with this face in the seat's hand (the first one). */
export function idIn(state: GameState, seat: number, text: string): string {
  const f = face(text);
  const found = state.round.seats[seat]!.hand.find((c) => c.rank === f.rank && c.suit === f.suit);
  if (found === undefined) throw new Error(`seat ${seat} holds no ${text}`);
  return found.id;
}

/** The card that entered the seat's hand between two states (one card). */
export function newCardIn(before: GameState, after: GameState, seat: number): Card {
  const old = new Set(before.round.seats[seat]!.hand.map((c) => c.id));
  const added = after.round.seats[seat]!.hand.filter((c) => !old.has(c.id));
  if (added.length !== 1) throw new Error(`expected one new card, found ${added.length}`);
  return added[0]!;
}

export function handOf(state: GameState, seat: number): string {
  return showSorted(state.round.seats[seat]!.hand);
}

export function faceDownCount(state: GameState, seat: number): number {
  return state.round.seats[seat]!.field.filter((slot) => !slot.faceUp).length;
}

/** Draws from the draw pile and discards the card just drawn: a turn that changes no hand. */
export function quietTurn(state: GameState): Applied {
  const seat = state.round.turn!.seat;
  const drew = act(state, seat, { type: 'draw', from: 'drawPile' });
  const drawn = newCardIn(state, drew.state, seat);
  const discarded = act(drew.state, seat, { type: 'discard', cardId: drawn.id });
  return { state: discarded.state, events: [...drew.events, ...discarded.events] };
}

/** Takes the top discard and discards the hand's first other card: a turn with no progress (R17b). */
export function idleTurn(state: GameState): Applied {
  const seat = state.round.turn!.seat;
  const drew = act(state, seat, { type: 'draw', from: 'discardPile' });
  const taken = newCardIn(state, drew.state, seat);
  const other = drew.state.round.seats[seat]!.hand.find((c) => c.id !== taken.id)!;
  const discarded = act(drew.state, seat, { type: 'discard', cardId: other.id });
  return { state: discarded.state, events: [...drew.events, ...discarded.events] };
}

// ---------------------------------------------------------------- one action, by card face

/** The seat draws (from the draw pile unless told otherwise); returns the new state. */
export function draw(
  state: GameState,
  seat: number,
  from: 'drawPile' | 'discardPile' = 'drawPile',
): GameState {
  return act(state, seat, { type: 'draw', from }).state;
}

/** The seat exchanges its hand card with this face onto its own face-down position. */
export function exchange(
  state: GameState,
  seat: number,
  text: string,
  position: number,
): GameState {
  return act(state, seat, { type: 'exchange', cardId: idIn(state, seat, text), position }).state;
}

/** Open Field: the seat swaps its hand card with this face for the face-up card at the target. */
export function swap(
  state: GameState,
  seat: number,
  text: string,
  target: { seat: number; position: number },
): GameState {
  return act(state, seat, { type: 'openFieldSwap', cardId: idIn(state, seat, text), target }).state;
}

/** The seat discards its hand card with this face. */
export function discard(state: GameState, seat: number, text: string): GameState {
  return act(state, seat, { type: 'discard', cardId: idIn(state, seat, text) }).state;
}
