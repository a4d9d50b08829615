import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  actOnce,
  createRoom,
  expectAccessible,
  newPlayer,
  setName,
  shot,
  smallTapTargets,
  snapshot,
} from './helpers';
import type { Player } from './helpers';

/**
 * One player against two bots, once at desktop size and once on a phone in portrait: every screen
 * is photographed for review (artifacts/screenshots/), and the phone plays its turns by tapping.
 */
for (const size of ['desktop', 'phone'] as const) {
  test(`${size}: home, lobby, setup, turn, final turns, round end, score sheet and rematch`, async ({
    browser,
  }) => {
    test.setTimeout(200_000);
    const player = await newPlayer(browser, 'Ada', {
      viewport: size === 'phone' ? PHONE : DESKTOP,
      mobile: size === 'phone',
    });
    const page = player.page;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Trepenta Online' })).toBeVisible();
    await shot(page, `${size}-home`);
    await page.goto('/new/trepenta');
    await expect(page.getByRole('heading', { name: 'New Trepenta room' })).toBeVisible();
    await expectAccessible(page, `${size} create`);
    await shot(page, `${size}-create`);

    await createRoom(page, {
      name: 'Ada',
      seats: 3,
      rules: ['sort', 'Finish Line', 'Rival Sets'],
      bots: { 1: 'Good bot', 2: 'Easy bot' },
      deck: 'Trepenta deck',
      timers: { setup: 600, layOff: 300, between: 300 },
    });
    await expect(page.getByRole('button', { name: 'Start game' })).toBeEnabled();
    await shot(page, `${size}-lobby`);
    await page.getByRole('button', { name: 'Start game' }).click();

    // Setup under sort: ten cards, five to the field.
    await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
    const toField = page.getByRole('button', { name: /, to field$/ });
    await toField.first().click();
    await toField.first().click();
    await shot(page, `${size}-table-setup`);
    await actOnce(player);
    await expect.poll(async () => (await snapshot(page)).phase).toBe('turns');

    // A turn: draw, pick a card (its targets light up); the loop below finishes the turn.
    await untilMyTurn(player);
    await page.locator('[data-zone="drawPile"]').click();
    await expect.poll(async () => (await snapshot(page)).step).toBe('act');
    await page.locator('.my-area .hand-card.playable').first().click();
    await shot(page, `${size}-table-mid-turn`);
    await page.keyboard.press('Escape');

    // Play on: photograph the final turns and a round end as they come, then the score sheet.
    const taken = new Set<string>();
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const s = await snapshot(page);
      if (s.phase === 'gameOver') break;
      if (!taken.has('final') && (await page.locator('.banner.final').count()) > 0) {
        taken.add('final');
        await shot(page, `${size}-table-final-turns`);
      }
      if (!taken.has('roundEnd') && (s.phase === 'layoff' || s.phase === 'roundEnd')) {
        // Every field shows its positions' values; a card left face down is marked as such. A
        // round end this loop came to late (a slow turn; the next round begins after the
        // between-round timer) is photographed at the next one.
        const values = page.locator('.reveal-slot .slot-value');
        const inRoundEnd = async () => {
          const { phase } = await snapshot(page);
          return phase === 'layoff' || phase === 'roundEnd';
        };
        await expect
          .poll(async () => (await values.count()) === 15 || !(await inRoundEnd()))
          .toBe(true);
        if ((await values.count()) === 15) {
          if (size === 'desktop') {
            // Each revealed field card is as large as the hands' beside it (42 px), not 28.
            const width = (await page.locator('.reveal-slot .card').first().boundingBox())!.width;
            expect(width).toBeGreaterThanOrEqual(40);
          }
          taken.add('roundEnd');
          await shot(page, `${size}-round-end`);
        }
      }
      if (!taken.has('roundScores') && s.phase === 'roundEnd' && !s.ready) {
        // The round's points join the score sheet under the hands; the bar says who is awaited.
        taken.add('roundScores');
        const sheet = page.getByRole('region', { name: `Score sheet after round ${s.round}` });
        await expect(sheet.getByRole('row')).toHaveCount(4);
        await expect(sheet).toContainText('Ada');
        await expect(page.locator('.ready-bar')).toContainText('waiting for you');
        await shot(page, `${size}-round-scores`);
        if (size === 'desktop') {
          // The side panel's score sheet shows every round and the total without scrolling.
          const panel = page.locator('.side-panel');
          await panel.getByRole('tab', { name: 'Scores' }).click();
          await expect(panel.getByRole('columnheader', { name: 'Total' })).toBeVisible();
          const body = panel.locator('.tab-body');
          expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(
            1,
          );
          await shot(page, 'desktop-panel-scores');
          await panel.getByRole('tab', { name: 'Log' }).click();
        }
      }
      if (!(await actOnce(player))) await page.waitForTimeout(40);
    }
    await expect(page.getByRole('region', { name: 'Score sheet' })).toBeVisible();
    expect([...taken]).toContain('roundEnd');
    // The result comes into view, whatever was scrolled to at the last round's end.
    const gameOver = page.getByRole('heading', { name: 'Game over' });
    await expect(gameOver).toBeInViewport();
    // In view means below the sticky top bar, not under it.
    const heading = await gameOver.boundingBox();
    const bar = await page.locator('.top-bar').boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await shot(page, `${size}-score-sheet`);
    if (size === 'phone') await assertNoHorizontalScroll(page);

    // A rematch in the same room, with one more house rule: back in the lobby with the same
    // seats and the new rules, then a new deal.
    await page.getByRole('button', { name: 'Change rules, then rematch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change rules' });
    await dialog.getByRole('checkbox', { name: /Open Field/ }).check();
    await shot(page, `${size}-rematch-rules`);
    await dialog.getByRole('button', { name: 'Rematch' }).click();
    await expect(page.getByRole('region', { name: 'This room’s rules' })).toContainText(
      'Open Field',
    );
    await expect(page.locator('.seat-row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Start game' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
    const rematch = await page.evaluate(() => {
      type Store = {
        getState(): {
          room: { gameNumber: number; settings: { houseRules: Record<string, boolean> } } | null;
          game: { round: number; phase: string } | null;
        };
      };
      const state = (window as unknown as { __trepenta: Store }).__trepenta.getState();
      return {
        gameNumber: state.room?.gameNumber,
        openField: state.room?.settings.houseRules.openField,
        round: state.game?.round,
        phase: state.game?.phase,
      };
    });
    expect(rematch).toEqual({ gameNumber: 2, openField: true, round: 1, phase: 'setup' });
  });
}

/**
 * A name as long as the app allows (24 characters): the score sheet under the revealed hands at a
 * round end, and the final one, show every round and the total on a phone, the name wrapped (as
 * the side panel's Scores tab does), neither the page nor the sheet scrolling sideways. On a
 * desktop the name has room: it stays on one line.
 */
for (const size of ['phone', 'desktop'] as const) {
  test(`${size}: with a 24-character name the score sheet shows every round and the total, at a round end and at the game end`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const name = 'Maximilian Alexandrovich';
    const player = await newPlayer(browser, name, {
      viewport: size === 'phone' ? PHONE : DESKTOP,
      mobile: size === 'phone',
    });
    const page = player.page;
    await page.goto('/');
    await setName(page, name);
    await page.getByRole('button', { name: 'Play against 2 bots' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
    const playTo = (phase: string) =>
      expect
        .poll(
          async () => {
            const s = await snapshot(page);
            if (s.phase === phase) return true;
            await actOnce(player);
            return false;
          },
          { timeout: 180_000, intervals: [50] },
        )
        .toBe(true);
    await playTo('roundEnd');
    const round = page.getByRole('region', { name: /^Score sheet after round \d$/ });
    await round.scrollIntoViewIfNeeded();
    // Soft: the final sheet is looked at as well when this one fails.
    expect.soft(await scoreSheetLayout(round)).toEqual({ hidden: [], wrapped: size === 'phone' });
    await shot(page, `${size}-round-scores-long-name`);
    await playTo('gameOver');
    const final = page.getByRole('region', { name: 'Score sheet', exact: true });
    await final.locator('.score-table').scrollIntoViewIfNeeded();
    expect(await scoreSheetLayout(final)).toEqual({ hidden: [], wrapped: size === 'phone' });
    await shot(page, `${size}-score-sheet-long-name`);
    await assertNoHorizontalScroll(page);
  });
}

/**
 * The score table in `sheet`: which of its cells reach past what shows them (the screen, or a box
 * that scrolls or clips), in px, and whether the first row's name takes more than one line.
 */
function scoreSheetLayout(sheet: ReturnType<Page['locator']>) {
  return sheet.locator('.score-table').evaluate((table) => {
    const hidden: string[] = [];
    for (const cell of Array.from(table.querySelectorAll<HTMLElement>('th, td'))) {
      if (cell.closest('caption')) continue;
      const box = cell.getBoundingClientRect();
      let right = document.documentElement.clientWidth;
      for (let el = cell.parentElement; el; el = el.parentElement) {
        if (getComputedStyle(el).overflowX !== 'visible')
          right = Math.min(right, el.getBoundingClientRect().right);
      }
      if (box.right - right > 0.5 || cell.scrollWidth > cell.clientWidth + 1)
        hidden.push(`${cell.textContent}: ${(box.right - right).toFixed(1)} px`);
    }
    const [first, second] = Array.from(table.querySelectorAll<HTMLElement>('tbody th'));
    return { hidden, wrapped: first!.offsetHeight > second!.offsetHeight + 4 };
  });
}

test('phone, four seats: a selected card brings its discard and cancel buttons into view', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page } = await phoneGameWithBots(browser, {
    rules: [],
    bots: { 1: 'Easy bot', 2: 'Easy bot', 3: 'Easy bot' },
  });
  await page.locator('[data-zone="drawPile"]').click();
  await expect.poll(async () => (await snapshot(page)).step).toBe('act');
  // Three opponents' panels above: the hand reaches the bottom of the screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('.my-area .hand-card').first().click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await shot(page, 'phone-four-seats-selected');
});

