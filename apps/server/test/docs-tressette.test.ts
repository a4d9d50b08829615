/**
 * docs/protocol/tressette.md's examples are real payloads: each is parsed with the schema the
 * server or a client would use for it, so a document that drifts from the code fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientSchemas, gameUpdateSchemaFor } from '@trepenta/protocol';
import { tressette } from '@trepenta/tressette';

interface Example {
  readonly line: number;
  readonly heading: string;
  readonly value: unknown;
}

function examples(): Example[] {
  const file = join(import.meta.dirname, '../../../docs/protocol/tressette.md');
  const lines = readFileSync(file, 'utf8').split('\n');
  const found: Example[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## ')) heading = line;
    else if (line.startsWith('```json')) {
      const end = lines.indexOf('```', i + 1);
      found.push({ line: i + 1, heading, value: JSON.parse(lines.slice(i + 1, end).join('\n')) });
      i = end;
    }
  }
  return found;
}

describe('docs/protocol/tressette.md', () => {
  it('settings, the view, events and actions fit Tressette’s schemas', () => {
    const all = examples();
    const problems: string[] = [];
    const check = (example: Example, schema: z.ZodType) => {
      const parsed = schema.safeParse(example.value);
      if (!parsed.success)
        problems.push(
          `line ${example.line}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
    };
    const bySection = (n: number) => all.filter((e) => e.heading.startsWith(`## ${n}.`));
    for (const example of bySection(1)) {
      check(example, clientSchemas['room:configure']);
      const change = (example.value as { settings: unknown }).settings;
      const changed = tressette.changeSettings(tressette.defaultSettings, change);
      if (!changed.ok) problems.push(`line ${example.line}: ${changed.error.message}`);
    }
    for (const example of bySection(2)) check(example, gameUpdateSchemaFor(tressette));
    for (const example of bySection(3)) check(example, z.array(tressette.eventSchema));
    for (const example of bySection(4)) check(example, z.array(tressette.actionSchema));
    expect(problems).toEqual([]);
    expect([1, 2, 3, 4].map((n) => bySection(n).length)).toEqual([2, 1, 3, 1]);
  });
});
