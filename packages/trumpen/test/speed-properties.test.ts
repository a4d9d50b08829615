/**
 * Seeded property tests: whole Speed games over 2, 3 and 4 seats with random and greedy bots and
 * timers running out now and then. Cards are conserved, every stack grows by exactly one card per
 * accepted play (one play lands per height), stamps never run backwards, every game ends within
 * the proven bound and its places cover every seat by cards left.
 */
import { describe, expect, it } from 'vitest';
import { drive } from '@trepenta/engine/testing';
import { cardsLeft, speedSettingsSchema, trumpenSpeed } from '../src/index';
import type { SpeedEvent, SpeedState } from '../src/index';
import { speedInvariants, speedMaxActions } from './speed-hooks';

describe('Speed properties', () => {
  for (const seats of [2, 3, 4]) {
    it(`${seats} seats: invariants, one card per stack height, stamps in order, an end with places by cards left`, () => {
      const mixes = [{}, { inkSeconds: 0, botPace: 'fast' }, { inkSeconds: 3, idleSeconds: 10 }];
      for (let seed = 1; seed <= 6; seed++) {
        const mix = mixes[seed % mixes.length]!;
        const settings = speedSettingsSchema.parse(mix);
        let lastAt = 0;
        const game = drive(trumpenSpeed, settings, seats, {
          levels: seed % 2 === 0 ? ['greedy'] : ['random', 'greedy'],
          seed: 900 + 10 * seats + seed,
          timeoutChance: 0.01,
          maxActions: speedMaxActions(settings, seats),
          closeAfter: 1000,
          seatChangeChance: 0,
          onStep: (step) => {
            const before = step.before as SpeedState;
            const after = step.after as SpeedState;
            expect(speedInvariants(after)).toEqual([]);
            expect(after.lastAt).toBeGreaterThanOrEqual(lastAt);
            lastAt = after.lastAt;
            for (const event of step.events as SpeedEvent[]) {
              if (event.type !== 'played') continue;
              expect(event.height).toBe(before.stacks[event.stack].length + 1);
              expect(after.stacks[1 - event.stack]).toEqual(before.stacks[1 - event.stack]);
            }
          },
        });
        const final = game.final as SpeedState;
        const result = trumpenSpeed.result(final)!;
        expect(result.places.flat().sort()).toEqual(Array.from({ length: seats }, (_, s) => s));
        const left = final.seats.map(cardsLeft);
        for (let p = 1; p < result.places.length; p++) {
          expect(left[result.places[p]![0]!]!).toBeGreaterThan(left[result.places[p - 1]![0]!]!);
        }
        if (!final.idleEnd) expect(left[result.places[0]![0]!]).toBe(0);
      }
    });
  }
});
