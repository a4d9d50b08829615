/**
 * Trefeltromp through the wire-level test kit (wire-kit.ts): sessions over sockets with people
 * and bots in every betting structure, played until the host closes the table; the leak sweep
 * with Trefeltromp's own notion of what a viewer may not know (F19: others' hands, folded ones
 * included, locks before the flip, the deck and the secret until the session ends), refusals and
 * bad input, a kill -9 mid-session, two nodes on Redis.
 */
import { trefeltromp } from '@trepenta/trefeltromp';
import type { GameState } from '@trepenta/trefeltromp';
import { secretsFor } from '@trepenta/trefeltromp/testing';
import { describeModuleOnWire } from './wire-kit';

const base = trefeltromp.defaultSettings;

describeModuleOnWire<GameState>(trefeltromp, {
  cases: [
    { name: '2 seats, a person and a bot, fixed-limit', settings: base, seatCount: 2, humans: 1 },
    {
      name: '4 seats, two people and two bots, pot-limit',
      settings: { ...base, betting: 'pot-limit', startingAntes: 20 },
      seatCount: 4,
      humans: 2,
    },
    {
      name: '3 seats, three people, no-limit, no rebuy',
      settings: { ...base, betting: 'no-limit', rebuy: false, startingAntes: 20 },
      seatCount: 3,
      humans: 3,
    },
  ],
  secretsFor,
  closeAfter: 60,
  turns: true,
});
