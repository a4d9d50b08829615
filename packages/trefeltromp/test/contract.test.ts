/** The platform's contract kit, over every structure and seat counts 2–8. */
import { describeGameModule } from '@trepenta/engine/testing';
import { trefeltromp } from '../src/index';
import type { GameState } from '../src/index';
import { indistinguishable, invariants, maxActions, secretsFor } from './hooks';

const base = trefeltromp.defaultSettings;
const CLOSE_AFTER = 160;

describeGameModule<GameState>(trefeltromp, {
  cases: [
    { name: '2 seats, fixed-limit', settings: base, seatCount: 2 },
    {
      name: '4 seats, pot-limit, short stacks',
      settings: { ...base, betting: 'pot-limit', startingAntes: 20 },
      seatCount: 4,
    },
    {
      name: '8 seats, no-limit, ante 3',
      settings: { ...base, betting: 'no-limit', ante: 3, startingAntes: 20 },
      seatCount: 8,
      levels: ['greedy', 'random'],
    },
    {
      name: '3 seats, no rebuy, no late join',
      settings: { ...base, rebuy: false, lateJoin: false, startingAntes: 20, betting: 'no-limit' },
      seatCount: 3,
    },
  ],
  games: 2,
  closeAfter: CLOSE_AFTER,
  maxActions: maxActions(CLOSE_AFTER),
  indistinguishable,
  secretsFor,
  invariants,
});
