import type { Card, Face } from './cards';
import type { Meld, HandScore } from './melds';
import type { GameSettings } from './settings';

/**
 * 2: the draw and discard piles hold faces without ids. 3: the reveal records its lay-offs and
 * the game keeps the finished rounds' public reveals (older snapshots replay from the log).
 */
export const STATE_SCHEMA_VERSION = 3;

export const PHASES = ['setup', 'turns', 'arrange', 'layoff', 'roundEnd', 'gameOver'] as const;
export type Phase = (typeof PHASES)[number];

export const ROUND_END_REASONS = ['fieldComplete', 'drawPile', 'reshuffleLimit', 'stall'] as const;
export type RoundEndReason = (typeof ROUND_END_REASONS)[number];

export interface FieldSlot {
  readonly card: Card;
  readonly faceUp: boolean;
}

export interface SeatState {
  /** The two dealt piles while the field is being chosen; null once chosen. */
  readonly piles: { readonly A: readonly Card[]; readonly B: readonly Card[] } | null;
  readonly hand: readonly Card[];
  /** Five slots left to right once the field is chosen; empty before. */
  readonly field: readonly FieldSlot[];
  readonly die: number;
  /** Public multiset of cards seen entering this hand (§7). */
  readonly known: readonly Face[];
  readonly ready: boolean;
}

export interface TurnState {
  readonly seat: number;
  /** Counts turns in the round, so a turn's timer key is unique (R26). */
  readonly number: number;
  readonly step: 'draw' | 'act';
  /** R13: the id of the card taken from the discard pile this turn, if any. */
  readonly takenFromDiscard: string | null;
  /**
   * R13: where that card lies if it was placed face up this turn (seat * 5 + position), so that
   * taking it back with Open Field (a fresh id) keeps it undiscardable.
   */
  readonly takenPlacedAt: number | null;
  readonly exchanges: number;
  /** R12b: Open Field targets used this turn, as seat * 5 + position. */
  readonly swapped: readonly number[];
  /** R17b: whether this turn drew from the draw pile or exchanged a face-down card. */
  readonly progressed: boolean;
  /** R15/Long Play: the draw pile became empty during this turn. */
  readonly emptiedDrawPile: boolean;
}

export interface SeatReveal {
  /** R19b: the arrangements this hand allows, R19's first. */
  readonly options: readonly HandScore<Card>[];
  /** Index into options once picked (or when there is only one). */
  readonly chosen: number | null;
  /** The shown melds, extended by others' lay-offs. */
  readonly melds: readonly Meld<Card>[];
  /** Unmelded cards still in hand (lay-offs remove them). */
  readonly deadwood: readonly Card[];
  readonly laidOff: number;
}

/** R20: one card laid off, in the order they were laid off. */
export interface LayOff {
  /** The giver. */
  readonly seat: number;
  /** The card as it sits in the target meld (its id there). */
  readonly card: Card;
  readonly target: { readonly seat: number; readonly meld: number };
  readonly end: 'set' | 'low' | 'high';
}

export interface LayoffTurn {
  readonly seat: number;
  readonly number: number;
  readonly passesInRow: number;
}

export interface RevealState {
  readonly reason: RoundEndReason;
  readonly seats: readonly SeatReveal[];
  readonly layoff: LayoffTurn | null;
  /** R20: every lay-off so far, oldest first. */
  readonly layOffs: readonly LayOff[];
  /** This round's points per seat once the round is scored. */
  readonly points: readonly number[] | null;
}

export interface RoundState {
  readonly round: number;
  readonly dealer: number;
  readonly seats: readonly SeatState[];
  /**
   * Top of the pile is the last element. Cards in the piles have no ids: a card gets a fresh id
   * when it enters a hand (§7), and the views share these public faces instead of copying them.
   */
  readonly drawPile: readonly Face[];
  /** Bottom first, top last. */
  readonly discardPile: readonly Face[];
  /** Source of fresh card ids: a card gets a new id whenever it enters a hand (§7). */
  readonly nextCardId: number;
  readonly turn: TurnState | null;
  /** R14: who completed their field first, and how many final turns remain. */
  readonly completedBy: number | null;
  readonly finalTurnsLeft: number;
  readonly reshuffles: number;
  /** R17b: turns in a row without a draw from the draw pile or a face-down exchange. */
  readonly idleTurns: number;
  readonly reveal: RevealState | null;
}

export interface Randomness {
  readonly gameId: string;
  /** s₁…s₅, 64 hex characters each (§8). */
  readonly secrets: readonly string[];
  /** One 64-hex nonce per seat, in seat order (§8.2). */
  readonly nonces: readonly string[];
}

/** A shown meld as everyone sees it: faces, and who laid off each card (null: the owner's). */
export interface PastMeld {
  readonly kind: 'set' | 'run';
  readonly cards: readonly Face[];
  readonly laidOffBy: readonly (number | null)[];
}

/** One seat of a finished round's table, all of it public. */
export interface PastSeat {
  /** The hand as revealed, before any lay-off, in a fixed order. */
  readonly hand: readonly Face[];
  readonly field: readonly Face[];
  /** Whether each field position was face up at the round's end. */
  readonly faceUp: readonly boolean[];
  readonly die: number;
  readonly melds: readonly PastMeld[];
  readonly deadwood: readonly Face[];
  readonly laidOff: number;
  readonly points: number;
}

/** A finished round's revealed table, kept (in view form) until the game ends. */
export interface PastRound {
  readonly round: number;
  readonly dealer: number;
  readonly reason: RoundEndReason;
  /** R21: the Finish Line player (0 points), when the house rule is on. */
  readonly finishLine: number | null;
  readonly seats: readonly PastSeat[];
}

export interface GameState {
  readonly schemaVersion: number;
  readonly shuffleVersion: number;
  readonly settings: GameSettings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly commitments: readonly string[];
  readonly firstDealer: number;
  /** Bumped by every accepted action (R25). */
  readonly version: number;
  readonly phase: Phase;
  readonly round: RoundState;
  /** Points per finished round, per seat. */
  readonly scores: readonly (readonly number[])[];
  /** The revealed tables of the rounds before the current one, oldest first. */
  readonly pastRounds: readonly PastRound[];
  readonly abandoned: boolean;
}
