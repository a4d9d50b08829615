/**
 * What the three turn-based TrumPen modules share beyond cards and writing: the refusal codes every
 * game has, the checks at `create`, and small helpers for state updates.
 */
import { isHex256 } from '@trepenta/engine';
import type { Randomness, RuleError } from '@trepenta/engine';
import { z } from 'zod';

export const COMMON_ERRORS = {
  INVALID_SETTINGS: 'The game settings are not valid.',
  INVALID_SEAT_COUNT: 'This game is not played with that many seats.',
  INVALID_RANDOMNESS: 'The game randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat at this table.',
  SYSTEM_ONLY: 'Only the server can do that.',
  GAME_OVER: 'The game is over.',
  WRONG_PHASE: 'That is not possible at this point of the game.',
  ALREADY_READY: 'You have already pressed Ready.',
  STALE_TIMER: 'That timer is no longer running.',
  BAD_STAND_IN: "The stand-in's moves do not complete what the timer was waiting for.",
} as const;

export function refusal<T extends Record<string, string>>(
  table: T,
  code: keyof T & string,
): RuleError {
  return { code, message: table[code]! };
}

export function randomnessFits(randomness: Randomness, seatCount: number): boolean {
  return (
    randomness.secrets.length === 1 &&
    randomness.nonces.length === seatCount &&
    [...randomness.secrets, ...randomness.nonces].every(isHex256)
  );
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((old, i) => (i === index ? item : old));
}

/** Places from totals, highest first; equal totals share a place (C8). */
export function placesByTotal(totals: readonly number[]): number[][] {
  const distinct = [...new Set(totals)].sort((a, b) => b - a);
  return distinct.map((total) => totals.flatMap((t, seat) => (t === total ? [seat] : [])));
}

export const viewerSchema = z.union([z.number().int().min(0), z.literal('spectator')]);
export const seatSchema = z.number().int().min(0).max(7);
export const hexSchema = z.string().regex(/^[0-9a-f]{64}$/);
