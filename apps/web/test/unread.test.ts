import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@trepenta/protocol';
import { unreadChat } from '../src/store';
import type { GameStore } from '../src/store';

const message = (id: number, memberId: string): ChatMessage => ({
  id,
  at: 1_700_000_000_000 + id,
  memberId,
  nickname: memberId,
  text: `message ${id}`,
  emote: null,
});

describe('unread chat', () => {
  const chat = [message(1, 'm2'), message(2, 'm1'), message(3, 'm2'), message(4, 'm3')];
  const state = (seen: number, muted: string[] = []) =>
    ({
      chat,
      chatSeenId: seen,
      you: { memberId: 'm1', token: 't'.repeat(43), seat: 0, host: true },
      prefs: { muted },
    }) as unknown as GameStore;

  it('counts others’ messages after the last one shown, not one’s own', () => {
    expect(unreadChat(state(0))).toBe(3);
    expect(unreadChat(state(1))).toBe(2);
    expect(unreadChat(state(4))).toBe(0);
  });

  it('does not count the messages of a member this tab has muted (the chat hides them)', () => {
    expect(unreadChat(state(0, ['m2']))).toBe(1);
    expect(unreadChat(state(0, ['m2', 'm3']))).toBe(0);
  });
});
