/**
 * TrumPen 21 through the wire-level test kit: whole games over sockets with people and bots, the
 * leak sweep (other seats' salts, the secret and the key until the end), refusals and bad input
 * with stale turn actions (the offer, take and pass carry their version), a kill -9 mid-game, two
 * nodes on Redis.
 */
import { trumpen21, twentyOneSettingsSchema } from '@trepenta/trumpen';
import type { TwentyOneState } from '@trepenta/trumpen';
import { twentyOneSecretsFor } from '@trepenta/trumpen/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<TwentyOneState>(trumpen21, {
  cases: [
    {
      name: '3 seats, two people and a bot',
      settings: twentyOneSettingsSchema.parse({}),
      seatCount: 3,
      humans: 2,
    },
    {
      name: '2 seats, a person and a bot, a turn timer',
      settings: twentyOneSettingsSchema.parse({ turnSeconds: 30 }),
      seatCount: 2,
      humans: 1,
    },
  ],
  secretsFor: twentyOneSecretsFor,
  turns: true,
});
