import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PHONE,
  expectAccessible,
  joinByLink,
  newPlayer,
  setName,
  shot,
  smallTapTargets,
} from './helpers';
import type { Player } from './helpers';

/** What a Trefeltromp page holds: the view's phase and stage, and whether it waits on the viewer. */
interface TftSnap {
  phase: string | null;
  stage: string | null;
  hands: number;
  version: number;
  myTurn: boolean;
  pending: boolean;
}

function tft(page: Page): Promise<TftSnap> {
  return page.evaluate(() => {
    type Seat = { inHand: boolean; folded: boolean; drawChosen: boolean; locked: boolean };
    type Store = {
      getState(): {
        pending: boolean;
        game: {
          phase: string;
          stage: string | null;
          handsDealt: number;
          version: number;
          viewer: number | 'spectator';
          turn: number | null;
          seats: Seat[];
        } | null;
      };
    };
    const s = (window as unknown as { __trepenta: Store }).__trepenta.getState();
    const g = s.game;
    const me = g && typeof g.viewer === 'number' ? g.seats[g.viewer] : null;
    let myTurn = false;
    if (g && me && g.phase === 'hand') {
      if (g.stage === 'call') myTurn = g.turn === g.viewer;
      else if (me.inHand && !me.folded) myTurn = g.stage === 'draw' ? !me.drawChosen : !me.locked;
    }
    return {
      phase: g?.phase ?? null,
      stage: g?.stage ?? null,
      hands: g?.handsDealt ?? 0,
      version: g?.version ?? -1,
      myTurn,
      pending: s.pending,
    };
  });
}

/** The session sheet as the store holds it, and the chips on the table now. */
interface TftSession {
  gameNumber: number;
  names: string[];
  stints: { seat: number; bought: number; hands: number; seated: boolean; result: number }[];
  chipsOnTable: number;
  stacks: number[];
  start: number;
}

function session(page: Page): Promise<TftSession> {
  return page.evaluate(() => {
    type Store = {
      getState(): {
        room: { gameNumber: number } | null;
        game: {
          settings: { ante: number; startingAntes: number };
          stints: {
            seat: number;
            bought: number;
            hands: number;
            seated: boolean;
            result: number;
          }[];
          seats: { stack: number; bet: number }[];
          pots: { amount: number }[];
          carry: { amount: number }[];
        } | null;
      };
    };
    const s = (window as unknown as { __trepenta: Store }).__trepenta.getState();
    const g = s.game!;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return {
      gameNumber: s.room?.gameNumber ?? 0,
      names: [...document.querySelectorAll('.tft-session .results li > span:first-child')].map(
        (e) => e.textContent ?? '',
      ),
      stints: g.stints.map((t) => ({
        seat: t.seat,
        bought: t.bought,
        hands: t.hands,
        seated: t.seated,
        result: t.result,
      })),
      chipsOnTable:
        sum(g.seats.map((x) => x.stack + x.bet)) +
        sum(g.pots.map((p) => p.amount)) +
        sum(g.carry.map((c) => c.amount)),
      stacks: g.seats.map((x) => x.stack),
      start: g.settings.ante * g.settings.startingAntes,
    };
  });
}

