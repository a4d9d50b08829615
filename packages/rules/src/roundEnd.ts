import type { PlayerAction } from './actions';
import { cardValue, faceKey, faceOf, sortedFaces } from './cards';
import type { Card, Face } from './cards';
import { dealRound } from './deal';
import { ruleError } from './errors';
import type { RuleError } from './errors';
import type { GameEvent, MeldView } from './events';
import { extendMeld, layOffEnds, meldArrangements } from './melds';
import type { Meld } from './melds';
import { err, exhaustive, ok } from './result';
import type { Result } from './result';
import { ROUNDS } from './settings';
import type {
  GameState,
  LayOff,
  LayoffTurn,
  PastMeld,
  PastRound,
  RevealState,
  RoundEndReason,
  SeatReveal,
} from './state';
import { withGame, withReveal, withRound, withSeat } from './records';
import { indexOfId, removeAt, replaceAt } from './util';

interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}
type Step = Result<Applied, RuleError>;

function rivalSetsInPlay(state: GameState): boolean {
  // R5b: Rival Sets has no effect in a solo game.
  return state.settings.houseRules.rivalSets && state.seatCount > 1;
}

/** R21: the Finish Line player scores 0 and has nothing to lay off. */
function finishLineSeat(state: GameState): number | null {
  return state.settings.houseRules.finishLine ? state.round.completedBy : null;
}

/** §5: every hand and field is revealed; then the arrangement step, lay-offs, or the score. */
export function endRound(state: GameState, reason: RoundEndReason, events: GameEvent[]): Applied {
  const round = state.round;
  events.push({
    type: 'roundEnded',
    reason,
    hands: round.seats.map((seat) => sortedFaces(seat.hand)),
    fields: round.seats.map((seat) => seat.field.map((slot) => faceOf(slot.card))),
  });
  const rival = rivalSetsInPlay(state);
  const seats: SeatReveal[] = round.seats.map((seat) => {
    const options = meldArrangements(seat.hand);
    const chosen = !rival || options.length === 1 ? 0 : null;
    const shown = options[chosen ?? 0]!;
    return { options, chosen, melds: shown.melds, deadwood: shown.deadwood, laidOff: 0 };
  });
  const reveal: RevealState = { reason, seats, layoff: null, layOffs: [], points: null };
  const revealed = withGame(state, { round: withRound(round, { turn: null, reveal }) });
  if (!rival) return scoreRound(revealed, events);
  if (seats.some((seat) => seat.chosen === null)) {
    return { state: withGame(revealed, { phase: 'arrange' }), events };
  }
  return showArrangements(revealed, events);
}

export function arrangeTimeout(state: GameState, events: GameEvent[]): Applied {
  // R19b: whoever has not picked shows R19's arrangement.
  const reveal = state.round.reveal!;
  const seats = reveal.seats.map((seat) => (seat.chosen === null ? pick(seat, 0) : seat));
  return showArrangements(revealWith(state, { seats }), events);
}

function pick(seat: SeatReveal, index: number): SeatReveal {
  const option = seat.options[index]!;
  return { ...seat, chosen: index, melds: option.melds, deadwood: option.deadwood };
}

/** The state with its round's reveal changed. */
function revealWith(state: GameState, changes: Partial<RevealState>): GameState {
  const round = state.round;
  return withGame(state, {
    round: withRound(round, { reveal: withReveal(round.reveal!, changes) }),
  });
}

function meldView(meld: Meld<Card>): MeldView {
  return { kind: meld.kind, cards: meld.cards.map(faceOf) };
}

function showArrangements(state: GameState, events: GameEvent[]): Applied {
  const reveal = state.round.reveal!;
  events.push({
    type: 'arrangementsShown',
    melds: reveal.seats.map((seat) => seat.melds.map(meldView)),
  });
  const first = (state.round.dealer + 1) % state.seatCount;
  return nextLayoffTurn(withGame(state, { phase: 'layoff' }), first, 0, 0, events);
}

function canLayOffAnything(state: GameState, seat: number): boolean {
  if (finishLineSeat(state) === seat) return false;
  const seats = state.round.reveal!.seats;
  for (const card of seats[seat]!.deadwood) {
    for (let other = 0; other < seats.length; other++) {
      if (other === seat) continue;
      for (const meld of seats[other]!.melds) if (layOffEnds(meld, card).length > 0) return true;
    }
  }
  return false;
}

/**
 * R20: lay-off turns go clockwise; a seat with no legal lay-off passes automatically; the phase
 * ends when every seat has passed in a row since the last lay-off.
 */
function nextLayoffTurn(
  state: GameState,
  from: number,
  passesInRow: number,
  number: number,
  events: GameEvent[],
): Applied {
  let seat = from;
  let passes = passesInRow;
  while (passes < state.seatCount) {
    if (canLayOffAnything(state, seat)) {
      const layoff: LayoffTurn = { seat, number: number + 1, passesInRow: passes };
      return { state: revealWith(state, { layoff }), events };
    }
    events.push({ type: 'passed', seat, auto: true });
    passes++;
    seat = (seat + 1) % state.seatCount;
  }
  return scoreRound(revealWith(state, { layoff: null }), events);
}

