/**
 * viewsFor builds several viewers' views of one state at once, sharing the parts that are the same
 * for them; each must be exactly the view viewFor builds for that viewer alone.
 */
import { describe, expect, it } from 'vitest';
import {
  HOUSE_RULES,
  applyAction,
  applyViewPatch,
  eventFor,
  eventsFor,
  gameViewPatchSchema,
  isWholeView,
  selfPlay,
  settingsWith,
  viewFor,
  viewPatchesFor,
  viewsFor,
} from '../src/index';
import type { GameState, GameView, GameViewPatch, HouseRule, Viewer } from '../src/index';
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

describe('shared parts between viewers', () => {
  it('the turn is one object for every viewer but the taker of a discard, who alone sees the card (R13)', () => {
    let checked = 0;
    selfPlay(newGame(settingsWith([]), 3, 8), ['greedy', 'random'], 4, (step) => {
      const turn = step.after.round.turn;
      if (turn?.takenFromDiscard == null) return;
      const taker = turn.seat;
      const others = [0, 1, 2].filter((seat) => seat !== taker);
      const views = viewsFor(step.after, [taker, ...others, 'spectator']);
      const [own, ...rest] = views.map((view) => view.turn!);
      if (!step.after.round.seats[taker]!.hand.some((c) => c.id === turn.takenFromDiscard)) return;
      expect(own!.takenFromDiscard).toMatchObject({ id: turn.takenFromDiscard });
      for (const other of rest) {
        expect(other).toBe(rest[0]);
        expect(other.takenFromDiscard).toBeNull();
      }
      checked++;
    });
    expect(checked).toBeGreaterThan(5);
  });

  for (const seats of [2, 4]) {
    it(`eventsFor equals eventFor for every viewer and shares what an outsider sees (${seats} seats)`, () => {
      const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s), 'spectator'];
      let shared = 0;
      let own = 0;
      selfPlay(
        newGame(settingsWith(['peek']), seats, seats * 5),
        ['greedy', 'random'],
        4,
        (step) => {
          const lists = eventsFor(step.events, viewers);
          viewers.forEach((viewer, v) => {
            const alone = step.events.map((event) => eventFor(event, viewer));
            expect(JSON.stringify(lists[v])).toBe(JSON.stringify(alone));
          });
          step.events.forEach((_, i) => {
            const spectator = lists[viewers.length - 1]![i];
            viewers.slice(0, -1).forEach((_viewer, v) => {
              if (lists[v]![i] === spectator) shared++;
              else own++;
            });
          });
        },
      );
      // Most events show every seat the same; a seat's own cards make its own copy.
      expect(shared).toBeGreaterThan(own);
      expect(own).toBeGreaterThan(0);
    });
  }
});

/** What a client holds after a patch crossed the wire: both sides as JSON, as a socket has them. */
function patched(previous: GameState, state: GameState, viewer: Viewer, patch: GameViewPatch) {
  const before = JSON.parse(JSON.stringify(viewFor(previous, viewer))) as GameView;
  const sent = JSON.parse(JSON.stringify(patch)) as GameViewPatch;
  expect(gameViewPatchSchema.safeParse(sent).success).toBe(true);
  const after = applyViewPatch(before, sent);
  // The same JSON, key order included: clients compare and store views as text.
  expect(JSON.stringify(after)).toBe(JSON.stringify(viewFor(state, viewer)));
  return after;
}

