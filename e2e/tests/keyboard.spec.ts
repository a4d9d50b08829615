import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PHONE, actOnce, createRoom, joinByLink, newPlayer, shot, snapshot } from './helpers';
import type { Player } from './helpers';

/** A laptop's window, smaller than DESKTOP: the whole table must fit it without scrolling. */
const LAPTOP = { width: 1280, height: 800 };

interface Focused {
  card: string | null;
  zone: string | null;
  text: string;
  inActionBar: boolean;
  outline: string;
}

/** What has the keyboard focus, and how its focus ring is drawn. */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      card: el.dataset.cardId ?? null,
      zone: el.dataset.zone ?? null,
      text: el.textContent ?? '',
      inActionBar: el.closest('.action-bar') !== null,
      outline: `${style.outlineStyle} ${style.outlineColor}`,
    };
  });
}

const handIds = (page: Page) =>
  page
    .locator('.my-area .hand-card')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.cardId ?? ''));

/** Until it is this page's turn to draw; `other`, a player in another browser, plays meanwhile. */
async function untilMyDraw(page: Page, other?: Player): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await snapshot(page);
        if (other) await actOnce(other);
        return s.phase === 'turns' && s.turnSeat === s.viewer && s.step === 'draw';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('a turn from the keyboard alone: focus follows the turn, and the table fits a laptop', async ({
  browser,
}) => {
  const player = await newPlayer(browser, 'Ada', { viewport: LAPTOP });
  const page = player.page;
  await createRoom(page, {
    name: 'Ada',
    seats: 3,
    rules: [],
    bots: { 1: 'Good bot', 2: 'Good bot' },
    timers: { setup: 600 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('button', { name: 'Make this my field' }).first().focus();
  await page.keyboard.press('Enter');

  // The turn comes round to a keyboard player whose focus went with the setup panel: the draw
  // pile has it, not the top of the page.
  await untilMyDraw(page);
  await expect.poll(async () => (await focused(page))?.zone).toBe('drawPile');
  // Your field, your hand and the hint fit the window: nothing to scroll to (one glance).
  const area = (await page.locator('.my-area').boundingBox())!;
  expect(area.y + area.height).toBeLessThanOrEqual(LAPTOP.height);
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeLessThanOrEqual(0);
  await shot(page, 'laptop-keyboard-turn');

  // Enter draws; focus lands on the card just drawn, with a white ring (a selection is blue).
  const before = await handIds(page);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await snapshot(page)).step).toBe('act');
  await expect
    .poll(async () => {
      const card = (await focused(page))?.card;
      return card != null && !before.includes(card);
    })
    .toBe(true);
  const drawn = (await focused(page))!;
  expect(drawn.outline).toBe('solid rgb(255, 255, 255)');

  // Enter selects it; Tab reaches its Discard button; Escape cancels, and focus goes back to the
  // card rather than to the page.
  await page.keyboard.press('Enter');
  await expect(page.locator(`.hand-card[data-card-id="${drawn.card}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shot(page, 'laptop-keyboard-selected');
  for (let i = 0; i < 12 && !(await focused(page))?.inActionBar; i++)
    await page.keyboard.press('Tab');
  expect((await focused(page))?.text).toMatch(/^Discard /);
  await page.keyboard.press('Escape');
  await expect(page.locator('.my-area .action-bar button')).toHaveCount(0);
  await expect.poll(async () => (await focused(page))?.card).toBe(drawn.card);

  // Enter and X discard it; the bots play; on the next turn the draw pile has the focus again.
  const turn = (await snapshot(page)).turnNumber;
  await page.keyboard.press('Enter');
  await page.keyboard.press('x');
  await expect.poll(async () => (await snapshot(page)).turnNumber).toBeGreaterThan(turn);
  await untilMyDraw(page);
  await expect.poll(async () => (await focused(page))?.zone).toBe('drawPile');

  // A dialog gives the focus back to the button that opened it.
  const help = page.getByRole('button', { name: 'Rules help' });
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'How to play Trepenta' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(help).toBeFocused();
});

test('sort setup from the keyboard: focus stays in the row it was in, and follows a moved card', async ({
  browser,
}) => {
  const player = await newPlayer(browser, 'Cyd', { viewport: LAPTOP });
  const page = player.page;
  await createRoom(page, {
    name: 'Cyd',
    seats: 2,
    rules: ['sort'],
    bots: { 1: 'Good bot' },
    timers: { setup: 600 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  await sortFieldWithEnter(page);

  // Move right twice on the first card: it travels two places, and the focus with it.
  const first = await page
    .locator('.field-order [data-arrow="right"]')
    .first()
    .getAttribute('aria-label');
  await page.locator('.field-order [data-arrow="right"]').first().focus();
  await page.keyboard.press('Enter');
  await expect(
    page.locator('.field-order li').nth(1).locator('[data-arrow="right"]'),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  const third = page.locator('.field-order li').nth(2).locator('[data-arrow="right"]');
  await expect(third).toBeFocused();
  await expect(third).toHaveAttribute('aria-label', first!);
  await page.getByRole('button', { name: 'Lay this field' }).click();
  await expect.poll(async () => (await snapshot(page)).fieldChosen).toBe(true);
});

test('focus stays within reach of your hand: after laying the field, after a discard, from the piles, with Home and End', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ada = await newPlayer(browser, 'Ada', { viewport: LAPTOP });
  const page = ada.page;
  await createRoom(page, { name: 'Ada', seats: 2, rules: ['sort'], timers: { setup: 600 } });
  // Bea, in her own browser, plays with the mouse; she holds the turn while Ada's focus is looked at.
  const bea = await newPlayer(browser, 'Bea');
  await joinByLink(bea, await page.getByRole('textbox', { name: 'Invite friends' }).inputValue());
  await page.getByRole('button', { name: 'Start game' }).click();

  // Sort setup from the keyboard alone, laid with Enter: the focus goes to what happens now.
  await sortFieldWithEnter(page);
  await expect(page.getByRole('button', { name: 'Lay this field' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Field chosen. Waiting for the others…')).toBeFocused();
  await expect.poll(() => actOnce(bea)).toBe(true);
  await expect.poll(async () => (await snapshot(page)).phase).toBe('turns');
  // Whoever plays first, Ada's focus is on the table: her hand, or the draw pile on her turn.
  await expect
    .poll(async () => {
      const now = await focused(page);
      return now?.card != null || now?.zone === 'drawPile';
    })
    .toBe(true);

  for (const how of ['x', 'Discard button'] as const) {
    await untilMyDraw(page, bea);
    await expect.poll(async () => (await focused(page))?.zone).toBe('drawPile');
    // Down from the piles goes into the hand (past the face-down field), even before drawing.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page))?.card != null).toBe(true);
    const hand = await handIds(page);
    await page.keyboard.press('End');
    expect((await focused(page))?.card).toBe(hand.at(-1));
    await page.keyboard.press('Home');
    expect((await focused(page))?.card).toBe(hand[0]);
    // Home and End reach the hand from the piles too.
    await page.locator('[data-zone="drawPile"]').focus();
    await page.keyboard.press('End');
    expect((await focused(page))?.card).toBe(hand.at(-1));

    await page.keyboard.press('d');
    await expect.poll(async () => (await snapshot(page)).step).toBe('act');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    if (how === 'x') await page.keyboard.press('x');
    else {
      for (let i = 0; i < 12 && !(await focused(page))?.inActionBar; i++)
        await page.keyboard.press('Tab');
      expect((await focused(page))?.text).toMatch(/^Discard /);
      await page.keyboard.press('Enter');
    }
    // The turn is Bea's now: Ada's focus is in her hand, not on a sort button.
    await expect.poll(async () => (await snapshot(page)).turnSeat).not.toBe(0);
    await expect.poll(async () => (await focused(page))?.card != null).toBe(true);
    expect((await focused(page))?.text).not.toBe('as dealt');
  }
  await shot(page, 'laptop-keyboard-after-discard');
});

test('phone: the side panel is a sheet that takes the focus and closes with Escape or a tap outside', async ({
  browser,
}) => {
  const player = await newPlayer(browser, 'Bea', { viewport: PHONE, mobile: true });
  const page = player.page;
  await createRoom(page, { name: 'Bea', seats: 2, rules: [] });
  const toggle = page.getByRole('button', { name: 'Table info' });
  const sheet = page.locator('#side-panel');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sheet).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Log' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // A tap on the table above the sheet closes it too.
  await toggle.click();
  await expect(sheet).toBeVisible();
  await page.mouse.click(PHONE.width / 2, 150);
  await expect(sheet).toBeHidden();

  // A friend's chat while the sheet is closed shows on its button until it is read; a message
  // that arrives while the chat is open on screen is read at once.
  const friend = await newPlayer(browser, 'Cal');
  await joinByLink(
    friend,
    await page.getByRole('textbox', { name: 'Invite friends' }).inputValue(),
  );
  await friend.page.getByRole('tab', { name: 'Chat' }).click();
  const say = async (text: string) => {
    await friend.page.getByRole('textbox', { name: 'Say something…' }).fill(text);
    await friend.page.getByRole('button', { name: 'Send' }).click();
  };
  await say('hi Bea');
  const unread = page.getByRole('button', { name: 'Table info, 1 unread chat message' });
  await expect(unread).toBeVisible();
  await expect(unread.locator('.unread-dot')).toHaveText('1');
  await shot(page, 'phone-chat-unread');
  await unread.click();
  await expect(page.getByRole('tab', { name: 'Chat (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat (1)' }).click();
  await expect(sheet).toContainText('hi Bea');
  await expect(page.getByRole('tab', { name: 'Chat', exact: true })).toBeVisible();
  await say('welcome');
  await expect(sheet).toContainText('welcome');
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
  await expect(page.locator('.unread-dot')).toHaveCount(0);
  await friend.context.close();
});

test('a move made while the connection is away: sent once back in the room, or refused in words', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const player = await newPlayer(browser, 'Dee', { viewport: LAPTOP });
  const { page, context } = player;
  await createRoom(page, {
    name: 'Dee',
    seats: 2,
    rules: [],
    bots: { 1: 'Good bot' },
    timers: { setup: 600 },
  });
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.getByRole('button', { name: 'Make this my field' }).first().focus();
  await page.keyboard.press('Enter');
  await untilMyDraw(page);
  const toasts = page.locator('.toast');

  // Away for longer than a request waits: the draw is not sent, and the player is told so.
  await context.setOffline(true);
  await expect.poll(async () => (await snapshot(page)).conn).not.toBe('connected');
  await page.keyboard.press('d');
  await expect(toasts).toContainText('Not connected, so that was not sent.', { timeout: 15_000 });
  await context.setOffline(false);
  await expect(page.locator('.conn-banner')).toContainText('Back at the table');
  const back = await snapshot(page);
  expect(back.step).toBe('draw');
  expect(back.pending).toBe(false);

  // Away for a moment: the draw waits for the connection and the rejoin, then is made.
  await context.setOffline(true);
  await expect.poll(async () => (await snapshot(page)).conn).not.toBe('connected');
  const before = await handIds(page);
  await page.keyboard.press('d');
  // The table says what waits; a second press sends nothing else.
  await expect(page.locator('.conn-banner')).toContainText(
    'Your move (draw from the draw pile) will be sent when you are back.',
  );
  await page.keyboard.press('u');
  await expect(toasts).toContainText('is waiting for the connection; nothing else is sent');
  await page.waitForTimeout(500);
  expect((await snapshot(page)).step).toBe('draw');
  await context.setOffline(false);
  await expect.poll(async () => (await snapshot(page)).step, { timeout: 15_000 }).toBe('act');
  expect(await handIds(page)).toHaveLength(before.length + 1);
  await expect(toasts.filter({ hasText: 'Join the room first' })).toHaveCount(0);
  expect((await snapshot(page)).viewer).toBe(0);
});

/**
 * Sort setup (R9): five cards to the field with Enter alone, from the first card of the row. Each
 * time the focus stays on the row's next card, and after the fifth it is on the button that lays
 * the field.
 */
async function sortFieldWithEnter(page: Page): Promise<void> {
  await page.locator('.sort-hand button').first().focus();
  for (let picked = 1; picked <= 5; picked++) {
    await page.keyboard.press('Enter');
    await expect(page.locator('.field-order .hand-card')).toHaveCount(picked);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (el?.closest('.sort-hand')) return 'hand';
          return el?.textContent === 'Lay this field' ? 'confirm' : (el?.tagName ?? 'none');
        }),
      )
      .toBe(picked < 5 ? 'hand' : 'confirm');
  }
}
