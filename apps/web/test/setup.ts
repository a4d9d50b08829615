import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadGame } from '../src/games/load';

// The table of the game the tests play is loaded before them, as the lobby loads it.
beforeAll(async () => {
  await loadGame('trepenta');
});

afterEach(() => cleanup());
