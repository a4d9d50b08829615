import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PHONE, joinByLink, newPlayer, setName, shot, smallTapTargets } from './helpers';
import type { Player } from './helpers';

/**
 * Tressette in the browser: friends by link at a four-seat table (two people as partners against
 * two bots), a spectator, a reload mid-hand, keyboard play, a refused card that says why, the
 * whole game to the score sheet by party; and the two-seat game with the stock on a phone. Every
 * photographed screen is checked by axe-core.
 */

interface Seen {
  phase: string | null;
  viewer: number | 'spectator' | null;
  version: number;
  turn: number | null;
  trick: number;
  ready: boolean;
  pending: boolean;
  hand: number;
  tricks: number;
  gameId: string;
  cards: number;
}

function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    type Store = {
      getState(): {
        pending: boolean;
        game: {
          phase: string;
          viewer: number | 'spectator';
          version: number;
          turn: number | null;
          hand: number;
          trick: unknown[];
          tricksPlayed: number;
          gameId: string;
          cards: unknown[] | null;
          seats: { ready: boolean }[];
        } | null;
      };
    };
    const state = (window as unknown as { __trepenta: Store }).__trepenta.getState();
    const g = state.game;
    const me = g && typeof g.viewer === 'number' ? g.viewer : null;
    return {
      phase: g?.phase ?? null,
      viewer: g?.viewer ?? null,
      version: g?.version ?? -1,
      turn: g?.turn ?? null,
      trick: g?.trick.length ?? 0,
      ready: me !== null ? (g?.seats[me]?.ready ?? false) : true,
      pending: state.pending,
      hand: g?.hand ?? 0,
      tricks: g?.tricksPlayed ?? 0,
      gameId: g?.gameId ?? '',
      cards: g?.cards?.length ?? 0,
    };
  });
}

