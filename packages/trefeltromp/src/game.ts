/**
 * The game: a session of hands (F5–F18) as pure transitions. `apply` takes a state and an action
 * and returns the next state and what happened, or a refusal; the input is never changed.
 */
import { createStream, handKey, isHex256, randomInt, shuffle } from '@trepenta/engine';
import type { Randomness, RuleError, SystemAction } from '@trepenta/engine';
import { CANONICAL_DECK, isTrump, winnerOf } from './cards';
import type { Card } from './cards';
import { addLayers, callComplete, canAct, optionsFor, settlePots, uncalled } from './betting';
import type { Table } from './betting';
import { fail } from './errors';
import type { Action, GameEvent, Move } from './actions';
import { BETWEEN_SECONDS, IDLE_SECONDS, betUnit, settingsSchema, startingStack } from './settings';
import type { Settings } from './settings';
import type { Call, CarryPart, GameState, Hand, Player, Pot, SeatState, Stint } from './state';
import { lockFor } from './bots';

type Step = { state: GameState; events: GameEvent[] };
type Outcome = { ok: true; value: Step } | { ok: false; error: RuleError };
const ok = (state: GameState, events: GameEvent[]): Outcome => ({
  ok: true,
  value: { state, events },
});
const no = (code: Parameters<typeof fail>[0]): Outcome => ({ ok: false, error: fail(code) });

export const SHARE_DIVISORS = [3, 2, 1] as const;

// ---------------------------------------------------------------- creating a session

export function createSession(
  settings: Settings,
  seatCount: number,
  randomness: Randomness,
): { ok: true; value: GameState } | { ok: false; error: RuleError } {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) return { ok: false, error: fail('INVALID_SETTINGS') };
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 8)
    return { ok: false, error: fail('INVALID_SEAT_COUNT') };
  if (
    typeof randomness?.gameId !== 'string' ||
    randomness.secrets?.length !== 1 ||
    randomness.nonces?.length !== seatCount ||
    ![...randomness.secrets, ...randomness.nonces].every(isHex256)
  )
    return { ok: false, error: fail('INVALID_RANDOMNESS') };
  const stack = startingStack(parsed.data);
  // Every chair is a person's at first: the platform says which are free or bots' before the
  // first hand (seat actions).
  const seats: SeatState[] = Array.from({ length: seatCount }, (_, i) => ({
    occupant: 'human',
    stint: i,
    stack,
    sittingOut: false,
    waiting: false,
    ready: false,
  }));
  const stints: Stint[] = seats.map((_, i) => ({
    seat: i,
    occupant: 'human',
    bought: stack,
    cashedOut: null,
    shares: 0,
    hands: 0,
  }));
  return {
    ok: true,
    value: {
      schema: 'trefeltromp/1',
      settings: parsed.data,
      seatCount,
      randomness,
      epoch: 0,
      nonces: randomness.nonces,
      wantsNonces: null,
      version: 0,
      phase: 'between',
      handsDealt: 0,
      seats,
      stints,
      hand: null,
      carry: [],
      lastHand: null,
      history: [],
      lastDealer: null,
      closed: false,
      abandoned: false,
      endedBy: null,
    },
  };
}

// ---------------------------------------------------------------- helpers

function setAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((x, i) => (i === index ? item : x));
}

function carryTotal(state: GameState): number {
  return state.carry.reduce((sum, part) => sum + part.amount, 0);
}

/** Seats that could be dealt in now: seated, not sitting out, with chips (F18). */
function activeSeats(state: GameState, withWaiting: boolean): number[] {
  return state.seats.flatMap((s, i) =>
    s.occupant !== null && !s.sittingOut && s.stack > 0 && (withWaiting || !s.waiting) ? [i] : [],
  );
}

/** F18's carry-over guard: who is dealt in if a hand starts now. */
export function dealtInNext(state: GameState): number[] {
  const settled = activeSeats(state, false);
  if (carryTotal(state) === 0 || settled.length < 2) return activeSeats(state, true);
  return settled;
}

/** Bots top up by themselves (F18): counted as if they had. */
function botTopUps(state: GameState): number[] {
  if (!state.settings.rebuy) return [];
  return state.seats.flatMap((s, i) =>
    s.occupant === 'bot' && !s.sittingOut && s.stack < state.settings.ante ? [i] : [],
  );
}

/** Whether a hand can be dealt now (two players, the nonce set in). */
export function canDeal(state: GameState): boolean {
  if (state.phase !== 'between' || state.wantsNonces !== null) return false;
  const topped = new Set(botTopUps(state));
  const able = state.seats.filter(
    (s, i) => s.occupant !== null && !s.sittingOut && (s.stack > 0 || topped.has(i)),
  );
  return able.length >= 2;
}

