// pnpm simulate --game ID [--games N] [--players P] [--bots random,greedy] [--set key=value]…
// Plays bot games of any game on the platform and reports what its options do to it: speed, each
// seat's result, how often each bot level wins, how long games run; and what is particular to the
// game (Trepenta: how rounds ended, turns per round), from its events.
import { parseArgs } from 'node:util';
import { drive } from '@trepenta/engine';
import type { AnyGameModule, BotLevel, ScoreSheet } from '@trepenta/engine';
import { GAMES } from '../src/index';
import { extrasFor } from './extras';

const USAGE = `Usage: pnpm simulate [--game ${Object.keys(GAMES).join('|')}] [--games N] [--players P]
                     [--bots random,greedy] [--set option=value]… [--close-after N] [--seed S]
  --set   any of the game's options, by its key (JSON values: --set houseRules.peek=true)
  Trepenta also takes --deck challenging|casual|trepenta and --rules peek,openField,…
  Sessions (a game with no fixed number of hands): the host closes the table after N actions.`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    game: { type: 'string', default: 'trepenta' },
    games: { type: 'string', default: '200' },
    players: { type: 'string' },
    bots: { type: 'string', default: 'random,greedy' },
    set: { type: 'string', multiple: true, default: [] },
    deck: { type: 'string' },
    rules: { type: 'string' },
    'close-after': { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const module: AnyGameModule | undefined = Object.hasOwn(GAMES, values.game)
  ? GAMES[values.game]
  : undefined;
if (!module) fail(`Unknown game "${values.game}".`);
const games = Number(values.games);
const players = Number(values.players ?? Math.min(4, module.seats.max));
const closeAfter = Number(values['close-after']);
if (!Number.isInteger(games) || games < 1 || games > 10_000_000)
  fail('--games must be a positive integer.');
if (!Number.isInteger(players) || players < module.seats.min || players > module.seats.max)
  fail(`--players must be ${module.seats.min} to ${module.seats.max} for ${module.title}.`);
if (!Number.isInteger(closeAfter) || closeAfter < 1)
  fail('--close-after must be a positive integer.');
const bots = values.bots.split(',').filter(Boolean);
for (const bot of bots)
  if (!module.botLevels.includes(bot as BotLevel)) fail(`${module.title} has no "${bot}" bot.`);
if (bots.length === 0) fail('--bots needs at least one level.');

/** A value typed on the command line: JSON when it reads as JSON, else the text. */
function typed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `a.b=c` as the change {a: {b: c}}. */
function changeOf(assignment: string): Record<string, unknown> {
  const at = assignment.indexOf('=');
  if (at < 1) fail(`--set needs option=value, not "${assignment}".`);
  const path = assignment.slice(0, at).split('.');
  let change: Record<string, unknown> = { [path.at(-1)!]: typed(assignment.slice(at + 1)) };
  for (const key of path.slice(0, -1).reverse()) change = { [key]: change };
  return change;
}

const extras = extrasFor(module.id, values);
let settings: unknown = module.defaultSettings;
for (const change of [...extras.changes, ...values.set.map(changeOf)]) {
  const changed = module.changeSettings(settings, change);
  if (!changed.ok) fail(changed.error.message);
  settings = changed.value;
}
const levels = Array.from({ length: players }, (_, seat) => bots[seat % bots.length] as BotLevel);

const totals: number[][] = levels.map(() => []);
const wins = new Map<BotLevel, number>();
let actions = 0;
let columns = 0;
const progress = process.stderr.isTTY && games >= 50;
const started = performance.now();

for (let game = 0; game < games; game++) {
  const seed = Number(values.seed) * 1_000_003 + game;
  const played = drive(module, settings, players, {
    levels,
    seed,
    timeoutChance: 0,
    maxActions: 10_000_000,
    closeAfter,
    seatChangeChance: 0,
    keepSteps: false,
    onStep: (step) => {
      actions++;
      extras.onEvents(step.events);
    },
  });
  const sheet: ScoreSheet = module.sheet(module.viewFor(played.final, 'spectator'));
  columns += Math.max(0, ...sheet.rows.map((row) => row.cells.length));
  for (const row of sheet.rows) for (const seat of row.seats) totals[seat]!.push(row.total);
  // Ties share the victory: each winner's level gets an equal share of the game.
  const winners = sheet.winners ?? [];
  for (const seat of winners)
    wins.set(levels[seat]!, (wins.get(levels[seat]!) ?? 0) + 1 / winners.length);
  if (progress && (game % 25 === 0 || game === games - 1)) {
    const done = (game + 1) / games;
    const bar = '█'.repeat(Math.round(done * 30)).padEnd(30, '░');
    process.stderr.write(`\r${bar} ${(done * 100).toFixed(0).padStart(3)}%  ${game + 1}/${games}`);
  }
}
if (progress) process.stderr.write('\n');

const seconds = (performance.now() - started) / 1000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
const sample = module.sheet(
  module.viewFor(
    (
      module.create(settings, players, module.exampleRandomness(settings, players, 0)) as {
        value: unknown;
      }
    ).value,
    'spectator',
  ),
);
const column = sample.columns.kind === 'hand' ? 'hands' : 'rounds';

console.log(
  `${module.title} simulator: ${games} games, ${players} player${players === 1 ? '' : 's'}, ${extras.describe(settings)}, bots ${levels.join(' / ')}`,
);
console.log(
  `Speed:        ${(games / seconds).toFixed(1)} games/s, ${(actions / seconds).toFixed(0)} actions/s`,
);
console.log(
  `Length:       ${(actions / games).toFixed(1)} actions and ${(columns / games).toFixed(1)} ${column} per game`,
);
console.log(
  `Totals per seat (${sample.unit}; ${sample.better} is better${sample.unit === 'chips' ? ', net' : ''}):`,
);
levels.forEach((level, seat) => {
  const xs = totals[seat]!;
  console.log(
    `  seat ${seat + 1} (${level.padEnd(6)})  mean ${mean(xs).toFixed(1).padStart(6)}  sd ${sd(xs).toFixed(1).padStart(5)}`,
  );
});
extras.report(games);
const distinct = [...new Set(levels)];
if (distinct.length > 1) {
  console.log('Wins by bot level (ties shared):');
  for (const level of distinct) {
    const seatsOfLevel = levels.filter((l) => l === level).length;
    console.log(
      `  ${level.padEnd(6)} ${pct(wins.get(level) ?? 0, games).padStart(6)} of games (${seatsOfLevel} seat${seatsOfLevel === 1 ? '' : 's'})`,
    );
  }
}
