/** Tressette against the platform's contract kit, with the visibility of T20 as its hooks. */
import { describeGameModule } from '@trepenta/engine/testing';
import { DEFAULT_SETTINGS, tressette } from '../src/index';
import type { TressetteState } from '../src/index';
import { indistinguishable, invariants, maxActions, secretsFor } from './hooks';

describeGameModule<TressetteState>(tressette, {
  cases: [
    { name: '4 seats, default', settings: DEFAULT_SETTINGS, seatCount: 4 },
    {
      name: '4 seats, declarations, target 11, turn timer',
      settings: { target: 11, declarations: true, turnTimerSeconds: 20 },
      seatCount: 4,
      levels: ['greedy'],
    },
    {
      name: '2 seats, declarations, target 11',
      settings: { ...DEFAULT_SETTINGS, target: 11, declarations: true },
      seatCount: 2,
    },
    {
      name: '3 seats, target 11, turn timer',
      settings: { ...DEFAULT_SETTINGS, target: 11, turnTimerSeconds: 10 },
      seatCount: 3,
    },
  ],
  games: 2,
  maxActions,
  indistinguishable,
  secretsFor,
  invariants,
});
