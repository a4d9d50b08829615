import type { GameState, RevealState, RoundState, SeatState, TurnState } from './state';

// Copies of the state's records with some fields changed. Each builder lists every field in one
// fixed order, so all records of a kind share one hidden class in the JavaScript engine and stay
// fast to read and to copy. Object spread over states of mixed origin (dealt, copied, parsed from
// JSON) fell back to the engine's slow path and cost about a third of a game's time.
// A field left undefined in the changes keeps its value; no state field is ever undefined.

function or<T>(change: T | undefined, kept: T): T {
  return change === undefined ? kept : change;
}

export function withGame(s: GameState, c: Partial<GameState>): GameState {
  return {
    schemaVersion: s.schemaVersion,
    shuffleVersion: s.shuffleVersion,
    settings: s.settings,
    seatCount: s.seatCount,
    randomness: s.randomness,
    commitments: s.commitments,
    firstDealer: s.firstDealer,
    version: or(c.version, s.version),
    phase: or(c.phase, s.phase),
    round: or(c.round, s.round),
    scores: or(c.scores, s.scores),
    pastRounds: or(c.pastRounds, s.pastRounds),
    abandoned: or(c.abandoned, s.abandoned),
  };
}

export function withRound(r: RoundState, c: Partial<RoundState>): RoundState {
  return {
    round: r.round,
    dealer: r.dealer,
    seats: or(c.seats, r.seats),
    drawPile: or(c.drawPile, r.drawPile),
    discardPile: or(c.discardPile, r.discardPile),
    nextCardId: or(c.nextCardId, r.nextCardId),
    turn: or(c.turn, r.turn),
    completedBy: or(c.completedBy, r.completedBy),
    finalTurnsLeft: or(c.finalTurnsLeft, r.finalTurnsLeft),
    reshuffles: or(c.reshuffles, r.reshuffles),
    idleTurns: or(c.idleTurns, r.idleTurns),
    reveal: or(c.reveal, r.reveal),
  };
}

export function withSeat(s: SeatState, c: Partial<SeatState>): SeatState {
  return {
    piles: or(c.piles, s.piles),
    hand: or(c.hand, s.hand),
    field: or(c.field, s.field),
    die: s.die,
    known: or(c.known, s.known),
    ready: or(c.ready, s.ready),
  };
}

export function withTurn(t: TurnState, c: Partial<TurnState>): TurnState {
  return {
    seat: t.seat,
    number: t.number,
    step: or(c.step, t.step),
    takenFromDiscard: or(c.takenFromDiscard, t.takenFromDiscard),
    takenPlacedAt: or(c.takenPlacedAt, t.takenPlacedAt),
    exchanges: or(c.exchanges, t.exchanges),
    swapped: or(c.swapped, t.swapped),
    progressed: or(c.progressed, t.progressed),
    emptiedDrawPile: or(c.emptiedDrawPile, t.emptiedDrawPile),
  };
}

export function withReveal(r: RevealState, c: Partial<RevealState>): RevealState {
  return {
    reason: r.reason,
    seats: or(c.seats, r.seats),
    layoff: or(c.layoff, r.layoff),
    layOffs: or(c.layOffs, r.layOffs),
    points: or(c.points, r.points),
  };
}
