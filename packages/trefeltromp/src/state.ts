import type { Randomness } from '@trepenta/engine';
import type { Card } from './cards';
import type { Settings } from './settings';

export type Occupant = 'human' | 'bot' | null;

/** A pot (F11): its chips and the seats that may win it. */
export interface Pot {
  readonly amount: number;
  readonly eligible: readonly number[];
}

/** One occupant's time in a seat (F18): what they bought in and took away. */
export interface Stint {
  readonly seat: number;
  readonly occupant: 'human' | 'bot';
  /** Chips bought in: the starting stack and every rebuy. */
  readonly bought: number;
  /** The stack cashed out on leaving; null while seated. */
  readonly cashedOut: number | null;
  /** Their part of a carry-over split when the session ended. */
  readonly shares: number;
  readonly hands: number;
}

export interface SeatState {
  readonly occupant: Occupant;
  /** The index of the occupant's stint, or null for an empty seat. */
  readonly stint: number | null;
  readonly stack: number;
  readonly sittingOut: boolean;
  /** Joined or coming back: dealt in from the next hand without a carry-over (F18's guard). */
  readonly waiting: boolean;
  readonly ready: boolean;
}

/** A seat dealt into the current hand. */
export interface Player {
  /** Cards still in hand (not yet revealed). */
  readonly cards: readonly Card[];
  /** Face up, in the order of the reveals. */
  readonly revealed: readonly Card[];
  readonly folded: boolean;
  /**
   * All-in: the stack ran out in this hand. Chips won at a reveal do not make the player able to
   * bet again before the next hand (example S: A, all-in, is not asked in the later calls).
   */
  readonly allIn: boolean;
  /** F13: null until chosen; then the card marked (null: keep the hand). */
  readonly draw: { readonly card: Card | null } | null;
  readonly discarded: Card | null;
  readonly received: Card | null;
  /** F14: the card locked for the reveal in progress. */
  readonly lock: Card | null;
  /** F16: the Fool's privilege, for the next call only. */
  readonly privileged: boolean;
  /** F16: stayed in this call. */
  readonly stayed: boolean;
  /** F18: decisions asked of the seat in this hand, and how many ran out of time. */
  readonly decisions: number;
  readonly timeouts: number;
}

export type Stage = 'call' | 'draw' | 'reveal';

/** A betting round in progress (F8–F10). */
export interface Call {
  /** Each seat's contribution to this call. */
  readonly bets: readonly number[];
  readonly highest: number;
  /** R: the last full bet or raise (before any, the minimum bet). */
  readonly raiseSize: number;
  /** Full bets and raises so far (the fixed-limit cap). */
  readonly fullRaises: number;
  readonly acted: readonly boolean[];
  /** The highest contribution right after each seat's last action (F10's reopening rule). */
  readonly facedAt: readonly (number | null)[];
  readonly turn: number | null;
}

export interface Hand {
  readonly number: number;
  readonly dealer: number;
  /** The shuffled deck of this hand (hidden from everyone until the session ends). */
  readonly deck: readonly Card[];
  /** The next deck position a replacement comes from. */
  readonly next: number;
  readonly players: readonly (Player | null)[];
  readonly stage: Stage;
  /** 0 fyrsturkalla, 1 banenkalla, 2 detuilerkalla, 3 debekransekalla; the reveal after call s is s − 1. */
  readonly street: number;
  readonly call: Call;
  readonly pots: readonly Pot[];
  /** Actions taken in this hand: part of each turn's timer key. */
  readonly steps: number;
  /** The last reveal's result, for everyone to see: who took what from which pot. */
  readonly lastReveal: RevealResult | null;
  /** Each seat's stack when the hand began (after any top-up). */
  readonly stacksBefore: readonly number[];
}

/** What a reveal paid (F15): per pot, its size, the winner (null: a tie) and the share. */
export interface RevealResult {
  readonly reveal: number;
  readonly shares: readonly {
    readonly size: number;
    readonly winner: number | null;
    readonly amount: number;
  }[];
}

/** A part of the carry-over (F17), with the stints that tied for it. */
export interface CarryPart {
  readonly amount: number;
  readonly tied: readonly number[];
}

/** What is left of the last hand between hands: the cards a player may still show (F19). */
export interface LastHand {
  readonly number: number;
  readonly dealer: number;
  readonly unshown: readonly (readonly Card[])[];
  readonly shown: readonly (readonly Card[] | null)[];
  readonly lastReveal: RevealResult | null;
}

export interface GameState {
  readonly schema: 'trefeltromp/1';
  readonly settings: Settings;
  readonly seatCount: number;
  readonly randomness: Randomness;
  readonly epoch: number;
  readonly nonces: readonly string[];
  readonly wantsNonces: number | null;
  readonly version: number;
  readonly phase: 'between' | 'hand' | 'over';
  /** Hands dealt so far (the current one's number while it is played). */
  readonly handsDealt: number;
  readonly seats: readonly SeatState[];
  readonly stints: readonly Stint[];
  readonly hand: Hand | null;
  readonly carry: readonly CarryPart[];
  readonly lastHand: LastHand | null;
  /** Net chips per seat of each finished hand. */
  readonly history: readonly (readonly number[])[];
  readonly lastDealer: number | null;
  readonly closed: boolean;
  readonly abandoned: boolean;
  readonly endedBy: 'close' | 'nobody' | 'stuck' | 'idle' | 'abandon' | null;
}
