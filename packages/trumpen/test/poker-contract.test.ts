/**
 * TrumPen Poker against the platform's contract kit: the hooks say what a viewer may not know
 * (P8's table) and declare the write commitments (C4) as commitments recomputed after a change.
 */
import { describeGameModule } from '@trepenta/engine/testing';
import { pokerSettingsSchema, trumpenPoker } from '../src/index';
import type { PokerState } from '../src/index';
import {
  pokerIndistinguishable,
  pokerInvariants,
  pokerMaxActions,
  pokerRecommit,
  pokerWithoutCommitments,
  pokerSecretsFor,
} from './hooks';

const settings = (change: object) => pokerSettingsSchema.parse(change);

describeGameModule<PokerState>(trumpenPoker, {
  cases: [
    { name: 'defaults, 3 seats', settings: settings({}), seatCount: 3 },
    {
      name: 'hands hidden, poker order, 4 seats',
      settings: settings({ showAllHands: false, pokerOrder: true }),
      seatCount: 4,
      levels: ['random', 'greedy'],
    },
    {
      name: 'hands hidden, 6 seats, random bots',
      settings: settings({ showAllHands: false }),
      seatCount: 6,
      levels: ['random'],
    },
  ],
  games: 2,
  maxActions: pokerMaxActions,
  indistinguishable: pokerIndistinguishable,
  secretsFor: pokerSecretsFor,
  recommit: pokerRecommit,
  withoutCommitments: pokerWithoutCommitments,
  invariants: pokerInvariants,
});