/** F18: whether a hand could ever start again (rebuy and late join off, fewer than two with chips). */
function stuck(state: GameState): boolean {
  if (state.settings.rebuy || state.settings.lateJoin) return false;
  return state.seats.filter((s) => s.occupant !== null && s.stack > 0).length < 2;
}

function humanSeated(state: GameState): boolean {
  return state.seats.some((s) => s.occupant === 'human');
}

/** Seats clockwise from `from` (excluded), once round. */
export function clockwiseFrom(from: number, seatCount: number): number[] {
  return Array.from({ length: seatCount }, (_, k) => (from + 1 + k) % seatCount);
}

/** Seats counter-clockwise from the dealer's right, the dealer last (F4, F7). */
export function dealOrder(dealer: number, seats: readonly number[], seatCount: number): number[] {
  return Array.from(
    { length: seatCount },
    (_, k) => (dealer - 1 - k + 2 * seatCount) % seatCount,
  ).filter((s) => seats.includes(s));
}

export function tableOf(state: GameState): Table | null {
  const hand = state.hand;
  if (!hand) return null;
  return {
    structure: state.settings.betting,
    stacks: state.seats.map((s) => s.stack),
    allIn: hand.players.map((p) => p?.allIn ?? false),
    bets: hand.call.bets,
    live: hand.players.map((p) => p !== null && !p.folded),
    stayed: hand.players.map((p) => p?.stayed ?? false),
    privileged: hand.players.map((p) => p?.privileged ?? false),
    acted: hand.call.acted,
    facedAt: hand.call.facedAt,
    highest: hand.call.highest,
    raiseSize: hand.call.raiseSize,
    fullRaises: hand.call.fullRaises,
    potTotal: hand.pots.reduce((sum, p) => sum + p.amount, 0),
  };
}

function pay(state: GameState, paid: readonly { seat: number; amount: number }[]): GameState {
  if (paid.length === 0) return state;
  return {
    ...state,
    seats: state.seats.map((s, i) => ({
      ...s,
      stack: s.stack + paid.filter((p) => p.seat === i).reduce((sum, p) => sum + p.amount, 0),
    })),
  };
}

function withHand(state: GameState, change: Partial<Hand>): GameState {
  return { ...state, hand: { ...state.hand!, ...change } };
}

function withPlayer(state: GameState, seat: number, change: Partial<Player>): GameState {
  const hand = state.hand!;
  return withHand(state, {
    players: setAt(hand.players, seat, { ...hand.players[seat]!, ...change }),
  });
}

function liveSeats(hand: Hand): number[] {
  return hand.players.flatMap((p, s) => (p !== null && !p.folded ? [s] : []));
}

// ---------------------------------------------------------------- the deal (F5–F7, F20)

function emptyCall(seatCount: number, raiseSize: number): Call {
  return {
    bets: Array.from({ length: seatCount }, () => 0),
    highest: 0,
    raiseSize,
    fullRaises: 0,
    acted: Array.from({ length: seatCount }, () => false),
    facedAt: Array.from({ length: seatCount }, () => null),
    turn: null,
  };
}

