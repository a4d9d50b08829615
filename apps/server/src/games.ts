import { DEFAULT_GAME } from '@trepenta/engine';
import type { AnyGameModule } from '@trepenta/engine';
import { GAMES, gameModule } from '@trepenta/games';

/**
 * The games this server hosts: the registry's, and any a test registers (a module written for a
 * test of the pipeline, which no client can ask for unless registered). Nothing here names a game.
 */
const registered = new Map<string, AnyGameModule>();

/** Adds a module beside the registry's (tests: a small real-time module, a session module). */
export function registerGame(module: AnyGameModule): void {
  registered.set(`${module.id}/${module.rulesVersion}`, module);
  registered.set(module.id, module);
}

/** The current module of a game id, for a new room or game; null for an id nobody hosts. */
export function currentGame(id: string | undefined): AnyGameModule | null {
  const game = id ?? DEFAULT_GAME;
  return registered.get(game) ?? (Object.hasOwn(GAMES, game) ? GAMES[game]! : null);
}

/** The module a stored game was played with (absent id: Trepenta; absent version: its first). */
export function playedGame(
  id: string | undefined,
  rulesVersion: number | undefined,
): AnyGameModule | null {
  const game = id ?? DEFAULT_GAME;
  if (rulesVersion !== undefined) {
    const test = registered.get(`${game}/${rulesVersion}`);
    if (test) return test;
  } else if (registered.has(game)) {
    return registered.get(game)!;
  }
  return gameModule(game, rulesVersion);
}

/** The module of a stored game, or an error that names what is missing (a record from a newer server). */
export function requireGame(
  id: string | undefined,
  rulesVersion: number | undefined,
): AnyGameModule {
  const module = playedGame(id, rulesVersion);
  if (!module) {
    throw new Error(`No engine for game ${id ?? DEFAULT_GAME}, rules version ${rulesVersion ?? 1}`);
  }
  return module;
}
