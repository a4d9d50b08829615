import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { DraftCard } from '@trepenta/trumpen';
import { useDraftWriter } from '../src/games/trumpen/draftWriter';

/** A server that answers each sent action only when the test says so, in order. */
function slowServer() {
  const sent: unknown[] = [];
  const answers: ((ok: boolean) => void)[] = [];
  const send = (action: unknown) =>
    new Promise<boolean>((resolve) => {
      sent.push(action);
      answers.push(resolve);
    });
  const answer = async (ok = true) => {
    await act(async () => {
      answers.shift()!(ok);
      await Promise.resolve();
    });
  };
  return { sent, send, answer };
}

const blank: DraftCard[] = [
  { value: null, suit: null },
  { value: null, suit: null },
];
const five: DraftCard[] = [
  { value: 5, suit: null },
  { value: null, suit: null },
];
const fiveHearts: DraftCard[] = [
  { value: 5, suit: 'H' },
  { value: null, suit: null },
];

describe('the writing panel’s draft (C3)', () => {
  it('shows a change at once and sends a change made while one is on its way after it', async () => {
    const server = slowServer();
    const { result, rerender } = renderHook(({ draft }) => useDraftWriter(draft, server.send), {
      initialProps: { draft: blank },
    });
    act(() => result.current.change(five));
    act(() => result.current.change(fiveHearts));
    expect(result.current.cards).toEqual(fiveHearts);
    // One move at a time: the suit waits for the value's answer.
    expect(server.sent).toEqual([{ type: 'write', cards: five }]);
    rerender({ draft: five });
    expect(result.current.cards).toEqual(fiveHearts);
    await server.answer();
    expect(server.sent).toEqual([
      { type: 'write', cards: five },
      { type: 'write', cards: fiveHearts },
    ]);
    rerender({ draft: fiveHearts });
    await server.answer();
    expect(result.current.cards).toEqual(fiveHearts);
  });

  it('only the latest of several changes made meanwhile is sent', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useDraftWriter(blank, server.send));
    act(() => result.current.change(five));
    act(() => result.current.change(fiveHearts));
    act(() => result.current.change([{ value: 7, suit: 'S' }, blank[1]!]));
    await server.answer();
    expect(server.sent.slice(1)).toEqual([
      { type: 'write', cards: [{ value: 7, suit: 'S' }, blank[1]!] },
    ]);
  });

  it('Done waits for the changes before it and offers the cards shown', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useDraftWriter(blank, server.send));
    act(() => result.current.change(fiveHearts));
    act(() => result.current.done());
    expect(server.sent).toHaveLength(1);
    await server.answer();
    expect(server.sent[1]).toEqual({ type: 'done', cards: fiveHearts });
  });

  it('a refused change gives the server’s draft back, and Done after it is not sent', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useDraftWriter(blank, server.send));
    act(() => result.current.change(five));
    act(() => result.current.done());
    await server.answer(false);
    expect(result.current.cards).toEqual(blank);
    expect(server.sent).toHaveLength(1);
  });

  it('with nothing on its way, a new draft from the server replaces the shown one', async () => {
    const server = slowServer();
    const { result, rerender } = renderHook(({ draft }) => useDraftWriter(draft, server.send), {
      initialProps: { draft: blank },
    });
    act(() => result.current.change(five));
    rerender({ draft: five });
    await server.answer();
    // Written in another tab: this one shows it.
    rerender({ draft: fiveHearts });
    expect(result.current.cards).toEqual(fiveHearts);
  });
});
