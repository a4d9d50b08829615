/**
 * Race, the engine's real-time test module, through the wire-level test kit (wire-kit.ts): the
 * kit's checks hold for a game without turns too (people and bots playing at once, each on their
 * own clock).
 */
import { fileURLToPath } from 'node:url';
import { race } from '@trepenta/engine/testing';
import type { RaceState } from '@trepenta/engine/testing';
import type { Viewer } from '@trepenta/engine';
import { describeModuleOnWire } from './wire-kit';

/** Every card id the viewer does not hold, and the secret until the game is over. */
function secretsFor(state: RaceState, viewer: Viewer): string[] {
  const ids = state.hands.flatMap((hand, seat) => (seat === viewer ? [] : hand.map((c) => c.id)));
  return state.over ? ids : [...ids, ...state.randomness.secrets];
}

describeModuleOnWire<RaceState>(race, {
  cases: [
    {
      name: '3 seats, two people and a bot',
      settings: { ...race.defaultSettings, cooldownMs: 0 },
      seatCount: 3,
      humans: 2,
    },
  ],
  secretsFor,
  preload: fileURLToPath(new URL('./fixtures/test-games.ts', import.meta.url)),
});
