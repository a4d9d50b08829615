/**
 * Seeded property tests: whole Poker games over every seat count and option mix, bots of both
 * levels, timers running out now and then; the game's invariants at every step and its end rule.
 */
import { describe, expect, it } from 'vitest';
import { drive } from '@trepenta/engine/testing';
import { POKER_TARGET, pokerSettingsSchema, trumpenPoker } from '../src/index';
import type { PokerState } from '../src/index';
import { pokerInvariants, pokerMaxActions } from './hooks';

const OPTION_MIXES = [
  {},
  { showAllHands: false },
  { pokerOrder: true },
  { showAllHands: false, pokerOrder: true },
];

describe('Poker properties', () => {
  for (const seats of [3, 4, 5, 6]) {
    it(`${seats} seats, every option mix: invariants hold and the game ends by P7`, () => {
      OPTION_MIXES.forEach((mix, m) => {
        const settings = pokerSettingsSchema.parse(mix);
        const game = drive(trumpenPoker, settings, seats, {
          levels: m % 2 === 0 ? ['random', 'greedy'] : ['random'],
          seed: 500 + 10 * seats + m,
          timeoutChance: 0.1,
          maxActions: pokerMaxActions(settings, seats),
          closeAfter: 400,
          seatChangeChance: 0,
          onStep: (step) => expect(pokerInvariants(step.after as PokerState)).toEqual([]),
        });
        const final = game.final as PokerState;
        expect(final.phase).toBe('over');
        const reached = final.scores.some((s) => s >= POKER_TARGET);
        expect(reached || final.round === 9).toBe(true);
        // The game stopped at the first round in which someone reached the target.
        final.rounds.slice(0, -1).forEach((_, r) => {
          const totals = final.rounds.slice(0, r + 1).reduce(
            (sum, round) => sum.map((s, i) => s + round.showdown.points[i]!),
            final.scores.map(() => 0),
          );
          expect(totals.every((t) => t < POKER_TARGET)).toBe(true);
        });
        // Points are only ever a category's points, and only winners score.
        for (const round of final.rounds)
          round.showdown.points.forEach((p, seat) =>
            expect(p === 0 || round.showdown.winners.includes(seat)).toBe(true),
          );
      });
    });
  }
});