test('phone, six seats: the five opponents take two rows, each name whole', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await phoneGameWithBots(browser, {
    rules: ['Open Field'],
    bots: { 1: 'Easy bot', 2: 'Good bot', 3: 'Easy bot', 4: 'Good bot', 5: 'Easy bot' },
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  const panels = page.locator('.opponents .seat-panel');
  await expect(panels).toHaveCount(5);
  const layout = await panels.evaluateAll((all) =>
    all.map((panel) => {
      const name = panel.querySelector<HTMLElement>('.seat-name')!;
      const box = panel.getBoundingClientRect();
      return {
        top: Math.round(box.top),
        right: box.right,
        whole: name.scrollWidth <= name.clientWidth,
      };
    }),
  );
  expect(new Set(layout.map((panel) => panel.top)).size).toBe(2);
  expect(layout.every((panel) => panel.whole && panel.right <= PHONE.width)).toBe(true);
  // Each die is still there to read, and named for screen readers.
  await expect(page.getByRole('img', { name: /^Easy bot 2: / })).toBeVisible();
  await shot(page, 'phone-six-seats');
});

/**
 * Known cards ("shown small beside their hand count"): a bot that takes from the discard
 * pile a few times has five of them. On a phone at a table of six, three panels to a row, they
 * wrap inside the panel, drawn at the panel's card size and clear of the die in its corner, not
 * over the next panel and off the screen; the hand's name still says them all.
 */
test('phone, six seats: an opponent’s five known cards wrap inside its panel, each still named', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page } = await phoneGameWithBots(browser, {
    rules: [],
    bots: { 1: 'Easy bot', 2: 'Easy bot', 3: 'Easy bot', 4: 'Easy bot', 5: 'Easy bot' },
  });
  await stageKnownCards(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const panels = page.locator('.opponents .seat-panel');
  await expect(panels.locator('.known .card')).toHaveCount(26);
  const misplaced = await panels.evaluateAll((all) =>
    all.flatMap((panel) => {
      const style = getComputedStyle(panel);
      const box = panel.getBoundingClientRect();
      const right = box.right - parseFloat(style.borderRightWidth);
      const die = panel.querySelector('.die')!.getBoundingClientRect();
      const name = panel.getAttribute('aria-label');
      return Array.from(panel.querySelectorAll('.known .card')).flatMap((el) => {
        const card = el.getBoundingClientRect();
        const found: string[] = [];
        if (card.right - right > 0.5)
          found.push(`${name}: ${(card.right - right).toFixed(1)} px out`);
        if (card.width < 19) found.push(`${name}: a card ${card.width} px wide`);
        const overDie =
          card.right > die.left &&
          card.left < die.right &&
          card.bottom > die.top &&
          card.top < die.bottom;
        if (overDie) found.push(`${name}: a card over the die`);
        return found;
      });
    }),
  );
  expect(misplaced).toEqual([]);
  await expect(
    page.getByRole('group', {
      name: 'Easy bot 4’s hand: 5 cards, known cards in hand: jack of hearts, 8 of hearts, 2 of hearts, queen of hearts, 7 of hearts',
    }),
  ).toBeVisible();
  await shot(page, 'phone-six-seats-known-cards');
  await assertNoHorizontalScroll(page);
});

