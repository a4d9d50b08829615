/**
 * Trepenta through the wire-level test kit (wire-kit.ts): whole games over sockets with people
 * and bots, the leak sweep with Trepenta's own notion of what a viewer may not know (§7, the
 * hooks its contract test uses), refusals and bad input, a kill -9 mid-game, two nodes on Redis.
 */
import { DEFAULT_SETTINGS, settingsWith, trepenta } from '@trepenta/rules';
import type { GameState } from '@trepenta/rules';
import { secretsFor } from '@trepenta/rules/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<GameState>(trepenta, {
  cases: [
    { name: '2 seats, a person and a bot', settings: DEFAULT_SETTINGS, seatCount: 2, humans: 1 },
    {
      name: '3 seats, two people (peek, Open Field, Rival Sets) and a bot',
      settings: settingsWith(['peek', 'openField', 'rivalSets']),
      seatCount: 3,
      humans: 2,
    },
  ],
  secretsFor,
  turns: true,
});
