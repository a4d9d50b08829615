// pnpm simulate --games N --players P --deck D --rules peek,openField,... --bots random,greedy
// Plays bot games and reports what a house rule does to the game.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  BOT_LEVELS,
  DECK_SETTINGS,
  HOUSE_RULES,
  ROUND_END_REASONS,
  createGame,
  selfPlay,
  settingsWith,
  totals,
} from '../src/index';
import type { BotLevel, DeckSetting, HouseRule, RoundEndReason } from '../src/index';

const USAGE = `Usage: pnpm simulate [--games N] [--players 1-6] [--deck challenging|casual|trepenta]
                     [--rules ${HOUSE_RULES.join(',')}] [--bots random,greedy] [--seed S]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    games: { type: 'string', default: '200' },
    players: { type: 'string', default: '4' },
    deck: { type: 'string', default: 'challenging' },
    rules: { type: 'string', default: '' },
    bots: { type: 'string', default: 'random,greedy' },
    seed: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const games = Number(values.games);
const players = Number(values.players);
if (!Number.isInteger(games) || games < 1 || games > 10_000_000)
  fail('--games must be a positive integer.');
if (!Number.isInteger(players) || players < 1 || players > 6) fail('--players must be 1 to 6.');
if (!(DECK_SETTINGS as readonly string[]).includes(values.deck))
  fail(`Unknown deck "${values.deck}".`);
const rules = values.rules.split(',').filter(Boolean);
for (const rule of rules)
  if (!(HOUSE_RULES as readonly string[]).includes(rule)) fail(`Unknown rule "${rule}".`);
const bots = values.bots.split(',').filter(Boolean);
for (const bot of bots)
  if (!(BOT_LEVELS as readonly string[]).includes(bot)) fail(`Unknown bot "${bot}".`);
if (bots.length === 0) fail('--bots needs at least one level.');

const settings = settingsWith(rules as HouseRule[], { deck: values.deck as DeckSetting });
const levels = Array.from({ length: players }, (_, seat) => bots[seat % bots.length] as BotLevel);

const hex = (label: string) => createHash('sha256').update(`${values.seed}/${label}`).digest('hex');
const scores: number[][] = levels.map(() => []);
const endings = new Map<RoundEndReason, number>(ROUND_END_REASONS.map((reason) => [reason, 0]));
const wins = new Map<BotLevel, number>();
let turns = 0;
let rounds = 0;
let actions = 0;
const progress = process.stderr.isTTY && games >= 50;
const started = performance.now();

for (let game = 0; game < games; game++) {
  const created = createGame(settings, players, {
    gameId: `sim-${game}`,
    secrets: [1, 2, 3, 4, 5].map((r) => hex(`${game}/secret/${r}`)),
    nonces: levels.map((_, seat) => hex(`${game}/nonce/${seat}`)),
  });
  if (!created.ok) fail(created.error.message);
  const final = selfPlay(created.value, levels, game + 1, ({ events }) => {
    actions++;
    for (const event of events) {
      if (event.type === 'turnStarted') turns++;
      if (event.type === 'roundEnded') {
        rounds++;
        endings.set(event.reason, endings.get(event.reason)! + 1);
      }
    }
  });
  const sums = totals(final);
  sums.forEach((sum, seat) => scores[seat]!.push(sum));
  // Ties share the victory: each winner's level gets an equal share of the game.
  const best = Math.min(...sums);
  const winners = levels.filter((_, seat) => sums[seat] === best);
  for (const level of winners) wins.set(level, (wins.get(level) ?? 0) + 1 / winners.length);
  if (progress && (game % 25 === 0 || game === games - 1)) {
    const done = (game + 1) / games;
    const bar = '█'.repeat(Math.round(done * 30)).padEnd(30, '░');
    process.stderr.write(`\r${bar} ${(done * 100).toFixed(0).padStart(3)}%  ${game + 1}/${games}`);
  }
}
if (progress) process.stderr.write('\n');

const seconds = (performance.now() - started) / 1000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

console.log(
  `Trepenta simulator: ${games} games, ${players} player${players === 1 ? '' : 's'}, deck ${values.deck}, ` +
    `rules ${rules.length ? rules.join(', ') : 'core only'}, bots ${levels.join(' / ')}`,
);
console.log(
  `Speed:        ${(games / seconds).toFixed(1)} games/s, ${(actions / seconds).toFixed(0)} actions/s`,
);
console.log('Totals per seat (five rounds; lower is better):');
levels.forEach((level, seat) => {
  const xs = scores[seat]!;
  console.log(
    `  seat ${seat + 1} (${level.padEnd(6)})  mean ${mean(xs).toFixed(1).padStart(6)}  sd ${sd(xs).toFixed(1).padStart(5)}`,
  );
});
console.log('How rounds ended:');
for (const [reason, count] of endings)
  console.log(`  ${reason.padEnd(15)} ${String(count).padStart(7)}  ${pct(count, rounds)}`);
console.log(`Turns per round: ${(turns / Math.max(1, rounds)).toFixed(1)} mean`);
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