/** The host's top-bar control, confirmed from the keyboard in its dialog. */
async function closeTable(page: Page) {
  await page.getByRole('button', { name: 'Close the table', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Close the table?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close the table' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Closed: the control goes, and the table says this is the last hand (or the result is out).
  await expect(page.getByRole('button', { name: 'Close the table', exact: true })).toHaveCount(0);
}

/** Bets and raises made from the keyboard (B or R, an arrow, Enter). */
let keyboardBets = 0;

/** Locks made from the keyboard (arrows, Enter). */
let keyboardLocks = 0;

/** One step through the UI, as a player would: call or check (or keyboard C), keep, lock a card. */
async function step(player: Player, keyboard = false): Promise<boolean> {
  const page = player.page;
  const s = await tft(page);
  if (!s.myTurn || s.pending) return false;
  if (s.stage === 'call') {
    const amount = page.getByRole('spinbutton');
    if (keyboard && keyboardBets < 2 && (await amount.count()) > 0) {
      // B or R to the amount, an arrow (only legal amounts), Enter: a bet or raise.
      const key = (await page.getByRole('button', { name: /^Raise/ }).count()) > 0 ? 'r' : 'b';
      await page.locator('body').press(key);
      await expect(amount).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      keyboardBets++;
    } else if (keyboard) {
      await page.locator('body').press('c');
    } else {
      const call = page.getByRole('button', { name: /^(Check|Call)/ });
      await call
        .first()
        .click({ timeout: 3000 })
        .catch(() => undefined);
    }
  } else if (s.stage === 'draw') {
    await page
      .getByRole('button', { name: 'Keep my hand' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  } else if (s.stage === 'reveal' && keyboard) {
    // Arrows move between the cards, Enter picks one, Enter on "Rap twice" locks it.
    const cards = page.locator('.tft-hand .card-button');
    if ((await cards.count()) === 0) return false;
    await cards.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /^Rap twice/ })
      .focus({ timeout: 3000 })
      .catch(() => undefined);
    await page.keyboard.press('Enter');
    const locked = await page
      .waitForFunction(
        (version) => {
          type Store = {
            getState(): {
              game: {
                version: number;
                stage: string | null;
                mine: { lock: string | null } | null;
              } | null;
            };
          };
          const g = (window as unknown as { __trepenta: Store }).__trepenta.getState().game;
          // Locked, or already flipped with everyone else's (the stage moved on).
          return (
            g !== null && (g.mine?.lock != null || (g.version > version && g.stage !== 'reveal'))
          );
        },
        s.version,
        { timeout: 2000 },
      )
      .then(() => true)
      .catch(() => false);
    if (locked) keyboardLocks++;
  } else if (s.stage === 'reveal') {
    const cards = page.locator('.tft-hand .card-button');
    if ((await cards.count()) === 0) return false;
    await cards
      .first()
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page
      .getByRole('button', { name: /^Rap twice/ })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  }
  await page
    .waitForFunction(
      (v) => {
        type Store = { getState(): { pending: boolean; game: { version: number } | null } };
        const st = (window as unknown as { __trepenta: Store }).__trepenta.getState();
        return (st.game?.version ?? -1) !== v && !st.pending;
      },
      s.version,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  return true;
}

async function playUntil(players: Player[], done: () => Promise<boolean>, keyboard = false) {
  const deadline = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the session did not get there in time');
    let acted = false;
    for (const p of players) acted = (await step(p, keyboard)) || acted;
    if (!acted) await players[0]!.page.waitForTimeout(100);
  }
}

test('Trefeltromp: friends by link, a phone, a spectator, a reload, a session to the result', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const host = await newPlayer(browser, 'Ada');
  const bea = await newPlayer(browser, 'Bea', { viewport: PHONE, mobile: true });
  const cyd = await newPlayer(browser, 'Cyd');

  // The gallery's card leads to the game's own options.
  await host.page.goto('/');
  await expect(host.page.getByText('Trefeltromp').first()).toBeVisible();
  await shot(host.page, 'trefeltromp-home');
  await host.page.goto('/rules/trefeltromp');
  await expect(host.page.getByRole('heading', { name: 'Betting' })).toBeVisible();
  await shot(host.page, 'trefeltromp-rules');
  await host.page.goto('/new/trefeltromp');
  await setName(host.page, 'Ada');
  await host.page.getByLabel('Players at the table').selectOption('3');
  await host.page.getByLabel('Seat 3', { exact: true }).selectOption({ label: 'Good bot' });
  await host.page.getByLabel('Decision timer (seconds)').fill('120');
  await host.page.getByLabel('Reveal timer (seconds)').fill('60');
  await shot(host.page, 'trefeltromp-create');
  await host.page.getByRole('button', { name: 'Create room' }).click();
  await expect(host.page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const invite = await host.page.getByRole('textbox', { name: 'Invite friends' }).inputValue();
  await joinByLink(bea, invite);
  await joinByLink(cyd, invite, 'spectator');
  await expect(host.page.locator('.seat-row', { hasText: 'Bea' })).toBeVisible();
  await shot(host.page, 'trefeltromp-lobby');
  await host.page.getByRole('button', { name: 'Start game' }).click();

  // The first hand: everyone sees the felt, the pots and their own three cards.
  for (const p of [host, bea, cyd])
    await expect.poll(async () => (await tft(p.page)).phase, { timeout: 20_000 }).toBe('hand');
  await expect(host.page.getByRole('region', { name: 'Pots' })).toContainText('Main pot');
  await expect(host.page.locator('.tft-hand .tarot')).toHaveCount(3);
  await expect(cyd.page.getByText('You are watching this table.')).toBeVisible();
  // The amount to call is always in words.
  await playUntil([host, bea], async () => {
    const s = await tft(host.page);
    return s.myTurn && s.stage === 'call';
  });
  await expect(host.page.locator('.to-call')).toHaveText(/chips? to call|Nothing to call/);
  await expect(host.page.getByRole('button', { name: /^Fold/ })).toBeVisible();
  await shot(host.page, 'trefeltromp-betting');
  await shot(bea.page, 'trefeltromp-phone');
  expect(await smallTapTargets(bea.page)).toEqual([]);

  // On the phone too: Bea's controls when it is her turn to bet, every target big enough.
  await playUntil([host], async () => {
    const s = await tft(bea.page);
    return (s.myTurn && s.stage === 'call') || s.hands > 1;
  });
  if ((await tft(bea.page)).myTurn) {
    await expect(bea.page.locator('.to-call')).toBeVisible();
    await shot(bea.page, 'trefeltromp-phone-betting');
    expect(await smallTapTargets(bea.page)).toEqual([]);
  }

  // Bea reloads mid-hand and gets her seat and cards back.
  const before = await bea.page.locator('.tft-hand .tarot').count();
  await bea.page.reload();
  await expect.poll(async () => (await tft(bea.page)).phase, { timeout: 20_000 }).toBe('hand');
  await expect(bea.page.locator('.tft-hand .tarot')).toHaveCount(before);

  // The network drops and comes back: the banner says so, and the seat is still Bea's.
  await bea.context.setOffline(true);
  await expect(bea.page.locator('.conn-banner')).toContainText(/offline|reconnecting/i);
  await bea.context.setOffline(false);
  await expect(bea.page.locator('.conn-banner')).toContainText('Back at the table');
  await expect.poll(async () => (await tft(bea.page)).phase, { timeout: 20_000 }).not.toBeNull();

  // A reveal, then hands played from the keyboard too.
  await playUntil([host, bea], async () => (await tft(host.page)).stage === 'reveal');
  await shot(host.page, 'trefeltromp-reveal');
  // All flip together: the result per pot (or "no winner: the pot stays") is on the felt.
  await playUntil([host, bea], async () => (await tft(host.page)).stage !== 'reveal');
  await expect(host.page.locator('.reveal-result')).toContainText(/took|no winner/);
  await shot(host.page, 'trefeltromp-after-banen');
  await playUntil([host, bea], async () => (await tft(host.page)).hands >= 3, true);
  await shot(cyd.page, 'trefeltromp-spectator');
  expect(keyboardLocks).toBeGreaterThan(0);
  expect(keyboardBets).toBeGreaterThan(0);
  // The spectator holds no card of anyone's hand: only faces turned up.
  for (const frame of cyd.frames) expect(frame).not.toMatch(/"mine":\{/);

  // The host closes the table from the top bar, asked first; the session ends after the hand in
  // play with the result. Nobody else is offered it.
  await expect(bea.page.getByRole('button', { name: 'Close the table' })).toHaveCount(0);
  await expect(cyd.page.getByRole('button', { name: 'Close the table' })).toHaveCount(0);
  await closeTable(host.page);
  await playUntil([host, bea], async () => (await tft(host.page)).phase === 'over');
  await expect(host.page.getByRole('region', { name: 'The session' })).toBeVisible();
  await expect(host.page.locator('.score-sheet')).toBeVisible();
  await shot(host.page, 'trefeltromp-result');
  // The session's secret is out: every deal, folded hands included, checks out in the browser.
  await host.page.getByRole('button', { name: 'Verify the deals' }).click();
  await expect(host.page.locator('.verify-result')).toContainText('Everything matched', {
    timeout: 30_000,
  });
  await shot(bea.page, 'trefeltromp-result-phone');
  await expectAccessible(cyd.page, 'trefeltromp-result-spectator');

  // F18: each result is the stack at the end minus what was bought in (a carry-over split among
  // its tied players), so the results of a session add up to nothing: chips only change hands.
  const first = await session(host.page);
  expect(first.gameNumber).toBe(1);
  expect(first.stints.reduce((sum, t) => sum + t.result, 0)).toBe(0);
  // The net chips in words, per player, are the view's.
  const shown = await host.page.locator('.tft-session .results li strong').allTextContents();
  expect(shown.map((t) => Number(t.trim().replace(/[+,]/g, '')))).toEqual(
    first.stints.filter((t) => t.hands > 0 || t.seated).map((t) => t.result),
  );
  expect(first.names).toEqual(expect.arrayContaining(['Ada', 'Bea']));

  // The next session at the same table: the host's rematch keeps everyone in their seat.
  await host.page.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(host.page.locator('.seat-row', { hasText: 'Bea' })).toBeVisible();
  await expect(bea.page.getByRole('button', { name: 'Start game' })).toHaveCount(0);
  await shot(host.page, 'trefeltromp-next-session-lobby');
  await host.page.getByRole('button', { name: 'Start game' }).click();
  for (const p of [host, bea, cyd])
    await expect.poll(async () => (await tft(p.page)).phase, { timeout: 20_000 }).toBe('hand');
  // Chips start fresh: one buy-in each, no result carried over from the first session.
  const second = await session(bea.page);
  expect(second.gameNumber).toBe(2);
  // (The bot's chair was a person's until the room seated the bot: that stint never played.)
  const seated = second.stints.filter((t) => t.seated);
  expect(seated.map((t) => t.seat).sort()).toEqual([0, 1, 2]);
  for (const t of seated) expect(t.bought).toBe(second.start);
  for (const t of second.stints) if (!t.seated) expect(t.hands).toBe(0);
  expect(second.chipsOnTable).toBe(3 * second.start);
  expect((await tft(bea.page)).hands).toBe(1);
  await shot(bea.page, 'trefeltromp-next-session-phone');
  // The first session's record is finished and unchanged; the second one's is not out yet.
  const code = new URL(host.page.url()).pathname.split('/').pop()!;
  const record = await host.page.request.get(`/api/rooms/${code}/games/1/replay`);
  expect(record.status()).toBe(200);
  const body = (await record.json()) as { names: string[]; log: unknown[] };
  expect(body.names.slice(0, 2)).toEqual(['Ada', 'Bea']);
  expect((await host.page.request.get(`/api/rooms/${code}/games/2/replay`)).status()).toBe(409);

  // The second session ends too, with its own result: again nothing created, nothing lost.
  await closeTable(host.page);
  await playUntil([host, bea], async () => (await tft(host.page)).phase === 'over');
  await expect(host.page.locator('.score-sheet')).toBeVisible();
  const end = await session(host.page);
  expect(end.gameNumber).toBe(2);
  expect(end.stints.reduce((sum, t) => sum + t.result, 0)).toBe(0);
  for (const t of end.stints.filter((t) => t.seated)) expect(t.bought).toBe(end.start);
});

/**
 * The boxes of the seats round the oval and of the felt in its middle, read in one go from one
 * layout (the table may change between two separate reads: a bet, a reveal, a new hand).
 */
function ringBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      seats: [...document.querySelectorAll('.tft-ring .tft-seat')].map(box),
      pots: box(document.querySelector('.tft-oval')!),
    };
  });
}

