/** The engine: creating a game, every action, the timers, and when the session ends. */
import { err, isHex256, ok } from '@trepenta/engine';
import type {
  Actor,
  Applied,
  GameResult,
  Randomness,
  Result,
  RuleError,
  Seat,
  SystemAction,
  TimerRequest,
} from '@trepenta/engine';
import { SUIT_NAMES, sortCards, strength, suitOf } from './cards';
import type { Card } from './cards';
import { dealFrom, firstDealer, keyOfHand, shuffledDeck } from './deal';
import { combinations, declaredCards } from './declarations';
import { fail } from './errors';
import { scoreHand, winningParties } from './scoring';
import { BETWEEN_HANDS_SECONDS, settingsSchema } from './settings';
import type { TressetteSettings } from './settings';
import type { TressetteAction } from './actions';
import type { Declaration, Play, TressetteEvent, TressetteState, Trick } from './state';
import { nextSeat, partyCount, partyOf, partySeats } from './state';

type Step = Applied<TressetteState, TressetteEvent>;

export function createGame(
  settings: TressetteSettings,
  seatCount: number,
  randomness: Randomness,
): Result<TressetteState, RuleError> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return err(fail('INVALID_SETTINGS'));
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 4)
    return err(fail('INVALID_SEAT_COUNT'));
  if (
    randomness.secrets.length !== 1 ||
    randomness.nonces.length !== seatCount ||
    ![...randomness.secrets, ...randomness.nonces].every(isHex256)
  )
    return err(fail('INVALID_RANDOMNESS'));
  const key = keyOfHand(randomness.secrets[0]!, 1, randomness.nonces);
  const base: TressetteState = {
    schema: 1,
    game: 'tressette',
    settings: parsed.data,
    seatCount,
    randomness,
    version: 0,
    hand: 0,
    dealer: firstDealer(key, seatCount),
    phase: 'between',
    hands: [],
    stock: [],
    known: [],
    turn: null,
    trick: [],
    tricks: [],
    declarations: [],
    announced: false,
    totals: Array.from({ length: partyCount(seatCount) }, () => 0),
    history: [],
    ready: [],
    winners: null,
    abandoned: false,
  };
  return ok(deal(base, base.dealer, []).state);
}

/** T8, T14: the next hand, dealt from its key by `dealer`; declarations found, not yet announced. */
function deal(state: TressetteState, dealer: Seat, events: TressetteEvent[]): Step {
  const hand = state.hand + 1;
  const n = state.seatCount;
  const key = keyOfHand(state.randomness.secrets[0]!, hand, state.randomness.nonces);
  const dealt = dealFrom(shuffledDeck(key, n), n, dealer);
  const hands = dealt.hands.map(sortCards);
  const leader = nextSeat(dealer, n);
  // T14b: listed in play order from the leader.
  const order = Array.from({ length: n }, (_, k) => (leader - k + n) % n);
  const declarations = state.settings.declarations
    ? order.flatMap((seat) => combinations(seat, hands[seat]!))
    : [];
  events.push({ type: 'dealt', hand, dealer, hands, stock: dealt.stock.length });
  return {
    state: {
      ...state,
      hand,
      dealer,
      phase: 'play',
      hands,
      stock: dealt.stock,
      known: hands.map(() => []),
      turn: leader,
      trick: [],
      tricks: [],
      declarations,
      announced: false,
      ready: hands.map(() => false),
    },
    events,
  };
}

/** T10: the cards a seat may play now. */
export function playable(hand: readonly Card[], trick: readonly Play[]): Card[] {
  const led = trick[0];
  if (!led) return [...hand];
  const suit = suitOf(led.card);
  const following = hand.filter((card) => suitOf(card) === suit);
  return following.length > 0 ? following : [...hand];
}

/** T11: the highest card of the led suit wins. */
export function trickWinner(plays: readonly Play[]): Seat {
  const suit = suitOf(plays[0]!.card);
  let best = plays[0]!;
  for (const play of plays) {
    if (suitOf(play.card) === suit && strength(play.card) > strength(best.card)) best = play;
  }
  return best.seat;
}

