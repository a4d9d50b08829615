import type { ComponentType } from 'react';
import { TrefeltrompArt } from './trefeltromp/art';
import { TrepentaArt } from './trepenta/art';
import { TressetteArt } from './tressette/art';
import { TrumPenArt } from './trumpen/art';
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
    id: 'tressette',
    title: 'Tressette',
    pitch:
      'The Italian trick game without trumps: follow suit, take the Aces and court cards, count in thirds. Two against two, or two or three alone.',
    length: 'To 21 points, about 20 minutes',
    Art: TressetteArt,
    seats: { min: 2, max: 4 },
    practice: [
      { seats: 4, bots: 3 },
      { seats: 2, bots: 1 },
    ],
    defaultSeats: 4,
    load: () => import('./tressette'),
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
  {
    id: 'trumpen-poker',
    title: 'TrumPen Poker',
    pitch:
      'Write any poker hand you like on blank cards — but a hand that shares a card with another player’s is out.',
    length: 'Up to nine quick rounds, about 10 minutes',
    Art: () => TrumPenArt({ marks: ['7', '7', 'A'] }),
    seats: { min: 3, max: 6 },
    practice: [{ seats: 4, bots: 3 }],
    defaultSeats: 4,
    load: () => import('./trumpen-poker'),
  },
  {
    id: 'trumpen-21',
    title: 'TrumPen 21',
    pitch:
      'Write four cards, then offer them face down one by one: take what others pass, and finish nearest 21.',
    length: 'Three rounds, about 15 minutes',
    Art: () => TrumPenArt({ marks: ['10', '9', '2'] }),
    seats: { min: 2, max: 6 },
    // Heads-up against one bot: Trepenta's gallery card already offers "Play against 2 bots".
    practice: [{ seats: 2, bots: 1 }],
    defaultSeats: 3,
    load: () => import('./trumpen-21'),
  },
  {
    id: 'trumpen-tricks',
    title: 'TrumPen Trick Taking',
    pitch:
      'Write three numbers, choose their suits as you play: follow the lead or switch it with a matching number, and every card stays on the table.',
    length: 'Three rounds of three tricks, about 15 minutes',
    Art: () => TrumPenArt({ marks: ['8', '5', '5'] }),
    seats: { min: 3, max: 5 },
    // Four bots: Poker's gallery card already offers "Play against 3 bots".
    practice: [{ seats: 5, bots: 4 }],
    defaultSeats: 4,
    load: () => import('./trumpen-tricks'),
  },
  {
    id: 'trumpen-speed',
    title: 'TrumPen Speed',
    pitch:
      'No turns: everyone writes and plays at once onto two stacks, one above or below the top — first card down counts.',
    length: 'One fast game, a few minutes',
    Art: () => TrumPenArt({ marks: ['8', '7', '6'] }),
    seats: { min: 2, max: 4 },
    // Every bot count up to three already has its gallery button (a second one of the same name
    // would make "Play against 1 bot" ambiguous); Speed's bots are set when creating the room.
    practice: [],
    defaultSeats: 2,
    load: () => import('./trumpen-speed'),
  },
];

export function gameEntry(id: string): GameEntry | undefined {
  return GAME_LIST.find((entry) => entry.id === id);
}

/** A game's name before its code is loaded. */
export function gameTitle(id: string): string {
  return gameEntry(id)?.title ?? id;
}
