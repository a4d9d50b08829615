import { expect, test } from '@playwright/test';
import { createRoom, newPlayer, shot, snapshot } from './helpers';

/**
 * A 1440×900 desktop against two bots: the blind field choice shows your own die and what it
 * makes your positions worth; on your turn the table fills the window (no band of empty felt under
 * your hand) and a selected card stands clear of its neighbours.
 */
test('desktop 1440×900: your die in blind setup, a table that fills the window, a selected card that stands out', async ({
  browser,
}) => {
  const ada = await newPlayer(browser, 'Ada', { viewport: { width: 1440, height: 900 } });
  const page = ada.page;
  await createRoom(page, {
    name: 'Ada',
    seats: 3,
    rules: [],
    bots: { 1: 'Good bot', 2: 'Good bot' },
    timers: { setup: 600 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
  const die = await page.evaluate(() => {
    type Store = { getState(): { game: { viewer: number; seats: { die: number }[] } } };
    const { game } = (window as unknown as { __trepenta: Store }).__trepenta.getState();
    return game.seats[game.viewer]!.die;
  });
  await expect(page.locator('.setup-panel .die-line')).toHaveText(
    `Your die shows ${die}: your five positions are worth ${die} to ${die + 4}.`,
  );
  await shot(page, 'desktop-1440-blind-setup');
  await page.getByRole('button', { name: /Make this my field: Pile A/ }).click();

  await expect
    .poll(async () => {
      const s = await snapshot(page);
      return s.phase === 'turns' && s.turnSeat === s.viewer && s.step === 'draw';
    })
    .toBe(true);
  const gapUnderHand = async () =>
    page.evaluate(() => {
      const area = document.querySelector('.my-area')!.getBoundingClientRect();
      return window.innerHeight - area.bottom;
    });
  // Only the felt's own padding (16 px) and the area's margin below your hand.
  expect(await gapUnderHand()).toBeLessThanOrEqual(32);

  await page.locator('[data-zone="drawPile"]').click();
  await expect.poll(async () => (await snapshot(page)).step).toBe('act');
  const cards = page.locator('.my-area .hand-card');
  await cards.nth(1).click();
  await expect(cards.nth(1)).toHaveClass(/selected/);
  // Past the transition: the selected card stands a third of its height above its neighbours.
  await page.waitForTimeout(300);
  const top = async (i: number) => (await cards.nth(i).boundingBox())!.y;
  expect((await top(0)) - (await top(1))).toBeGreaterThanOrEqual(20);
  expect((await top(2)) - (await top(1))).toBeGreaterThanOrEqual(20);
  expect(await gapUnderHand()).toBeLessThanOrEqual(32);
  await shot(page, 'desktop-1440-selected-card');
});
