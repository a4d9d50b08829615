/**
 * Trepenta against the platform's contract kit (the list in docs/platform.md, "The contract"):
 * the same checks every game module runs. The hooks say what a Trepenta viewer may not know
 * (§7), so that the kit can change it and search for it.
 */
import { describeGameModule } from '@trepenta/engine/testing';
import { DEFAULT_SETTINGS, settingsWith, trepenta } from '../src/index';
import type { GameState } from '../src/index';
import { RULE_SETS, indistinguishable, maxActions, secretsFor } from './hooks';
import { stateProblems } from './invariants';

describeGameModule<GameState>(trepenta, {
  cases: [
    { name: 'default, 1 seat', settings: DEFAULT_SETTINGS, seatCount: 1 },
    ...RULE_SETS.map((rules, i) => ({
      name: `${rules.join(',') || 'core'}, ${[2, 3, 4, 6][i]} seats`,
      settings: settingsWith(rules, i % 2 === 0 ? { turnTimerSeconds: 30 } : {}),
      seatCount: [2, 3, 4, 6][i]!,
      levels: i % 2 === 0 ? (['random', 'greedy'] as const) : (['greedy'] as const),
    })),
  ],
  games: 2,
  maxActions,
  indistinguishable,
  secretsFor,
  invariants: stateProblems,
});
