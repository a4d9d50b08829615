/** TrumPen Trick Taking against the platform's contract kit. */
import { describeGameModule } from '@trepenta/engine/testing';
import { trumpenTricks, tricksSettingsSchema } from '../src/index';
import type { TricksState } from '../src/index';
import {
  tricksIndistinguishable,
  tricksInvariants,
  tricksMaxActions,
  tricksRecommit,
  twentyOneSecretsFor,
  twentyOneWithoutCommitments,
} from './hooks';

const settings = (change: object) => tricksSettingsSchema.parse(change);

describeGameModule<TricksState>(trumpenTricks, {
  cases: [
    { name: 'defaults, 3 seats', settings: settings({}), seatCount: 3 },
    { name: 'turn timer, 4 seats', settings: settings({ turnSeconds: 20 }), seatCount: 4 },
    { name: 'defaults, 5 seats, greedy', settings: settings({}), seatCount: 5, levels: ['greedy'] },
  ],
  games: 2,
  maxActions: tricksMaxActions,
  indistinguishable: tricksIndistinguishable,
  secretsFor: twentyOneSecretsFor as never,
  recommit: tricksRecommit,
  withoutCommitments: twentyOneWithoutCommitments,
  invariants: tricksInvariants,
});