/** Two frames after a change of size, so the phone's layout is the one measured. */
async function settled(page: Page, display: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.tft-ring')!).display))
    .toBe(display);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 &&
  b.x < a.x + a.width - 1 &&
  a.y < b.y + b.height - 1 &&
  b.y < a.y + a.height - 1;

test('Trefeltromp: eight seats round the oval on desktop and phone, chips flying to the pot', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await newPlayer(browser, 'Ada');
  await host.page.emulateMedia({ reducedMotion: 'no-preference' });
  await host.page.goto('/new/trefeltromp');
  await setName(host.page, 'Ada');
  await host.page.getByLabel('Players at the table').selectOption('8');
  for (let seat = 2; seat <= 8; seat++)
    await host.page
      .getByLabel(`Seat ${seat}`, { exact: true })
      .selectOption({ label: seat % 2 ? 'Good bot' : 'Easy bot' });
  await host.page.getByRole('button', { name: 'Create room' }).click();
  await expect(host.page).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  // Every chip flight this page starts from now on: its class, keyframe keys and duration.
  await host.page.evaluate(() => {
    type Flight = { chips: boolean; keys: string[]; duration: number; moves: boolean };
    const flights: Flight[] = [];
    (window as unknown as { flights: Flight[] }).flights = flights;
    const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')!
      .value as Element['animate'];
    Element.prototype.animate = function (this: Element, frames, options) {
      if (Array.isArray(frames))
        flights.push({
          chips: this.classList.contains('chip-flight'),
          keys: [...new Set(frames.flatMap((frame) => Object.keys(frame)))].sort(),
          duration: typeof options === 'object' ? Number(options.duration) : Number(options),
          moves: new Set(frames.map((frame) => String(frame.transform))).size > 1,
        });
      return animate.call(this, frames, options);
    };
  });
  await host.page.getByRole('button', { name: 'Start game' }).click();
  await expect.poll(async () => (await tft(host.page)).phase, { timeout: 20_000 }).toBe('hand');

  // Seven others round the pots: none overlapping another or the felt in the middle.
  await settled(host.page, 'grid');
  const desktop = await ringBoxes(host.page);
  expect(desktop.seats).toHaveLength(7);
  for (const [i, a] of desktop.seats.entries()) {
    expect(overlap(a, desktop.pots)).toBe(false);
    for (const b of desktop.seats.slice(i + 1)) expect(overlap(a, b)).toBe(false);
  }
  // Round the felt: some seats beside it (left and right), some above it.
  const middle = desktop.pots.y + desktop.pots.height / 2;
  expect(desktop.seats.filter((s) => s.x + s.width <= desktop.pots.x)).toHaveLength(2);
  expect(desktop.seats.filter((s) => s.x >= desktop.pots.x + desktop.pots.width)).toHaveLength(2);
  expect(desktop.seats.filter((s) => s.y + s.height <= middle).length).toBeGreaterThanOrEqual(3);
  // The antes flew in: chips, transform and opacity only, at most 400 ms.
  await expect
    .poll(() =>
      host.page.evaluate(
        () =>
          (window as unknown as { flights: { chips: boolean }[] }).flights.filter((f) => f.chips)
            .length,
      ),
    )
    .toBeGreaterThan(0);
  const flights = await host.page.evaluate(
    () =>
      (
        window as unknown as {
          flights: { chips: boolean; keys: string[]; duration: number; moves: boolean }[];
        }
      ).flights,
  );
  for (const flight of flights.filter((f) => f.chips)) {
    expect(flight.keys).toEqual(['opacity', 'transform']);
    expect(flight.duration).toBeLessThanOrEqual(400);
    expect(flight.moves).toBe(true);
  }
  await shot(host.page, 'trefeltromp-eight-seats');

  // A phone: the others in a strip of compact seats above the pots, nothing overlapping.
  await host.page.setViewportSize(PHONE);
  await settled(host.page, 'flex');
  const phone = await ringBoxes(host.page);
  for (const [i, a] of phone.seats.entries()) {
    expect(a.y + a.height).toBeLessThanOrEqual(phone.pots.y + 1);
    expect(a.x + a.width).toBeLessThanOrEqual(PHONE.width + 1);
    for (const b of phone.seats.slice(i + 1)) expect(overlap(a, b)).toBe(false);
  }
  await shot(host.page, 'trefeltromp-eight-seats-phone');
});
