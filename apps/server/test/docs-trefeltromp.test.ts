/**
 * docs/protocol/trefeltromp.md's examples are real payloads: its settings fit the game's settings
 * (as a room:configure change), its view fits the view schema, its event lists the event schema,
 * and its actions the action schema. A document that drifts from the code fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trefeltromp } from '@trepenta/trefeltromp';

const file = join(import.meta.dirname, '../../../docs/protocol/trefeltromp.md');

/** Each JSON example with the section (## heading) it stands in. */
function examples(): { section: string; line: number; value: unknown }[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: { section: string; line: number; value: unknown }[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.startsWith('## ')) section = lines[i]!;
    if (lines[i] === '```json') {
      const end = lines.indexOf('```', i + 1);
      out.push({ section, line: i + 1, value: JSON.parse(lines.slice(i + 1, end).join('\n')) });
      i = end;
    }
  }
  return out;
}

describe('docs/protocol/trefeltromp.md', () => {
  it('every example fits its schema: settings, the view, events and actions', () => {
    const problems: string[] = [];
    const counts = { settings: 0, view: 0, events: 0, actions: 0 };
    for (const { section, line, value } of examples()) {
      const at = `line ${line}`;
      if (section.startsWith('## 1.')) {
        counts.settings++;
        const changed = trefeltromp.changeSettings(trefeltromp.defaultSettings, value);
        if (!changed.ok) problems.push(`${at}: ${changed.error.message}`);
      } else if (section.startsWith('## 2.')) {
        counts.view++;
        const parsed = trefeltromp.viewSchema.safeParse(value);
        if (!parsed.success) problems.push(`${at}: ${parsed.error.message}`);
      } else if (section.startsWith('## 3.')) {
        for (const event of value as unknown[]) {
          counts.events++;
          const parsed = trefeltromp.eventSchema.safeParse(event);
          if (!parsed.success) problems.push(`${at}: ${parsed.error.message}`);
        }
      } else if (section.startsWith('## 4.')) {
        counts.actions++;
        const parsed = trefeltromp.actionSchema.safeParse(value);
        if (!parsed.success) problems.push(`${at}: ${parsed.error.message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(counts).toEqual({ settings: 1, view: 1, events: 11, actions: 7 });
  });
});
