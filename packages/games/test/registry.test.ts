import { describe, expect, it } from 'vitest';
import { replay } from '@trepenta/engine';
import { drive } from '@trepenta/engine/testing';
import { GAMES, GAME_IDS, gameModule, isGameId } from '../src/index';

/** The ids as they were fixed for good: GAME_IDS may grow in GAMES, never change. */
const FIXED = [
  'trepenta',
  'tressette',
  'trefeltromp',
  'trumpen-poker',
  'trumpen-21',
  'trumpen-tricks',
  'trumpen-speed',
];

describe('the registry', () => {
  it('knows the platform’s fixed ids', () => {
    expect([...GAME_IDS]).toEqual(FIXED);
  });

  it('holds each game under its own id, from the fixed list of ids', () => {
    expect(Object.keys(GAMES).length).toBeGreaterThan(0);
    for (const [id, module] of Object.entries(GAMES)) {
      expect(module.id).toBe(id);
      expect(GAME_IDS as readonly string[]).toContain(id);
      expect(isGameId(id)).toBe(true);
    }
    expect(isGameId('chess')).toBe(false);
    expect(isGameId('__proto__')).toBe(false);
  });

  it('finds a stored game’s module by id and rules version; a record without either is Trepenta’s first', () => {
    expect(gameModule(undefined)).toBe(GAMES.trepenta);
    expect(gameModule('trepenta', 1)).toBe(GAMES.trepenta);
    expect(gameModule('trepenta', 999)).toBeNull();
    expect(gameModule('chess')).toBeNull();
  });

  for (const [id, module] of Object.entries(GAMES)) {
    it(`${id}: bots play a whole game at the fewest and the most seats, and its log replays`, () => {
      for (const seatCount of [module.seats.min, module.seats.max]) {
        const game = drive(module, module.defaultSettings, seatCount, {
          levels: module.botLevels,
          seed: seatCount,
          timeoutChance: 0.02,
          maxActions: 200_000,
          closeAfter: 300,
          seatChangeChance: 0.1,
        });
        expect(module.result(game.final)).not.toBeNull();
        const replayed = replay(module, { ...game, log: game.log });
        expect(replayed.ok && JSON.stringify(replayed.value.state)).toBe(
          JSON.stringify(game.final),
        );
      }
    });
  }
});