/**
 * The dealer ("Dealer: Cyd" by the round): a phone's top bar has no room for it, and the
 * other seats show it as a badge in their panels; your own is shown the same way in your area,
 * while you choose your field and while you play, and said in words ("You are the dealer").
 */
test('phone: when you deal, a dealer badge says so in your own area, in setup and on your turn', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, 'Ada', { viewport: PHONE, mobile: true });
  const page = player.page;
  await createRoom(page, {
    name: 'Ada',
    seats: 3,
    rules: [],
    bots: { 1: 'Easy bot', 2: 'Easy bot' },
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
  // Once the bots have chosen (no view comes after), Ada's view is as a round she deals brings it.
  await expect(page.locator('.seat-panel .badge', { hasText: 'field chosen' })).toHaveCount(2);
  await dealToMe(page);
  const setup = page.getByRole('region', { name: 'Choose your field' });
  await expect(setup.locator('.own-dealer')).toBeInViewport();
  await expect(setup.getByText('You are the dealer')).toHaveCount(1);
  await expect(page.locator('.seat-panel .badge', { hasText: 'dealer' })).toHaveCount(0);
  await shot(page, 'phone-setup-you-deal');

  await untilMyTurn(player);
  await dealToMe(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const area = page.getByRole('region', { name: 'You', exact: true });
  const badge = area.locator('.own-dealer');
  await expect(badge).toBeVisible();
  await expect(area.getByText('You are the dealer')).toHaveCount(1);
  // At the head of your area, on the screen, clear of the step chips.
  const box = (await badge.boundingBox())!;
  const chips = (await area.locator('.step-chips').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.x >= chips.x + chips.width || box.y >= chips.y + chips.height).toBe(true);
  await badge.scrollIntoViewIfNeeded();
  await shot(page, 'phone-turn-you-deal');
  await assertNoHorizontalScroll(page);
});

/** Ada's own view, as a round she deals brings it. */
async function dealToMe(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Store = {
      getState(): { game: { viewer: number; dealer: number } };
      setState(state: object): void;
    };
    const store = (window as unknown as { __trepenta: Store }).__trepenta;
    const game = structuredClone(store.getState().game);
    game.dealer = game.viewer;
    store.setState({ game });
  });
}

