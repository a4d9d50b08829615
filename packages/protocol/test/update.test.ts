/**
 * applyGameUpdate: how every client (the web app, the test clients, the bench) keeps its view from
 * whole views and patches, and when it must ask for the whole view again.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  createGame,
  selfPlay,
  trepenta,
  viewFor,
  viewPatchesFor,
} from '@trepenta/rules';
import type { GameState, GameView, GameViewPatch, Viewer } from '@trepenta/rules';
import { applyGameUpdate as applyWith, gameUpdateSchemaFor } from '../src/index';
import type { GameUpdate as AnyGameUpdate } from '../src/index';

type GameUpdate = AnyGameUpdate<GameViewPatch>;

const gameUpdateSchema = gameUpdateSchemaFor(trepenta);
/** Trepenta's updates, applied as a client holding its module does. */
const applyGameUpdate = (view: GameView | null, update: GameUpdate) =>
  applyWith(trepenta, view, update);

const hex = (label: string) => createHash('sha256').update(label).digest('hex');

function game(id: string): GameState[] {
  const created = createGame(DEFAULT_SETTINGS, 3, {
    gameId: id,
    secrets: [1, 2, 3, 4, 5].map((r) => hex(`${id}/${r}`)),
    nonces: [0, 1, 2].map((s) => hex(`${id}/n${s}`)),
  });
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.value];
  selfPlay(created.value, ['random'], 3, (step) => states.push(step.after));
  return states;
}

/** The update the server sends this viewer for version `v`, through JSON as on the wire. */
function update(states: GameState[], v: number, viewer: Viewer, whole = false): GameUpdate {
  const state = states[v]!;
  const base = whole || v === 0 ? null : states[v - 1]!;
  const made: GameUpdate = {
    code: 'BCDFGH',
    base: base && { gameId: base.randomness.gameId, version: base.version },
    view: base ? viewPatchesFor(base, state, [viewer])[0]! : viewFor(state, viewer),
    events: [],
    deadline: null,
  };
  const sent = JSON.parse(JSON.stringify(made)) as GameUpdate;
  expect(gameUpdateSchema.safeParse(sent).success).toBe(true);
  return sent;
}

/** Views compared as text, key order included: clients compare and store them as JSON. */
const json = (view: GameView | null) => JSON.stringify(view);

describe('applyGameUpdate', () => {
  const states = game('g1');

  it('keeps every viewer’s view equal to the server’s from the deal to the end of the game', () => {
    for (const viewer of [0, 2, 'spectator'] as Viewer[]) {
      let view: GameView | null = null;
      for (let v = 0; v < states.length; v++) {
        view = applyGameUpdate(view, update(states, v, viewer));
        expect(json(view)).toEqual(json(viewFor(states[v]!, viewer)));
      }
      expect(view!.fairness.secrets).toHaveLength(5);
    }
    expect(states.length).toBeGreaterThan(50);
  });

  it('refuses a patch to a version it does not hold: one update was missed', () => {
    const at10 = viewFor(states[10]!, 1);
    expect(applyGameUpdate(at10, update(states, 12, 1))).toBeNull();
    expect(applyGameUpdate(null, update(states, 12, 1))).toBeNull();
  });

  it('refuses a patch to another game, even at the same version (a rematch)', () => {
    const other = game('g2');
    const view = viewFor(other[10]!, 1);
    expect(applyGameUpdate(view, update(states, 11, 1))).toBeNull();
  });

  it('ignores an update older than the view held, patch or whole', () => {
    const at20 = viewFor(states[20]!, 0);
    expect(applyGameUpdate(at20, update(states, 15, 0))).toBe(at20);
    expect(applyGameUpdate(at20, update(states, 15, 0, true))).toBe(at20);
  });

  it('takes a whole view whatever it held: a resync, a new game', () => {
    const at20 = viewFor(states[20]!, 0);
    expect(json(applyGameUpdate(at20, update(states, 30, 0, true)))).toEqual(
      json(viewFor(states[30]!, 0)),
    );
    const other = game('g3');
    expect(json(applyGameUpdate(at20, update(other, 0, 0)))).toEqual(json(viewFor(other[0]!, 0)));
  });

  it('refuses a "whole" update that leaves something out', () => {
    const patch = update(states, 12, 1);
    expect(applyGameUpdate(viewFor(states[11]!, 1), { ...patch, base: null })).toBeNull();
  });
});
