import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOTS = join(here, '..', '..', 'artifacts', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Player {
  readonly name: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every websocket frame this page received, as text. */
  readonly frames: string[];
}

/** A friend in their own browser context (own storage: own seat token). */
export async function newPlayer(
  browser: Browser,
  name: string,
  options: { viewport?: { width: number; height: number }; mobile?: boolean } = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());
    });
  });
  page.on('pageerror', (error) => console.error(`[${name}] page error:`, error.message));
  return { name, context, page, frames };
}

export interface Snapshot {
  phase: string | null;
  viewer: number | 'spectator' | null;
  version: number;
  turnSeat: number | null;
  turnNumber: number;
  step: string | null;
  layoffSeat: number | null;
  chosen: boolean;
  fieldChosen: boolean;
  ready: boolean;
  pending: boolean;
  round: number;
  status: string | null;
  conn: string;
}

/** What the page itself holds (the test reads the page's own store; it shows nothing more). */
export function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    type Store = {
      getState(): {
        conn: string;
        pending: boolean;
        room: { status: string } | null;
        game: {
          phase: string;
          viewer: number | 'spectator';
          version: number;
          round: number;
          turn: { seat: number; step: string; number: number } | null;
          reveal: { layoff: { seat: number } | null; seats: { chosen: boolean }[] } | null;
          seats: { fieldChosen: boolean; ready: boolean }[];
        } | null;
      };
    };
    const state = (window as unknown as { __trepenta: Store }).__trepenta.getState();
    const g = state.game;
    const me = g && typeof g.viewer === 'number' ? g.viewer : null;
    return {
      phase: g?.phase ?? null,
      viewer: g?.viewer ?? null,
      version: g?.version ?? -1,
      turnSeat: g?.turn?.seat ?? null,
      turnNumber: g?.turn?.number ?? -1,
      step: g?.turn?.step ?? null,
      layoffSeat: g?.reveal?.layoff?.seat ?? null,
      chosen: me !== null ? (g?.reveal?.seats[me]?.chosen ?? false) : true,
      fieldChosen: me !== null ? (g?.seats[me]?.fieldChosen ?? false) : true,
      ready: me !== null ? (g?.seats[me]?.ready ?? false) : true,
      pending: state.pending,
      round: g?.round ?? 0,
      status: state.room?.status ?? null,
      conn: state.conn,
    };
  });
}