test('desktop, six seats: each opponent’s field stays inside its panel at any window width', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, 'Ada', { viewport: { width: 1440, height: 900 } });
  await createRoom(player.page, {
    name: 'Ada',
    seats: 6,
    rules: [],
    bots: { 1: 'Easy bot', 2: 'Good bot', 3: 'Easy bot', 4: 'Good bot', 5: 'Easy bot' },
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  const page = player.page;
  await page.getByRole('button', { name: 'Start game' }).click();
  await untilMyTurn(player);
  // 1440 puts the five panels in one row, each narrower than five whole cards with the die.
  for (const width of [1440, 1180, 960]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('.opponents .seat-panel')).toHaveCount(5);
    const spills = await page.locator('.opponents .seat-panel').evaluateAll((panels) =>
      panels.flatMap((panel) => {
        const style = getComputedStyle(panel);
        const box = panel.getBoundingClientRect();
        const right =
          box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        return Array.from(panel.querySelectorAll('.die, .slot'))
          .map((el) => el.getBoundingClientRect().right - right)
          .filter((over) => over > 0.5)
          .map((over) => `${panel.getAttribute('aria-label')}: ${over.toFixed(1)} px`);
      }),
    );
    expect(spills, `at ${width} px`).toEqual([]);
    if (width === 1440) await shot(page, 'desktop-six-seats');
  }
  // A laptop: five known cards fan out on the label's line, each showing its corner, inside the
  // panel (wrapped, a lone fifth card took a line of its own and pushed the hand down).
  await page.setViewportSize({ width: 1280, height: 800 });
  await stageKnownCards(page);
  const rows = await page.locator('.opponents .seat-panel .known').evaluateAll((all) =>
    all.map((known) => {
      const panel = known.closest('.seat-panel')!.getBoundingClientRect();
      const cards = Array.from(known.querySelectorAll('.card')).map((c) =>
        c.getBoundingClientRect(),
      );
      return {
        cards: cards.length,
        lines: new Set(cards.map((c) => Math.round(c.top))).size,
        inside: cards.every((c) => c.right <= panel.right - 1),
        // How much of each card the next one leaves in sight.
        shown: Math.min(...cards.slice(0, -1).map((c, i) => cards[i + 1]!.left - c.left)),
        width: cards[0]!.width,
      };
    }),
  );
  for (const row of rows.filter((r) => r.cards === 5)) {
    expect(row).toMatchObject({ lines: 1, inside: true });
    expect(row.shown).toBeGreaterThanOrEqual(row.width * 0.6);
  }
  expect(rows.filter((r) => r.cards === 5)).toHaveLength(4);
  await shot(page, 'desktop-six-seats-known-cards');
});

