/**
 * TrumPen Speed through the wire-level test kit: whole real-time games over sockets at 2, 3 and 4
 * seats with people and bots, the leak sweep, refusals and bad input, a kill -9 mid-game, two
 * nodes on Redis.
 */
import { speedSettingsSchema, trumpenSpeed } from '@trepenta/trumpen';
import type { SpeedState } from '@trepenta/trumpen';
import { speedSecretsFor } from '@trepenta/trumpen/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<SpeedState>(trumpenSpeed, {
  cases: [
    {
      name: '2 seats, two people',
      settings: speedSettingsSchema.parse({ botPace: 'fast' }),
      seatCount: 2,
      humans: 2,
    },
    {
      name: '3 seats, a person and two bots, no ink',
      settings: speedSettingsSchema.parse({ inkSeconds: 0, botPace: 'fast' }),
      seatCount: 3,
      humans: 1,
    },
    {
      name: '4 seats, two people and two bots',
      settings: speedSettingsSchema.parse({ botPace: 'fast' }),
      seatCount: 4,
      humans: 2,
    },
  ],
  secretsFor: speedSecretsFor,
});
