import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventView } from '@trepenta/trefeltromp';
import { CHIP_FLIGHT_MS, chipMoves, flyChips } from '../src/games/trefeltromp/chips';
import { ring } from '../src/games/trefeltromp/ring';
import { mockReducedMotion } from './motion';

describe('Trefeltromp: the seats round the oval', () => {
  it('every seat count from 1 to 8 others: one cell each, none on the pots, all round them', () => {
    for (let count = 1; count <= 8; count++) {
      const layout = ring(count);
      expect(layout.places).toHaveLength(count);
      const cells = layout.places.map((p) => `${p.row}:${p.column}`);
      expect(new Set(cells).size).toBe(count);
      for (const place of layout.places) {
        expect(place.column).toBeGreaterThanOrEqual(1);
        expect(place.column).toBeLessThanOrEqual(layout.columns);
        expect(place.row).toBeLessThanOrEqual(layout.pots.row);
        const onPots =
          place.row === layout.pots.row &&
          place.column >= layout.pots.from &&
          place.column <= layout.pots.to;
        expect(onPots).toBe(false);
      }
      // The pots keep the middle: the sides, when there are any, are the outer columns.
      expect(layout.pots.to - layout.pots.from + 1).toBe(
        layout.columns - (layout.places.some((p) => p.side !== 'top') ? 2 : 0),
      );
    }
  });

  it('play order goes round clockwise from the viewer’s left: up the left, along the top, down the right', () => {
    const seven = ring(7).places;
    expect(seven.map((p) => p.side)).toEqual([
      'left',
      'left',
      'top',
      'top',
      'top',
      'right',
      'right',
    ]);
    // Up the left side, then left to right along the top, then down the right side.
    expect(seven[0]!.row).toBeGreaterThan(seven[1]!.row);
    expect(seven.slice(2, 5).map((p) => p.column)).toEqual([2, 3, 4]);
    expect(seven[5]!.row).toBeLessThan(seven[6]!.row);
    // Three players: one each side of the pots and one across.
    expect(ring(2).places.map((p) => p.side)).toEqual(['left', 'right']);
    expect(ring(3).places.map((p) => p.side)).toEqual(['left', 'top', 'right']);
  });
});

describe('Trefeltromp: chips in motion', () => {
  const events: EventView[] = [
    { type: 'dealt', hand: 1, dealer: 0, antes: [2, 2, 0], cards: null, pots: [] },
    { type: 'acted', seat: 1, move: 'bet', put: 4, to: 4, allIn: false, byTimeout: false },
    { type: 'acted', seat: 2, move: 'check', put: 0, to: 0, allIn: false, byTimeout: false },
    { type: 'returned', seat: 1, amount: 2 },
    { type: 'share', reveal: 0, pot: 1, size: 9, winner: 0, amount: 3, tied: [] },
    { type: 'share', reveal: 1, pot: 0, size: 9, winner: null, amount: 0, tied: [0, 1] },
    { type: 'locked', seat: 2 },
  ];

  it('antes and bets go to the pots, a returned bet and a won share come back to their seat', () => {
    expect(chipMoves(events)).toEqual([
      { seat: 0, toPot: true, amount: 2 },
      { seat: 1, toPot: true, amount: 2 },
      { seat: 1, toPot: true, amount: 4 },
      { seat: 1, toPot: false, amount: 2 },
      { seat: 0, toPot: false, amount: 3, pot: 1 },
    ]);
  });

  let animate: ReturnType<typeof vi.fn>;
  function placed(attributes: Record<string, string>, left: number, top: number): void {
    const el = document.createElement('div');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.getBoundingClientRect = () => ({ left, top, width: 100, height: 60 }) as DOMRect;
    document.body.appendChild(el);
  }
  beforeEach(() => {
    animate = vi.fn(() => ({}) as Animation);
    vi.spyOn(HTMLElement.prototype, 'animate').mockImplementation(
      animate as unknown as HTMLElement['animate'],
    );
    placed({ 'data-tft-seat': '0' }, 0, 500);
    placed({ 'data-tft-pots': '' }, 400, 200);
    placed({ 'data-tft-pot': '1' }, 600, 200);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /** The ghost's place in a frame, from its transform. */
  function at(frame: Keyframe): [number, number] {
    const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(String(frame.transform))!;
    return [Number(x), Number(y)];
  }

  it('a bet flies from the seat to the pots, a share from its pot to the winner, in ≤ 400 ms', () => {
    mockReducedMotion(false);
    expect(
      flyChips([
        { seat: 0, toPot: true, amount: 4 },
        { seat: 0, toPot: false, amount: 3, pot: 1 },
      ]),
    ).toBe(2);
    const [betFrames, betTiming] = animate.mock.calls[0] as [Keyframe[], KeyframeAnimationOptions];
    // Centres: the seat (50, 530), the pots (450, 230), pot 1 (650, 230); the ghost is 44 px.
    expect(at(betFrames[0]!)).toEqual([28, 508]);
    expect(at(betFrames.at(-1)!)).toEqual([428, 208]);
    for (const frame of betFrames)
      expect(Object.keys(frame).sort()).toEqual(['opacity', 'transform']);
    expect(betTiming.duration).toBe(CHIP_FLIGHT_MS);
    expect(CHIP_FLIGHT_MS).toBeLessThanOrEqual(400);
    const [shareFrames, shareTiming] = animate.mock.calls[1] as [
      Keyframe[],
      KeyframeAnimationOptions,
    ];
    expect(at(shareFrames[0]!)).toEqual([628, 208]);
    expect(at(shareFrames.at(-1)!)).toEqual([28, 508]);
    expect(shareTiming.delay).toBeGreaterThan(0);
    // The flying stack says how much, and is hidden from screen readers (the log says it).
    const ghost = animate.mock.instances[1] as HTMLElement;
    expect(ghost.textContent).toBe('3');
    expect(ghost.getAttribute('aria-hidden')).toBe('true');
  });

  it('with reduced motion the chips fade in where they land and do not travel', () => {
    mockReducedMotion(true);
    flyChips([{ seat: 0, toPot: true, amount: 4 }]);
    const [frames] = animate.mock.calls[0] as [Keyframe[]];
    expect(new Set(frames.map((frame) => String(frame.transform))).size).toBe(1);
    expect(at(frames[0]!)).toEqual([428, 208]);
  });

  it('nothing flies for a seat that is not on the screen', () => {
    mockReducedMotion(false);
    expect(flyChips([{ seat: 5, toPot: true, amount: 4 }])).toBe(0);
    expect(animate).not.toHaveBeenCalled();
  });
});
