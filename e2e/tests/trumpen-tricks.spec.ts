import { expect, test } from '@playwright/test';
import { PHONE, joinByLink, newPlayer, shot, smallTapTargets } from './helpers';
import type { Player } from './helpers';
import { createRoundsRoom, visible, writeHand } from './trumpen';

/**
 * TrumPen Trick Taking in the browser: friends by link (one on a phone), a spectator, numbers
 * written with the picker (one player by keyboard), the lead suit and the grid, lit plays, a
 * reload mid-round, and a whole game to the score sheet and its write check.
 */

const HANDS: Record<string, readonly string[]> = { Ann: ['7', '5', '2'], Ben: ['6', '5', '3'] };

async function step(player: Player, keys: boolean): Promise<void> {
  const page = player.page;
  if (await visible(page.getByRole('radio', { name: 'Card 1: blank' })))
    await writeHand(page, HANDS[player.name]!, keys).catch(() => undefined);
  const play = page.getByRole('group', { name: 'Play a card' }).getByRole('button').first();
  if (await visible(play)) await (keys ? play.press('Enter') : play.click()).catch(() => undefined);
  const ready = page.getByRole('button', { name: /^Ready for round/ });
  if (await visible(ready)) await ready.click().catch(() => undefined);
}

test('TrumPen Trick Taking: friends by link, spectator, keyboard, phone, reload, a whole game', async ({
  browser,
}) => {
  const ann = await newPlayer(browser, 'Ann');
  const ben = await newPlayer(browser, 'Ben', { viewport: PHONE, mobile: true });
  const cyd = await newPlayer(browser, 'Cyd');
  const link = await createRoundsRoom(ann.page, {
    game: 'trumpen-tricks',
    name: 'Ann',
    bot: 'Good bot',
  });
  await joinByLink(ben, link);
  await joinByLink(cyd, link, 'spectator');
  await ann.page.getByRole('button', { name: 'Start game' }).click();

  await expect(ann.page.getByRole('radio', { name: 'Card 1: blank' })).toBeVisible();
  await shot(ann.page, 'trumpen-tricks-writing-desktop');
  await writeHand(ann.page, HANDS.Ann!, true);
  await writeHand(ben.page, HANDS.Ben!, false);

  const shots = new Set<string>();
  let reloaded = false;
  const deadline = Date.now() + 150_000;
  for (let n = 0; !(await ann.page.getByRole('heading', { name: 'Game over' }).isVisible()); n++) {
    expect(Date.now()).toBeLessThan(deadline);
    for (const [player, phone] of [
      [ann, false],
      [ben, true],
    ] as const) {
      const page = player.page;
      const name = phone ? 'phone' : 'desktop';
      if (
        !shots.has(`play-${name}`) &&
        (await page.getByRole('group', { name: 'Play a card' }).isVisible())
      ) {
        shots.add(`play-${name}`);
        await shot(page, `trumpen-tricks-play-${name}`);
        if (phone) expect(await smallTapTargets(page)).toEqual([]);
      }
      if (
        !shots.has(`end-${name}`) &&
        (await page.getByRole('heading', { name: /^Round \d over$/ }).isVisible())
      ) {
        shots.add(`end-${name}`);
        await shot(page, `trumpen-tricks-round-end-${name}`);
      }
      await step(player, !phone);
    }
    if (
      !shots.has('spectator') &&
      (await cyd.page.getByRole('region', { name: 'The trick in play' }).isVisible())
    ) {
      shots.add('spectator');
      await shot(cyd.page, 'trumpen-tricks-spectator');
    }
    if (!reloaded && n === 4) {
      reloaded = true;
      await ann.page.reload();
      await expect(ann.page.getByRole('list', { name: 'Players' })).toBeVisible();
    }
    await ann.page.waitForTimeout(150);
  }
  await expect(ben.page.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await shot(ann.page, 'trumpen-tricks-over-desktop');
  await shot(ben.page, 'trumpen-tricks-over-phone');
  await ann.page.getByText(/^Write check:/).click();
  await expect(ann.page.getByText(/Write check: all \d+ hands match/)).toBeVisible();
  // The spectator was never sent anyone's numbers in hand.
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"hand":\[\d/);
  for (const p of [ann, ben, cyd]) await p.context.close();
});
