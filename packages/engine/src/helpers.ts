/**
 * Parts most modules write the same way, so that each game states only what is its own: fairness
 * with one committed secret, and a host's settings change as a merge checked by the game's schema.
 */
import type { ZodType } from 'zod';
import { commitmentOf } from './fairness';
import type { GameModule, RuleError } from './module';
import { err, ok } from './result';
import type { Result } from './result';

/**
 * Fairness for a game that commits to one secret (docs/fairness.md): the commitment under the
 * game's domain with an empty tag; `name` is how a verification speaks of it ("The game's secret").
 */
export function oneSecret(domain: string, name: string): GameModule['fairness'] {
  return {
    secretCount: () => 1,
    commitment: (gameId, _index, secret) => commitmentOf(domain, gameId, new Uint8Array(), secret),
    secretName: () => name,
  };
}

/**
 * A host's change (room:configure) of flat settings: what it names replaces the current value, the
 * rest is kept, and the result is checked with the game's schema. A refusal names the first field
 * at fault: "The game settings are not valid (ante: Too small: expected number to be >=1)."
 */
export function mergeSettings<S>(
  schema: ZodType<S>,
): (settings: S, change: unknown) => Result<S, RuleError> {
  return (settings, change) => {
    if (change === null || typeof change !== 'object' || Array.isArray(change))
      return err(invalidSettings('settings', 'Invalid input: expected object'));
    const parsed = schema.safeParse({ ...settings, ...change });
    if (parsed.success) return ok(parsed.data);
    const issue = parsed.error.issues[0];
    return err(invalidSettings(issue?.path.join('.') || 'settings', issue?.message ?? ''));
  };
}

function invalidSettings(path: string, reason: string): RuleError {
  return {
    code: 'INVALID_SETTINGS',
    message: `The game settings are not valid (${path}: ${reason}).`,
  };
}
