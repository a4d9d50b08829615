import { expect, test } from '@playwright/test';
import { PHONE, joinByLink, newPlayer, shot, smallTapTargets } from './helpers';
import type { Player } from './helpers';
import { createRoundsRoom, visible, writeHand } from './trumpen';

/**
 * TrumPen 21 in the browser: friends by link (one on a phone), a spectator, four cards written
 * with the picker (one player by keyboard), the face-down card travelling round the table with
 * Take / Pass, a reload mid-round, the last cards' reveal, and a whole game to the score sheet.
 */

const HANDS: Record<string, readonly string[]> = {
  Ann: ['10', '9', '2', 'ace'],
  Ben: ['king', '5', '6', '4'],
};

/** Whatever this player's table asks of them now: write, offer, take or pass, be ready. */
async function step(player: Player, n: number, keys: boolean): Promise<void> {
  const page = player.page;
  if (await visible(page.getByRole('radio', { name: 'Card 1: blank' })))
    await writeHand(page, HANDS[player.name]!, keys).catch(() => undefined);
  const offer = page.getByRole('button', { name: /^Offer your / }).first();
  if (await visible(offer)) await offer.click().catch(() => undefined);
  const choice = page.getByRole('button', { name: n % 3 === 0 ? 'Take' : 'Pass', exact: true });
  if (await visible(choice)) await choice.click().catch(() => undefined);
  const ready = page.getByRole('button', { name: /^Ready for round/ });
  if (await visible(ready)) await ready.click().catch(() => undefined);
}

test('TrumPen 21: friends by link, spectator, keyboard, phone, reload, a whole game', async ({
  browser,
}) => {
  const ann = await newPlayer(browser, 'Ann');
  const ben = await newPlayer(browser, 'Ben', { viewport: PHONE, mobile: true });
  const cyd = await newPlayer(browser, 'Cyd');
  const link = await createRoundsRoom(ann.page, {
    game: 'trumpen-21',
    name: 'Ann',
    bot: 'Good bot',
    photo: 'trumpen-21-create',
  });
  await joinByLink(ben, link);
  await joinByLink(cyd, link, 'spectator');
  await ann.page.getByRole('button', { name: 'Start game' }).click();

  await expect(ann.page.getByRole('radio', { name: 'Card 1: blank' })).toBeVisible();
  await shot(ann.page, 'trumpen-21-writing-desktop');
  await writeHand(ann.page, HANDS.Ann!, true);
  await writeHand(ben.page, HANDS.Ben!, false);

  // The deals: the card on offer is face down for everyone but its start player.
  await expect(cyd.page.getByRole('region', { name: 'The card on offer' })).toBeVisible();
  let reloaded = false;
  let shots = new Set<string>();
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
        !shots.has(`offer-${name}`) &&
        (await page
          .getByRole('button', { name: /^Offer your / })
          .first()
          .isVisible())
      ) {
        shots.add(`offer-${name}`);
        await shot(page, `trumpen-21-offer-${name}`);
      }
      if (
        !shots.has(`ask-${name}`) &&
        (await page.getByRole('button', { name: 'Take', exact: true }).isVisible())
      ) {
        shots.add(`ask-${name}`);
        await shot(page, `trumpen-21-take-or-pass-${name}`);
        if (phone) expect(await smallTapTargets(page)).toEqual([]);
      }
      if (
        !shots.has(`result-${name}`) &&
        (await page.getByRole('heading', { name: /: the last cards$/ }).isVisible())
      ) {
        shots.add(`result-${name}`);
        await shot(page, `trumpen-21-round-end-${name}`);
      }
      await step(player, n, !phone);
    }
    if (
      !shots.has('spectator') &&
      (await cyd.page.getByRole('img', { name: /offered face down by/ }).isVisible())
    ) {
      shots.add('spectator');
      await shot(cyd.page, 'trumpen-21-spectator');
    }
    // A reload mid-round: the hand and the table come back.
    if (!reloaded && n === 6) {
      reloaded = true;
      await ben.page.reload();
      await expect(ben.page.getByRole('list', { name: 'Players' })).toBeVisible();
    }
    await ann.page.waitForTimeout(150);
  }
  shots = new Set(shots);
  await expect(ben.page.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await expect(cyd.page.getByRole('heading', { name: 'Game over' })).toBeVisible();
  await shot(ann.page, 'trumpen-21-over-desktop');
  await shot(ben.page, 'trumpen-21-over-phone');
  await ann.page.getByText(/^Write check:/).click();
  await expect(ann.page.getByText(/Write check: all \d+ hands match/)).toBeVisible();
  // The spectator was never sent an offered card's value, nor anyone's hand.
  for (const frame of cyd.frames) {
    expect(frame).not.toMatch(/"offer":\{"from":\d,"value":\d/);
    expect(frame).not.toMatch(/"hand":\[\d/);
  }
  for (const p of [ann, ben, cyd]) await p.context.close();
});