function deal(input: GameState, events: GameEvent[]): Step {
  let state = input;
  const { ante } = state.settings;
  // Bots top up by themselves (F18).
  for (const seat of botTopUps(state)) {
    const s = state.seats[seat]!;
    const amount = startingStack(state.settings) - s.stack;
    state = rebought(state, seat, amount);
    events.push({ type: 'rebought', seat, amount });
  }
  const players = dealtInNext(state);
  const number = state.handsDealt + 1;
  const key = handKey(state.randomness.secrets[0]!, number, state.nonces);
  let dealer: number;
  if (state.lastDealer === null) {
    dealer = players[randomInt(createStream(key, 'dealer'), players.length)]!;
  } else {
    // F17: the deal passes to the next active seat on the right.
    const from = state.lastDealer;
    dealer = Array.from(
      { length: state.seatCount },
      (_, k) => (from - 1 - k + 2 * state.seatCount) % state.seatCount,
    ).find((s) => players.includes(s))!;
  }
  const deck = shuffle(CANONICAL_DECK, createStream(key, 'deal'));
  const order = dealOrder(dealer, players, state.seatCount);
  const n = order.length;
  const posted = state.seats.map((s, i) => (players.includes(i) ? Math.min(ante, s.stack) : 0));
  // Like a call's, the part of an ante nobody matched (the others all-in for less) stays home.
  const back = uncalled(posted);
  const antes = back ? setAt(posted, back.seat, posted[back.seat]! - back.amount) : posted;
  const stacksBefore = state.seats.map((s) => s.stack);
  const playerOf = (seat: number): Player | null => {
    const k = order.indexOf(seat);
    if (k < 0) return null;
    return {
      cards: [deck[k]!, deck[n + k]!, deck[2 * n + k]!],
      revealed: [],
      folded: false,
      allIn: antes[seat]! === state.seats[seat]!.stack,
      draw: null,
      discarded: null,
      received: null,
      lock: null,
      privileged: false,
      stayed: false,
      decisions: 0,
      timeouts: 0,
    };
  };
  const handPlayers = state.seats.map((_, i) => playerOf(i));
  const live = handPlayers.map((p) => p !== null);
  // F6: the antes are cut into layers like a call; the carry-over joins the main pot.
  const pots = addLayers([], antes, live, carryTotal(state));
  state = {
    ...state,
    phase: 'hand',
    handsDealt: number,
    lastDealer: dealer,
    carry: [],
    lastHand: null,
    seats: state.seats.map((s, i) => ({
      ...s,
      stack: s.stack - antes[i]!,
      waiting: players.includes(i) ? false : s.waiting,
      ready: false,
    })),
    stints: state.stints.map((t, i) => {
      const seat = state.seats.findIndex((s) => s.stint === i);
      return seat >= 0 && players.includes(seat) ? { ...t, hands: t.hands + 1 } : t;
    }),
    hand: {
      number,
      dealer,
      deck,
      next: 3 * n,
      players: handPlayers,
      stage: 'call',
      street: 0,
      call: emptyCall(state.seatCount, betUnit(state.settings, 0)),
      pots,
      steps: 0,
      lastReveal: null,
      stacksBefore,
    },
  };
  events.push({
    type: 'dealt',
    hand: number,
    dealer,
    antes,
    cards: handPlayers.map((p) => (p ? [...p.cards] : null)),
    pots: pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
  });
  return beginCall(state, 0, events);
}

function rebought(state: GameState, seat: number, amount: number): GameState {
  const s = state.seats[seat]!;
  const stint = state.stints[s.stint!]!;
  return {
    ...state,
    seats: setAt(state.seats, seat, { ...s, stack: s.stack + amount }),
    stints: setAt(state.stints, s.stint!, { ...stint, bought: stint.bought + amount }),
  };
}

// ---------------------------------------------------------------- calls (F8–F11, F16)

function beginCall(input: GameState, street: number, events: GameEvent[]): Step {
  let state = withHand(input, {
    stage: 'call',
    street,
    call: emptyCall(input.seatCount, betUnit(input.settings, street)),
  });
  const table = tableOf(state)!;
  const able = table.live.flatMap((_, s) => (canAct(table, s) ? [s] : []));
  // F8: skipped when fewer than two players can act.
  if (able.length < 2) return endCall(state, events);
  const first = clockwiseFrom(state.hand!.dealer, state.seatCount).find((s) => able.includes(s))!;
  state = withHand(state, { call: { ...state.hand!.call, turn: first } });
  return { state, events };
}

