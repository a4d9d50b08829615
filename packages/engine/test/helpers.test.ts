import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mergeSettings, oneSecret } from '../src/index';

describe('oneSecret: fairness for a game with one committed secret', () => {
  const fairness = oneSecret('example/1', "The game's secret");
  const secret = 'ab'.repeat(32);

  it('commits with SHA-256(domain ‖ gameId ‖ secret), the tag empty (docs/fairness.md)', () => {
    const expected = createHash('sha256')
      .update('example/1')
      .update('G1')
      .update(Buffer.from(secret, 'hex'))
      .digest('hex');
    expect(fairness.commitment('G1', 0, secret)).toBe(expected);
    expect(fairness.commitment('G2', 0, secret)).not.toBe(expected);
    expect(fairness.secretCount({}, 4)).toBe(1);
    expect(fairness.secretName(0)).toBe("The game's secret");
  });
});

describe('mergeSettings: a host’s change of flat settings', () => {
  const schema = z
    .object({
      ante: z.number().int().min(1).default(1),
      timer: z.number().nullable().default(null),
    })
    .strict();
  const change = mergeSettings(schema);
  const current = schema.parse({});

  it('changes what it names and keeps the rest', () => {
    expect(change({ ante: 2, timer: 30 }, { ante: 5 })).toEqual({
      ok: true,
      value: { ante: 5, timer: 30 },
    });
  });

  it('refuses a change the schema refuses, naming the field, and a change that is no object', () => {
    const bad = change(current, { ante: 0 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('INVALID_SETTINGS');
      expect(bad.error.message).toMatch(/^The game settings are not valid \(ante: /);
    }
    const unknown = change(current, { bet: 1 });
    expect(unknown.ok).toBe(false);
    for (const junk of [null, 'x', 3, [1]]) {
      const refused = change(current, junk);
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'INVALID_SETTINGS',
          message: 'The game settings are not valid (settings: Invalid input: expected object).',
        },
      });
    }
  });
});
