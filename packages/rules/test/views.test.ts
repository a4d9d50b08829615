/**
 * viewsFor builds several viewers' views of one state at once, sharing the parts that are the same
 * for them; each must be exactly the view viewFor builds for that viewer alone.
 */
import { describe, expect, it } from 'vitest';
import { HOUSE_RULES, selfPlay, settingsWith, viewFor, viewsFor } from '../src/index';
import type { HouseRule, Viewer } from '../src/index';
import { newGame } from './helpers';

const mixes: (readonly HouseRule[])[] = [[], ['peek', 'rivalSets', 'finishLine'], HOUSE_RULES];

describe('viewsFor', () => {
  for (const rules of mixes) {
    for (const seats of [1, 3, 4]) {
      it(`equals viewFor for every viewer at every step (${seats} seats, ${rules.join(',') || 'core'})`, () => {
        const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s), 'spectator'];
        let checked = 0;
        selfPlay(
          newGame(settingsWith(rules), seats, seats * 11),
          ['greedy', 'random'],
          5,
          (step) => {
            const together = viewsFor(step.after, viewers);
            viewers.forEach((viewer, i) => {
              expect(together[i]).toEqual(viewFor(step.after, viewer));
              expect(JSON.stringify(together[i])).toBe(JSON.stringify(viewFor(step.after, viewer)));
            });
            checked++;
          },
        );
        expect(checked).toBeGreaterThan(50);
      });
    }
  }

  it('shares another seat’s public parts between viewers, never a viewer’s own', () => {
    const state = newGame(settingsWith(['peek']), 3, 4);
    const [a, b, spectator] = viewsFor(state, [0, 1, 'spectator']);
    expect(a!.seats[2]).toBe(b!.seats[2]);
    expect(a!.seats[2]).toBe(spectator!.seats[2]);
    expect(a!.seats[0]).not.toBe(b!.seats[0]);
    expect(b!.seats[1]).not.toBe(a!.seats[1]);
    expect(b!.seats[1]).not.toBe(spectator!.seats[1]);
  });
});
