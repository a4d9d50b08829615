/** The words for the move log and the live region: what a screen reader hears of each move. */
import { describe, expect, it } from 'vitest';
import { applyAction, chooseBotAction, eventFor, pendingSeats, viewFor } from '@trepenta/rules';
import type { GameEvent } from '@trepenta/rules';
import { describeEvent } from '../src/game/describe';
import { newGame } from './fixtures';

/** Greedy bots play from a fixed deal until seat 0 exchanges; that event. */
function firstExchangeOfSeat0(): GameEvent {
  let state = newGame([], 2, 3);
  for (let i = 0; i < 2000; i++) {
    const seat = pendingSeats(state)[0]!;
    const step = applyAction(state, seat, chooseBotAction(viewFor(state, seat), 'greedy', i)!);
    if (!step.ok) throw new Error(step.error.message);
    const exchange = step.value.events.find((e) => e.type === 'exchanged' && e.seat === 0);
    if (exchange) return exchange;
    state = step.value.state;
  }
  throw new Error('seat 0 never exchanged');
}

describe('describeEvent', () => {
  const names = ['Ada', 'Bea'];
  const exchange = firstExchangeOfSeat0();

  it('an own exchange is not read back, but the card it took from a face-down position is news', () => {
    const lines = describeEvent(eventFor(exchange, 0), 0, names);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ own: false, news: false });
    expect(lines[0]!.text).toMatch(/^You put the /);
    expect(lines[1]).toMatchObject({ own: true, news: true });
    expect(lines[1]!.text).toMatch(/^You took the .+ from your position \d/);
  });

  it('another player’s exchange is news, and names no card it took', () => {
    const lines = describeEvent(eventFor(exchange, 1), 1, names);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ own: false, news: true });
    expect(lines[0]!.text).toMatch(/^Ada put the /);
  });
});
