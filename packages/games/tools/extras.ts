// What the simulator reports of a game beyond what every game has, and the flags it takes beyond
// `--set`: one entry per game that has any.
import { DECK_SETTINGS, HOUSE_RULES, ROUND_END_REASONS } from '@trepenta/rules';
import type { EventView, GameSettings, RoundEndReason } from '@trepenta/rules';
import type { TressetteEvent, TressetteSettings } from '@trepenta/tressette';

export interface Extras {
  /** Settings changes from the game's own flags. */
  readonly changes: readonly Record<string, unknown>[];
  describe(settings: unknown): string;
  onEvents(events: readonly unknown[]): void;
  report(games: number): void;
}

type Flags = { readonly deck?: string; readonly rules?: string };

const none: Extras = {
  changes: [],
  describe: (settings) => `settings ${JSON.stringify(settings)}`,
  onEvents: () => undefined,
  report: () => undefined,
};

function trepenta(flags: Flags): Extras {
  const changes: Record<string, unknown>[] = [];
  if (flags.deck !== undefined) {
    if (!(DECK_SETTINGS as readonly string[]).includes(flags.deck))
      throw new Error(`Unknown deck "${flags.deck}".`);
    changes.push({ deck: flags.deck });
  }
  const rules = (flags.rules ?? '').split(',').filter(Boolean);
  for (const rule of rules)
    if (!(HOUSE_RULES as readonly string[]).includes(rule))
      throw new Error(`Unknown rule "${rule}".`);
  if (rules.length > 0)
    changes.push({ houseRules: Object.fromEntries(rules.map((r) => [r, true])) });
  const endings = new Map<RoundEndReason, number>(ROUND_END_REASONS.map((reason) => [reason, 0]));
  let turns = 0;
  let rounds = 0;
  return {
    changes,
    describe(settings) {
      const s = settings as GameSettings;
      const on = HOUSE_RULES.filter((rule) => s.houseRules[rule]);
      return `deck ${s.deck}, rules ${on.length ? on.join(', ') : 'core only'}`;
    },
    onEvents(events) {
      for (const event of events as EventView[]) {
        if (event.type === 'turnStarted') turns++;
        if (event.type === 'roundEnded') {
          rounds++;
          endings.set(event.reason, endings.get(event.reason)! + 1);
        }
      }
    },
    report() {
      const pct = (n: number) => `${((100 * n) / Math.max(1, rounds)).toFixed(1)}%`;
      console.log('How rounds ended:');
      for (const [reason, count] of endings)
        console.log(`  ${reason.padEnd(15)} ${String(count).padStart(7)}  ${pct(count)}`);
      console.log(`Turns per round: ${(turns / Math.max(1, rounds)).toFixed(1)} mean`);
    },
  };
}

/** Tressette: wins by party, points per hand (cards and declarations), hands per game. */
function tressette(): Extras {
  let hands = 0;
  let games = 0;
  let seatCount = 0;
  const partyWins = new Map<string, number>();
  const points: number[] = [];
  const declared: number[] = [];
  return {
    changes: [],
    describe(settings) {
      const s = settings as TressetteSettings;
      return `target ${s.target}, declarations ${s.declarations ? 'on' : 'off'}`;
    },
    onEvents(events) {
      for (const event of events as TressetteEvent[]) {
        if (event.type === 'handEnd') {
          hands++;
          event.score.parties.forEach((party, i) => {
            points[i] = (points[i] ?? 0) + party.score;
            declared[i] = (declared[i] ?? 0) + party.declarations;
          });
        }
        if (event.type === 'dealt') seatCount = event.hands.length;
        if (event.type === 'ended' && !event.abandoned) {
          games++;
          // With 4 seats the winners are one party's two seats; with 2 or 3, ties share.
          const parties =
            seatCount === 4
              ? [event.winners.map((seat) => seat + 1).join(' & ')]
              : event.winners.map((seat) => String(seat + 1));
          for (const party of parties)
            partyWins.set(party, (partyWins.get(party) ?? 0) + 1 / parties.length);
        }
      }
    },
    report() {
      const per = (n: number) => (n / Math.max(1, hands)).toFixed(2);
      console.log(`Hands per game: ${(hands / Math.max(1, games)).toFixed(2)} mean`);
      console.log('Points per hand, by party (seats): score (of which declarations)');
      points.forEach((total, i) =>
        console.log(`  party ${i + 1}  ${per(total).padStart(6)}  (${per(declared[i] ?? 0)})`),
      );
      console.log('Wins by party (seats, ties shared):');
      for (const [party, won] of [...partyWins].sort())
        console.log(
          `  seat ${party.padEnd(6)} ${((100 * won) / Math.max(1, games)).toFixed(1).padStart(5)}%`,
        );
    },
  };
}

export function extrasFor(game: string, flags: Flags): Extras {
  try {
    if (game === 'trepenta') return trepenta(flags);
    if (game === 'tressette' && flags.deck === undefined && flags.rules === undefined)
      return tressette();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (flags.deck !== undefined || flags.rules !== undefined) {
    console.error('--deck and --rules are Trepenta’s; use --set for this game’s options.');
    process.exit(2);
  }
  return none;
}
