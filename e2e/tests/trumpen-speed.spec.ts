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

/**
 * How a player sees the cards: the stacks' width, the written value's font, whether the suits are
 * circled, and the tableau's empty places with their names.
 */
async function looks(page: Page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('.sp-stack > .tp-card')];
    const value = document.querySelector<HTMLElement>('.sp-stack .tp-value');
    const suits = [...document.querySelectorAll<HTMLElement>('.speed .tp-card .tp-suit')];
    return {
      stackWidths: cards.map((card) => card.getBoundingClientRect().width),
      font: value ? getComputedStyle(value).fontFamily : '',
      suitsCircled:
        suits.length > 0 && suits.every((s) => getComputedStyle(s).borderRadius === '50%'),
      places: [...document.querySelectorAll('.sp-place')].map((place) => ({
        name: place.getAttribute('aria-label'),
        dashed: getComputedStyle(place.querySelector('.sp-place-mark')!).borderStyle,
      })),
      tableau: document.querySelectorAll('.sp-hand button.sp-slot:not(.sp-held):not(.sp-place)')
        .length,
    };
  });
}

interface Flight {
  readonly keys: string[];
  readonly duration: number;
}

/** Records the card flights onto the stacks this page starts from now on. */
async function recordFlights(page: Page): Promise<void> {
  await page.evaluate(() => {
    const flights: Flight[] = [];
    (window as unknown as { flights: Flight[] }).flights = flights;
    const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')!
      .value as Element['animate'];
    Element.prototype.animate = function (this: Element, frames, options) {
      if (this.matches('.sp-stack > .tp-card') && Array.isArray(frames))
        flights.push({
          keys: [...new Set(frames.flatMap((frame) => Object.keys(frame)))].sort(),
          duration: typeof options === 'object' ? Number(options.duration) : Number(options),
        });
      return animate.call(this, frames, options);
    };
  });
}

const flightsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { flights: Flight[] }).flights);

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
  else if ((await held.getAttribute('aria-pressed', QUICK).catch(() => null)) !== 'true')
    await held.click(QUICK).catch(() => undefined);
  // Wet ink (S5): the stacks say so; wait for it to dry.
  if (await visible(page.locator('.sp-stack .sp-why').first())) return;
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
  // The spectator watches with motion on: every play flies in from its player's seat.
  await cyd.page.emulateMedia({ reducedMotion: 'no-preference' });
  for (const p of [ann, cyd]) await recordFlights(p.page);
  await ann.page.getByRole('button', { name: 'Start game' }).click();
  await expect(ann.page.getByRole('region', { name: 'Write your starting card' })).toBeVisible();
  await shot(ann.page, 'trumpen-speed-start-desktop');

  // What the players see, one moment per round of moves, so that play goes on in between (the
  // room ends the game after 15 s without a play).
  const moments = [
    // S7 and S12: every person's measured round trip beside their name, for everyone.
    async () => {
      for (const page of [ann.page, cyd.page]) {
        const seats = page.locator('.tp-seats');
        for (const name of ['Ann', 'Ben'])
          await expect(seats.getByRole('listitem').filter({ hasText: name })).toContainText(
            /· \d+ ms, round trip \d+ milliseconds/,
            { timeout: 15_000 },
          );
      }
    },
    async () => {
      await shot(ann.page, 'trumpen-speed-play-desktop');
      await shot(ben.page, 'trumpen-speed-play-phone');
      expect(await smallTapTargets(ben.page)).toEqual([]);
      for (const [player, least] of [
        [ann, 120],
        [ben, 90],
      ] as const) {
        const seen = await looks(player.page);
        for (const width of seen.stackWidths) expect(width).toBeGreaterThanOrEqual(least);
        expect(seen.stackWidths).toHaveLength(2);
        expect(seen.font).toContain('Permanent Marker');
        expect(seen.suitsCircled).toBe(true);
        expect(seen.places.length + seen.tableau).toBe(4);
        for (const place of seen.places) {
          expect(place.name).toMatch(/^Tableau place [1-4], empty/);
          expect(place.dashed).toBe('dashed');
        }
      }
    },
    // Wet ink (S5): a card just written is held back, and the table says for how long.
    async () => {
      await ann.page
        .getByRole('region', { name: 'Write a card' })
        .getByRole('button', { name: 'Write 5' })
        .click();
      await expect(ann.page.locator('#sp-put-why')).toHaveText(/^Ink still wet: \d\.\d s$/);
      await expect(ann.page.getByRole('button', { name: 'Put on tableau' })).toBeDisabled();
      await shot(ann.page, 'trumpen-speed-wet-desktop');
    },
    () => shot(cyd.page, 'trumpen-speed-spectator'),
  ];
  const deadline = Date.now() + 150_000;
  const over = (page: Page) => visible(page.getByRole('heading', { name: 'Game over' }));
  while (!(await over(ann.page)) && !(await over(ben.page))) {
    expect(Date.now()).toBeLessThan(deadline);
    // Both at once: the same stack claimed by both, the first card down counts.
    await Promise.all([step(ann, true), step(ben, false)]);
    const moment = moments[0];
    if (moment && (await visible(ann.page.getByRole('region', { name: 'Your cards' })))) {
      moments.shift();
      await moment();
    }
    await ann.page.waitForTimeout(60);
  }
  await expect(ann.page.getByRole('heading', { name: 'Game over' })).toBeVisible();
  expect(moments).toEqual([]);
  await shot(ann.page, 'trumpen-speed-over-desktop');
  await shot(ben.page, 'trumpen-speed-over-phone');
  // Others' plays flew in for the spectator, transform and opacity only, within 400 ms; under
  // reduced motion none flew.
  const flights = await flightsOf(cyd.page);
  expect(flights.length).toBeGreaterThan(0);
  for (const flight of flights) {
    expect(flight.keys).toEqual(['opacity', 'transform']);
    expect(flight.duration).toBeLessThanOrEqual(400);
  }
  expect(await flightsOf(ann.page)).toEqual([]);
  // The spectator was never sent a held card's value.
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"held":\{"value":\d/);
  for (const p of [ann, ben, cyd]) await p.context.close();
});