/** Applies a betting move of the seat whose turn it is. */
function bettingMove(
  input: GameState,
  seat: number,
  move: Move,
  byTimeout: boolean,
  events: GameEvent[],
): Outcome {
  const hand = input.hand!;
  const table = tableOf(input)!;
  const options = optionsFor(table, seat);
  const call = hand.call;
  const own = call.bets[seat]!;
  const stack = input.seats[seat]!.stack;
  let put = 0;
  let to = own;
  let full = false;
  let stayed = false;
  let folded = false;
  switch (move.type) {
    case 'fold':
      folded = true;
      break;
    case 'check':
      if (!options.check) return no('CANNOT_CHECK');
      break;
    case 'call':
      if (options.call === null) return no('NOTHING_TO_CALL');
      put = options.call;
      to = own + put;
      break;
    case 'stay':
      if (!options.stay) return no('NOT_PRIVILEGED');
      stayed = true;
      break;
    case 'bet':
    case 'raise': {
      const wager = options.wager;
      if (!wager) return no('CANNOT_RAISE');
      if (wager.kind !== move.type)
        return no(move.type === 'bet' ? 'CANNOT_BET' : 'NOTHING_TO_CALL');
      if (!Number.isInteger(move.to) || move.to < wager.min || move.to > wager.max)
        return no('BAD_AMOUNT');
      to = move.to;
      put = to - own;
      full = to - call.highest >= call.raiseSize;
      break;
    }
  }
  const highest = Math.max(call.highest, to);
  const raiseSize =
    full && input.settings.betting !== 'fixed-limit' ? to - call.highest : call.raiseSize;
  const player = hand.players[seat]!;
  let state: GameState = {
    ...input,
    seats: setAt(input.seats, seat, { ...input.seats[seat]!, stack: stack - put }),
  };
  state = withHand(state, {
    steps: hand.steps + 1,
    players: setAt(hand.players, seat, {
      ...player,
      folded: player.folded || folded,
      allIn: player.allIn || (put > 0 && put === stack),
      stayed: player.stayed || stayed,
      // A check keeps the privilege; betting, calling or raising gives it up for the call (F16).
      privileged: player.privileged && (move.type === 'check' || move.type === 'stay'),
      decisions: player.decisions + 1,
      timeouts: player.timeouts + (byTimeout ? 1 : 0),
    }),
    call: {
      ...call,
      bets: setAt(call.bets, seat, to),
      highest,
      raiseSize,
      fullRaises: call.fullRaises + (full ? 1 : 0),
      // F8: a full bet or raise asks everyone else again.
      acted: call.acted.map((a, s) => (s === seat ? true : full ? false : a)),
      facedAt: setAt(call.facedAt, seat, highest),
    },
  });
  events.push({
    type: 'acted',
    seat,
    move: move.type,
    put,
    to,
    allIn: put > 0 && put === stack,
    byTimeout,
  });
  if (folded) {
    const live = liveSeats(state.hand!);
    // F12: all but one folded.
    if (live.length === 1) {
      const step = foldedToOne(state, live[0]!, events);
      return ok(step.state, step.events);
    }
    const settled = settlePots(
      state.hand!.pots,
      state.hand!.players.map((p) => p !== null && !p.folded),
      false,
    );
    state = withHand(state, { pots: settled.pots });
  }
  const after = tableOf(state)!;
  if (callComplete(after)) {
    const ended = endCall(state, events);
    return ok(ended.state, ended.events);
  }
  const next = clockwiseFrom(seat, state.seatCount).find(
    (s) => canAct(after, s) && (!after.acted[s] || after.bets[s] !== after.highest),
  );
  return ok(withHand(state, { call: { ...state.hand!.call, turn: next ?? null } }), events);
}

/** F12: the last player in takes every pot and this call's chips; nobody's cards are shown. */
function foldedToOne(input: GameState, winner: number, events: GameEvent[]): Step {
  const hand = input.hand!;
  const back = uncalled(hand.call.bets);
  if (back) events.push({ type: 'returned', seat: back.seat, amount: back.amount });
  const amount =
    hand.pots.reduce((sum, p) => sum + p.amount, 0) + hand.call.bets.reduce((a, b) => a + b, 0);
  const state = pay(
    withHand(input, {
      pots: [],
      call: { ...hand.call, bets: hand.call.bets.map(() => 0), highest: 0, turn: null },
    }),
    [{ seat: winner, amount }],
  );
  events.push({ type: 'foldedToOne', seat: winner, amount: amount - (back?.amount ?? 0) });
  return endHand(state, events);
}

function endCall(input: GameState, events: GameEvent[]): Step {
  const hand = input.hand!;
  let bets = [...hand.call.bets];
  let state = input;
  // F10: the uncalled part of the highest contribution goes back.
  const back = uncalled(bets);
  if (back) {
    bets = setAt(bets, back.seat, bets[back.seat]! - back.amount);
    state = pay(state, [back]);
    events.push({ type: 'returned', seat: back.seat, amount: back.amount });
  }
  const live = hand.players.map((p) => p !== null && !p.folded);
  const layered = addLayers(hand.pots, bets, live);
  const settled = settlePots(layered, live, true);
  state = pay(state, settled.paid);
  for (const p of settled.paid) events.push({ type: 'potPaid', seat: p.seat, amount: p.amount });
  state = withHand(state, {
    pots: settled.pots,
    call: { ...hand.call, bets: bets.map(() => 0), highest: 0, turn: null },
    // The privilege and staying last one call (F16).
    players: hand.players.map((p) => (p ? { ...p, privileged: false, stayed: false } : null)),
  });
  events.push({
    type: 'callEnded',
    street: hand.street,
    pots: settled.pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
  });
  if (hand.street === 0) return { state: withHand(state, { stage: 'draw' }), events };
  return beginReveal(state, events);
}

// ---------------------------------------------------------------- draw (F13)

