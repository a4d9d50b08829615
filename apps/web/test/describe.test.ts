/** The words for the move log and the live region: what a screen reader hears of each move. */
import { describe, expect, it } from 'vitest';
import { applyAction, chooseBotAction, eventFor, pendingSeats, viewFor } from '@trepenta/rules';
import type { EventView, GameEvent } from '@trepenta/rules';
import { describeEvent } from '../src/games/trepenta/describe';
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

  it('the viewer is "You", and the verb agrees: "You are ready", "You win", "your field"', () => {
    const text = (event: EventView, viewer: 0 | 1) =>
      describeEvent(event, viewer, names).map((line) => line.text);
    expect(text({ type: 'ready', seat: 0 }, 0)).toEqual(['You are ready.']);
    expect(text({ type: 'ready', seat: 0 }, 1)).toEqual(['Ada is ready.']);
    const won: EventView = {
      type: 'gameEnded',
      totals: [12, 30],
      winners: [0],
      abandoned: false,
      secrets: [],
    };
    expect(text(won, 0)).toEqual(['The game is over. You win!']);
    expect(text(won, 1)).toEqual(['The game is over. Ada wins!']);
    expect(text({ ...won, winners: [0, 1] }, 1)).toEqual([
      'The game is over. Shared victory: Ada & You',
    ]);
    expect(text({ type: 'fieldCompleted', seat: 0, finalTurns: 1 }, 0)).toEqual([
      'You completed your field! 1 last turn to go.',
    ]);
    expect(text({ type: 'fieldCompleted', seat: 0, finalTurns: 1 }, 1)).toEqual([
      'Ada completed the field! 1 last turn to go.',
    ]);
  });

  it('the end of a timer of the whole table says what happens next, never a bare "Time ran out."', () => {
    const text = (key: string) =>
      describeEvent({ type: 'timedOut', key, seat: null }, 0, names).map((line) => line.text);
    expect(text('setup/2')).toEqual([
      'Time to choose is up: whoever had not chosen takes pile A as the field.',
    ]);
    expect(text('arrange/1')).toEqual([
      'Time to pick melds is up: whoever had not picked shows the first arrangement.',
    ]);
    expect(text('next/3')).toEqual(['The countdown is over: the next round begins.']);
    // A player's own timer still names the stand-in.
    expect(
      describeEvent({ type: 'timedOut', key: 'turn/1/4', seat: 1 }, 0, names).map((l) => l.text),
    ).toEqual(['Bea ran out of time; the stand-in played.']);
  });

  it('a player who calls themself "You" is "You’s" to the others, never "your"', () => {
    const laidOff: EventView = {
      type: 'laidOff',
      seat: 0,
      target: { seat: 1, meld: 0 },
      end: 'set',
      moves: [
        {
          card: { rank: '7', suit: 'H' },
          from: { zone: 'hand', seat: 0 },
          to: { zone: 'meld', seat: 1, meld: 0 },
        },
      ],
    };
    const text = (viewer: 0 | 1) =>
      describeEvent(laidOff, viewer, ['Ada', 'You']).map((line) => line.text);
    expect(text(0)).toEqual(['You laid the 7 of hearts off onto You’s meld.']);
    expect(text(1)).toEqual(['Ada laid the 7 of hearts off onto your meld.']);
  });
});
