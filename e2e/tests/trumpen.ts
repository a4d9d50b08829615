/**
 * What the browser specs of the TrumPen games share: writing cards with the picker (by mouse or
 * keyboard) and making a room of a game played in rounds.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { setName, shot } from './helpers';

/** A card to write: its value's name, and its suit's where the game asks for one. */
export type Written = string | readonly [value: string, suit: string];

/** Clicks a control, or with `keys` presses Enter on it. */
const pressWith = (keys: boolean) => (locator: Locator) =>
  keys ? locator.press('Enter') : locator.click();

/** Whether a control is on screen now (false, not an error, when the table moved on). */
export const visible = (locator: Locator) => locator.isVisible().catch(() => false);

/** Writes one card: its slot, its value, its suit, each shown back once the server has the draft. */
export async function writeCard(page: Page, i: number, card: Written, keys = false) {
  const press = pressWith(keys);
  const [value, suit] = typeof card === 'string' ? [card, null] : card;
  await press(page.getByRole('radio', { name: new RegExp(`^Card ${i + 1}:`) }));
  await press(
    page
      .getByRole('group', { name: `Value of card ${i + 1}` })
      .getByRole('button', { name: value, exact: true }),
  );
  if (suit === null) {
    await expect(page.getByRole('radio', { name: `Card ${i + 1}: ${value}` })).toBeVisible();
    return;
  }
  await expect(
    page.getByRole('radio', { name: new RegExp(`^Card ${i + 1}: ${value}`) }),
  ).toBeVisible();
  await press(
    page.getByRole('group', { name: `Suit of card ${i + 1}` }).getByRole('button', { name: suit }),
  );
  await expect(
    page.getByRole('radio', { name: `Card ${i + 1}: ${value} of ${suit}` }),
  ).toBeVisible();
}

/** Writes a hand from slot `from` on, then presses Done. */
export async function writeHand(page: Page, hand: readonly Written[], keys = false, from = 0) {
  for (let i = 0; i < hand.length; i++) await writeCard(page, from + i, hand[i]!, keys);
  const done = page.getByRole('button', { name: 'Done', exact: true });
  await pressWith(keys)(done);
  // Done shows "Change my cards", or, from the last to be done, closes the writing at once.
  await expect(done).toBeHidden();
}

/**
 * A three-seat room of a TrumPen game played in rounds, made by the page's player: the third seat
 * a bot, 300 s of writing and a 60 s break (15 s and 3 s at the test server's 1/20 clock), the
 * options photographed as `photo` when named. Returns the room's link.
 */
export async function createRoundsRoom(
  page: Page,
  options: { game: string; name: string; bot: 'Easy bot' | 'Good bot'; photo?: string },
): Promise<string> {
  await page.goto(`/new/${options.game}`);
  await setName(page, options.name);
  await page.getByLabel('Players at the table').selectOption('3');
  await page.getByLabel('Seat 3', { exact: true }).selectOption({ label: options.bot });
  await page.getByText('Timers and limits').click();
  await page.getByLabel('Writing timer (seconds)').fill('300');
  await page.getByLabel('Break between rounds (seconds)').fill('60');
  if (options.photo) await shot(page, options.photo);
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  return page.url();
}
