// What the simulator reports of a game beyond what every game has, and the flags it takes beyond
// `--set`: one entry per game that has any.
import { DECK_SETTINGS, HOUSE_RULES, ROUND_END_REASONS } from '@trepenta/rules';
import type { EventView, GameSettings, RoundEndReason } from '@trepenta/rules';

export interface Extras {
  /** Settings changes from the game's own flags. */
  readonly changes: readonly Record<string, unknown>[];
  describe(settings: unknown): string;
  onEvents(events: readonly unknown[]): void;
  report(games: number): void;
}

type Flags = { readonly deck?: string; readonly rules?: string; readonly bots?: string };

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

/**
 * Trefeltromp: each bot level's net chips per hand, and how hands end: everyone else folded (F12),
 * a showdown at debekranse, or a tie there that carries the pot over (F17).
 */
function trefeltromp(flags: Flags): Extras {
  const bots = (flags.bots ?? 'random,greedy').split(',').filter(Boolean);
  const net = new Map<string, { chips: number; hands: number }>();
  const endings = { fold: 0, showdown: 0, tie: 0 };
  let folded = false;
  return {
    changes: [],
    describe(settings) {
      const s = settings as { betting: string; ante: number; startingAntes: number };
      return `${s.betting}, ante ${s.ante}, stacks of ${s.startingAntes} antes`;
    },
    onEvents(events) {
      for (const event of events as { type: string; nets?: number[]; carry?: number }[]) {
        if (event.type === 'foldedToOne') folded = true;
        if (event.type !== 'handEnded') continue;
        if (folded) endings.fold++;
        else if ((event.carry ?? 0) > 0) endings.tie++;
        else endings.showdown++;
        folded = false;
        event.nets!.forEach((chips, seat) => {
          const level = bots[seat % bots.length]!;
          const entry = net.get(level) ?? { chips: 0, hands: 0 };
          net.set(level, { chips: entry.chips + chips, hands: entry.hands + 1 });
        });
      }
    },
    report() {
      const hands = endings.fold + endings.showdown + endings.tie;
      const pct = (n: number) => `${((100 * n) / Math.max(1, hands)).toFixed(1)}%`;
      console.log(`How ${hands} hands ended:`);
      console.log(`  everyone else folded  ${pct(endings.fold).padStart(6)}`);
      console.log(`  showdown at the crown ${pct(endings.showdown).padStart(6)}`);
      console.log(`  tie, pot carried over ${pct(endings.tie).padStart(6)}`);
      console.log('Net chips per hand, by bot level (per seat):');
      for (const [level, { chips, hands: n }] of net)
        console.log(`  ${level.padEnd(6)} ${(chips / Math.max(1, n)).toFixed(2).padStart(8)}`);
    },
  };
}

export function extrasFor(game: string, flags: Flags): Extras {
  try {
    if (game === 'trepenta') return trepenta(flags);
    if (game === 'trefeltromp') return trefeltromp(flags);
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