test('phone: the final turns, whose turn, and the lay-off timer stay in sight while you play your hand', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const player = await newPlayer(browser, 'Ada', { viewport: PHONE, mobile: true });
  const page = player.page;
  await createRoom(page, {
    name: 'Ada',
    seats: 4,
    rules: ['Rival Sets'],
    bots: { 1: 'Good bot', 2: 'Good bot', 3: 'Good bot' },
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  const checked = new Set<string>();
  const deadline = Date.now() + 270_000;
  while (checked.size < 2 && Date.now() < deadline) {
    const s = await snapshot(page);
    if (s.phase === 'gameOver') {
      // A deal may give Ada no lay-off turn in a whole game: another game, until it has.
      await page.getByRole('button', { name: 'Rematch', exact: true }).click();
      await page.getByRole('button', { name: 'Start game' }).click();
      await expect.poll(async () => (await snapshot(page)).phase).not.toBe('gameOver');
      continue;
    }
    const final = page.locator('.banner.final');
    if (
      !checked.has('final') &&
      s.phase === 'turns' &&
      s.turnSeat === s.viewer &&
      s.step === 'draw' &&
      (await final.count()) > 0
    ) {
      // Tapping the hand brings its buttons into view, and the table scrolls under the top bar.
      await page.locator('[data-zone="drawPile"]').click();
      await expect.poll(async () => (await snapshot(page)).step).toBe('act');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.my-area .hand-card.playable').first().click();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expectInSight(page, final);
      await expectInSight(page, page.locator('.turn-banner', { hasText: 'Your turn' }));
      await shot(page, 'phone-final-turns-hand');
      await page.keyboard.press('Escape');
      checked.add('final');
    }
    if (!checked.has('layoff') && s.phase === 'layoff' && s.layoffSeat === s.viewer) {
      // At the foot of the table, among the other hands' melds, the turn and its timer stay.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = page.locator('.layoff-bar');
      await expectInSight(page, bar);
      await expectInSight(page, bar.getByRole('timer'));
      await shot(page, 'phone-layoff-scrolled');
      checked.add('layoff');
    }
    if (!(await actOnce(player))) await page.waitForTimeout(40);
  }
  expect([...checked].sort()).toEqual(['final', 'layoff']);
});

test('phone, six seats: every control a finger can tap answers across 44 px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const player = await newPlayer(browser, 'Ada', { viewport: PHONE, mobile: true });
  const page = player.page;
  await createRoom(page, {
    name: 'Ada',
    seats: 6,
    rules: ['sort', 'Open Field', 'Rival Sets'],
    bots: { 1: 'Good bot', 2: 'Good bot', 3: 'Good bot', 4: 'Good bot', 5: 'Good bot' },
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  // Sort setup, five cards in the field: each has its arrows.
  const toField = page.getByRole('button', { name: /, to field$/ });
  for (let i = 0; i < 5; i++) await toField.first().click();
  expect(await smallTapTargets(page)).toEqual([]);
  await shot(page, 'phone-sort-setup-arrows');
  await actOnce(player);

  const checked = new Set<string>();
  const deadline = Date.now() + 210_000;
  while (checked.size < 3 && Date.now() < deadline) {
    const s = await snapshot(page);
    if (s.phase === 'gameOver') break;
    if (s.phase === 'turns' && s.turnSeat === s.viewer && s.step === 'act') {
      if (!checked.has('turn')) {
        await page.locator('.my-area .hand-card.playable').first().click();
        expect(await smallTapTargets(page)).toEqual([]);
        await page.keyboard.press('Escape');
        checked.add('turn');
      }
      // Open Field: another seat's face-up card lit as a swap target, for a picked hand card.
      const cards = page.locator('.my-area .hand-card.playable');
      for (let i = 0; !checked.has('swap') && i < (await cards.count()); i++) {
        await cards.nth(i).click();
        if ((await page.locator('.seat-panel .slot.lit').count()) > 0) {
          expect(await smallTapTargets(page)).toEqual([]);
          await shot(page, 'phone-six-seats-swap-target');
          checked.add('swap');
        }
        await page.keyboard.press('Escape');
      }
    }
    if (!checked.has('layoff') && s.phase === 'layoff' && s.layoffSeat === s.viewer) {
      const card = page.locator('.deadwood .hand-card.playable');
      if ((await card.count()) > 0) {
        await card.first().click();
        await expect(page.locator('.lay-off-button').first()).toBeVisible();
        expect(await smallTapTargets(page)).toEqual([]);
        await shot(page, 'phone-layoff-targets');
        checked.add('layoff');
      }
    }
    if (!(await actOnce(player))) await page.waitForTimeout(40);
  }
  expect([...checked].sort()).toEqual(['layoff', 'swap', 'turn']);
});

test('phone, six seats: neighbouring positions lit in another seat’s field each answer across 44 px', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page } = await phoneGameWithBots(browser, {
    rules: ['Open Field'],
    bots: { 1: 'Easy bot', 2: 'Good bot', 3: 'Easy bot', 4: 'Good bot', 5: 'Easy bot' },
  });
  await page.locator('[data-zone="drawPile"]').click();
  await expect.poll(async () => (await snapshot(page)).step).toBe('act');
  // The table waits for Ada. Her view is set as a round could bring it: face-up cards in the
  // others' fields, and cards of their values in her hand, so that with nothing picked yet the
  // positions light up side by side: two in the middle of a field (seat 2), three (seat 3), two
  // at a field's end (seat 4), and one at each end of two fields that meet (seats 5 and 6).
  await stageOpenField(page, { 1: [1, 2], 2: [1, 2, 3], 3: [3, 4], 4: [4], 5: [0] });
  const lit = page.locator('.seat-panel .slot.lit');
  await expect(lit).toHaveCount(9);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await smallTapTargets(page)).toEqual([]);
  // Side by side they are too close to tap apart: each of those panels takes a row, its cards
  // larger; one alone stays small.
  const widths = await fieldCardWidths(page);
  expect(widths).toEqual([40, 40, 40, 19, 19]);
  await shot(page, 'phone-six-seats-neighbouring-targets');
  await assertNoHorizontalScroll(page);
  // A card picked first lights one position in each field; the panels stay as they were.
  await page.locator('.my-area .hand-card.playable').first().click();
  expect(await smallTapTargets(page)).toEqual([]);
  const after = await fieldCardWidths(page);
  expect(after).toEqual(widths);
  // One apart (21 px between their centres when small) is as close: those panels grow too.
  await stageOpenField(page, { 1: [0, 2], 2: [2, 4], 3: [1, 3], 4: [4], 5: [0] });
  await expect(lit).toHaveCount(8);
  expect(await fieldCardWidths(page)).toEqual([40, 40, 40, 19, 19]);
  expect(await smallTapTargets(page)).toEqual([]);
});

