/** TrumPen Speed's words for the log and the live region (S6: every play said aloud; S12). */
import { describe, expect, it } from 'vitest';
import { speedSettingsSchema, trumpenSpeed } from '@trepenta/trumpen';
import type { SpeedAction, SpeedEvent, SpeedState } from '@trepenta/trumpen';
import { describeSpeed } from '../src/games/trumpen-speed/describe';

const names = ['Ada', 'Bea'];

function events(): SpeedEvent[] {
  const settings = speedSettingsSchema.parse({ inkSeconds: 0 });
  const created = trumpenSpeed.create(settings, 2, trumpenSpeed.exampleRandomness(settings, 2, 1));
  if (!created.ok) throw new Error(created.error.code);
  let state: SpeedState = created.value;
  const all: SpeedEvent[] = [];
  const moves: [number | 'system', unknown][] = [
    [0, { type: 'start', value: 7 }],
    [1, { type: 'start', value: 3 }],
    ['system', { type: 'timeout', key: 'go', standIn: [] }],
    [0, { type: 'write', value: 8 }],
    [0, { type: 'play', source: 'held', stack: 0, height: 1 }],
  ];
  for (const [actor, action] of moves) {
    const step = trumpenSpeed.apply(state, actor, action as SpeedAction, 1000);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
    all.push(...step.value.events);
  }
  return all;
}

describe('describeSpeed', () => {
  const all = events();
  const written = all.find((e) => e.type === 'written')!;
  const played = all.find((e) => e.type === 'played')!;

  it('S12: a written value is said to its writer only; others hear that a card was written', () => {
    expect(describeSpeed(trumpenSpeed.eventFor(written, 0), 0, names)[0]!.text).toBe(
      'You write 8.',
    );
    const other = describeSpeed(trumpenSpeed.eventFor(written, 1), 1, names)[0]!;
    expect(other.text).toBe('Ada writes a card.');
    expect(other.text).not.toMatch(/8/);
  });

  it('S6: every play is announced to the others (news), not read back to its player', () => {
    const theirs = describeSpeed(played, 1, names)[0]!;
    expect(theirs).toMatchObject({ text: 'Ada plays 8♠ on the left stack.', news: true });
    expect(describeSpeed(played, 0, names)[0]).toMatchObject({ news: false });
    expect(describeSpeed(played, 'spectator', names)[0]!.news).toBe(true);
  });

  it('S2: Go names both stacks’ bases', () => {
    const go = all.find((e) => e.type === 'go')!;
    expect(describeSpeed(go, 'spectator', names)[0]!.text).toBe(
      'Go! The stacks start at 7♠ and 3♥.',
    );
  });
});
