import type { ComponentType } from 'react';
import { TrefeltrompArt } from './trefeltromp/art';
import { TrepentaArt } from './trepenta/art';
import type { GameClient } from './types';

/**
 * The games the home page offers, with what the gallery shows before any game's code is loaded
 * (its name, pitch and length, a small drawing of its table, the seats it takes, its one-click
 * practice tables) and how to load the rest: its own chunk.
 */
export interface GameEntry {
  readonly id: string;
  readonly title: string;
  readonly pitch: string;
  readonly length: string;
  /** A small drawing of the game's table, decorative (the words say what it is). */
  readonly Art: ComponentType;
  readonly seats: { readonly min: number; readonly max: number };
  /** One-click tables against bots: the seat count, the bots' seats filled from seat 1 on. */
  readonly practice: readonly { readonly seats: number; readonly bots: number }[];
  /** The seat count the create form starts with. */
  readonly defaultSeats: number;
  load(): Promise<{ client: GameClient }>;
}

export const GAME_LIST: readonly GameEntry[] = [
  {
    id: 'trepenta',
    title: 'Trepenta',
    pitch:
      'A hand of five, a row of five face-down cards valued by a die: turn your field face up, keep your hand in sets and runs.',
    length: 'Five rounds, about 20 minutes',
    Art: TrepentaArt,
    seats: { min: 1, max: 6 },
    practice: [
      { seats: 3, bots: 2 },
      { seats: 1, bots: 0 },
    ],
    defaultSeats: 3,
    load: () => import('./trepenta'),
  },
  {
    id: 'trefeltromp',
    title: 'Trefeltromp',
    pitch:
      'Poker with a tarot deck: three cards, four calls, and three reveals that each pay part of the pot.',
    length: 'A session: play hands until the host closes the table',
    Art: TrefeltrompArt,
    seats: { min: 2, max: 8 },
    practice: [
      { seats: 4, bots: 3 },
      { seats: 2, bots: 1 },
    ],
    defaultSeats: 6,
    load: () => import('./trefeltromp'),
  },
];

export function gameEntry(id: string): GameEntry | undefined {
  return GAME_LIST.find((entry) => entry.id === id);
}

/** A game's name before its code is loaded. */
export function gameTitle(id: string): string {
  return gameEntry(id)?.title ?? id;
}