function without(cards: readonly Card[], card: Card): Card[] {
  return cards.filter((c) => c !== card);
}

function play(state: TressetteState, seat: Seat, card: Card): Result<Step, RuleError> {
  if (state.phase !== 'play') return err(fail('WRONG_PHASE'));
  if (state.turn !== seat) return err(fail('NOT_YOUR_TURN'));
  const hand = state.hands[seat]!;
  if (!hand.includes(card)) return err(fail('NOT_IN_HAND'));
  if (!playable(hand, state.trick).includes(card)) {
    const suit = SUIT_NAMES[suitOf(state.trick[0]!.card)];
    return err(fail('MUST_FOLLOW', `You must follow ${suit}: you hold some.`));
  }
  const n = state.seatCount;
  const events: TressetteEvent[] = [{ type: 'played', seat, card }];
  let hands = state.hands.map((h, s) => (s === seat ? without(h, card) : h));
  let known = state.known.map((k, s) => (s === seat ? without(k, card) : k));
  const trick = [...state.trick, { seat, card }];
  // T14b: announced right after the hand's first card; the declared cards become known (T14d).
  let announced = state.announced;
  if (!announced && state.tricks.length === 0 && state.trick.length === 0) {
    announced = true;
    if (state.declarations.length > 0) {
      events.push({ type: 'declared', declarations: state.declarations });
      known = known.map((k, s) =>
        sortCards([
          ...k,
          ...declaredCards(state.declarations, s).filter((c) => hands[s]!.includes(c)),
        ]),
      );
    }
  }
  if (trick.length < n) {
    return ok({
      state: { ...state, hands, known, trick, announced, turn: nextSeat(seat, n) },
      events,
    });
  }
  const winner = trickWinner(trick);
  const tricks: Trick[] = [...state.tricks, { plays: trick, winner }];
  events.push({ type: 'trick', winner, plays: trick });
  // T12: while the stock lasts, the winner draws its top card, then the other; both shown.
  let stock = state.stock;
  if (stock.length > 0) {
    const drawers = [winner, nextSeat(winner, n)];
    drawers.forEach((drawer, k) => {
      const drawn = stock[k]!;
      hands = hands.map((h, s) => (s === drawer ? sortCards([...h, drawn]) : h));
      known = known.map((kn, s) => (s === drawer ? sortCards([...kn, drawn]) : kn));
      events.push({ type: 'drew', seat: drawer, card: drawn });
    });
    stock = stock.slice(drawers.length);
  }
  const next: TressetteState = {
    ...state,
    hands,
    known,
    stock,
    trick: [],
    tricks,
    announced,
    turn: winner,
  };
  if (hands.some((h) => h.length > 0)) return ok({ state: next, events });
  return ok(endHand(next, events));
}

/** T16, T17: the hand is scored; the session ends at the target or another hand follows. */
function endHand(state: TressetteState, events: TressetteEvent[]): Step {
  const n = state.seatCount;
  const declared: readonly Declaration[] = state.announced ? state.declarations : [];
  const score = scoreHand(state.hand, state.dealer, n, state.tricks, declared);
  const totals = state.totals.map((total, party) => total + score.parties[party]!.score);
  events.push({ type: 'handEnd', score, totals });
  const lastWinner = state.tricks[state.tricks.length - 1]!.winner;
  const parties = winningParties(
    totals,
    state.settings.target,
    partyOf(lastWinner, n),
    score.parties.map((p) => p.thirds),
  );
  const scored: TressetteState = {
    ...state,
    phase: 'between',
    turn: null,
    totals,
    history: [...state.history, score],
  };
  if (parties === null) return { state: scored, events };
  const winners = parties.flatMap((party) => partySeats(party, n));
  events.push({ type: 'ended', winners, abandoned: false });
  return { state: { ...scored, phase: 'over', winners }, events };
}

function ready(state: TressetteState, seat: Seat): Result<Step, RuleError> {
  if (state.phase !== 'between') return err(fail('WRONG_PHASE'));
  if (state.ready[seat]) return err(fail('ALREADY_READY'));
  const readied = state.ready.map((r, s) => r || s === seat);
  const events: TressetteEvent[] = [{ type: 'ready', seat }];
  const next = { ...state, ready: readied };
  // T7: the deal passes to the right.
  if (readied.every(Boolean))
    return ok(deal(next, nextSeat(state.dealer, state.seatCount), events));
  return ok({ state: next, events });
}