async function waitForChange(page: Page, version: number): Promise<void> {
  await page
    .waitForFunction(
      (v) => {
        type Store = { getState(): { pending: boolean; game: { version: number } | null } };
        const s = (window as unknown as { __trepenta: Store }).__trepenta.getState();
        return (s.game?.version ?? -1) !== v && !s.pending;
      },
      version,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

const exchangedIn = new WeakMap<Player, string>();
const turnKeyOf = (s: Snapshot) => `${s.round}/${s.turnNumber}`;

export interface PlayOptions {
  /** Use the keyboard for draws and discards (D, U, X) instead of clicks. */
  keyboard?: boolean;
  /** Prefer the discard pile's top card when drawing. */
  takeDiscard?: boolean;
}

/**
 * Does whatever this player can do now, through the UI as a player would (one step of it), and
 * says whether it acted. The choices are simple: exchange when something lights up, then discard.
 */
export async function actOnce(player: Player, options: PlayOptions = {}): Promise<boolean> {
  const { page } = player;
  const s = await snapshot(page);
  if (s.pending || s.viewer === null || s.viewer === 'spectator') return false;
  const me = s.viewer;
  const before = s.version;
  const click = async (locator: ReturnType<Page['locator']>) => {
    await locator.click({ timeout: 5000 });
  };
  try {
    if (s.phase === 'setup' && !s.fieldChosen) {
      const blind = page.getByRole('button', { name: /Make this my field: Pile A/ });
      const peek = page.getByRole('button', { name: /Use Pile A/ });
      if (await blind.isVisible()) await click(blind);
      else if (await peek.isVisible()) {
        await click(peek);
        await click(page.getByRole('button', { name: 'Lay this field' }));
      } else {
        const toField = page.getByRole('button', { name: /, to field$/ });
        const confirm = page.getByRole('button', { name: 'Lay this field' });
        for (let i = 0; i < 10 && !(await confirm.isVisible()); i++) await click(toField.first());
        await click(confirm);
      }
      await waitForChange(page, before);
      return true;
    }
    if (s.phase === 'turns' && s.turnSeat === me) {
      if (s.step === 'draw') {
        const fromDiscard = options.takeDiscard === true;
        if (options.keyboard) await page.keyboard.press(fromDiscard ? 'u' : 'd');
        else if (fromDiscard) await click(page.locator('[data-zone="discardPile"]'));
        else await click(page.locator('[data-zone="drawPile"]'));
        await waitForChange(page, before);
        return true;
      }
      const cards = page.locator('.my-area .hand-card.playable');
      const count = await cards.count();
      // One face-down exchange per turn when something lights up, then the discard.
      const canExchange = await page.locator('.chip.on', { hasText: 'Exchange' }).count();
      if (canExchange > 0 && exchangedIn.get(player) !== turnKeyOf(s)) {
        for (let i = 0; i < count; i++) {
          await click(cards.nth(i));
          const lit = page.locator('.my-area .slot.down.lit');
          if ((await lit.count()) > 0) {
            exchangedIn.set(player, turnKeyOf(s));
            await click(lit.first());
            await waitForChange(page, before);
            return true;
          }
          await page.keyboard.press('Escape');
        }
      }
      for (let i = 0; i < count; i++) {
        await click(cards.nth(i));
        const discard = page.locator('.action-bar button.primary');
        if ((await discard.count()) > 0) {
          if (options.keyboard) await page.keyboard.press('x');
          else await click(discard);
          await waitForChange(page, before);
          return true;
        }
        await page.keyboard.press('Escape');
      }
      return false;
    }
    if (s.phase === 'arrange' && !s.chosen) {
      const confirm = page.getByRole('button', { name: 'Show these melds' });
      if (await confirm.isVisible()) {
        await click(confirm);
        await waitForChange(page, before);
        return true;
      }
      return false;
    }
    if (s.phase === 'layoff' && s.layoffSeat === me) {
      const card = page.locator('.deadwood .hand-card.playable');
      if ((await card.count()) > 0) {
        await click(card.first());
        const target = page.locator('.lay-off-button');
        if ((await target.count()) > 0) {
          await click(target.first());
          await waitForChange(page, before);
          return true;
        }
      }
      await click(page.getByRole('button', { name: 'Pass' }));
      await waitForChange(page, before);
      return true;
    }
    if (s.phase === 'roundEnd' && !s.ready) {
      const ready = page.getByRole('button', { name: 'Ready' });
      if (await ready.isVisible()) {
        await click(ready);
        await waitForChange(page, before);
        return true;
      }
    }
  } catch (error) {
    // The table moved on under the click (a timer, a bot): look again.
    if (process.env.E2E_DEBUG) console.log('actOnce:', String(error).slice(0, 600));
    return false;
  }
  return false;
}

/** Plays every human through the UI until the predicate holds (or the game ends). */
export async function playUntil(
  players: readonly Player[],
  done: () => Promise<boolean>,
  options: PlayOptions & { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (await done()) return;
    let acted = false;
    for (const player of players) {
      if (await actOnce(player, options)) acted = true;
    }
    if (!acted) await players[0]!.page.waitForTimeout(60);
  }
  throw new Error('playUntil: timed out');
}

export async function gameOver(page: Page): Promise<boolean> {
  return (await snapshot(page)).phase === 'gameOver';
}

export async function setName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
}

/** The host creates a room through the home screen and lands in its lobby. */
export async function createRoom(
  page: Page,
  options: {
    name: string;
    seats: number;
    rules: string[];
    bots?: Record<number, 'Easy bot' | 'Good bot'>;
    deck?: string;
    timers?: Partial<Record<'setup' | 'layOff' | 'between', number>>;
    /** The turn timer, in seconds of the setting (the test server runs timers at 1/20). */
    turnTimer?: 30 | 45 | 60 | 90 | 120;
  },
): Promise<string> {
  // The gallery's "Create a Trepenta room" leads here: the room's seats, bots and options.
  await page.goto('/new/trepenta');
  await setName(page, options.name);
  await page.getByLabel('Players at the table').selectOption(String(options.seats));
  for (const [seat, level] of Object.entries(options.bots ?? {})) {
    await page
      .getByLabel(`Seat ${Number(seat) + 1}`, { exact: true })
      .selectOption({ label: level });
  }
  if (options.deck) await page.getByLabel(new RegExp(options.deck)).check();
  for (const rule of options.rules)
    await page.getByRole('checkbox', { name: new RegExp(rule) }).check();
  if (options.timers || options.turnTimer) {
    await page.getByText('Timers and limits').click();
    if (options.turnTimer)
      await page.getByLabel('Turn timer').selectOption({ label: `${options.turnTimer} s` });
    if (options.timers?.setup)
      await page.getByLabel('Field choice timer').fill(String(options.timers.setup));
    if (options.timers?.layOff)
      await page.getByLabel('Lay-off timer').fill(String(options.timers.layOff));
    if (options.timers?.between)
      await page.getByLabel('Break between rounds').fill(String(options.timers.between));
  }
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

export async function joinByLink(
  player: Player,
  link: string,
  role: 'player' | 'spectator' = 'player',
) {
  await player.page.goto(link);
  await player.page.getByLabel('Your name').fill(player.name);
  await player.page
    .getByRole('button', { name: role === 'player' ? 'Join the table' : 'Watch' })
    .click();
}

/**
 * A screenshot for review (artifacts/screenshots/), and the same screen checked by axe-core
 * against WCAG 2.2 A and AA and axe's best practices: every screen that is photographed must have
 * no violation, whatever its impact or rule (each is named with the elements it found). Nothing
 * is exempted: a card's button names the card as it shows it (10, jack) and a drawn mark is not
 * text, so Label in Name holds on every one.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
  await expectAccessible(page, name);
}

export async function expectAccessible(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = violations
    .filter((v) => v.nodes.length > 0)
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        // Colour contrast says which colours it measured.
        const data = n.any[0]?.data as {
          fgColor?: string;
          bgColor?: string;
          contrastRatio?: number;
        };
        const colours = data?.fgColor
          ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})`
          : '';
        return `${n.target.join(' ')}${colours}`;
      });
      return `${v.impact ?? ''} ${v.id}: ${v.help} — ${nodes.join(', ')}`;
    });
  expect(found, `accessibility of ${name}`).toEqual([]);
}

/**
 * The redaction check of rules §7 on what a page holds: no card ids outside its own hand (so, for
 * a spectator, none at all) and no hidden card named in the DOM or the accessibility tree.
 */
export async function assertSpectatorSeesNoHiddenCard(player: Player): Promise<void> {
  const ids = /"id":"\d+-\d+"/;
  for (const frame of player.frames) {
    expect(frame, 'a websocket frame to a spectator holds a card id').not.toMatch(ids);
  }
  const html = await player.page.content();
  expect(html).not.toMatch(/="\d+-\d+"/);
  // Face-down cards say "face down" and nothing else about the card.
  const labels = await player.page
    .locator('[aria-label*="face down"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  for (const label of labels) {
    expect(label).toMatch(/^Position \d, value \d+, face down$/);
  }
  // A face-down slot's DOM holds a card back only.
  const faceDownFaces = await player.page.locator('.slot.down [data-face]').count();
  expect(faceDownFaces).toBe(0);
}

/**
 * The controls on screen a finger may miss (WCAG 2.5.5: 44 × 44 px on touch): each
 * enabled button, select and input is brought into view and must take a tap at its centre and
 * all along two lines through it, 44 px across and 44 px down (a hit area may reach past what is
 * drawn, and need not be centred on it: two lit side by side each reach away from the other).
 * Returns what falls short, named, with the size it is drawn at and the size it takes taps across.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, select, input, [role="tab"]'),
    ).filter(
      (el) =>
        !(el as HTMLButtonElement).disabled &&
        el.getAttribute('aria-disabled') !== 'true' &&
        el.getClientRects().length > 0 &&
        el.closest('[hidden], .side-panel:not(.open)') === null,
    );
    const short: string[] = [];
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const owns = (px: number, py: number) => {
        const hit = document.elementFromPoint(px, py);
        return (
          hit !== null &&
          (el.contains(hit) ||
            Array.from((el as HTMLInputElement).labels ?? []).some((label) => label.contains(hit)))
        );
      };
      // How far from the centre it still takes a tap, each way (up to 43 px).
      const reach = (dx: number, dy: number) => {
        let n = 0;
        while (n < 43 && owns(x + dx * (n + 1), y + dy * (n + 1))) n++;
        return n;
      };
      const left = reach(-1, 0);
      const right = reach(1, 0);
      const up = reach(0, -1);
      const down = reach(0, 1);
      const wide = left + right + 1;
      const tall = up + down + 1;
      if (!owns(x, y) || wide < 44 || tall < 44) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        short.push(
          `${name.slice(0, 60)} (${Math.round(r.width)}×${Math.round(r.height)}, taps ${wide}×${tall})`,
        );
      }
    }
    window.scrollTo(0, 0);
    return short;
  });
}
