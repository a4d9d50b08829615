import { expect, test } from '@playwright/test';
import { PHONE, joinByLink, newPlayer, shot, smallTapTargets } from './helpers';
import type { Player } from './helpers';
import { createRoundsRoom, writeCard, writeHand } from './trumpen';
import type { Written } from './trumpen';

/**
 * TrumPen Poker in the browser: a room made from its own options, friends by link (one on a
 * phone), a spectator, a reload that restores a draft, hands written by mouse and by keyboard, the
 * showdown, the countdown's Ready, and a whole game to the score sheet and its write check.
 */

type Hand = readonly Written[];
const ANN_FIRST: Hand = [
  ['ace', 'spades'],
  ['2', 'spades'],
  ['3', 'spades'],
  ['4', 'spades'],
  ['5', 'spades'],
];
const BEN_FIRST: Hand = [
  ['ace', 'spades'],
  ['2', 'hearts'],
  ['3', 'diamonds'],
  ['4', 'clubs'],
  ['6', 'spades'],
];
const clubs: Hand = ['2', '3', '4', '5', '6'].map((v) => [v, 'clubs'] as const);
const hearts: Hand = ['2', '3', '4', '5', '6'].map((v) => [v, 'hearts'] as const);

const gameOver = (p: Player) => p.page.getByRole('heading', { name: 'Game over' });

test('TrumPen Poker: friends by link, spectator, reload, keyboard, phone, a whole game', async ({
  browser,
}) => {
  const ann = await newPlayer(browser, 'Ann');
  const ben = await newPlayer(browser, 'Ben', { viewport: PHONE, mobile: true });
  const cyd = await newPlayer(browser, 'Cyd');

  await ann.page.goto('/');
  await expect(ann.page.getByRole('heading', { name: 'TrumPen Poker' })).toBeVisible();
  await shot(ann.page, 'trumpen-poker-home');
  const link = await createRoundsRoom(ann.page, {
    game: 'trumpen-poker',
    name: 'Ann',
    bot: 'Easy bot',
    photo: 'trumpen-poker-create',
  });
  await joinByLink(ben, link);
  await joinByLink(cyd, link, 'spectator');
  await shot(ann.page, 'trumpen-poker-lobby');
  await ann.page.getByRole('button', { name: 'Start game' }).click();

  // Round 1: Ann writes two cards, reloads, and finds them again (the draft is on the server).
  await expect(ann.page.getByRole('radio', { name: 'Card 1: blank' })).toBeVisible();
  await writeCard(ann.page, 0, ANN_FIRST[0]!, false);
  await writeCard(ann.page, 1, ANN_FIRST[1]!, false);
  await shot(ann.page, 'trumpen-poker-writing-desktop');
  await ann.page.reload();
  await expect(ann.page.getByRole('radio', { name: 'Card 2: 2 of spades' })).toBeVisible();
  await expect(ann.page.getByRole('radio', { name: 'Card 1: ace of spades' })).toBeVisible();
  for (let i = 2; i < 5; i++) await writeCard(ann.page, i, ANN_FIRST[i]!, false);
  await ann.page.getByRole('button', { name: 'Done', exact: true }).click();
  // Done is public: Ben sees it; Ben writes on the phone.
  await expect(ben.page.locator('.tp-seat', { hasText: 'Ann' })).toContainText('✓ Done');
  await writeCard(ben.page, 0, BEN_FIRST[0]!, false);
  await shot(ben.page, 'trumpen-poker-writing-phone');
  expect(await smallTapTargets(ben.page)).toEqual([]);
  await shot(cyd.page, 'trumpen-poker-writing-spectator');
  // The 15 s of writing may be over by now (the checks above take time): then the stand-in
  // completed Ben's hand, as it would for a slow player.
  await writeHand(ben.page, BEN_FIRST.slice(1), false, 1).catch(() => undefined);

  // The showdown, level by level, in the log and on the table.
  await expect(ann.page.getByText(/^(No straight flush\.|Straight flush: )/).first()).toBeVisible();
  const showdown = ann.page.getByRole('heading', { name: 'Round 1 showdown' });
  if (await showdown.isVisible()) {
    await shot(ann.page, 'trumpen-poker-showdown-desktop');
    await shot(ben.page, 'trumpen-poker-showdown-phone');
  }

  // Later rounds until the game ends: Ann by keyboard, Ben by taps; Ready when offered.
  const deadline = Date.now() + 150_000;
  while (!(await gameOver(ann).isVisible())) {
    expect(Date.now()).toBeLessThan(deadline);
    for (const [player, hand, keys] of [
      [ann, clubs, true],
      [ben, hearts, false],
    ] as const) {
      const page = player.page;
      const ready = page.getByRole('button', { name: /^Ready for round/ });
      if (await ready.isVisible().catch(() => false)) await ready.click().catch(() => undefined);
      const blank = page.getByRole('radio', { name: 'Card 1: blank' });
      if (await blank.isVisible().catch(() => false))
        await writeHand(page, hand, keys).catch(() => undefined);
    }
    await ann.page.waitForTimeout(200);
  }
  await expect(gameOver(ben)).toBeVisible();
  await expect(gameOver(cyd)).toBeVisible();
  await shot(ann.page, 'trumpen-poker-over-desktop');
  await shot(ben.page, 'trumpen-poker-over-phone');
  // The write check: every hand matches what was locked, once all salts are out.
  await ann.page.getByText(/^Write check:/).click();
  await expect(ann.page.getByText(/Write check: all \d+ hands match/)).toBeVisible();
  await shot(ann.page, 'trumpen-poker-write-check');

  // The spectator was never sent a draft.
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"draft":\[\{/);
  for (const p of [ann, ben, cyd]) await p.context.close();
});
