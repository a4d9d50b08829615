import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createRoom, joinByLink, newPlayer, playUntil, shot, snapshot } from './helpers';
import type { Player } from './helpers';

const seatRow = (page: Page, name: string) => page.locator('.seat-row', { hasText: name });

/**
 * The host's side of a room, in the lobby: locking it (a newcomer may only watch, and a spectator
 * may not sit), seats and bots, the rules, the seat link on a second device (both stay live),
 * passing the host role on, and removing someone.
 */
test('the host runs the lobby: lock, seats and bots, rules, seat link, pass host, remove', async ({
  browser,
}) => {
  const ada = await newPlayer(browser, 'Ada');
  const bea = await newPlayer(browser, 'Bea');
  const cyd = await newPlayer(browser, 'Cyd');
  await createRoom(ada.page, { name: 'Ada', seats: 3, rules: [] });
  const invite = await ada.page.getByRole('textbox', { name: 'Invite friends' }).inputValue();
  await joinByLink(bea, invite);
  await expect(seatRow(ada.page, 'Bea')).toBeVisible();

  // Locked: the join screen offers watching only, and a spectator cannot take the free seat.
  await ada.page.getByRole('button', { name: 'Lock room' }).click();
  await expect(ada.page.getByText('Locked: nobody new can take a seat.')).toBeVisible();
  await cyd.page.goto(invite);
  await expect(cyd.page.getByText('The host has locked this room: you can watch.')).toBeVisible();
  await expect(cyd.page.getByRole('button', { name: 'Join the table' })).toHaveCount(0);
  await cyd.page.getByLabel('Your name').fill('Cyd');
  await cyd.page.getByRole('button', { name: 'Watch' }).click();
  await expect(ada.page.locator('.top-info')).toContainText('1 watching');
  // A spectator's own link brings them back as themselves; it promises no seat.
  await expect(cyd.page.getByRole('textbox', { name: 'Your link', exact: true })).toBeVisible();
  await expect(cyd.page.getByText('Your seat link')).toHaveCount(0);
  await cyd.page.getByRole('button', { name: 'Sit here' }).click();
  await expect(cyd.page.getByRole('alert')).toContainText('The host has locked this room.');
  await expect(seatRow(ada.page, 'Empty seat')).toHaveCount(1);
  await expect(cyd.page.getByText('Locked: nobody new can take a seat.')).toBeVisible();

  // Unlocked: the spectator sits down.
  await ada.page.getByRole('button', { name: 'Unlock room' }).click();
  await expect(cyd.page.getByText('Locked: nobody new can take a seat.')).toHaveCount(0);
  await cyd.page.getByRole('button', { name: 'Sit here' }).click();
  await expect(seatRow(ada.page, 'Cyd')).toBeVisible();
  await expect(ada.page.locator('.top-info')).toContainText('0 watching');

  // Fewer seats: the host is asked first, naming who would lose a seat; Cyd, whose seat goes, is
  // told so on her screen.
  const seatCount = ada.page.getByRole('combobox', { name: 'Seats', exact: true });
  const asked: string[] = [];
  ada.page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await seatCount.selectOption('2');
  await expect.poll(() => asked).toEqual(['With 2 seats, Cyd will have no seat and watch. Go on?']);
  await expect(seatCount).toHaveValue('3');
  await expect(ada.page.locator('.seat-row')).toHaveCount(3);
  ada.page.once('dialog', (dialog) => void dialog.accept());
  await seatCount.selectOption('2');
  await expect(ada.page.locator('.seat-row')).toHaveCount(2);
  await expect(cyd.page.locator('.toast')).toContainText(
    'The host took your seat away: you are watching now. Sit in a free seat to play.',
  );
  await expect(ada.page.locator('.top-info')).toContainText('1 watching');
  await shot(cyd.page, 'desktop-lobby-seat-removed');

  // A fourth seat, given to a bot, after Cyd sits again: every seat is filled, so the game may
  // start.
  await seatCount.selectOption('4');
  await expect(ada.page.locator('.seat-row')).toHaveCount(4);
  await cyd.page.getByRole('button', { name: 'Sit here' }).first().click();
  await expect(seatRow(ada.page, 'Cyd')).toBeVisible();
  await expect(ada.page.getByRole('button', { name: 'Start game' })).toBeDisabled();
  await ada.page.getByLabel('Seat 4: bot').selectOption({ label: 'Good bot' });
  // Named as at the table: its level and seat.
  await expect(seatRow(bea.page, 'Good bot 4')).toBeVisible();
  await expect(ada.page.getByRole('button', { name: 'Start game' })).toBeEnabled();

  // The rules: the host changes them and everyone sees the new ones.
  await ada.page.getByRole('button', { name: 'Change rules' }).click();
  await ada.page.getByRole('checkbox', { name: /Open Field/ }).check();
  await ada.page.getByRole('button', { name: 'Save rules' }).click();
  await expect(bea.page.getByRole('region', { name: 'This room’s rules' })).toContainText(
    'Open Field',
  );

  // Bea's seat link, opened on her phone: the same seat there, and both devices stay live.
  await bea.page.getByRole('button', { name: 'Show' }).click();
  const seatLink = await bea.page.getByRole('textbox', { name: 'Your seat link' }).inputValue();
  expect(seatLink).toMatch(/#t=[A-Za-z0-9_-]{43}$/);
  const phone = await newPlayer(browser, 'Bea (phone)');
  await phone.page.goto(seatLink);
  await expect(seatRow(phone.page, 'Bea')).toContainText('you');
  // The token does not stay in the address bar.
  expect(phone.page.url()).not.toContain('#t=');

  // Ada passes the host role on to Bea: both of Bea's devices get the host's controls.
  await seatRow(ada.page, 'Bea').getByRole('button', { name: 'Make host' }).click();
  for (const page of [bea.page, phone.page]) {
    await expect(page.getByRole('button', { name: 'Start game' })).toBeEnabled();
    await expect(seatRow(page, 'Bea')).toContainText('host');
  }
  await expect(ada.page.getByText('Waiting for Bea to start the game…')).toBeVisible();
  await expect(ada.page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await shot(phone.page, 'desktop-lobby-new-host');

  // Bea removes Cyd, after confirming: Cyd is told so and is back home; the seat is free.
  phone.page.once('dialog', (dialog) => void dialog.accept());
  await seatRow(phone.page, 'Cyd').getByRole('button', { name: 'Remove' }).click();
  await expect(cyd.page.getByText('The host removed you from the room.')).toBeVisible();
  await expect(cyd.page.getByRole('heading', { name: 'Trepenta Online' })).toBeVisible();
  await expect(seatRow(ada.page, 'Cyd')).toHaveCount(0);
  await expect(seatRow(bea.page, 'Empty seat')).toHaveCount(1);
  await expect(bea.page.getByRole('button', { name: 'Start game' })).toBeDisabled();
});

/**
 * Mid-game, a friend's browser goes away: the table shows the seat as away, the host hands it to
 * the stand-in (R23), which plays that seat's turns; the friend comes back in a new tab and takes
 * the seat back, with the whole view. Then she steps away herself and takes the seat back again.
 */
test('a friend drops out mid-game: the stand-in plays the seat, the friend takes it back; stepping away (R23)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await newPlayer(browser, 'Ada');
  const bea = await newPlayer(browser, 'Bea');
  await createRoom(ada.page, {
    name: 'Ada',
    seats: 2,
    rules: [],
    timers: { setup: 600, layOff: 300, between: 300 },
  });
  const invite = await ada.page.getByRole('textbox', { name: 'Invite friends' }).inputValue();
  await joinByLink(bea, invite);
  await ada.page.getByRole('button', { name: 'Start game' }).click();
  await playUntil([ada, bea], async () => (await snapshot(ada.page)).phase === 'turns');

  // Bea's tab closes (her browser keeps her seat token).
  await bea.page.close();
  const beaPanel = ada.page.getByRole('region', { name: 'Bea', exact: true });
  await expect(beaPanel).toContainText('away · seat held');
  // The host's button is usable once the server takes the hand-over (HANDOVER_AFTER_MS).
  const handOver = beaPanel.getByRole('button', { name: /^Let the stand-in play/ });
  await expect(handOver).toBeVisible();
  await expect(handOver).toBeEnabled();
  await expect(handOver).toHaveText('Let the stand-in play');
  await handOver.click();
  await expect(beaPanel).toContainText('stand-in playing');
  await shot(ada.page, 'desktop-table-stand-in');

  // The stand-in plays Bea's turns while Ada plays hers.
  const start = await snapshot(ada.page);
  await playUntil(
    [ada],
    async () => {
      const now = await snapshot(ada.page);
      return now.phase !== 'turns' || now.turnNumber >= start.turnNumber + 3;
    },
    { timeoutMs: 60_000 },
  );

  // Bea comes back in a new tab: her seat, her hand, and the stand-in stops.
  const back: Player = { ...bea, page: await bea.context.newPage() };
  await back.page.goto(invite);
  await expect(back.page.locator('.my-area')).toBeVisible();
  await expect.poll(async () => (await snapshot(back.page)).viewer).toBe(1);
  await expect(beaPanel).not.toContainText('stand-in playing');
  await expect(beaPanel).not.toContainText('away · seat held');
  await expect(back.page.locator('.my-area .hand-card').first()).toBeVisible();

  // Bea steps away herself while staying connected, then takes her seat back.
  await back.page.getByRole('button', { name: 'Step away: let the stand-in play for me' }).click();
  await expect(
    back.page.getByRole('status').filter({ hasText: 'The stand-in is playing your seat' }),
  ).toBeVisible();
  await expect(beaPanel).toContainText('stand-in playing');
  await expect(beaPanel).not.toContainText('away · seat held');
  await shot(back.page, 'desktop-table-stepped-away');
  await back.page.getByRole('button', { name: 'Take my seat back' }).click();
  await expect(back.page.getByText('The stand-in is playing your seat')).toHaveCount(0);
  await expect(beaPanel).not.toContainText('stand-in playing');
  await expect(
    back.page.getByRole('button', { name: 'Step away: let the stand-in play for me' }),
  ).toBeVisible();

  // Mid-game, the top bar still gives the links: Bea moves to another device with her seat link.
  await back.page.getByRole('button', { name: 'Invite and seat links' }).click();
  const links = back.page.getByRole('dialog', { name: 'Share this room' });
  await expect(links.getByRole('textbox', { name: 'Invite friends' })).toHaveValue(invite);
  await links.getByRole('button', { name: 'Show' }).click();
  const seatLink = await links.getByRole('textbox', { name: 'Your seat link' }).inputValue();
  expect(seatLink).toMatch(/\/r\/[A-Z0-9]{6}#t=/);
  await shot(back.page, 'desktop-table-links');
  await links.getByRole('button', { name: 'Close' }).click();
  const device: Player = { ...bea, context: await browser.newContext(), page: back.page };
  const phone: Player = { ...device, page: await device.context.newPage() };
  await phone.page.goto(seatLink);
  await expect(phone.page.locator('.my-area')).toBeVisible();
  await expect.poll(async () => (await snapshot(phone.page)).viewer).toBe(1);

  // Leaving mid-game gives the seat up for good: asked first, with stepping away offered instead.
  const leave = () => phone.page.getByRole('button', { name: 'Leave room' }).click();
  const asked = phone.page.getByRole('dialog', { name: 'Leave this game?' });
  await leave();
  await expect(asked).toContainText('you cannot take it back');
  await shot(phone.page, 'desktop-table-leave-asked');
  await asked.getByRole('button', { name: 'Stay' }).click();
  await expect(asked).toHaveCount(0);
  await leave();
  await asked.getByRole('button', { name: 'Step away instead' }).click();
  await expect(beaPanel).toContainText('stand-in playing');
  await phone.page.getByRole('button', { name: 'Take my seat back' }).click();
  await expect(beaPanel).not.toContainText('stand-in playing');
  await leave();
  await asked.getByRole('button', { name: 'Leave the game' }).click();
  await expect(phone.page).toHaveURL(/\/$/);
  // The table is told: the seat keeps playing, under her name still (not "Seat 2").
  await expect(beaPanel).toContainText('stand-in playing');
  await expect(ada.page.getByRole('region', { name: 'Seat 2', exact: true })).toHaveCount(0);
  await expect(
    ada.page.getByText('Bea left the game; the stand-in plays seat 2.').first(),
  ).toBeAttached();
  await device.context.close();
});
