/** Building states and views by hand for the rulings' tests. */
import { exampleRandomness } from '@trepenta/engine';
import type { Seat } from '@trepenta/engine';
import { DEFAULT_SETTINGS, SUITS, createGame, viewFor } from '../src/index';
import type {
  Card,
  Play,
  Suit,
  TressetteSettings,
  TressetteState,
  TressetteView,
} from '../src/index';

const SHORT: Readonly<Record<string, Suit>> = { D: 'coins', C: 'cups', S: 'swords', B: 'clubs' };

/** 'A♦' style shorthand of the ruling text: 'AD', 'KnS', '3B' (D Coins, C Cups, S Swords, B Clubs). */
export function c(short: string): Card {
  const suit = SHORT[short.slice(-1)];
  if (!suit) throw new Error(`no suit in ${short}`);
  return `${suit}-${short.slice(0, -1)}` as Card;
}

export function cards(shorts: string): Card[] {
  return shorts.split(/\s+/).filter(Boolean).map(c);
}

export function fresh(
  seatCount: number,
  settings: Partial<TressetteSettings> = {},
  seed: number | string = 1,
): TressetteState {
  const full = { ...DEFAULT_SETTINGS, ...settings };
  const created = createGame(full, seatCount, exampleRandomness(1, seatCount, seed));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** A hand in play with the given cards; other fields as a fresh deal would have them. */
export function scenario(
  seatCount: number,
  parts: {
    hands: Card[][];
    dealer?: Seat;
    turn: Seat;
    trick?: Play[];
    gone?: Card[];
    stock?: Card[];
    settings?: Partial<TressetteSettings>;
  },
): TressetteState {
  const base = fresh(seatCount, parts.settings);
  const gone = parts.gone ?? [];
  // Cards already played sit in earlier tricks won by seat 0 (their winner does not matter here).
  const tricks = [];
  for (let i = 0; i < gone.length; i += seatCount) {
    tricks.push({
      plays: gone.slice(i, i + seatCount).map((card, k) => ({ seat: k % seatCount, card })),
      winner: 0,
    });
  }
  return {
    ...base,
    dealer: parts.dealer ?? 0,
    hands: parts.hands,
    known: parts.hands.map(() => []),
    stock: parts.stock ?? [],
    turn: parts.turn,
    trick: parts.trick ?? [],
    tricks,
    announced: true,
    declarations: [],
  };
}

export function viewOf(state: TressetteState, seat: Seat): TressetteView {
  return viewFor(state, seat);
}

export { SUITS };
