/**
 * Seeded property tests: whole 21 games over every seat count and option mix, bots of both levels,
 * timers running out now and then; cards conserved, every seat starts three deals a round, and
 * the game ends after round 3.
 */
import { describe, expect, it } from 'vitest';
import { drive } from '@trepenta/engine/testing';
import { trumpen21, twentyOneSettingsSchema } from '../src/index';
import type { TwentyOneEvent, TwentyOneState } from '../src/index';
import { twentyOneInvariants, twentyOneMaxActions } from './hooks';

describe('21 properties', () => {
  for (const seats of [2, 3, 4, 5, 6]) {
    it(`${seats} seats, with and without a turn timer: invariants hold; 3N deals a round, 3 per seat`, () => {
      [{}, { turnSeconds: 10 }].forEach((mix, m) => {
        const settings = twentyOneSettingsSchema.parse(mix);
        const starts: number[][] = [];
        const game = drive(trumpen21, settings, seats, {
          levels: m === 0 ? ['random', 'greedy'] : ['greedy'],
          seed: 900 + 10 * seats + m,
          timeoutChance: 0.1,
          maxActions: twentyOneMaxActions(settings, seats),
          closeAfter: 400,
          seatChangeChance: 0,
          onStep: (step) => {
            expect(twentyOneInvariants(step.after as TwentyOneState)).toEqual([]);
            for (const event of step.events as TwentyOneEvent[]) {
              if (event.type === 'dealStarted')
                (starts[event.round - 1] ??= []).push(event.starter);
            }
          },
        });
        const final = game.final as TwentyOneState;
        expect(final.phase).toBe('over');
        expect(final.rounds).toHaveLength(3);
        for (const round of starts) {
          expect(round).toHaveLength(3 * seats);
          for (let seat = 0; seat < seats; seat++)
            expect(round.filter((s) => s === seat)).toHaveLength(3);
        }
        // Each round starts with the previous round's last start player.
        expect(starts[1]![0]).toBe(starts[0]!.at(-1));
        expect(starts[2]![0]).toBe(starts[1]!.at(-1));
      });
    });
  }
});