/** How wide each other seat's field cards are drawn, in the order of their panels. */
function fieldCardWidths(page: Page): Promise<number[]> {
  return page
    .locator('.opponents .seat-panel')
    .evaluateAll((panels) =>
      panels.map((panel) =>
        Math.round(panel.querySelector('.slot')!.getBoundingClientRect().width),
      ),
    );
}

/**
 * Ada's own view, on her turn, as a round of Open Field could bring it: each of the other seats
 * (by their place in the row) rolled a 3, so its positions are worth 3 to 7, and has the given
 * positions face up; her hand holds a 3, 4, 5, 6 and 7, so she can take each of them.
 */
async function stageOpenField(page: Page, faceUp: Record<number, number[]>): Promise<void> {
  await page.evaluate((faceUp) => {
    interface Slot {
      position: number;
      value: number;
      faceUp: boolean;
      card: { rank: string; suit: string } | null;
    }
    interface Seat {
      seat: number;
      die: number;
      field: Slot[];
      hand: { id: string; rank: string; suit: string }[] | null;
    }
    type Store = {
      getState(): { game: { viewer: number; seats: Seat[] } };
      setState(state: object): void;
    };
    const store = (window as unknown as { __trepenta: Store }).__trepenta;
    const game = structuredClone(store.getState().game);
    const me = game.viewer;
    const others = game.seats.filter((seat) => seat.seat !== me);
    const hand = game.seats[me]!.hand!;
    game.seats[me]!.hand = hand.map((card, i) => ({ ...card, rank: String(3 + (i % 5)) }));
    for (const [place, positions] of Object.entries(faceUp)) {
      const seat = others[Number(place) - 1]!;
      seat.die = 3;
      seat.field = seat.field.map((slot) => ({
        position: slot.position,
        value: 3 + slot.position,
        faceUp: positions.includes(slot.position),
        card: positions.includes(slot.position)
          ? { rank: String(3 + slot.position), suit: 'H' }
          : null,
      }));
    }
    store.setState({ game, selection: null });
  }, faceUp);
}

