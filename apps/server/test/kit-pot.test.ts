/**
 * Pot, the engine's session test module, through the wire-level test kit (wire-kit.ts): a session
 * (hands with no fixed number) is played until the host closes the table, and the kit's checks
 * hold for it.
 */
import { fileURLToPath } from 'node:url';
import { pot } from '@trepenta/engine/testing';
import type { PotState } from '@trepenta/engine/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<PotState>(pot, {
  cases: [
    {
      name: '3 seats, two people and a bot',
      settings: { ...pot.defaultSettings, betweenSeconds: 1 },
      seatCount: 3,
      humans: 2,
    },
  ],
  // Each seat's card is a number, not a string to search for: the secret is what may leak.
  secretsFor: (state) => (state.phase === 'over' ? [] : [...state.randomness.secrets]),
  closeAfter: 40,
  preload: fileURLToPath(new URL('./fixtures/test-games.ts', import.meta.url)),
});
