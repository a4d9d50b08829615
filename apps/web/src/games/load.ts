import { useEffect, useState } from 'react';
import { gameEntry } from './registry';
import type { GameClient } from './types';

const loaded = new Map<string, GameClient>();
const loading = new Map<string, Promise<GameClient>>();

/** The game's client if its chunk is here already (synchronously), else undefined. */
export function loadedGame(id: string): GameClient | undefined {
  return loaded.get(id);
}

/** Loads a game's chunk once; later calls get the same client. */
export function loadGame(id: string): Promise<GameClient> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(id);
  if (!pending) {
    const entry = gameEntry(id);
    if (!entry) return Promise.reject(new Error(`No game ${id}`));
    pending = entry.load().then(
      ({ client }) => {
        loaded.set(id, client);
        loading.delete(id);
        return client;
      },
      (error: unknown) => {
        // A chunk that failed to load (offline, a new deployment) may load on the next try.
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/**
 * The game's client, loading its chunk on first use: undefined while it loads (and after a
 * failure, until `retry`), so a screen can say "loading" and try again.
 */
export function useGameClient(id: string | null): {
  client: GameClient | undefined;
  failed: boolean;
  retry: () => void;
} {
  const [, setVersion] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const client = id === null ? undefined : loaded.get(id);
  useEffect(() => {
    if (id === null || loaded.has(id)) return;
    let live = true;
    setFailed(false);
    loadGame(id).then(
      () => live && setVersion((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  return { client, failed, retry: () => setAttempt((n) => n + 1) };
}
