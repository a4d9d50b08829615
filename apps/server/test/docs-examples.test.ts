/**
 * The protocol documents' examples are real payloads: every JSON example of docs/protocol.md and
 * docs/protocol/trepenta.md that stands for a whole payload is parsed with the schema the server
 * or a client would use for it (abridged ones are marked so and left out). A document that drifts
 * from the code fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { z } from 'zod';
import {
  chatMessageSchema,
  clientSchemas,
  gameHistorySchemaFor,
  gameUpdateSchemaFor,
  roomLatencySchema,
  roomSummarySchema,
  roomViewSchema,
  youSchema,
} from '@trepenta/protocol';
import { trepenta } from '@trepenta/rules';

const docs = join(import.meta.dirname, '../../../docs');

interface Example {
  readonly file: string;
  readonly line: number;
  /** The nearest heading above it. */
  readonly heading: string;
  /** In a worked session: the bold label above it (`**→ \`room:create\`**`), else null. */
  readonly label: string | null;
  readonly text: string;
}

function examples(file: string): Example[] {
  const lines = readFileSync(join(docs, file), 'utf8').split('\n');
  const found: Example[] = [];
  let heading = '';
  let label: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) {
      heading = line;
      label = null;
    } else if (line.startsWith('**→') || line.startsWith('**←')) {
      label = line;
    } else if (line.startsWith('```json')) {
      const end = lines.indexOf('```', i + 1);
      found.push({ file, line: i + 1, heading, label, text: lines.slice(i + 1, end).join('\n') });
      i = end;
    }
  }
  return found;
}

const eventIn = (text: string | null) => /`([a-z]+:[a-zA-Z]+)`/.exec(text ?? '')?.[1] ?? null;

const gameUpdate = gameUpdateSchemaFor(trepenta);
/** A room:create whose settings are Trepenta's own. */
const createWithSettings = clientSchemas['room:create'].refine(
  (payload) => trepenta.settingsSchema.safeParse(payload.settings).success,
  'settings that are not Trepenta’s',
);
/** A game:action whose action is one of Trepenta's. */
const actionWithAction = clientSchemas['game:action'].refine(
  (payload) => trepenta.actionSchema.safeParse(payload.action).success,
  'an action that is not Trepenta’s',
);

/** The schema for a client event's payload, with the game's part checked by the game. */
function clientSchema(event: string): ZodType | null {
  if (event === 'room:create') return createWithSettings;
  if (event === 'game:action') return actionWithAction;
  return event in clientSchemas ? clientSchemas[event as keyof typeof clientSchemas] : null;
}

/** What an ack in the worked session answers to: the last client event above it. */
function ackSchema(event: string | null): ZodType | null {
  const ok = z.object({ ok: z.literal(true) });
  switch (event ?? '') {
    case 'room:create':
      return ok.extend({ room: roomViewSchema, you: youSchema, serverTime: z.number() }).strict();
    case 'game:nonce':
      return ok.extend({ kept: z.boolean() }).strict();
    case 'game:action':
      return z.union([
        ok.extend({ version: z.number().int() }).strict(),
        z.object({ ok: z.literal(false), code: z.string(), message: z.string() }).strict(),
      ]);
    case 'room:start':
    case 'chat:send':
      return ok.strict();
    default:
      return null;
  }
}

function check(example: Example, schema: ZodType): string[] {
  const where = `${example.file}:${example.line}`;
  let value: unknown;
  try {
    value = JSON.parse(example.text);
  } catch (error) {
    return [`${where}: not JSON (${(error as Error).message})`];
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? []
    : [
        `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      ];
}

describe('the protocol documents’ examples', () => {
  it('docs/protocol.md: each client event’s payload, and the game:update, game:history, chat:message and room:latency examples, fit their schemas', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const example of examples('protocol.md')) {
      const event = eventIn(example.heading);
      const schema =
        event === 'game:history'
          ? gameHistorySchemaFor(trepenta)
          : event === 'chat:message'
            ? chatMessageSchema
            : event === 'game:update'
              ? gameUpdate
              : event === 'room:latency'
                ? roomLatencySchema
                : event
                  ? clientSchema(event)
                  : null;
      if (!schema) continue;
      checked++;
      problems.push(...check(example, schema));
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('docs/protocol.md: the room summary of GET /api/rooms/:code fits its schema', () => {
    const text = readFileSync(join(docs, 'protocol.md'), 'utf8').split('\n');
    const at = text.indexOf('Room summary:');
    expect(at).toBeGreaterThan(0);
    const example = examples('protocol.md').find((e) => e.line > at + 1);
    expect(example).toBeDefined();
    expect(example!.line).toBeLessThanOrEqual(at + 3);
    expect(check(example!, roomSummarySchema)).toEqual([]);
  });

  it('docs/protocol/trepenta.md: settings, the whole view, the patch, events and actions fit Trepenta’s schemas', () => {
    const problems: string[] = [];
    const all = examples('protocol/trepenta.md').filter((e) => !e.heading.startsWith('## 6.'));
    const configure = all.filter((e) => e.heading.startsWith('## 1.'));
    for (const example of configure) {
      problems.push(...check(example, clientSchemas['room:configure']));
      const settings = (JSON.parse(example.text) as { settings: unknown }).settings;
      const changed = trepenta.changeSettings(trepenta.defaultSettings, settings);
      if (!changed.ok) problems.push(`${example.file}:${example.line}: ${changed.error.message}`);
    }
    const [view, viewEvents] = all.filter((e) => e.heading === '### Example');
    problems.push(...check(view!, gameUpdate));
    problems.push(
      ...check(
        { ...viewEvents!, text: `{${viewEvents!.text}}` },
        z.object({ events: z.array(trepenta.eventSchema) }),
      ),
    );
    for (const example of all.filter((e) => e.heading === '### Patches'))
      problems.push(...check(example, gameUpdate));
    for (const example of all.filter((e) => e.heading.startsWith('## 3.')))
      problems.push(...check(example, z.array(trepenta.eventSchema)));
    for (const example of all.filter((e) => e.heading.startsWith('## 4.')))
      problems.push(...check(example, z.array(trepenta.actionSchema)));
    expect(configure.length).toBe(2);
    expect(problems).toEqual([]);
  });

  it('docs/protocol/trepenta.md: every whole payload of the worked session fits its schema', () => {
    const problems: string[] = [];
    let checked = 0;
    let lastSent: string | null = null;
    for (const example of examples('protocol/trepenta.md')) {
      if (!example.heading.startsWith('## 6.') || !example.label) continue;
      const label = example.label;
      const event = eventIn(label);
      if (label.startsWith('**→')) lastSent = event;
      if (label.includes('abridged')) continue;
      let schema: ZodType | null = null;
      if (label.startsWith('**→') && event) schema = clientSchema(event);
      else if (label.startsWith('**← ack')) schema = ackSchema(lastSent);
      else if (event === 'game:update') schema = gameUpdate;
      else if (event === 'chat:message') schema = chatMessageSchema;
      else if (event === 'room:state') schema = roomViewSchema;
      if (!schema) continue;
      checked++;
      problems.push(...check(example, schema));
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});
