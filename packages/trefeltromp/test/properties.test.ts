/**
 * Seeded property tests: many random sessions (N hands' worth of actions, then the host closes the
 * table) over every seat count, structure and session option, with seats changing between hands
 * and timers running out; after every action the chips add up and the cards are whole.
 */
import { describe, expect, it } from 'vitest';
import { drive, isLegal } from '@trepenta/engine/testing';
import { STRUCTURES, pendingOf, standInMoves, trefeltromp } from '../src/index';
import type { GameState, Settings } from '../src/index';
import { invariants } from './hooks';

const CLOSE_AFTER = 120;

function sessions(): { name: string; settings: Settings; seats: number; seed: number }[] {
  const out: { name: string; settings: Settings; seats: number; seed: number }[] = [];
  let seed = 1;
  for (let seats = 2; seats <= 8; seats++)
    for (const betting of STRUCTURES)
      for (const [rebuy, lateJoin] of [
        [true, true],
        [false, false],
      ] as const) {
        const settings: Settings = {
          ...trefeltromp.defaultSettings,
          betting,
          rebuy,
          lateJoin,
          ante: 1 + (seed % 7),
          startingAntes: 20 + (seed % 3) * 10,
        };
        out.push({
          name: `${seats} seats, ${betting}, rebuy ${rebuy}`,
          settings,
          seats,
          seed: seed++,
        });
      }
  return out;
}

describe('Trefeltromp properties', () => {
  it('chips are conserved and cards whole after every action of many random sessions', () => {
    let actions = 0;
    let hands = 0;
    const ends = new Map<string, number>();
    for (const kase of sessions()) {
      const game = drive(trefeltromp, kase.settings, kase.seats, {
        levels: kase.seed % 2 ? ['greedy', 'random'] : ['random', 'greedy'],
        seed: kase.seed,
        timeoutChance: 0.05,
        maxActions: 100_000,
        closeAfter: CLOSE_AFTER,
        seatChangeChance: 0.1,
        keepSteps: false,
        onStep: (step) => {
          actions++;
          const state = step.after as GameState;
          const problems = invariants(state);
          if (problems.length > 0)
            expect(problems, `${kase.name}, seed ${kase.seed}, version ${actions}`).toEqual([]);
          // F21: the stand-in of a handed-over seat plays from its own view exactly what a
          // timeout would, and only legal moves.
          const moves = standInMoves(state);
          pendingOf(state).forEach((seat, k) => {
            const view = trefeltromp.viewFor(state, seat);
            const chosen = trefeltromp.chooseStandIn!(view, actions);
            if (
              JSON.stringify(chosen) !== JSON.stringify(moves[k]) ||
              !isLegal(trefeltromp, view, chosen)
            )
              expect(chosen, `${kase.name}: seat ${seat}`).toEqual(moves[k]);
          });
        },
      });
      const final = game.final as GameState;
      hands += final.handsDealt;
      ends.set(final.endedBy!, (ends.get(final.endedBy!) ?? 0) + 1);
      expect(trefeltromp.result(final), kase.name).not.toBeNull();
    }
    expect(actions).toBeGreaterThan(1000);
    expect(hands).toBeGreaterThan(100);
    // Sessions end by the host's close, and by the other end rules too.
    expect(ends.get('close')).toBeGreaterThan(0);
  });

  it('the same inputs give the same session, byte for byte', () => {
    const options = {
      levels: ['greedy', 'random'] as const,
      seed: 5,
      timeoutChance: 0.05,
      maxActions: 100_000,
      closeAfter: CLOSE_AFTER,
      seatChangeChance: 0.1,
    };
    const settings = { ...trefeltromp.defaultSettings, betting: 'no-limit' as const };
    const a = drive(trefeltromp, settings, 5, options);
    const b = drive(trefeltromp, settings, 5, options);
    expect(JSON.stringify(a.log)).toBe(JSON.stringify(b.log));
  });
});