function resolveDraw(input: GameState, events: GameEvent[]): Step {
  const hand = input.hand!;
  let next = hand.next;
  let players = [...hand.players];
  const swaps: ({ gave: Card; got: Card } | null)[] = players.map(() => null);
  for (const seat of dealOrder(
    hand.dealer,
    players.flatMap((p, s) => (p ? [s] : [])),
    input.seatCount,
  )) {
    const p = players[seat]!;
    if (p.folded || p.draw === null || p.draw.card === null) continue;
    const got = hand.deck[next++]!;
    const gave = p.draw.card;
    swaps[seat] = { gave, got };
    players = setAt(players, seat, {
      ...p,
      cards: p.cards.map((c) => (c === gave ? got : c)),
      discarded: gave,
      received: got,
    });
  }
  events.push({
    type: 'drawn',
    exchanged: swaps.flatMap((s, seat) => (s ? [seat] : [])),
    swaps,
  });
  const state = withHand(input, { next, players });
  return beginCall(state, 1, events);
}

// ---------------------------------------------------------------- reveals (F14–F16)

function beginReveal(input: GameState, events: GameEvent[]): Step {
  const hand = input.hand!;
  const state = withHand(input, { stage: 'reveal' });
  // At debekranse each player holds one card: locked by itself.
  if (hand.street === 3) {
    const players = hand.players.map((p) => (p && !p.folded ? { ...p, lock: p.cards[0]! } : p));
    return flip(withHand(state, { players }), events);
  }
  return { state, events };
}

function flip(input: GameState, events: GameEvent[]): Step {
  const hand = input.hand!;
  const reveal = hand.street - 1;
  const locks = hand.players.map((p) => (p && !p.folded ? p.lock : null));
  events.push({ type: 'flipped', reveal, cards: [...locks] });
  let state = input;
  const pots: Pot[] = [];
  const carry: CarryPart[] = [];
  const shares: { size: number; winner: number | null; amount: number }[] = [];
  hand.pots.forEach((pot, index) => {
    const entries = pot.eligible.map((s) => [s, locks[s]!] as const);
    const { winner, tied } = winnerOf(entries);
    const share = winner === null ? 0 : Math.floor(pot.amount / SHARE_DIVISORS[reveal]!);
    events.push({
      type: 'share',
      reveal,
      pot: index,
      size: pot.amount,
      winner,
      amount: share,
      tied,
    });
    shares.push({ size: pot.amount, winner, amount: share });
    if (share > 0) state = pay(state, [{ seat: winner!, amount: share }]);
    const left = pot.amount - share;
    if (left > 0) {
      pots.push({ amount: left, eligible: pot.eligible });
      if (reveal === 2) carry.push({ amount: left, tied: tied.map((s) => state.seats[s]!.stint!) });
    }
  });
  // F16: the Fool revealed at banen or detuiler with a numbered trump beside it.
  const trumpShown = locks.some((c) => c !== null && isTrump(c));
  const players = hand.players.map((p) => {
    if (!p || p.folded) return p;
    const lock = p.lock!;
    return {
      ...p,
      cards: p.cards.filter((c) => c !== lock),
      revealed: [...p.revealed, lock],
      lock: null,
      privileged: reveal < 2 && lock === 'fool' && trumpShown,
    };
  });
  players.forEach((p, seat) => {
    if (p?.privileged) events.push({ type: 'privileged', seat });
  });
  state = withHand(state, { players, pots, lastReveal: { reveal, shares } });
  if (reveal < 2) return beginCall(state, hand.street + 1, events);
  return endHand({ ...withHand(state, { pots: [] }), carry }, events);
}

// ---------------------------------------------------------------- end of a hand and session

function endHand(input: GameState, events: GameEvent[]): Step {
  const hand = input.hand!;
  const nets = input.seats.map((s, i) => s.stack - hand.stacksBefore[i]!);
  // F18: a person who timed out at every decision of the hand sits out from the next one on.
  const seats = input.seats.map((s, i) => {
    const p = hand.players[i];
    const idle = s.occupant === 'human' && p && p.decisions > 0 && p.timeouts === p.decisions;
    return idle ? { ...s, sittingOut: true, ready: false } : { ...s, ready: false };
  });
  seats.forEach((s, seat) => {
    if (s.sittingOut && !input.seats[seat]!.sittingOut)
      events.push({ type: 'satOut', seat, out: true });
  });
  const carryAmount = input.carry.reduce((sum, c) => sum + c.amount, 0);
  events.push({ type: 'handEnded', hand: hand.number, nets, carry: carryAmount });
  const state: GameState = {
    ...input,
    phase: 'between',
    seats,
    hand: null,
    history: [...input.history, nets],
    lastHand: {
      number: hand.number,
      dealer: hand.dealer,
      unshown: hand.players.map((p) => (p ? [...p.cards] : [])),
      shown: hand.players.map(() => null),
      lastReveal: hand.lastReveal,
    },
  };
  return afterChange(state, events);
}

