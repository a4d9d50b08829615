/**
 * TrumPen Trick Taking through the wire-level test kit: whole games over sockets with people and
 * bots, the leak sweep, refusals and bad input with stale plays, a kill -9 mid-game, two nodes on
 * Redis.
 */
import { trumpenTricks, tricksSettingsSchema } from '@trepenta/trumpen';
import type { TricksState } from '@trepenta/trumpen';
import { tricksSecretsFor } from '@trepenta/trumpen/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<TricksState>(trumpenTricks, {
  cases: [
    {
      name: '3 seats, two people and a bot',
      settings: tricksSettingsSchema.parse({}),
      seatCount: 3,
      humans: 2,
    },
    {
      name: '4 seats, a person and three bots, a turn timer',
      settings: tricksSettingsSchema.parse({ turnSeconds: 30 }),
      seatCount: 4,
      humans: 1,
    },
  ],
  secretsFor: tricksSecretsFor,
  turns: true,
});
