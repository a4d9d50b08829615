import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PHONE, joinByLink, newPlayer, setName, shot, smallTapTargets } from './helpers';
import type { Player } from './helpers';

/**
 * TrumPen Speed in the browser: two friends by link (one on a phone, one by keyboard) racing
 * onto the same two stacks at the same time, a spectator, and the game to its end.
 */

const TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

async function tops(page: Page): Promise<number[]> {
  return page
    .locator('.sp-stack')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-top') ?? 0)));
}

/** The table moves under a click: a target gone is a move lost to the race, not a failure. */
const QUICK = { timeout: 2000 };

const visible = async (locator: ReturnType<Page['locator']>) =>
  locator.isVisible().catch(() => false);

/** One move: a starting card; else the held card onto a lit stack; else a card that fits. */
async function step(player: Player, keys: boolean): Promise<void> {
  const page = player.page;
  const start = page.getByRole('region', { name: 'Write your starting card' });
  if (await visible(start)) {
    await start
      .getByRole('button', { name: 'Write 7' })
      .click(QUICK)
      .catch(() => undefined);
    return;
  }
  const held = page.locator('.sp-held:not([disabled])');
  if (!(await visible(held))) {
    const write = page.getByRole('region', { name: 'Write a card' });
    if (!(await visible(write))) return;
    const [left] = await tops(page);
    if (left)
      await write
        .getByRole('button', { name: `Write ${TEXT[(left % 13) + 1]}` })
        .click(QUICK)
        .catch(() => undefined);
    return;
  }
  if (keys) await page.keyboard.press('h');
  else await held.click(QUICK).catch(() => undefined);
  const lit = page.locator('.sp-stack.sp-lit').first();
  if (await visible(lit)) {
    if (keys) {
      const index = await lit.evaluate((el) => [...el.parentElement!.children].indexOf(el));
      await page.keyboard.press(index === 0 ? 'ArrowLeft' : 'ArrowRight');
    } else await lit.click(QUICK).catch(() => undefined);
    return;
  }
  const [left] = await tops(page);
  const write = page.getByRole('region', { name: 'Write a card' });
  if (left && (await visible(write)))
    await write
      .getByRole('button', { name: `Write ${TEXT[(left % 13) + 1]}` })
      .click(QUICK)
      .catch(() => undefined);
}

test('TrumPen Speed: two friends racing by link, phone and keyboard, a spectator, to the end', async ({
  browser,
}) => {
  const ann = await newPlayer(browser, 'Ann');
  const ben = await newPlayer(browser, 'Ben', { viewport: PHONE, mobile: true });
  const cyd = await newPlayer(browser, 'Cyd');
  await ann.page.goto('/new/trumpen-speed');
  await setName(ann.page, 'Ann');
  await ann.page.getByLabel('Players at the table').selectOption('2');
  await ann.page.getByText('Ink, bots and timers').click();
  // The test server runs timers at 1/20: 300 s without a play are 15 s.
  await ann.page.getByLabel('End after no play for (seconds)').fill('300');
  await ann.page.getByRole('button', { name: 'Create room' }).click();
  await expect(ann.page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const link = ann.page.url();
  await joinByLink(ben, link);
  await joinByLink(cyd, link, 'spectator');
  await ann.page.getByRole('button', { name: 'Start game' }).click();
  await expect(ann.page.getByRole('region', { name: 'Write your starting card' })).toBeVisible();
  await shot(ann.page, 'trumpen-speed-start-desktop');

  const shots = new Set<string>();
  const deadline = Date.now() + 150_000;
  const over = (page: Page) => visible(page.getByRole('heading', { name: 'Game over' }));
  while (!(await over(ann.page)) && !(await over(ben.page))) {
    expect(Date.now()).toBeLessThan(deadline);
    // Both at once: the same stack claimed by both, the first card down counts.
    await Promise.all([step(ann, true), step(ben, false)]);
    if (
      !shots.has('play') &&
      (await visible(ann.page.getByRole('region', { name: 'Your cards' })))
    ) {
      shots.add('play');
      // S7 and S12: every person's measured round trip beside their name, for everyone.
      for (const page of [ann.page, cyd.page]) {
        const seats = page.locator('.tp-seats');
        for (const name of ['Ann', 'Ben'])
          await expect(seats.getByRole('listitem').filter({ hasText: name })).toContainText(
            /· \d+ ms, round trip \d+ milliseconds/,
            { timeout: 15_000 },
          );
      }
      await shot(ann.page, 'trumpen-speed-play-desktop');
      await shot(ben.page, 'trumpen-speed-play-phone');
      expect(await smallTapTargets(ben.page)).toEqual([]);
      await shot(cyd.page, 'trumpen-speed-spectator');
    }
    await ann.page.waitForTimeout(60);
  }
  await expect(ann.page.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await shot(ann.page, 'trumpen-speed-over-desktop');
  await shot(ben.page, 'trumpen-speed-over-phone');
  // The spectator was never sent a held card's value.
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"held":\{"value":\d/);
  for (const p of [ann, ben, cyd]) await p.context.close();
});