/** Between hands: ends the session when its end rule says so (F18). */
function afterChange(state: GameState, events: GameEvent[]): Step {
  if (state.phase !== 'between') return { state, events };
  if (state.closed) return endSession(state, 'close', events);
  if (!humanSeated(state)) return endSession(state, 'nobody', events);
  if (stuck(state)) return endSession(state, 'stuck', events);
  return { state, events };
}

/**
 * F18: the carry-over left at the end is split among those who tied for each part, odd chips one
 * at a time in betting order from the last dealer's left.
 */
export function splitCarry(
  carry: readonly CarryPart[],
  stints: readonly Stint[],
  lastDealer: number,
  seatCount: number,
): number[] {
  const shares = stints.map(() => 0);
  const order = clockwiseFrom(lastDealer, seatCount);
  for (const part of carry) {
    if (part.tied.length === 0) continue;
    const each = Math.floor(part.amount / part.tied.length);
    let odd = part.amount - each * part.tied.length;
    for (const t of part.tied) shares[t]! += each;
    const byOrder = [...part.tied].sort(
      (a, b) => order.indexOf(stints[a]!.seat) - order.indexOf(stints[b]!.seat),
    );
    for (let k = 0; odd > 0; k++, odd--) shares[byOrder[k % byOrder.length]!]! += 1;
  }
  return shares;
}

function endSession(
  input: GameState,
  by: NonNullable<GameState['endedBy']>,
  events: GameEvent[],
): Step {
  const shares = splitCarry(input.carry, input.stints, input.lastDealer ?? 0, input.seatCount);
  const stints = input.stints.map((t, i) => ({ ...t, shares: t.shares + shares[i]! }));
  events.push({ type: 'ended', abandoned: by === 'abandon', by });
  return {
    state: {
      ...input,
      phase: 'over',
      stints,
      carry: [],
      abandoned: by === 'abandon',
      endedBy: by,
    },
    events,
  };
}

// ---------------------------------------------------------------- the timers (F21)

export function timerOf(state: GameState): { key: string; seconds: number } | null {
  const hand = state.hand;
  if (state.phase === 'over') return null;
  if (!hand) {
    if (state.wantsNonces !== null) return null;
    if (canDeal(state)) return { key: `next/${state.handsDealt}`, seconds: BETWEEN_SECONDS };
    return { key: `idle/${state.handsDealt}`, seconds: IDLE_SECONDS };
  }
  if (hand.stage === 'call')
    return {
      key: `call/${hand.number}/${hand.street}/${hand.steps}`,
      seconds: state.settings.decisionSeconds,
    };
  if (hand.stage === 'draw')
    return { key: `draw/${hand.number}`, seconds: state.settings.decisionSeconds };
  return { key: `reveal/${hand.number}/${hand.street - 1}`, seconds: state.settings.revealSeconds };
}

export function pendingOf(state: GameState): number[] {
  const hand = state.hand;
  if (state.phase !== 'hand' || !hand) return [];
  if (hand.stage === 'call') return hand.call.turn === null ? [] : [hand.call.turn];
  return hand.players.flatMap((p, s) =>
    p && !p.folded && (hand.stage === 'draw' ? p.draw === null : p.lock === null) ? [s] : [],
  );
}

/** F21: what the stand-in does for each seat the timed-out step waits for, in seat order. */
export function standInMoves(state: GameState): Action[] {
  const hand = state.hand;
  if (!hand) return [];
  const table = tableOf(state)!;
  return pendingOf(state).map((seat): Action => {
    if (hand.stage === 'call') {
      const options = optionsFor(table, seat);
      if (options.check) return { type: 'check' };
      if (options.stay) return { type: 'stay' };
      return { type: 'fold' };
    }
    if (hand.stage === 'draw') return { type: 'draw', card: null };
    const p = hand.players[seat]!;
    const revealedAll = hand.players.flatMap((q) => q?.revealed ?? []);
    return { type: 'lock', card: lockFor(p.cards, revealedAll, p.discarded) };
  });
}

// ---------------------------------------------------------------- apply