/** Seen whole: on screen, below the sticky top bar, and not covered by anything. */
async function expectInSight(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  const box = (await locator.first().boundingBox())!;
  const bar = (await page.locator('.top-bar').boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  const onTop = await locator.first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop).toBe(true);
}

/** Ada on a phone, in seat 1 with a bot in every other seat, once her first turn has come. */
/**
 * Each other seat's hand as a game brings it: five cards, all of them seen entering it (taken
 * from the discard pile), and in the last seat's hand six, as while it plays a turn whose draw
 * was the discard pile's top card.
 */
async function stageKnownCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    interface Seat {
      seat: number;
      handCount: number;
      known: object[];
    }
    type Store = {
      getState(): { game: { viewer: number; seats: Seat[] } };
      setState(state: object): void;
    };
    const store = (window as unknown as { __trepenta: Store }).__trepenta;
    const game = structuredClone(store.getState().game);
    const known = ['J', '8', '2', 'Q', '7', 'K'].map((rank) => ({ rank, suit: 'H' }));
    const others = game.seats.filter((seat) => seat.seat !== game.viewer);
    others.forEach((seat, i) => {
      seat.handCount = i === others.length - 1 ? 6 : 5;
      seat.known = known.slice(0, seat.handCount);
    });
    store.setState({ game });
  });
}

async function phoneGameWithBots(
  browser: Browser,
  options: { rules: string[]; bots: Record<number, 'Easy bot' | 'Good bot'> },
): Promise<Player> {
  const player = await newPlayer(browser, 'Ada', { viewport: PHONE, mobile: true });
  await createRoom(player.page, {
    name: 'Ada',
    seats: Object.keys(options.bots).length + 1,
    rules: options.rules,
    bots: options.bots,
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  await player.page.getByRole('button', { name: 'Start game' }).click();
  await untilMyTurn(player);
  return player;
}

async function untilMyTurn(player: Player): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await snapshot(player.page);
        // A turn not yet begun: an actOnce of an earlier look may have drawn for this very
        // turn (it became ours meanwhile), and then it is finished like any other.
        if (s.phase === 'turns' && s.turnSeat === s.viewer && s.step === 'draw') return true;
        await actOnce(player);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function assertNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}
