import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { Card, TressetteEventView } from '@trepenta/tressette';
import { describeEvent } from '../src/games/tressette/describe';
import { m } from '../src/games/tressette/messages';
import { appendLog, store } from '../src/store';
import { foldLog, GameLog } from '../src/table/SidePanel';

const names = ['Ada', 'Bea', 'Cy', 'Dan'];
const SUITS = ['coins', 'cups', 'swords', 'clubs'] as const;

/** Trick `n` (0-based): the four seats each play the `n`-th rank of their own suit. */
function trick(n: number): TressetteEventView[] {
  const rank = (['4', '5', '6', '7', 'J', 'Kn'] as const)[n]!;
  const plays = [0, 1, 2, 3].map((seat) => ({ seat, card: `${SUITS[seat]}-${rank}` as Card }));
  return [
    ...plays.map((p) => ({ type: 'played' as const, ...p })),
    { type: 'trick', winner: 0, plays },
  ];
}

function shown(events: readonly TressetteEventView[]): void {
  act(() =>
    appendLog(
      events.flatMap((e) =>
        describeEvent(e, 1, names).map(({ text, own, fold }) => ({ text, own, fold })),
      ),
    ),
  );
}

const texts = () =>
  Array.from(document.querySelectorAll('.game-log li:not(.log-end)')).map((li) => li.textContent);

describe('Tressette move log', () => {
  Element.prototype.scrollIntoView = vi.fn();
  afterEach(() => act(() => store.set({ log: [] })));

  it('T21: during a hand the log shows the trick under way and the last completed trick only; the whole hand when it ends', () => {
    render(<GameLog folded={m.log.folded} />);
    shown([
      { type: 'dealt', hand: 1, dealer: 3, hands: [null, [], null, null], stock: 0 } as never,
    ]);
    shown(trick(0));
    // One trick done: nothing is folded yet.
    expect(texts()).toContain('Ada plays the 4 of Coins.');
    shown(trick(1));
    shown(trick(2).slice(0, 2));
    const during = texts();
    // The deal line stays; the first trick folds into one line; the second (the last completed)
    // and the third (under way) show.
    expect(during[0]).toBe('Hand 1: Dan deals.');
    expect(during[1]).toBe(m.log.folded(1));
    expect(during).not.toContain('Ada plays the 4 of Coins.');
    expect(during).toContain('Ada plays the 5 of Coins.');
    expect(during).toContain('Ada plays the 6 of Coins.');
    shown(trick(2).slice(2));
    shown(trick(3));
    // Four tricks done, none under way: the last one shows, three are folded.
    expect(texts()[1]).toBe(m.log.folded(3));
    expect(texts()).not.toContain('Ada plays the 6 of Coins.');
    expect(texts()).toContain('Ada plays the 7 of Coins.');
    shown([
      {
        type: 'handEnd',
        score: {
          hand: 1,
          dealer: 3,
          parties: [
            { seats: [0, 2], score: 7 },
            { seats: [1, 3], score: 4 },
          ],
        },
        totals: [7, 4],
      } as never,
    ]);
    const after = texts();
    expect(after.some((t) => t?.includes('earlier'))).toBe(false);
    for (const rank of ['4', '5', '6', '7'])
      expect(after).toContain(`Ada plays the ${rank} of Coins.`);
    // The next hand folds its own tricks, and leaves the last hand's whole.
    shown([
      { type: 'dealt', hand: 2, dealer: 0, hands: [null, [], null, null], stock: 0 } as never,
    ]);
    shown([...trick(4), ...trick(5)]);
    const next = texts();
    expect(next).toContain('Ada plays the 4 of Coins.');
    expect(next).toContain(m.log.folded(1));
    expect(next).not.toContain('Ada plays the J of Coins.');
    expect(next.at(-1)).toBe('Ada takes the trick.');
  });

  it('lines without a fold mark are never folded', () => {
    const log = [
      { id: 1, text: 'a', own: false },
      { id: 2, text: 'b', own: false, fold: 'play' as const },
      { id: 3, text: 'c', own: false, fold: 'step' as const },
      { id: 4, text: 'd', own: false },
      { id: 5, text: 'e', own: false, fold: 'step' as const },
    ];
    expect(foldLog(log)).toEqual([log[0], { id: -2, folded: 1 }, log[3], log[4]]);
    expect(foldLog(log.slice(0, 3))).toEqual(log.slice(0, 3));
  });
});
