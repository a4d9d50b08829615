// pnpm bench:engine — engine throughput: actions/s and full games/s for 2, 4 and 6 players, with
// the house rules off and all on, 'random' bots deciding from viewFor + legalActions as in play.
// Reports medians of several runs (this machine is noisy).
import { createHash } from 'node:crypto';
import { HOUSE_RULES, createGame, selfPlay, settingsWith } from '@trepenta/rules';
import type { GameSettings, GameState } from '@trepenta/rules';
import type { TressetteState } from '@trepenta/tressette';
import { trefeltromp } from '@trepenta/trefeltromp';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GAMES_PER_RUN = Number(process.env.BENCH_GAMES ?? 200);

const hex = (label: string) => createHash('sha256').update(label).digest('hex');

function startingStates(settings: GameSettings, players: number, count: number): GameState[] {
  return Array.from({ length: count }, (_, game) => {
    const created = createGame(settings, players, {
      gameId: `bench-${game}`,
      secrets: [1, 2, 3, 4, 5].map((r) => hex(`${game}/${r}`)),
      nonces: Array.from({ length: players }, (_, seat) => hex(`${game}/n${seat}`)),
    });
    if (!created.ok) throw new Error(created.error.message);
    return created.value;
  });
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Row {
  players: number;
  rules: string;
  msPerGame: number;
  gamesPerSecond: number;
  actionsPerSecond: number;
  actionsPerGame: number;
}

const rows: Row[] = [];
for (const players of [2, 4, 6]) {
  for (const [label, rules] of [
    ['off', []],
    ['all on', HOUSE_RULES],
  ] as const) {
    const settings = settingsWith([...rules]);
    const states = startingStates(settings, players, GAMES_PER_RUN);
    const msPerGame: number[] = [];
    const actionsPerSecond: number[] = [];
    let actionsPerGame = 0;
    // One warm-up run lets the JIT settle before measuring.
    for (let run = -1; run < RUNS; run++) {
      let actions = 0;
      const started = performance.now();
      states.forEach((state, game) => {
        selfPlay(state, ['random'], game + 1, () => actions++);
      });
      const elapsed = performance.now() - started;
      if (run < 0) continue;
      msPerGame.push(elapsed / GAMES_PER_RUN);
      actionsPerSecond.push((actions / elapsed) * 1000);
      actionsPerGame = actions / GAMES_PER_RUN;
    }
    const ms = median(msPerGame);
    rows.push({
      players,
      rules: label,
      msPerGame: ms,
      gamesPerSecond: 1000 / ms,
      actionsPerSecond: median(actionsPerSecond),
      actionsPerGame,
    });
  }
}

console.log(
  `Engine benchmark: 'random' bots, ${GAMES_PER_RUN} games per run, median of ${RUNS} runs, one core.`,
);
console.log('players  rules    ms/game  games/s   actions/s   actions/game');
for (const row of rows) {
  console.log(
    `${String(row.players).padStart(7)}  ${row.rules.padEnd(7)} ${row.msPerGame.toFixed(2).padStart(8)} ${row.gamesPerSecond
      .toFixed(0)
      .padStart(
        8,
      )} ${row.actionsPerSecond.toFixed(0).padStart(11)} ${row.actionsPerGame.toFixed(0).padStart(14)}`,
  );
}

// Tressette, in the same run: the module driven as the platform drives it ('random' bots deciding
// from viewFor + legalActions), 2, 3 and 4 seats, target 21; µs per action beside Trepenta's.
{
  const { DEFAULT_SETTINGS, tressette } = await import('@trepenta/tressette');
  console.log('\nTressette (random bots, target 21)');
  console.log('seats    ms/game  games/s   actions/s   µs/action   actions/game');
  for (const seats of [2, 3, 4]) {
    const starts: TressetteState[] = Array.from({ length: GAMES_PER_RUN }, (_, game) => {
      const created = tressette.create(DEFAULT_SETTINGS, seats, {
        gameId: `bench-${game}`,
        secrets: [hex(`${game}/s`)],
        nonces: Array.from({ length: seats }, (_, seat) => hex(`${game}/n${seat}`)),
      });
      if (!created.ok) throw new Error(created.error.message);
      return created.value;
    });
    const msPerGame: number[] = [];
    const perSecond: number[] = [];
    let actionsPerGame = 0;
    for (let run = -1; run < RUNS; run++) {
      let actions = 0;
      const started = performance.now();
      starts.forEach((start, game) => {
        let state = start;
        while (tressette.result(state) === null) {
          const seat = tressette.pendingSeats(state)[0]!;
          const action = tressette.chooseBot(
            tressette.viewFor(state, seat),
            'random',
            game + actions,
          )!;
          const step = tressette.apply(state, seat, action);
          if (!step.ok) throw new Error(step.error.message);
          state = step.value.state;
          actions++;
        }
      });
      const elapsed = performance.now() - started;
      if (run < 0) continue;
      msPerGame.push(elapsed / GAMES_PER_RUN);
      perSecond.push((actions / elapsed) * 1000);
      actionsPerGame = actions / GAMES_PER_RUN;
    }
    const ms = median(msPerGame);
    const aps = median(perSecond);
    console.log(
      `${String(seats).padStart(5)} ${ms.toFixed(2).padStart(10)} ${(1000 / ms).toFixed(0).padStart(8)} ${aps.toFixed(0).padStart(11)} ${(1e6 / aps).toFixed(1).padStart(11)} ${actionsPerGame.toFixed(0).padStart(14)}`,
    );
  }
  for (const row of rows)
    console.log(
      `  Trepenta ${row.players} players, rules ${row.rules}: ${(1e6 / row.actionsPerSecond).toFixed(1)} µs/action`,
    );
}

// Other games of the registry, the same way: 'random' bots from viewFor + legalActions, through
// the platform's drive loop (timers never run out), with Trepenta's row for comparison.
const { drive } = await import('@trepenta/engine');
const { GAMES } = await import('@trepenta/games');
const MODULE_GAMES = Number(process.env.BENCH_MODULE_GAMES ?? 100);
console.log(
  `\nBy module (drive loop, 'random' bots, ${MODULE_GAMES} games per run, median of ${RUNS} runs):`,
);
console.log('game            players  µs/action  games/s  actions/game');
for (const [id, module] of Object.entries(GAMES)) {
  const players = Math.min(4, module.seats.max);
  const perAction: number[] = [];
  const perGame: number[] = [];
  let actionsPerGame = 0;
  for (let run = -1; run < RUNS; run++) {
    let actions = 0;
    const started = performance.now();
    for (let game = 0; game < MODULE_GAMES; game++) {
      drive(module, module.defaultSettings, players, {
        levels: ['random'],
        seed: 1 + game,
        timeoutChance: 0,
        maxActions: 10_000_000,
        closeAfter: 200,
        seatChangeChance: 0,
        keepSteps: false,
        onStep: () => actions++,
      });
    }
    const elapsed = performance.now() - started;
    if (run < 0) continue;
    perAction.push((elapsed * 1000) / actions);
    perGame.push((MODULE_GAMES * 1000) / elapsed);
    actionsPerGame = actions / MODULE_GAMES;
  }
  console.log(
    `${id.padEnd(15)} ${String(players).padStart(7)} ${median(perAction).toFixed(1).padStart(10)} ${median(perGame).toFixed(1).padStart(8)} ${actionsPerGame.toFixed(0).padStart(13)}`,
  );
}

// Trefeltromp, a session with no fixed number of hands: sessions of 'random' and 'greedy' bots
// (each deciding from viewFor + legalActions), the host closing the table after 300 actions; no
// timeouts, no seat changes. Reported per action and per hand, beside Trepenta's above.
{
  const sessions = Math.max(2, Math.round(GAMES_PER_RUN / 10));
  console.log(
    `\nTrefeltromp: 'random' and 'greedy' bots, ${sessions} sessions of 300 actions per run, median of ${RUNS} runs.`,
  );
  console.log('players  µs/action   actions/s    hands/s   actions/hand');
  for (const players of [2, 4, 8]) {
    const usPerAction: number[] = [];
    const handsPerSecond: number[] = [];
    let actionsPerHand = 0;
    for (let run = -1; run < RUNS; run++) {
      let actions = 0;
      let hands = 0;
      const started = performance.now();
      for (let session = 0; session < sessions; session++) {
        const played = drive(trefeltromp, trefeltromp.defaultSettings, players, {
          levels: ['random', 'greedy'],
          seed: session + 1,
          timeoutChance: 0,
          maxActions: 1_000_000,
          closeAfter: 300,
          seatChangeChance: 0,
          keepSteps: false,
          onStep: () => actions++,
        });
        hands += (played.final as { handsDealt: number }).handsDealt;
      }
      const elapsed = performance.now() - started;
      if (run < 0) continue;
      usPerAction.push((elapsed * 1000) / actions);
      handsPerSecond.push((hands / elapsed) * 1000);
      actionsPerHand = actions / hands;
    }
    const us = median(usPerAction);
    console.log(
      `${String(players).padStart(7)} ${us.toFixed(1).padStart(10)} ${(1e6 / us).toFixed(0).padStart(11)} ${median(
        handsPerSecond,
      )
        .toFixed(0)
        .padStart(10)} ${actionsPerHand.toFixed(1).padStart(14)}`,
    );
  }
  console.log('Trepenta, same run (µs/action, house rules off):');
  for (const row of rows.filter((r) => r.rules === 'off'))
    console.log(
      `${String(row.players).padStart(7)} ${(1e6 / row.actionsPerSecond).toFixed(1).padStart(10)}`,
    );
}
