/**
 * The table follows the server's updates: whole views and patches (protocol 2), each step's
 * events filed under its own version for verification, and nothing from an update older than the
 * table it arrives at.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  createGame,
  eventFor,
  selfPlay,
  viewFor,
  viewPatchesFor,
} from '@trepenta/rules';
import type { EventView, GameEvent, GameState, GameView, GameViewPatch } from '@trepenta/rules';
import type { GameHistory as AnyHistory, GameUpdate as AnyUpdate } from '@trepenta/protocol';
import { connected, onGameHistory, onGameUpdate } from '../src/net';
import { store } from '../src/store';

type GameUpdate = AnyUpdate<GameViewPatch, EventView>;
type GameHistory = AnyHistory<EventView>;
/** The table held, as Trepenta's view. */
const held = () => store.get().game as GameView | null;

const hex = (label: string) => createHash('sha256').update(label).digest('hex');

const created = createGame(DEFAULT_SETTINGS, 2, {
  gameId: 'web-updates',
  secrets: [1, 2, 3, 4, 5].map((r) => hex(`s${r}`)),
  nonces: [0, 1].map((s) => hex(`n${s}`)),
});
if (!created.ok) throw new Error(created.error.message);
const states: GameState[] = [created.value];
const events: (readonly GameEvent[])[] = [[]];
selfPlay(created.value, ['random'], 4, (step) => {
  states.push(step.after);
  events.push(step.events);
});

/** What the server sends seat 0 for version `v`, through JSON as on the wire. */
function update(v: number, whole = false): GameUpdate {
  const base = whole ? null : states[v - 1]!;
  const made: GameUpdate = {
    code: 'BCDFGH',
    base: base && { gameId: 'web-updates', version: base.version },
    view: base ? viewPatchesFor(base, states[v]!, [0])[0]! : viewFor(states[v]!, 0),
    events: whole ? [] : events[v]!.map((event) => eventFor(event, 0)),
    deadline: null,
  };
  return JSON.parse(JSON.stringify(made)) as GameUpdate;
}

describe('game updates on the table', () => {
  it('patches keep the table equal to the server’s view, each step’s events under its version', () => {
    store.set({ code: null, game: null, batches: [], log: [] });
    onGameUpdate(update(0, true));
    for (let v = 1; v <= 20; v++) onGameUpdate(update(v));
    expect(JSON.stringify(store.get().game)).toBe(JSON.stringify(viewFor(states[20]!, 0)));
    expect(store.get().batches.map((b) => b.version)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('after a reconnection the first whole view is taken even if older: the server lost moves', () => {
    store.set({ code: null, game: null, batches: [], log: [] });
    onGameUpdate(update(30, true));
    for (let v = 31; v <= 33; v++) onGameUpdate(update(v));
    connected();
    // A patch on the new connection is not a whole view: the table waits for one.
    onGameUpdate(update(34));
    expect(held()?.version).toBe(34);
    expect(
      store
        .get()
        .batches.map((b) => b.version)
        .filter((v) => v > 30),
    ).toEqual([31, 32, 33, 34]);
    // The server was restored to version 31: its whole view replaces the table.
    onGameUpdate(update(31, true));
    expect(JSON.stringify(store.get().game)).toBe(JSON.stringify(viewFor(states[31]!, 0)));
    expect(
      store
        .get()
        .batches.map((b) => b.version)
        .filter((v) => v > 30),
    ).toEqual([31]);
    // Play goes on from there, and older whole views are dropped again.
    onGameUpdate(update(32));
    expect(held()?.version).toBe(32);
    onGameUpdate(update(30, true));
    expect(held()?.version).toBe(32);
  });

  it('an update older than the table, arriving after a resync, changes nothing', () => {
    store.set({ code: null, game: null, batches: [], log: [] });
    onGameUpdate(update(30, true));
    const { game: table, batches } = store.get();
    onGameUpdate(update(29));
    onGameUpdate(update(25, true));
    expect(store.get().game).toBe(table);
    // Version 29's events are not filed as version 30's.
    expect(store.get().batches).toBe(batches);
    expect(batches.some((b) => b.version === 30)).toBe(false);
  });

  it('a tab that joined mid-game takes the history: the same log and batches as a tab there from the start', () => {
    sessionStorage.clear();
    store.set({ code: null, game: null, batches: [], log: [] });
    onGameUpdate(update(0, true));
    for (let v = 1; v <= 32; v++) onGameUpdate(update(v));
    const fromStart = store.get();

    /** What the server sends seat 0 after a join at version `upTo` (game:history). */
    const history = (upTo: number, gameId = 'web-updates'): GameHistory =>
      JSON.parse(
        JSON.stringify({
          code: 'BCDFGH',
          gameId,
          version: upTo,
          batches: events
            .slice(0, upTo + 1)
            .map((step, version) => ({ version, events: step.map((e) => eventFor(e, 0)) }))
            .filter((batch) => batch.events.length > 0),
        }),
      ) as GameHistory;
    // Another device: nothing of this game in its storage.
    sessionStorage.clear();
    store.set({ code: null, game: null, batches: [], log: [] });
    onGameUpdate(update(30, true));
    // An update that arrived before the history, which ends where the log was read.
    onGameUpdate(update(31));
    expect(store.get().batches.map((b) => b.version)).toEqual([31]);
    const before = store.get().log;
    onGameHistory(history(99, 'another-game'));
    expect(store.get().log).toBe(before);
    onGameHistory(history(30));
    onGameUpdate(update(32));
    const joined = store.get();
    expect(joined.batches).toEqual(fromStart.batches);
    expect(joined.log.length).toBeGreaterThan(20);
    expect(joined.log.map(({ text, own }) => ({ text, own }))).toEqual(
      fromStart.log.map(({ text, own }) => ({ text, own })),
    );
  });
});
