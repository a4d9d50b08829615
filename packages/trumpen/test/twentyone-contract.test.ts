/** TrumPen 21 against the platform's contract kit (what a viewer may not know: the 21 table). */
import { describeGameModule } from '@trepenta/engine/testing';
import { trumpen21, twentyOneSettingsSchema } from '../src/index';
import type { TwentyOneState } from '../src/index';
import {
  twentyOneIndistinguishable,
  twentyOneInvariants,
  twentyOneMaxActions,
  twentyOneRecommit,
  twentyOneSecretsFor,
  twentyOneWithoutCommitments,
} from './hooks';

const settings = (change: object) => twentyOneSettingsSchema.parse(change);

describeGameModule<TwentyOneState>(trumpen21, {
  cases: [
    { name: 'defaults, 2 seats', settings: settings({}), seatCount: 2 },
    {
      name: 'turn timer, 4 seats',
      settings: settings({ turnSeconds: 20 }),
      seatCount: 4,
      levels: ['random', 'greedy'],
    },
    { name: 'defaults, 6 seats, greedy', settings: settings({}), seatCount: 6, levels: ['greedy'] },
  ],
  games: 2,
  maxActions: twentyOneMaxActions,
  indistinguishable: twentyOneIndistinguishable,
  secretsFor: twentyOneSecretsFor,
  recommit: twentyOneRecommit,
  withoutCommitments: twentyOneWithoutCommitments,
  invariants: twentyOneInvariants,
});
