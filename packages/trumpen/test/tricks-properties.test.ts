/**
 * Seeded property tests: whole Trick Taking games over every seat count, with and without a turn
 * timer; the grid never holds a card twice, cards are conserved, every round has three tricks.
 */
import { describe, expect, it } from 'vitest';
import { drive } from '@trepenta/engine/testing';
import { trumpenTricks, tricksSettingsSchema } from '../src/index';
import type { TricksEvent, TricksState } from '../src/index';
import { tricksInvariants, tricksMaxActions } from './hooks';

describe('Trick Taking properties', () => {
  for (const seats of [3, 4, 5]) {
    it(`${seats} seats, with and without a turn timer: invariants hold; three tricks a round`, () => {
      [{}, { turnSeconds: 10 }].forEach((mix, m) => {
        const settings = tricksSettingsSchema.parse(mix);
        const tricks = new Map<number, number>();
        let round = 1;
        const game = drive(trumpenTricks, settings, seats, {
          levels: m === 0 ? ['random', 'greedy'] : ['greedy'],
          seed: 700 + 10 * seats + m,
          timeoutChance: 0.1,
          maxActions: tricksMaxActions(settings, seats),
          closeAfter: 400,
          seatChangeChance: 0,
          onStep: (step) => {
            expect(tricksInvariants(step.after as TricksState)).toEqual([]);
            for (const event of step.events as TricksEvent[]) {
              if (event.type === 'writingOpened') round = event.round;
              if (event.type === 'trickWon') tricks.set(round, (tricks.get(round) ?? 0) + 1);
            }
          },
        });
        const final = game.final as TricksState;
        expect(final.phase).toBe('over');
        expect([...tricks.values()]).toEqual([3, 3, 3]);
        // Points: tricks, passes and completions, all accounted for in the totals.
        expect(final.scores).toEqual(
          final.scores.map((_, seat) => final.points.reduce((t, row) => t + row[seat]!, 0)),
        );
      });
    });
  }
});