function playerMove(input: GameState, seat: number, action: Action, byTimeout: boolean): Outcome {
  const events: GameEvent[] = [];
  const hand = input.hand;
  switch (action.type) {
    case 'fold':
    case 'check':
    case 'call':
    case 'bet':
    case 'raise':
    case 'stay': {
      if (!hand) return no('WRONG_PHASE');
      const p = hand.players[seat];
      if (!p || p.folded) return no('NOT_IN_HAND');
      if (hand.stage !== 'call') return no('WRONG_PHASE');
      if (hand.call.turn !== seat) return no('NOT_YOUR_TURN');
      return bettingMove(input, seat, action, byTimeout, events);
    }
    case 'draw': {
      if (!hand) return no('WRONG_PHASE');
      const p = hand.players[seat];
      if (!p || p.folded) return no('NOT_IN_HAND');
      if (hand.stage !== 'draw') return no('WRONG_PHASE');
      if (p.draw !== null) return no('ALREADY_CHOSEN');
      if (action.card !== null && !p.cards.includes(action.card)) return no('CARD_NOT_IN_HAND');
      let state = withPlayer(input, seat, {
        draw: { card: action.card },
        decisions: p.decisions + 1,
        timeouts: p.timeouts + (byTimeout ? 1 : 0),
      });
      state = withHand(state, { steps: hand.steps + 1 });
      events.push({ type: 'drawChosen', seat });
      if (pendingOf(state).length > 0) return ok(state, events);
      const step = resolveDraw(state, events);
      return ok(step.state, step.events);
    }
    case 'lock': {
      if (!hand) return no('WRONG_PHASE');
      const p = hand.players[seat];
      if (!p || p.folded) return no('NOT_IN_HAND');
      if (hand.stage !== 'reveal') return no('WRONG_PHASE');
      if (p.lock !== null) return no('ALREADY_CHOSEN');
      if (!p.cards.includes(action.card)) return no('CARD_NOT_IN_HAND');
      let state = withPlayer(input, seat, {
        lock: action.card,
        decisions: p.decisions + 1,
        timeouts: p.timeouts + (byTimeout ? 1 : 0),
      });
      state = withHand(state, { steps: hand.steps + 1 });
      events.push({ type: 'locked', seat });
      if (pendingOf(state).length > 0) return ok(state, events);
      const step = flip(state, events);
      return ok(step.state, step.events);
    }
    case 'ready': {
      if (input.phase !== 'between') return no('NOT_BETWEEN_HANDS');
      const s = input.seats[seat]!;
      if (s.occupant !== 'human') return no('NOT_A_PERSON');
      if (s.ready) return no('ALREADY_SO');
      const state = { ...input, seats: setAt(input.seats, seat, { ...s, ready: true }) };
      events.push({ type: 'ready', seat });
      // F17: the countdown is skipped once every person has pressed Ready.
      if (state.seats.every((x) => x.occupant !== 'human' || x.ready) && canDeal(state)) {
        const step = deal(state, events);
        return ok(step.state, step.events);
      }
      return ok(state, events);
    }
    case 'sitOut': {
      const s = input.seats[seat]!;
      if (action.out === s.sittingOut) return no('ALREADY_SO');
      // Coming back waits for a hand without a carry-over (F18's guard).
      const state = {
        ...input,
        seats: setAt(input.seats, seat, { ...s, sittingOut: action.out, waiting: !action.out }),
      };
      events.push({ type: 'satOut', seat, out: action.out });
      return ok(state, events);
    }
    case 'rebuy': {
      if (input.phase !== 'between') return no('NOT_BETWEEN_HANDS');
      if (!input.settings.rebuy) return no('REBUY_OFF');
      const s = input.seats[seat]!;
      if (s.stack >= input.settings.ante) return no('REBUY_NOT_NEEDED');
      const amount = startingStack(input.settings) - s.stack;
      events.push({ type: 'rebought', seat, amount });
      return ok(rebought(input, seat, amount), events);
    }
    case 'show': {
      if (input.phase !== 'between') return no('NOT_BETWEEN_HANDS');
      const last = input.lastHand;
      const cards = last?.unshown[seat] ?? [];
      if (!last || cards.length === 0 || last.shown[seat] !== null) return no('NOTHING_TO_SHOW');
      events.push({ type: 'shown', seat, cards: [...cards] });
      return ok(
        { ...input, lastHand: { ...last, shown: setAt(last.shown, seat, [...cards]) } },
        events,
      );
    }
    default:
      // Outside the schema (the server parses every action first): refused, never a crash.
      return no('WRONG_PHASE');
  }
}

