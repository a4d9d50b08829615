import { DEFAULT_GAME } from '@trepenta/engine';
import type { AnyGameModule } from '@trepenta/engine';
import { trepenta } from '@trepenta/rules';
import { tressette } from '@trepenta/tressette';
import { trumpen21, trumpenPoker, trumpenSpeed, trumpenTricks } from '@trepenta/trumpen';
import { trefeltromp } from '@trepenta/trefeltromp';

/**
 * The ids the platform's games are known by, fixed: links, stored records and checks rely on them.
 * Each is in `GAMES` once its game is built.
 */
export const GAME_IDS = [
  'trepenta',
  'tressette',
  'trefeltromp',
  'trumpen-poker',
  'trumpen-21',
  'trumpen-tricks',
  'trumpen-speed',
] as const;

export type GameId = (typeof GAME_IDS)[number];

/** Every game the platform hosts, by id: the current rules of each. */
export const GAMES: Readonly<Record<string, AnyGameModule>> = {
  trepenta,
  tressette,
  'trumpen-poker': trumpenPoker,
  'trumpen-21': trumpen21,
  'trumpen-tricks': trumpenTricks,
  'trumpen-speed': trumpenSpeed,
  trefeltromp,
};

/**
 * Every rules version still in the build, so that a game stored under older rules replays and
 * verifies with the rules it was played by. The current version of each game is its `GAMES` entry.
 */
const ALL_VERSIONS: readonly AnyGameModule[] = Object.values(GAMES);

/** The module for a stored game or a room: its id (absent: Trepenta) and rules version (absent: the first). */
export function gameModule(id: string | undefined, rulesVersion?: number): AnyGameModule | null {
  const game = id ?? DEFAULT_GAME;
  if (rulesVersion === undefined) {
    // Records from before rules versions were stored: the first version of their game.
    const versions = ALL_VERSIONS.filter((module) => module.id === game);
    return versions.reduce<AnyGameModule | null>(
      (first, module) =>
        first === null || module.rulesVersion < first.rulesVersion ? module : first,
      null,
    );
  }
  return (
    ALL_VERSIONS.find((module) => module.id === game && module.rulesVersion === rulesVersion) ??
    null
  );
}

/** Whether an id names a game the platform hosts now. */
export function isGameId(id: unknown): id is GameId {
  return typeof id === 'string' && Object.hasOwn(GAMES, id);
}