/** One move of this player through the UI if there is one: a lit card, or Ready. */
async function move(player: Player, keyboard = false): Promise<boolean> {
  const { page } = player;
  const s = await seen(page);
  if (s.pending || typeof s.viewer !== 'number') return false;
  if (s.phase === 'play' && s.turn === s.viewer) {
    const lit = page.locator('.tr-hand-card.lit').first();
    if ((await lit.count()) === 0) return false;
    if (keyboard) {
      await lit.focus();
      await page.keyboard.press('Enter');
    } else await lit.click();
  } else if (s.phase === 'between' && !s.ready) {
    const ready = page.getByRole('button', { name: 'Ready', exact: true });
    if (!(await ready.isEnabled().catch(() => false))) return false;
    await ready.click().catch(() => undefined);
  } else return false;
  await page
    .waitForFunction(
      (v) => {
        type Store = { getState(): { pending: boolean; game: { version: number } | null } };
        const st = (window as unknown as { __trepenta: Store }).__trepenta.getState();
        return (st.game?.version ?? -1) !== v && !st.pending;
      },
      s.version,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return true;
}

async function playUntil(
  players: readonly Player[],
  done: () => Promise<boolean>,
  options: { keyboard?: boolean; timeout?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeout ?? 120_000);
  while (!(await done())) {
    if (Date.now() > deadline) {
      const states = await Promise.all(
        players.map(async (p) => JSON.stringify(await seen(p.page))),
      );
      throw new Error(`the table did not get there in time: ${states.join('; ')}`);
    }
    let acted = false;
    for (const p of players) acted = (await move(p, options.keyboard)) || acted;
    if (!acted) await players[0]!.page.waitForTimeout(40);
  }
}

async function createTressette(
  page: Page,
  options: {
    name: string;
    seats: number;
    bots: Record<number, 'Easy bot' | 'Good bot'>;
    target: number;
    /** The turn timer, in seconds before TIMER_SCALE; off without it. */
    turnTimer?: number;
  },
): Promise<string> {
  await page.goto('/new/tressette');
  await setName(page, options.name);
  await page.getByLabel('Players at the table').selectOption(String(options.seats));
  for (const [seat, level] of Object.entries(options.bots))
    await page
      .getByLabel(`Seat ${Number(seat) + 1}`, { exact: true })
      .selectOption({ label: level });
  await page.getByRole('radio', { name: `${options.target} points` }).check();
  if (options.turnTimer)
    await page.getByLabel('Turn timer').selectOption({ label: `${options.turnTimer} seconds` });
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('four seats: partners by link against two bots, a spectator, a reload, keyboard, to the score sheet', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ada = await newPlayer(browser, 'Ada');
  const bea = await newPlayer(browser, 'Bea');
  const cyd = await newPlayer(browser, 'Cyd');
  await createTressette(ada.page, {
    name: 'Ada',
    seats: 4,
    bots: { 2: 'Good bot', 3: 'Easy bot' },
    // Not 11: a party that takes 33 of a hand's 38 thirds would end the game after one hand, and
    // the test needs a second. No hand scores more than 12, so 21 takes two at least.
    target: 21,
    // Six seconds a turn at the tests' timer scale: the stand-in plays a turn whose player is gone.
    turnTimer: 120,
  });
  const invite = await ada.page.getByRole('textbox', { name: 'Invite friends' }).inputValue();
  await joinByLink(bea, invite);
  await joinByLink(cyd, invite, 'spectator');
  await expect(ada.page.locator('.seat-row', { hasText: 'Bea' })).toBeVisible();
  // The lobby shows who partners whom; the host seats Bea opposite Ada (seats 1 and 3).
  const beaSeat = await ada.page.locator('.seat-row', { hasText: 'Bea' }).getAttribute('data-seat');
  if (beaSeat !== '2')
    await ada.page
      .getByLabel(`Seat ${Number(beaSeat) + 1}: swap with`)
      .selectOption({ label: 'Seat 3' });
  await expect(ada.page.locator('.seat-row[data-seat="2"]')).toContainText('Bea');
  await expect(ada.page.locator('.teams-line')).toContainText('Ada & Bea against');
  await expect(ada.page.locator('.seat-row[data-seat="2"] .team-badge')).toHaveText('Team A');
  await shot(ada.page, 'tressette-lobby');
  await ada.page.getByRole('button', { name: 'Start game' }).click();

  // The table: Bea opposite Ada as her partner, the next player on Ada's right.
  await expect(ada.page.locator('.tr-mine')).toBeVisible();
  await expect(ada.page.locator('.tr-seat.place-top')).toContainText('Bea');
  await expect(ada.page.locator('.tr-seat.place-top')).toContainText('Partner');
  await expect(ada.page.locator('.tr-mine .tr-hand-card')).toHaveCount(10);

  // A card that may not be played says why, from the player's own view.
  const players = [ada, bea];
  let refusedShown = false;
  await playUntil(
    players,
    async () => {
      const s = await seen(ada.page);
      if (s.phase !== 'play' || s.turn !== s.viewer || s.trick === 0) return false;
      const dim = ada.page.locator('.tr-hand-card.dim').first();
      if ((await dim.count()) === 0) return false;
      // aria-disabled, not disabled: a press still answers, with the reason.
      await dim.click({ force: true });
      await expect(ada.page.locator('.tr-why')).toContainText('You must follow');
      refusedShown = true;
      return true;
    },
    { timeout: 60_000 },
  );
  expect(refusedShown).toBe(true);
  await shot(ada.page, 'tressette-table-desktop');
  await shot(cyd.page, 'tressette-spectator');

  // T21: the log, like the table, keeps only the last trick and the one under way in sight.
  await playUntil(players, async () => (await seen(ada.page)).tricks >= 3, { timeout: 60_000 });
  const hand = (await seen(ada.page)).hand;
  const folded = ada.page.locator('.game-log li.folded');
  await expect(folded).toHaveText(/^\d+ earlier tricks? of this hand: shown when the hand ends\.$/);
  await expect(ada.page.locator('.game-log li', { hasText: /takes? the trick\./ })).not.toHaveCount(
    0,
  );
  await shot(ada.page, 'tressette-log-folded');
  // Once the hand is scored, its whole play is listed again.
  await playUntil(players, async () => (await seen(ada.page)).hand > hand, { timeout: 90_000 });
  await expect(folded).toHaveCount(0);
  expect(
    await ada.page.locator('.game-log li', { hasText: /takes? the trick\./ }).count(),
  ).toBeGreaterThanOrEqual(10);

  // The network drops mid-hand: the game goes on for the others (the stand-in plays Bea's turns
  // when her time runs out), and Bea comes back to the table as it is.
  await playUntil(players, async () => (await seen(ada.page)).tricks >= 1, { timeout: 30_000 });
  const dropped = await seen(ada.page);
  await bea.context.setOffline(true);
  await expect(bea.page.locator('.conn-banner')).toContainText(/offline|reconnecting/i);
  await playUntil([ada], async () => (await seen(ada.page)).version >= dropped.version + 4, {
    timeout: 60_000,
  });
  await bea.context.setOffline(false);
  await expect(bea.page.locator('.conn-banner')).toContainText('Back at the table');
  await expect
    .poll(async () => (await seen(bea.page)).version >= (await seen(ada.page)).version)
    .toBe(true);
  const back = await seen(bea.page);
  expect(back.viewer).toBe(2);
  expect(back.version).toBeGreaterThanOrEqual(dropped.version + 4);
  await expect(bea.page.locator('.tr-mine .tr-hand-card')).toHaveCount(back.cards);

  // Reload mid-hand: Bea's seat and view come back.
  const before = await seen(bea.page);
  await bea.page.reload();
  await expect(bea.page.locator('.tr-mine')).toBeVisible();
  expect((await seen(bea.page)).viewer).toBe(before.viewer);

  // The rest of the game, Ada on the keyboard.
  await playUntil(players, async () => (await seen(ada.page)).phase === 'over', {
    keyboard: true,
    timeout: 150_000,
  });
  await expect(ada.page.locator('.score-sheet')).toBeVisible();
  await expect(ada.page.locator('.score-sheet')).toContainText('Ada & Bea');
  await expect(ada.page.locator('.tr-hand-end')).toContainText('Thirds in all');
  await shot(ada.page, 'tressette-score-sheet');
  await expect(cyd.page.locator('.score-sheet')).toBeVisible();

  // The spectator never received a hand: no view or deal with cards of its own.
  expect(cyd.frames.some((frame) => frame.includes('"game":"tressette"'))).toBe(true);
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"cards":\["/);
  await expect(cyd.page.locator('.tr-hand')).toHaveCount(0);

  // A rematch: the same four seats, a new game from hand 1.
  const first = (await seen(ada.page)).gameId;
  await ada.page.getByRole('button', { name: 'Rematch', exact: true }).click();
  await ada.page.getByRole('button', { name: 'Start game' }).click();
  for (const p of players) {
    await expect.poll(async () => (await seen(p.page)).gameId).not.toBe(first);
    await expect(p.page.locator('.tr-mine .tr-hand-card')).toHaveCount(10);
  }
  expect((await seen(ada.page)).hand).toBe(1);
  expect((await seen(bea.page)).viewer).toBe(2);
  await expect(ada.page.locator('.tr-seat.place-top')).toContainText('Bea');
});

test('two seats on a phone: the stock, drawn cards shown, large targets, a hand counted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ada = await newPlayer(browser, 'Ada', { viewport: PHONE, mobile: true });
  await createTressette(ada.page, { name: 'Ada', seats: 2, bots: { 1: 'Good bot' }, target: 11 });
  await ada.page.getByRole('button', { name: 'Start game' }).click();
  await expect(ada.page.locator('.tr-mine .tr-hand-card')).toHaveCount(10);
  await expect(ada.page.locator('.tr-stock')).toHaveAttribute('aria-label', 'Stock: 20 cards');
  // After a trick each player holds a card the other knows: drawn from the stock, shown. The bot
  // may lead the card it drew at once, so look at each of Ada's turns until one is in sight.
  const known = ada.page.locator('.tr-seat .tr-known .tr-card');
  await playUntil([ada], async () => (await known.count()) > 0, { timeout: 90_000 });
  await shot(ada.page, 'tressette-table-phone');
  expect(await smallTapTargets(ada.page)).toEqual([]);
  await playUntil([ada], async () => (await seen(ada.page)).phase === 'over', {
    timeout: 150_000,
  });
  await expect(ada.page.locator('.score-sheet')).toBeVisible();
  await shot(ada.page, 'tressette-score-sheet-phone');
});