function scoreRound(state: GameState, events: GameEvent[]): Applied {
  const reveal = state.round.reveal!;
  const finisher = finishLineSeat(state);
  const points = reveal.seats.map((seat, index) =>
    index === finisher ? 0 : seat.deadwood.reduce((sum, card) => sum + cardValue(card), 0),
  );
  const scores = [...state.scores, points];
  const scored = withGame(revealWith(state, { points, layoff: null }), {
    scores,
    phase: 'roundEnd',
  });
  events.push({
    type: 'roundScored',
    round: state.round.round,
    points,
    totals: totals(scored),
    finishLine: finisher,
  });
  if (state.round.round >= ROUNDS) return endGame(scored, false, events);
  return { state: scored, events };
}

/**
 * Who laid off each card of a shown meld (R20), by the card's id in the meld: null for the
 * owner's own cards.
 */
export function laidOffBy(meld: Meld<Card>, layOffs: readonly LayOff[]): (number | null)[] {
  return meld.cards.map((card) => {
    for (const layOff of layOffs) if (layOff.card.id === card.id) return layOff.seat;
    return null;
  });
}

/** A scored round's revealed table in public form, to be kept once the next round is dealt. */
function pastRound(state: GameState): PastRound {
  const round = state.round;
  const reveal = round.reveal!;
  return {
    round: round.round,
    dealer: round.dealer,
    reason: reveal.reason,
    finishLine: finishLineSeat(state),
    seats: reveal.seats.map((seat, index) => {
      const seatState = round.seats[index]!;
      return {
        hand: sortedFaces(seatState.hand),
        field: seatState.field.map((slot) => faceOf(slot.card)),
        faceUp: seatState.field.map((slot) => slot.faceUp),
        die: seatState.die,
        melds: seat.melds.map((meld): PastMeld => ({
          kind: meld.kind,
          cards: meld.cards.map(faceOf),
          laidOffBy: laidOffBy(meld, reveal.layOffs),
        })),
        deadwood: sortedFaces(seat.deadwood),
        laidOff: seat.laidOff,
        points: reveal.points?.[index] ?? 0,
      };
    }),
  };
}

export function startNextRound(state: GameState, events: GameEvent[]): Applied {
  const number = state.round.round + 1;
  const dealer = (state.firstDealer + number - 1) % state.seatCount;
  const round = dealRound(state.settings, state.seatCount, state.randomness, number, dealer);
  const top = round.discardPile[round.discardPile.length - 1]!;
  events.push({
    type: 'roundStarted',
    round: number,
    dealer,
    dice: round.seats.map((seat) => seat.die),
    discardTop: faceOf(top),
    drawCount: round.drawPile.length,
  });
  const pastRounds = state.round.reveal
    ? [...state.pastRounds, pastRound(state)]
    : state.pastRounds;
  return { state: withGame(state, { phase: 'setup', round, pastRounds }), events };
}

export function applyRoundEndAction(
  state: GameState,
  seat: number,
  action: Extract<PlayerAction, { type: 'arrange' | 'layOff' | 'pass' | 'ready' }>,
): Step {
  switch (action.type) {
    case 'arrange':
      return arrange(state, seat, action.melds);
    case 'layOff':
      return layOff(state, seat, action.cardId, action.target.seat, action.target.meld, action.end);
    case 'pass':
      return pass(state, seat);
    case 'ready':
      return ready(state, seat);
    default:
      return exhaustive(action);
  }
}

/** A canonical text for an arrangement by faces, so duplicates' ids do not matter. */
function arrangementKey(melds: readonly (readonly Face[])[]): string {
  return melds
    .map((meld) => meld.map(faceKey).sort().join(','))
    .sort()
    .join('|');
}

function arrange(state: GameState, seat: number, groups: readonly (readonly string[])[]): Step {
  if (!state.settings.houseRules.rivalSets) return err(ruleError('RIVAL_SETS_OFF'));
  if (state.phase !== 'arrange') return err(ruleError('WRONG_PHASE'));
  const reveal = state.round.reveal!;
  const seatReveal = reveal.seats[seat]!;
  if (seatReveal.chosen !== null) {
    return err(ruleError('ALREADY_CHOSEN', 'You have already chosen your arrangement.'));
  }
  const hand = state.round.seats[seat]!.hand;
  const ids = groups.flat();
  if (new Set(ids).size !== ids.length) return err(ruleError('BAD_ARRANGEMENT'));
  const faces: Face[][] = [];
  for (const group of groups) {
    const cards: Face[] = [];
    for (const id of group) {
      const index = indexOfId(hand, id);
      if (index < 0) return err(ruleError('CARD_NOT_IN_HAND'));
      cards.push(hand[index]!);
    }
    faces.push(cards);
  }
  const key = arrangementKey(faces);
  const index = seatReveal.options.findIndex(
    (option) => arrangementKey(option.melds.map((meld) => meld.cards)) === key,
  );
  if (index < 0) return err(ruleError('BAD_ARRANGEMENT'));
  const seats = replaceAt(reveal.seats, seat, pick(seatReveal, index));
  const next = revealWith(state, { seats });
  const events: GameEvent[] = [{ type: 'arrangementChosen', seat }];
  if (seats.some((s) => s.chosen === null)) return ok({ state: next, events });
  return ok(showArrangements(next, events));
}

