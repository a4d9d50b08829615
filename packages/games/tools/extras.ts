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

/** TrumPen Poker: at which level rounds are decided, and how many seats share a round. */
function trumpenPoker(): Extras {
  const decided = new Map<string, number>();
  let rounds = 0;
  let winners = 0;
  return {
    changes: [],
    describe: (settings) => `settings ${JSON.stringify(settings)}`,
    onEvents(events) {
      for (const event of events as {
        type: string;
        decidedAt?: string | null;
        winners?: number[];
      }[]) {
        if (event.type !== 'roundEnded') continue;
        rounds++;
        winners += event.winners?.length ?? 0;
        const level = event.decidedAt ?? 'nobody (all out)';
        decided.set(level, (decided.get(level) ?? 0) + 1);
      }
    },
    report() {
      console.log('Where rounds were decided:');
      for (const [level, count] of [...decided].sort((a, b) => b[1] - a[1]))
        console.log(
          `  ${level.padEnd(17)} ${String(count).padStart(7)}  ${((100 * count) / Math.max(1, rounds)).toFixed(1)}%`,
        );
      console.log(
        `Winners per decided round: ${(winners / Math.max(1, rounds - (decided.get('nobody (all out)') ?? 0))).toFixed(2)} mean`,
      );
    },
  };
}

/** TrumPen 21: how often each score is reached, and how often a deal's card is taken. */
function trumpen21(): Extras {
  const points = new Map<number, number>();
  let taken = 0;
  let allPassed = 0;
  return {
    changes: [],
    describe: (settings) => `settings ${JSON.stringify(settings)}`,
    onEvents(events) {
      for (const event of events as { type: string; points?: number[]; allPassed?: boolean }[]) {
        if (event.type === 'roundEnded')
          for (const p of event.points ?? []) points.set(p, (points.get(p) ?? 0) + 1);
        if (event.type === 'taken') {
          taken++;
          if (event.allPassed) allPassed++;
        }
      }
    },
    report() {
      const hands = [...points.values()].reduce((a, b) => a + b, 0);
      console.log('Round scores (per seat and round):');
      for (const [p, count] of [...points].sort((a, b) => b[0] - a[0]))
        console.log(
          `  ${String(p).padStart(2)} points ${String(count).padStart(7)}  ${((100 * count) / Math.max(1, hands)).toFixed(1)}%`,
        );
      console.log(
        `Deals where everyone passed: ${((100 * allPassed) / Math.max(1, taken)).toFixed(1)}%`,
      );
    },
  };
}

/** TrumPen Trick Taking: forced passes, void tricks, completions per game. */
function trumpenTricks(): Extras {
  let passes = 0;
  let tricks = 0;
  let voids = 0;
  let numbers = 0;
  let suits = 0;
  let games = 0;
  return {
    changes: [],
    describe: (settings) => `settings ${JSON.stringify(settings)}`,
    onEvents(events) {
      for (const event of events as {
        type: string;
        winner?: number | null;
        number?: boolean;
        suit?: boolean;
      }[]) {
        if (event.type === 'passed') passes++;
        if (event.type === 'trickWon') {
          tricks++;
          if (event.winner === null) voids++;
        }
        if (event.type === 'completed') {
          if (event.number) numbers++;
          if (event.suit) suits++;
        }
        if (event.type === 'gameOver') games++;
      }
    },
    report() {
      const per = (n: number) => (n / Math.max(1, games)).toFixed(2);
      console.log(`Forced passes (−2) per game: ${per(passes)}`);
      console.log(`Void tricks: ${((100 * voids) / Math.max(1, tricks)).toFixed(1)}% of tricks`);
      console.log(
        `Numbers completed (−1) per game: ${per(numbers)}; suits completed (+2): ${per(suits)}`,
      );
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
    if (game === 'tressette' && flags.deck === undefined && flags.rules === undefined)
      return tressette();
    if (flags.deck === undefined && flags.rules === undefined) {
      if (game === 'trumpen-poker') return trumpenPoker();
      if (game === 'trumpen-21') return trumpen21();
      if (game === 'trumpen-tricks') return trumpenTricks();
    }
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