describe('viewPatchesFor (the game:update patches)', () => {
  for (const rules of mixes) {
    for (const seats of [2, 4, 6]) {
      it(`patched onto the previous view gives the new view, for every viewer at every step (${seats} seats, ${rules.join(',') || 'core'})`, () => {
        const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s), 'spectator'];
        let wholeBytes = 0;
        let patchBytes = 0;
        let steps = 0;
        const last = selfPlay(
          newGame(settingsWith(rules), seats, seats * 7 + rules.length),
          ['greedy', 'random'],
          9,
          (step) => {
            const patches = viewPatchesFor(step.before, step.after, viewers);
            viewers.forEach((viewer, i) => {
              patched(step.before, step.after, viewer, patches[i]!);
              wholeBytes += JSON.stringify(viewFor(step.after, viewer)).length;
              patchBytes += JSON.stringify(patches[i]).length;
            });
            steps++;
          },
        );
        expect(last.phase).toBe('gameOver');
        expect(steps).toBeGreaterThan(50);
        // What the patches are for: most of a view is unchanged from one step to the next.
        expect(patchBytes / wholeBytes).toBeLessThan(0.6);
      });
    }
  }

  it('leaves out only what did not change, and sends the secrets when the game ends (§8.4)', () => {
    const start = newGame(settingsWith([]), 3, 21);
    const states: GameState[] = [];
    const end = selfPlay(start, ['random'], 3, (step) => states.push(step.before));
    const before = states[states.length - 1]!;
    const [last] = viewPatchesFor(before, end, [1]);
    expect(last!.fairness?.secrets).toHaveLength(5);
    // The first action of the game: every seat's field is chosen or the setup moves on.
    const [first] = viewPatchesFor(start, states[1]!, ['spectator']);
    expect(first!.settings).toBeUndefined();
    expect(first!.fairness).toBeUndefined();
    expect(first!.seats.filter((seat) => seat !== null)).toHaveLength(1);
  });

  it('sends the fairness data again when a game is abandoned (its secrets)', () => {
    let mid: GameState | null = null;
    selfPlay(newGame(settingsWith(['openField']), 4, 5), ['random'], 2, (step) => {
      if (step.after.version === 40) mid = step.after;
    });
    const abandoned = applyAction(mid!, 'system', { type: 'abandon' });
    if (!abandoned.ok) throw new Error(abandoned.error.message);
    const state = abandoned.value.state;
    for (const viewer of [0, 3, 'spectator'] as Viewer[]) {
      const [patch] = viewPatchesFor(mid!, state, [viewer]);
      expect(patch!.fairness?.secrets).not.toBeNull();
      patched(mid!, state, viewer, patch!);
    }
  });

  it('a patch against an unrelated state still carries everything that differs', () => {
    const a = newGame(settingsWith(['peek']), 4, 1);
    const b = newGame(settingsWith(['peek']), 4, 2);
    const [patch] = viewPatchesFor(a, b, [2]);
    expect(isWholeView(patch!)).toBe(true);
    patched(a, b, 2, patch!);
  });

  it('gives a discard and a draw from the discard pile as the pile’s tail, not the whole pile', () => {
    const changes: string[] = [];
    selfPlay(newGame(settingsWith([]), 4, 8), ['random'], 4, (step) => {
      const before = step.before.round.discardPile;
      const after = step.after.round.discardPile;
      if (before === after || step.before.round.round !== step.after.round.round) return;
      const [patch] = viewPatchesFor(step.before, step.after, [0]);
      if (after.length === before.length + 1 && before.length > 0) {
        expect(patch!.discardPile).toBeUndefined();
        expect(patch!.discardTail).toEqual({ keep: before.length, add: [after.at(-1)] });
        changes.push('discard');
      } else if (after.length === before.length - 1 && before.length > 1) {
        expect(patch!.discardPile).toBeUndefined();
        expect(patch!.discardTail).toEqual({ keep: after.length, add: [] });
        changes.push('take');
      }
    });
    expect(changes.filter((c) => c === 'discard').length).toBeGreaterThan(20);
    expect(changes).toContain('take');
  });

  it('leaves out a changed seat’s field and known cards while they are unchanged', () => {
    const seen = { handOnly: 0, fieldChanged: 0, knownChanged: 0 };
    selfPlay(newGame(settingsWith(['peek', 'openField']), 4, 6), ['random'], 7, (step) => {
      const viewers: Viewer[] = [0, 1, 2, 3, 'spectator'];
      const patches = viewPatchesFor(step.before, step.after, viewers);
      step.after.round.seats.forEach((seat, index) => {
        const before = step.before.round.seats[index]!;
        if (step.before.settings !== step.after.settings || before === seat) return;
        const sameField = before.field === seat.field && before.die === seat.die;
        for (const patch of patches) {
          const sent = patch.seats[index]!;
          expect(sent).not.toBeNull();
          expect(sent.field === undefined).toBe(sameField);
          expect(sent.known === undefined).toBe(before.known === seat.known);
          // Left out means absent from the JSON, not sent as null.
          const json = JSON.parse(JSON.stringify(sent)) as object;
          expect('field' in json).toBe(!sameField);
        }
        if (sameField && before.known === seat.known) seen.handOnly++;
        if (!sameField) seen.fieldChanged++;
        if (before.known !== seat.known) seen.knownChanged++;
      });
    });
    // The game exercised all three: a plain draw or discard, a field change, a public pick-up.
    expect(seen.handOnly).toBeGreaterThan(50);
    expect(seen.fieldChanged).toBeGreaterThan(5);
    expect(seen.knownChanged).toBeGreaterThan(0);
  });

  it('is not whole while a seat leaves out its field or known cards', () => {
    let found: { before: GameState; after: GameState } | null = null;
    selfPlay(newGame(settingsWith([]), 3, 4), ['random'], 5, (step) => {
      const seat = step.after.round.seats.findIndex(
        (s, i) => s !== step.before.round.seats[i] && s.field === step.before.round.seats[i]!.field,
      );
      if (!found && seat >= 0 && step.after.phase === 'turns')
        found = { before: step.before, after: step.after };
    });
    const { before, after } = found!;
    const [patch] = viewPatchesFor(before, after, [0]);
    const whole = viewFor(after, 0);
    // Everything a patch may leave out at the view's level, put back: still not whole.
    const filled = {
      ...patch!,
      settings: whole.settings,
      discardPile: whole.discardPile,
      discardTail: undefined,
      scores: whole.scores,
      pastRounds: whole.pastRounds,
      fairness: whole.fairness,
    };
    expect(filled.seats.some((seat) => seat !== null && seat.field === undefined)).toBe(true);
    expect(
      isWholeView({ ...filled, seats: filled.seats.map((s, i) => s ?? whole.seats[i]!) }),
    ).toBe(false);
    expect(isWholeView({ ...filled, seats: whole.seats })).toBe(true);
  });

  it('refuses a discard tail that does not fit the view, or comes with the whole pile', () => {
    let found: { before: GameState; after: GameState } | null = null;
    selfPlay(newGame(settingsWith([]), 3, 4), ['random'], 5, (step) => {
      if (!found && step.after.round.discardPile.length > step.before.round.discardPile.length)
        found = { before: step.before, after: step.after };
    });
    const { before, after } = found!;
    const [patch] = viewPatchesFor(before, after, [1]);
    const view = viewFor(before, 1);
    expect(patch!.discardTail).toBeDefined();
    expect(applyViewPatch(view, patch!)).not.toBeNull();
    const tooLong = { ...patch!, discardTail: { keep: view.discardPile.length + 1, add: [] } };
    expect(applyViewPatch(view, tooLong)).toBeNull();
    const both = { ...patch!, discardPile: after.round.discardPile as GameView['discardPile'] };
    expect(applyViewPatch(view, both)).toBeNull();
    expect(isWholeView(both)).toBe(false);
  });

  it('refuses a patch whose seats do not fit the view', () => {
    const view = viewFor(newGame(settingsWith([]), 3, 1), 0);
    const [patch] = viewPatchesFor(
      newGame(settingsWith([]), 4, 1),
      newGame(settingsWith([]), 4, 1),
      [0],
    );
    expect(applyViewPatch(view, patch!)).toBeNull();
  });
});