function layoffTurn(state: GameState, seat: number): Result<LayoffTurn, RuleError> {
  if (state.phase !== 'layoff') {
    return err(
      state.settings.houseRules.rivalSets ? ruleError('WRONG_PHASE') : ruleError('RIVAL_SETS_OFF'),
    );
  }
  const layoff = state.round.reveal!.layoff!;
  if (layoff.seat !== seat) return err(ruleError('NOT_YOUR_TURN'));
  return ok(layoff);
}

function layOff(
  state: GameState,
  seat: number,
  id: string,
  targetSeat: number,
  meldIndex: number,
  end: 'set' | 'low' | 'high',
): Step {
  const turn = layoffTurn(state, seat);
  if (!turn.ok) return turn;
  const reveal = state.round.reveal!;
  const own = reveal.seats[seat]!;
  const index = indexOfId(own.deadwood, id);
  if (index < 0) {
    const inMeld = own.melds.some((meld) => indexOfId(meld.cards, id) >= 0);
    return err(ruleError(inMeld ? 'CARD_IN_MELD' : 'CARD_NOT_IN_HAND'));
  }
  if (targetSeat === seat) return err(ruleError('OWN_MELD'));
  const target = reveal.seats[targetSeat];
  const meld = target?.melds[meldIndex];
  if (target === undefined || meld === undefined) return err(ruleError('NOT_A_MELD'));
  const card = own.deadwood[index]!;
  if (!layOffEnds(meld, card).includes(end)) return err(ruleError('CANNOT_LAY_OFF'));
  let seats = replaceAt(reveal.seats, seat, {
    ...own,
    deadwood: removeAt(own.deadwood, index),
    laidOff: own.laidOff + 1,
  });
  seats = replaceAt(seats, targetSeat, {
    ...target,
    melds: replaceAt(target.melds, meldIndex, extendMeld(meld, card, end)),
  });
  const events: GameEvent[] = [
    {
      type: 'laidOff',
      seat,
      target: { seat: targetSeat, meld: meldIndex },
      end,
      moves: [
        {
          card,
          from: { zone: 'hand', seat },
          to: { zone: 'meld', seat: targetSeat, meld: meldIndex },
          isPublic: true,
        },
      ],
    },
  ];
  const layOffs: LayOff[] = [
    ...reveal.layOffs,
    { seat, card, target: { seat: targetSeat, meld: meldIndex }, end },
  ];
  const next = revealWith(state, { seats, layOffs });
  return ok(nextLayoffTurn(next, (seat + 1) % state.seatCount, 0, turn.value.number, events));
}

function pass(state: GameState, seat: number): Step {
  const turn = layoffTurn(state, seat);
  if (!turn.ok) return turn;
  const events: GameEvent[] = [{ type: 'passed', seat, auto: false }];
  const { passesInRow, number } = turn.value;
  return ok(nextLayoffTurn(state, (seat + 1) % state.seatCount, passesInRow + 1, number, events));
}

function ready(state: GameState, seat: number): Step {
  if (state.phase !== 'roundEnd') return err(ruleError('WRONG_PHASE'));
  const round = state.round;
  const seatState = round.seats[seat]!;
  if (seatState.ready) return err(ruleError('ALREADY_CHOSEN', 'You are already ready.'));
  const seats = replaceAt(round.seats, seat, withSeat(seatState, { ready: true }));
  const next = withGame(state, { round: withRound(round, { seats }) });
  const events: GameEvent[] = [{ type: 'ready', seat }];
  if (seats.every((s) => s.ready)) return ok(startNextRound(next, events));
  return ok({ state: next, events });
}

/** Totals per seat over the finished rounds. */
export function totals(state: GameState): number[] {
  const sums = new Array<number>(state.seatCount).fill(0);
  for (const round of state.scores) {
    for (let seat = 0; seat < round.length; seat++) sums[seat]! += round[seat]!;
  }
  return sums;
}

/** The lowest total wins; ties share the victory (§5.6). */
export function winners(state: GameState): number[] {
  const sums = totals(state);
  const best = Math.min(...sums);
  return sums.flatMap((sum, seat) => (sum === best ? [seat] : []));
}

export function endGame(state: GameState, abandoned: boolean, events: GameEvent[]): Applied {
  const over = withGame(state, { phase: 'gameOver', abandoned });
  events.push({
    type: 'gameEnded',
    totals: totals(over),
    winners: abandoned ? [] : winners(over),
    abandoned,
    secrets: [...state.randomness.secrets],
  });
  return { state: over, events };
}
