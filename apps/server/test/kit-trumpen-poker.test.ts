/**
 * TrumPen Poker through the wire-level test kit: whole games over sockets with people and bots,
 * the leak sweep with Poker's notion of what a viewer may not know (other seats' salts, the secret
 * and the key until the end), refusals and bad input, a kill -9 mid-game, two nodes on Redis.
 */
import { pokerSettingsSchema, trumpenPoker } from '@trepenta/trumpen';
import type { PokerState } from '@trepenta/trumpen';
import { pokerSecretsFor } from '@trepenta/trumpen/testing';
import { describeModuleOnWire } from './wire-kit';

describeModuleOnWire<PokerState>(trumpenPoker, {
  cases: [
    {
      name: '3 seats, two people and a bot',
      settings: pokerSettingsSchema.parse({ showAllHands: false }),
      seatCount: 3,
      humans: 2,
    },
    {
      name: '5 seats, a person and four bots (Poker order)',
      settings: pokerSettingsSchema.parse({ pokerOrder: true }),
      seatCount: 5,
      humans: 1,
    },
  ],
  secretsFor: pokerSecretsFor,
});