export function turnTimerKey(state: TressetteState): string {
  return `card/${state.hand}/${state.tricks.length}/${state.trick.length}`;
}

export function timerOf(state: TressetteState): TimerRequest | null {
  if (state.phase === 'play' && state.settings.turnTimerSeconds !== null)
    return { key: turnTimerKey(state), seconds: state.settings.turnTimerSeconds };
  if (state.phase === 'between')
    return { key: `next/${state.hand}`, seconds: BETWEEN_HANDS_SECONDS };
  return null;
}

function timeout(
  state: TressetteState,
  key: string,
  standIn: readonly TressetteAction[],
): Result<Step, RuleError> {
  const timer = timerOf(state);
  if (!timer || timer.key !== key) return err(fail('STALE_TIMER'));
  if (state.phase === 'between') {
    if (standIn.length > 0) return err(fail('BAD_STAND_IN'));
    return ok(deal(state, nextSeat(state.dealer, state.seatCount), []));
  }
  // T23: the stand-in plays one card for the seat whose turn ran out.
  const move = standIn[0];
  if (standIn.length !== 1 || move?.type !== 'play') return err(fail('BAD_STAND_IN'));
  const played = play(state, state.turn!, move.card);
  return played.ok ? played : err(fail('BAD_STAND_IN'));
}

export function applyAction(
  state: TressetteState,
  actor: Actor,
  action: TressetteAction | SystemAction<TressetteAction>,
): Result<Step, RuleError> {
  if (state.phase === 'over') return err(fail('GAME_OVER'));
  const bumped = (result: Result<Step, RuleError>): Result<Step, RuleError> =>
    result.ok
      ? ok({
          state: { ...result.value.state, version: state.version + 1 },
          events: result.value.events,
        })
      : result;
  if (actor === 'system') {
    switch (action.type) {
      case 'timeout':
        return bumped(timeout(state, action.key, action.standIn));
      case 'abandon': {
        const events: TressetteEvent[] = [{ type: 'ended', winners: [], abandoned: true }];
        return bumped(
          ok({
            state: { ...state, phase: 'over', turn: null, abandoned: true, winners: [] },
            events,
          }),
        );
      }
      case 'play':
      case 'ready':
        return err(fail('NOT_SYSTEM'));
      // Seats are kept for the whole game (a leaver's seat goes to the stand-in): no sessions.
      case 'seat':
      case 'nonces':
      case 'close':
        return err(fail('NOT_SUPPORTED'));
    }
  }
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount)
    return err(fail('NOT_A_SEAT'));
  switch (action.type) {
    case 'play':
      return bumped(play(state, actor, action.card));
    case 'ready':
      return bumped(ready(state, actor));
    case 'timeout':
    case 'abandon':
    case 'seat':
    case 'nonces':
    case 'close':
      return err(fail('SYSTEM_ONLY'));
  }
}

export function pendingSeatsOf(state: TressetteState): Seat[] {
  if (state.phase === 'play') return state.turn === null ? [] : [state.turn];
  if (state.phase === 'between') return state.ready.flatMap((r, s) => (r ? [] : [s]));
  return [];
}

/** Seats by place: the winners first, the others by their party's total. */
export function resultOf(state: TressetteState): GameResult | null {
  if (state.phase !== 'over') return null;
  if (state.abandoned) return { places: [], abandoned: true };
  const n = state.seatCount;
  const winners = state.winners ?? [];
  const others = state.totals
    .map((total, party) => ({ total, party }))
    .filter(({ party }) => !winners.includes(partySeats(party, n)[0]!));
  const totals = [...new Set(others.map((o) => o.total))].sort((a, b) => b - a);
  return {
    places: [
      [...winners],
      ...totals.map((total) =>
        others.filter((o) => o.total === total).flatMap((o) => partySeats(o.party, n)),
      ),
    ],
    abandoned: false,
  };
}