function seatChange(
  input: GameState,
  seat: number,
  occupant: 'human' | 'bot' | null,
  events: GameEvent[],
): Outcome {
  if (input.phase !== 'between') return no('SEATS_CLOSED');
  const current = input.seats[seat];
  if (!current) return no('NOT_A_SEAT');
  if (occupant === current.occupant)
    return no(current.occupant === null ? 'EMPTY_SEAT' : 'SEAT_TAKEN');
  if (occupant !== null && input.handsDealt > 0 && !input.settings.lateJoin)
    return no('LATE_JOIN_OFF');
  let state = input;
  if (current.occupant !== null) {
    // F18: leaving cashes the stack out; the result stays on the session sheet.
    const t = current.stint!;
    // An occupant who never played a hand has nothing to cash out worth telling.
    if (state.stints[t]!.hands > 0) events.push({ type: 'cashedOut', seat, amount: current.stack });
    state = {
      ...state,
      stints: setAt(state.stints, t, { ...state.stints[t]!, cashedOut: current.stack }),
      seats: setAt(state.seats, seat, {
        occupant: null,
        stint: null,
        stack: 0,
        sittingOut: false,
        waiting: false,
        ready: false,
      }),
    };
  }
  if (occupant !== null) {
    const stack = startingStack(state.settings);
    state = {
      ...state,
      stints: [
        ...state.stints,
        { seat, occupant, bought: stack, cashedOut: null, shares: 0, hands: 0 },
      ],
      seats: setAt(state.seats, seat, {
        occupant,
        stint: state.stints.length,
        stack,
        sittingOut: false,
        waiting: state.handsDealt > 0,
        ready: false,
      }),
    };
  }
  events.push({ type: 'seated', seat, occupant });
  // F20: a person in a seat that was not theirs brings in a new nonce set.
  const wantsNonces =
    occupant === 'human' ? Math.max(state.epoch, state.wantsNonces ?? 0) + 1 : state.wantsNonces;
  const step = afterChange({ ...state, wantsNonces }, events);
  return ok(step.state, step.events);
}

function systemMove(input: GameState, action: SystemAction<Action>): Outcome {
  const events: GameEvent[] = [];
  switch (action.type) {
    case 'abandon': {
      const step = endSession({ ...input, hand: null }, 'abandon', events);
      return ok(step.state, step.events);
    }
    case 'close': {
      events.push({ type: 'closed' });
      if (input.phase === 'between') {
        const step = endSession({ ...input, closed: true }, 'close', events);
        return ok(step.state, step.events);
      }
      return ok({ ...input, closed: true }, events);
    }
    case 'nonces':
      if (action.epoch !== input.wantsNonces || action.nonces.length !== input.seatCount)
        return no('WRONG_NONCES');
      return ok(
        { ...input, epoch: action.epoch, nonces: [...action.nonces], wantsNonces: null },
        events,
      );
    case 'seat':
      return seatChange(input, action.seat, action.occupant, events);
    case 'timeout': {
      const timer = timerOf(input);
      if (!timer || timer.key !== action.key) return no('STALE_TIMER');
      if (!input.hand) {
        if (timer.key.startsWith('idle/')) {
          const step = endSession(input, 'idle', events);
          return ok(step.state, step.events);
        }
        const step = deal(input, events);
        return ok(step.state, step.events);
      }
      // The stand-in's moves, one per waiting seat in seat order, each what F21 does.
      const pending = pendingOf(input);
      const expected = standInMoves(input);
      if (JSON.stringify(action.standIn) !== JSON.stringify(expected)) return no('BAD_STAND_IN');
      let state = input;
      const all: GameEvent[] = [];
      for (let k = 0; k < pending.length; k++) {
        const result = playerMove(state, pending[k]!, expected[k]!, true);
        if (!result.ok) return no('BAD_STAND_IN');
        state = result.value.state;
        all.push(...result.value.events);
      }
      return ok(state, all);
    }
    default:
      return no('WRONG_PHASE');
  }
}

export function applyAction(
  state: GameState,
  actor: number | 'system',
  action: Action | SystemAction<Action>,
): Outcome {
  if (state.phase === 'over') return no('GAME_OVER');
  let result: Outcome;
  if (actor === 'system') {
    result = systemMove(state, action as SystemAction<Action>);
  } else {
    if (!Number.isInteger(actor) || actor < 0 || actor >= state.seatCount) return no('NOT_A_SEAT');
    if (state.seats[actor]!.occupant === null) return no('EMPTY_SEAT');
    const type = (action as { type: string }).type;
    if (['timeout', 'abandon', 'nonces', 'seat', 'close'].includes(type)) return no('SYSTEM_ONLY');
    result = playerMove(state, actor, action as Action, false);
  }
  if (!result.ok) return result;
  return ok({ ...result.value.state, version: state.version + 1 }, result.value.events);
}
