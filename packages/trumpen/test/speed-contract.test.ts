/** TrumPen Speed against the platform's contract kit. */
import { describeGameModule } from '@trepenta/engine/testing';
import { speedSettingsSchema, trumpenSpeed } from '../src/index';
import type { SpeedState } from '../src/index';
import {
  speedDrewRandomness,
  speedIndistinguishable,
  speedInvariants,
  speedMaxActions,
  speedSecretsFor,
} from './speed-hooks';

const settings = (change: object) => speedSettingsSchema.parse(change);

describeGameModule<SpeedState>(trumpenSpeed, {
  cases: [
    { name: 'defaults, 2 seats', settings: settings({}), seatCount: 2 },
    {
      name: 'no ink, fast, 3 seats',
      settings: settings({ inkSeconds: 0, botPace: 'fast' }),
      seatCount: 3,
    },
    { name: 'defaults, 4 seats, greedy', settings: settings({}), seatCount: 4, levels: ['greedy'] },
  ],
  games: 2,
  maxActions: speedMaxActions,
  indistinguishable: speedIndistinguishable,
  secretsFor: speedSecretsFor,
  invariants: speedInvariants,
  drewRandomness: speedDrewRandomness,
});
