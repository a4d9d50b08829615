/**
 * The TrumPen protocol documents' examples are real payloads: each JSON example of
 * docs/protocol/trumpen-<game>.md is parsed with the module's schema for its section (settings
 * changes, views, events, actions, the system's timeout). A document that drifts from the code
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodType } from 'zod';
import type { AnyGameModule } from '@trepenta/engine';
import { trumpen21, trumpenPoker, trumpenSpeed, trumpenTricks } from '@trepenta/trumpen';

const docs = join(import.meta.dirname, '../../../docs/protocol');

function examples(file: string): { heading: string; line: number; json: unknown }[] {
  const lines = readFileSync(join(docs, file), 'utf8').split('\n');
  const found: { heading: string; line: number; json: unknown }[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.startsWith('## ')) heading = lines[i]!;
    if (lines[i]!.startsWith('```json')) {
      const end = lines.indexOf('```', i + 1);
      found.push({ heading, line: i + 1, json: JSON.parse(lines.slice(i + 1, end).join('\n')) });
      i = end;
    }
  }
  return found;
}

const MODULES: [string, AnyGameModule][] = [
  ['trumpen-poker.md', trumpenPoker],
  ['trumpen-21.md', trumpen21],
  ['trumpen-tricks.md', trumpenTricks],
  ['trumpen-speed.md', trumpenSpeed],
];

describe('TrumPen protocol documents', () => {
  for (const [file, module] of MODULES) {
    it(`${file}: every example fits its schema`, () => {
      const problems: string[] = [];
      const sections: [string, ZodType][] = [
        ['## 2.', module.viewSchema],
        ['## 3.', z.array(module.eventSchema)],
        ['## 4.', z.array(module.actionSchema)],
        ['## 5.', module.systemActionSchema],
      ];
      const all = examples(file);
      for (const example of all) {
        if (example.heading.startsWith('## 1.')) {
          const changed = module.changeSettings(
            module.defaultSettings,
            (example.json as { settings: unknown }).settings,
          );
          if (!changed.ok) problems.push(`${file}:${example.line}: ${changed.error.message}`);
          continue;
        }
        const schema = sections.find(([prefix]) => example.heading.startsWith(prefix))?.[1];
        if (!schema) {
          problems.push(`${file}:${example.line}: an example outside the checked sections`);
          continue;
        }
        const parsed = schema.safeParse(example.json);
        if (!parsed.success)
          problems.push(`${file}:${example.line}: ${JSON.stringify(parsed.error.issues[0])}`);
      }
      expect(problems).toEqual([]);
      expect(all.length).toBeGreaterThanOrEqual(6);
    });
  }
});
