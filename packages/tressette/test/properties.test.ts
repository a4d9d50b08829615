/**
 * Seeded property tests over every seat count and host option: random and greedy games played to
 * their end, the game's invariants at every step, and T17's end rule on the final state.
 */
import { describe, expect, it } from 'vitest';
import { drive } from '@trepenta/engine';
import { TARGETS, partyOf, tressette } from '../src/index';
import type { TressetteSettings, TressetteState } from '../src/index';
import { invariants, maxActions, maxHands } from './hooks';

const SEEDS = 4;

describe('Tressette properties', () => {
  for (const seatCount of [2, 3, 4]) {
    for (const declarations of [false, true]) {
      for (const target of TARGETS) {
        const settings: TressetteSettings = {
          target,
          declarations,
          turnTimerSeconds: target === 21 ? 15 : null,
        };
        it(`${seatCount} seats, target ${target}${declarations ? ', declarations' : ''}: ends by T17 with its invariants kept`, () => {
          for (let seed = 0; seed < SEEDS; seed++) {
            const problems: string[] = [];
            const game = drive(tressette, settings, seatCount, {
              levels: seed % 2 === 0 ? ['random', 'greedy'] : ['greedy', 'random'],
              seed: seatCount * 1000 + target * 10 + seed,
              timeoutChance: 0.05,
              maxActions: maxActions(settings, seatCount),
              closeAfter: 10_000,
              seatChangeChance: 0,
              keepSteps: false,
              onStep: (step) => problems.push(...invariants(step.after as TressetteState)),
            });
            expect(problems.slice(0, 3)).toEqual([]);
            const final = game.final as TressetteState;
            expect(final.phase).toBe('over');
            expect(final.history.length).toBeLessThanOrEqual(maxHands(target, seatCount));
            const best = Math.max(...final.totals);
            expect(best).toBeGreaterThanOrEqual(target);
            // The winners hold the best total, and only one party wins unless 3 seats share.
            const parties = new Set(final.winners!.map((seat) => partyOf(seat, seatCount)));
            for (const party of parties) expect(final.totals[party]).toBe(best);
            if (seatCount !== 3) expect(parties.size).toBe(1);
            if (!declarations)
              for (const line of final.history)
                expect(line.parties.reduce((sum, p) => sum + p.declarations, 0)).toBe(0);
          }
        });
      }
    }
  }
});
