/**
 * C6: every choice a bot or the stand-in makes at random comes from the committed stream
 * "bot/seat/r/n", so a replay from the revealed secret, the nonces and the log re-derives every
 * bot move; a log with one bot move altered is caught.
 */
import { describe, expect, it } from 'vitest';
import { checkBotMoves, drive } from '@trepenta/engine';
import type { AnyGameModule, BotLevel, GameRecord, LogEntry } from '@trepenta/engine';
import { botStream } from '../src/common/randomness';
import { trumpen21, trumpenPoker, trumpenSpeed, trumpenTricks } from '../src/index';

const LEVELS: BotLevel[] = ['greedy', 'random'];

function played(module: AnyGameModule, seatCount: number, seed: number) {
  const game = drive(module, module.defaultSettings, seatCount, {
    levels: LEVELS,
    seed,
    timeoutChance: 0.05,
    maxActions: 20_000,
    closeAfter: Infinity,
    seatChangeChance: 0,
    keepSteps: false,
  });
  const record: GameRecord = {
    settings: game.settings,
    seatCount,
    randomness: game.randomness,
    log: game.log,
  };
  return record;
}

const levelOf = (seat: number) => LEVELS[seat % LEVELS.length]!;

describe('C6: bots choose from the committed stream', () => {
  for (const [module, seats] of [
    [trumpenPoker, 4],
    [trumpen21, 3],
    [trumpenTricks, 4],
  ] as const) {
    it(`C6 ${module.title}: a replay re-derives every bot and stand-in move; an altered bot move is caught`, () => {
      const any = module as unknown as AnyGameModule;
      for (const seed of [1, 2]) {
        const record = played(any, seats, seed);
        expect(checkBotMoves(any, record, levelOf)).toEqual([]);
        // The same bots fed other numbers would have played otherwise: the check can fail.
        const bots = record.log.filter((e) => e.seat !== 'system');
        const index = record.log.findIndex(
          (e) => e.seat !== 'system' && (e.action as { type: string }).type === 'done',
        );
        expect(bots.length).toBeGreaterThan(0);
        const entry = record.log[index]!;
        const action = entry.action as { type: 'done'; cards: { value: number | null }[] };
        const altered: LogEntry = {
          ...entry,
          action: {
            ...action,
            cards: action.cards.map((c, i) =>
              i === 0 ? { ...c, value: c.value === 1 ? 2 : 1 } : c,
            ),
          },
        };
        const log = record.log.map((e, i) => (i === index ? altered : e));
        const problems = checkBotMoves(any, { ...record, log }, levelOf);
        expect(problems[0]).toMatch(
          new RegExp(`^Version ${entry.version}: seat ${String(entry.seat)}'s`),
        );
      }
    });
  }

  it('C6 TrumPen Speed: every bot write and play is re-derived from "bot/seat/0/n" (n the version it was made at); an altered write is caught', () => {
    const any = trumpenSpeed as unknown as AnyGameModule;
    for (const seed of [1, 2]) {
      const record = played(any, 4, seed);
      expect(checkBotMoves(any, record, levelOf)).toEqual([]);
      const index = record.log.findIndex(
        (e) => e.seat !== 'system' && (e.action as { type: string }).type === 'write',
      );
      expect(index).toBeGreaterThan(-1);
      const entry = record.log[index]!;
      const action = entry.action as { type: 'write'; value: number };
      const altered: LogEntry = {
        ...entry,
        action: { ...action, value: (action.value % 13) + 1 },
      };
      const log = record.log.map((e, i) => (i === index ? altered : e));
      expect(checkBotMoves(any, { ...record, log }, levelOf)[0]).toMatch(
        new RegExp(`^Version ${entry.version}: seat ${String(entry.seat)}'s`),
      );
    }
  });

  it('C6: the label is bot/seat/r/n, n counting the seat’s decisions in the round', () => {
    const state = trumpenPoker.create(
      trumpenPoker.defaultSettings,
      3,
      trumpenPoker.exampleRandomness(trumpenPoker.defaultSettings, 3, 5),
    );
    if (!state.ok) throw new Error('create');
    const ours = trumpenPoker.botRandom!(state.value, 2);
    const stream = botStream(state.value.randomness, 2, 1, 0);
    expect([ours(), ours(), ours()]).toEqual([stream(), stream(), stream()]);
    const other = botStream(state.value.randomness, 1, 1, 0);
    expect(trumpenPoker.botRandom!(state.value, 2)()).not.toBe(other());
  });
});
