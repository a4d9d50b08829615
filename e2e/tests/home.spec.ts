import { expect, test } from '@playwright/test';
import { PROTOCOL_VERSION } from '@trepenta/protocol';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { createRoom, expectAccessible, newPlayer, setName, shot, snapshot } from './helpers';

/**
 * The home screen's other ways in: a practice table in one click (against two bots, or alone),
 * and a room code typed as a friend reads it out (any case, with a dash), to play or to watch.
 */
test('home: practice in one click, alone or against bots; join and watch by a typed code', async ({
  browser,
}) => {
  // Against two bots: one click, and the deal is already under way.
  const ada = await newPlayer(browser, 'Ada');
  await ada.page.goto('/');
  await expectAccessible(ada.page, 'home');
  await setName(ada.page, 'Ada');
  await ada.page.getByRole('button', { name: 'Play against 2 bots' }).click();
  await expect(ada.page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  await expect(ada.page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
  const opponents = ada.page.locator('.opponents .seat-panel');
  await expect(opponents).toHaveCount(2);
  await expect(opponents.nth(0)).toContainText('Good bot 2');
  await expect(opponents.nth(1)).toContainText('Good bot 3');
  expect((await snapshot(ada.page)).viewer).toBe(0);

  // Alone: one seat, no opponents.
  const bea = await newPlayer(browser, 'Bea');
  await bea.page.goto('/');
  await setName(bea.page, 'Bea');
  await bea.page.getByRole('button', { name: 'Solo (one seat)' }).click();
  await expect(bea.page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
  expect((await snapshot(bea.page)).viewer).toBe(0);
  await expect(bea.page.locator('.opponents .seat-panel')).toHaveCount(0);

  // A friend's room, its code read out over the phone.
  const cyd = await newPlayer(browser, 'Cyd');
  const code = await createRoom(cyd.page, { name: 'Cyd', seats: 3, rules: [] });
  const spoken = `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase();

  // A mistyped code is refused on the spot, with what a code looks like.
  const dan = await newPlayer(browser, 'Dan');
  await dan.page.goto('/');
  await setName(dan.page, 'Dan');
  await dan.page.getByLabel('Room code').fill(spoken.slice(0, -1));
  await dan.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(dan.page.getByRole('alert')).toContainText('That is not a room code');
  await expect(dan.page).toHaveURL(/\/$/);

  await dan.page.getByLabel('Room code').fill(` ${spoken} `);
  await dan.page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(dan.page).toHaveURL(new RegExp(`/r/${code}$`));
  await expect(cyd.page.locator('.seat-row', { hasText: 'Dan' })).toBeVisible();

  // Another friend only watches: the free seat stays free, and she is counted as watching.
  const eve = await newPlayer(browser, 'Eve');
  await eve.page.goto('/');
  await setName(eve.page, 'Eve');
  await eve.page.getByLabel('Room code').fill(spoken);
  await eve.page.getByRole('button', { name: 'Watch' }).click();
  await expect(eve.page).toHaveURL(new RegExp(`/r/${code}$`));
  await expect(cyd.page.getByText('1 watching').first()).toBeVisible();
  await expect(cyd.page.locator('.seat-row', { hasText: 'Eve' })).toHaveCount(0);
  await expectAccessible(eve.page, 'lobby, watching');

  // Someone opening the invite link first sees the join screen.
  const fay = await newPlayer(browser, 'Fay');
  await fay.page.goto(`/r/${code}`);
  await expect(fay.page.getByRole('button', { name: 'Join the table' })).toBeVisible();
  await expectAccessible(fay.page, 'join screen');
  await fay.context.close();

  for (const p of [ada, bea, cyd, dan, eve]) await p.context.close();
});

/**
 * The rules page, reached from the home screen and from a house rule's "full text" (a new tab,
 * opened at that rule), and the table's own preferences, which stay through a reload.
 */
test('the rules page, and the table preferences kept through a reload', async ({ browser }) => {
  const ada = await newPlayer(browser, 'Ada');
  const page = ada.page;
  await page.goto('/');
  // Each game in the gallery links to its own rules; the home page to the list of them.
  await page.getByRole('link', { name: 'How to play Trepenta' }).click();
  await expect(page).toHaveURL(/\/rules\/trepenta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to play Trepenta' })).toBeVisible();
  await expectAccessible(page, 'rules page');
  await page.getByRole('link', { name: /Trepenta Online/ }).click();
  await expect(page.getByRole('heading', { name: 'Trepenta Online' })).toBeVisible();
  await page.getByRole('link', { name: 'The rules of every game' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('link', { name: 'How to play Trepenta' })).toBeVisible();
  await page.goBack();

  // A house rule's full text opens beside the room's options, scrolled to that rule.
  await page.getByRole('link', { name: 'Create a Trepenta room' }).click();
  await expect(page).toHaveURL(/\/new\/trepenta$/);
  const openField = page.locator('label.choice', { hasText: 'Open Field' });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    openField.getByRole('link', { name: 'full text' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/rules\/trepenta#\w+$/);
  const anchor = new URL(tab.url()).hash;
  await expect(tab.locator(anchor)).toBeInViewport();
  await expect(tab.locator(anchor).getByRole('heading')).toHaveText('Open Field');
  await tab.close();
  await page.goto('/');

  // At a table: four-colour suits and sound, each a toggle that says its state, kept on reload.
  await setName(page, 'Ada');
  await page.getByRole('button', { name: 'Play against 2 bots' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
  const fourColour = page.getByRole('button', { name: 'Four-colour suits' });
  const diamonds = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--suit-D').trim(),
    );
  await expect(fourColour).toHaveAttribute('aria-pressed', 'false');
  const twoColour = await diamonds();
  await fourColour.click();
  await expect(fourColour).toHaveAttribute('aria-pressed', 'true');
  expect(await diamonds()).not.toBe(twoColour);
  await page.getByRole('button', { name: 'Sound off' }).click();
  await expect(page.getByRole('button', { name: 'Sound on' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  await expect(page.getByRole('button', { name: 'Four-colour suits' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await diamonds()).not.toBe(twoColour);
  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
  await ada.context.close();
});

/**
 * One network holding more connections than the server allows (CONNECTIONS_PER_ADDRESS, 100):
 * the page says why it cannot connect and gets in by itself once a place is free.
 */
test('too many connections from one network: the page says so, and connects when one closes', async ({
  browser,
  baseURL,
}) => {
  // Fill this address's places with plain sockets, however many other tests left open.
  const held: Socket[] = [];
  const open = () =>
    new Promise<boolean>((resolve) => {
      const socket = io(baseURL, {
        transports: ['websocket'],
        auth: { protocolVersion: PROTOCOL_VERSION },
        reconnection: false,
      });
      socket.once('connect', () => {
        held.push(socket);
        resolve(true);
      });
      socket.once('connect_error', () => {
        socket.close();
        resolve(false);
      });
    });
  try {
    for (let i = 0; i < 110 && (await open()); i++);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(100);

    const ada = await newPlayer(browser, 'Ada');
    await ada.page.goto('/');
    const banner = ada.page
      .getByRole('status')
      .filter({ hasText: 'Too many Trepenta connections' });
    await expect(banner).toBeVisible();
    expect((await snapshot(ada.page)).conn).toBe('crowded');
    await shot(ada.page, 'desktop-home-crowded');

    held.pop()!.close();
    await expect(banner).toBeHidden({ timeout: 10_000 });
    await expect.poll(async () => (await snapshot(ada.page)).conn).toBe('connected');
    await setName(ada.page, 'Ada');
    await ada.page.getByRole('button', { name: 'Solo (one seat)' }).click();
    await expect(ada.page.getByRole('heading', { name: 'Choose your field' })).toBeVisible();
    await ada.context.close();
  } finally {
    for (const socket of held) socket.close();
  }
});

/**
 * The first load as this build ships: every script and stylesheet the home page loads comes
 * brotli-compressed and cached for good (its name changes with its content), and index.html is
 * checked again on every visit, so a new build reaches a returning player at once.
 */
test('home: the build’s scripts and styles come brotli-compressed and immutable; the page itself is checked every time', async ({
  page,
}) => {
  const assets: {
    url: string;
    encoding: string | undefined;
    cache: string | undefined;
    length: number;
  }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      const headers = response.headers();
      assets.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        length: Number(headers['content-length'] ?? Infinity),
      });
    }
  });
  const document = await page.goto('/');
  expect(document?.headers()['cache-control']).toBe('no-cache');
  await expect(page.locator('.gallery-section button').first()).toBeVisible();
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    expect(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
    // Chromium asks for brotli; only a file below 1 KB is left as it is by the build.
    if (asset.encoding === undefined) expect(asset.length, asset.url).toBeLessThan(1024);
    else expect(asset.encoding, asset.url).toBe('br');
  }
});
