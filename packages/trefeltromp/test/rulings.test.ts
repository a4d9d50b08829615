/**
 * One test per ruling (F1–F22), and the text's worked hands (examples S and F). The test cases of
 * §13 are in cases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, serverNonce } from '@trepenta/engine';
import {
  CANONICAL_DECK,
  chooseBot,
  dealOrder,
  legalActions,
  standInMoves,
  startingStack,
  strength,
  timerOf,
  trefeltromp,
  viewFor,
} from '../src/index';
import type { GameState } from '../src/index';
import {
  checkAround,
  created,
  dealt,
  keepAll,
  lockAll,
  nextHand,
  play,
  pots,
  refusal,
  stacks,
  step,
} from './scenario';
import { chipsBought, chipsHeld } from './hooks';

/** Example S (side pots, no-limit): A, B, C clockwise, dealer C; stacks 50, 500, 500. */
function exampleS() {
  let s = dealt({
    seats: 3,
    dealer: 2,
    stacks: [50, 500, 500],
    settings: { betting: 'no-limit' },
    cards: [
      ['trump:20', 'wands:K', 'cups:5'],
      ['trump:9', 'cups:7', 'swords:P'],
      ['coins:A', 'trump:21', 'wands:N'],
    ],
  });
  const afterAntes = pots(s);
  s = play(s, 0, { type: 'bet', to: 40 });
  s = play(s, 1, { type: 'raise', to: 120 });
  s = play(s, 2, { type: 'call' });
  const afterFirst = pots(s);
  s = keepAll(s);
  s = play(s, 1, { type: 'bet', to: 50 });
  s = play(s, 2, { type: 'call' });
  const beforeBanen = pots(s);
  const banen = lockAll(s, ['trump:20', 'trump:9', 'coins:A']);
  s = banen.state;
  const afterBanen = pots(s);
  s = play(s, 1, { type: 'check' });
  s = play(s, 2, { type: 'bet', to: 60 });
  s = play(s, 1, { type: 'call' });
  const detuiler = lockAll(s, ['wands:K', 'cups:7', 'trump:21']);
  s = detuiler.state;
  const afterDetuiler = pots(s);
  const last = step(s, 1, { type: 'check' });
  const end = step(last.state, 2, { type: 'check' });
  return { afterAntes, afterFirst, beforeBanen, banen, afterBanen, detuiler, afterDetuiler, end };
}

/** Example F (the Fool's privilege, fixed-limit 20/40): X, Y, Z clockwise, dealer Z. */
function exampleF() {
  let s = dealt({
    seats: 3,
    dealer: 2,
    stacks: [1000, 1000, 1000],
    cards: [
      ['fool', 'trump:21', 'wands:4'],
      ['trump:3', 'cups:10', 'trump:15'],
      ['coins:A', 'swords:K', 'cups:2'],
    ],
  });
  s = play(s, 0, { type: 'check' });
  s = play(s, 1, { type: 'bet', to: 20 });
  s = play(s, 2, { type: 'call' });
  s = play(s, 0, { type: 'call' });
  s = keepAll(s);
  s = checkAround(s);
  const banen = lockAll(s, ['fool', 'trump:3', 'coins:A']);
  s = banen.state;
  const privileged = s.hand!.players.map((p) => p!.privileged);
  s = play(s, 0, { type: 'check' });
  s = play(s, 1, { type: 'bet', to: 40 });
  s = play(s, 2, { type: 'call' });
  const stayed = step(s, 0, { type: 'stay' });
  s = stayed.state;
  const afterThird = pots(s);
  const detuiler = lockAll(s, ['trump:21', 'cups:10', 'swords:K']);
  s = checkAround(detuiler.state);
  return { banen, privileged, stayed, afterThird, detuiler, final: s };
}

describe('Trefeltromp rulings', () => {
  it('F1: one deck of 78 cards: 22 trumps with the Fool, four suits of 14, no duplicates', () => {
    expect(CANONICAL_DECK).toHaveLength(78);
    expect(new Set(CANONICAL_DECK).size).toBe(78);
    expect(CANONICAL_DECK.filter((c) => c.startsWith('trump:'))).toHaveLength(21);
    for (const suit of ['wands', 'cups', 'swords', 'coins'])
      expect(CANONICAL_DECK.filter((c) => c.startsWith(`${suit}:`))).toHaveLength(14);
  });

  it('F2: strength pip n, court 11, Ace 12, Fool 13, trump 13 + n; suits never matter', () => {
    expect(strength('cups:7')).toBe(7);
    for (const court of ['P', 'N', 'Q', 'K']) expect(strength(`coins:${court}`)).toBe(11);
    expect(strength('swords:A')).toBe(12);
    expect(strength('fool')).toBe(13);
    expect(strength('trump:1')).toBe(14);
    expect(strength('trump:21')).toBe(34);
    expect(strength('wands:9')).toBe(strength('coins:9'));
  });

  it('F3: whole chips; defaults ante 10 and a stack of 100 antes; shares round down, nothing lost', () => {
    expect(trefeltromp.defaultSettings.ante).toBe(10);
    expect(startingStack(trefeltromp.defaultSettings)).toBe(1000);
    const { end } = exampleS();
    expect(chipsHeld(end.state)).toBe(chipsBought(end.state));
  });

  it('F4: 2–8 seats; the deal goes counter-clockwise from the dealer’s right, betting clockwise from the left, the deal passes right', () => {
    expect(trefeltromp.seats).toEqual({ min: 2, max: 8 });
    expect(dealOrder(2, [0, 1, 2, 3], 4)).toEqual([1, 0, 3, 2]);
    const s = dealt({ seats: 4, dealer: 2 });
    expect(s.hand!.dealer).toBe(2);
    expect(s.hand!.call.turn).toBe(3);
    // Everyone folds to the last: the next dealer is the seat on the right.
    let t = s;
    while (t.phase === 'hand') t = play(t, t.hand!.call.turn!, { type: 'fold' });
    expect(nextHand(t).state.hand!.dealer).toBe(1);
  });

  it('F5: a hand runs first call, draw, orb call, banen, sceptre call, detuiler, crown call, debekranse', () => {
    let s = dealt({ seats: 2, dealer: 1 });
    const seen: string[] = [];
    const note = () => seen.push(s.hand ? `${s.hand.stage}${s.hand.street}` : s.phase);
    note();
    s = checkAround(s);
    note();
    s = keepAll(s);
    note();
    s = checkAround(s);
    note();
    for (let reveal = 0; reveal < 2; reveal++) {
      s = lockAll(
        s,
        s.hand!.players.map((p) => p!.cards[0]!),
      ).state;
      note();
      s = checkAround(s);
      note();
    }
    expect(seen).toEqual([
      'call0',
      'draw0',
      'call1',
      'reveal1',
      'call2',
      'reveal2',
      'call3',
      'between',
    ]);
  });

  it('F6: every player antes; a short stack antes all it has; the carry-over joins the main pot', () => {
    const s = dealt({
      seats: 3,
      dealer: 2,
      stacks: [6, 100, 100],
      carry: [{ amount: 50, tied: [1, 2] }],
    });
    expect(stacks(s)).toEqual([0, 90, 90]);
    expect(pots(s)).toEqual(['68 {0,1,2}', '8 {1,2}']);
    expect(s.carry).toEqual([]);
  });

  it('F7: three cards each, shuffled positions k, n + k, 2n + k to the k-th player from the dealer’s right', () => {
    const s = dealt({ seats: 3, dealer: 0 });
    const deck = s.hand!.deck;
    // Counter-clockwise from dealer 0: seat 2, then 1, then 0.
    expect(s.hand!.players[2]!.cards).toEqual([deck[0], deck[3], deck[6]]);
    expect(s.hand!.players[1]!.cards).toEqual([deck[1], deck[4], deck[7]]);
    expect(s.hand!.players[0]!.cards).toEqual([deck[2], deck[5], deck[8]]);
  });

  it('F8: the first able seat left of the dealer acts; fold is allowed when a check is free; out of turn is refused; a call with fewer than two able is skipped', () => {
    const s = dealt({
      seats: 3,
      dealer: 1,
      stacks: [100, 100, 100],
      settings: { betting: 'no-limit' },
    });
    expect(s.hand!.call.turn).toBe(2);
    expect(refusal(s, 0, { type: 'check' })).toBe('NOT_YOUR_TURN');
    expect(refusal(s, 2, { type: 'nope' } as never)).toBe('WRONG_PHASE');
    expect(refusal(s, 'system', { type: 'nope' } as never)).toBe('WRONG_PHASE');
    expect(legalActions(viewFor(s, 2)).actions).toContainEqual({ type: 'fold' });
    // Two all-in: only one can act, the call is skipped.
    let t = play(s, 2, { type: 'bet', to: 90 });
    t = play(t, 0, { type: 'call' });
    t = play(t, 1, { type: 'fold' });
    t = keepAll(t);
    expect(t.hand!.stage).toBe('reveal');
  });

  it('F9: fixed-limit bets are fixed: 2 antes in the first two calls, 4 in the last two', () => {
    const s = dealt({ seats: 2, dealer: 1 });
    expect(refusal(s, 0, { type: 'bet', to: 30 })).toBe('BAD_AMOUNT');
    expect(refusal(s, 0, { type: 'bet', to: 20 })).toBe('ACCEPTED');
    const { detuiler } = exampleF();
    expect(detuiler.state.hand!.call.raiseSize).toBe(40);
  });

  it('F10: an uncalled bet goes back to its owner at the end of the call', () => {
    const s = dealt({
      seats: 3,
      dealer: 2,
      stacks: [300, 100, 100],
      settings: { betting: 'no-limit' },
    });
    let t = play(s, 0, { type: 'bet', to: 200 });
    t = play(t, 1, { type: 'call' });
    const ended = step(t, 2, { type: 'fold' });
    expect(ended.events).toContainEqual({ type: 'returned', seat: 0, amount: 110 });
    expect(stacks(ended.state)).toEqual([200, 0, 90]);
  });

  it('F11: side pots are built per call (example S after the first call)', () => {
    const { afterAntes, afterFirst, beforeBanen } = exampleS();
    expect(afterAntes).toEqual(['30 {0,1,2}']);
    expect(afterFirst).toEqual(['150 {0,1,2}', '160 {1,2}']);
    expect(beforeBanen).toEqual(['150 {0,1,2}', '260 {1,2}']);
  });

  it('F12: when all but one fold, the last takes every pot and nobody’s cards are shown', () => {
    const s = dealt({ seats: 3, dealer: 2, carry: [{ amount: 15, tied: [0, 1] }] });
    let t = play(s, 0, { type: 'bet', to: 20 });
    t = play(t, 1, { type: 'fold' });
    const r = step(t, 2, { type: 'fold' });
    expect(r.events.some((e) => e.type === 'flipped' || e.type === 'shown')).toBe(false);
    expect(r.state.seats[0]!.stack).toBe(990 + 45);
    expect(viewFor(r.state, 0).seats[1]!.revealed).toEqual([]);
  });

  it('F13: the draw is simultaneous; others see "chosen" and who exchanged, only the owner which card', () => {
    let s = dealt({ seats: 2, dealer: 1 });
    s = checkAround(s);
    const card = s.hand!.players[0]!.cards[1]!;
    s = play(s, 0, { type: 'draw', card });
    const other = viewFor(s, 1);
    expect(other.seats[0]!.drawChosen).toBe(true);
    expect(JSON.stringify(other)).not.toContain(card);
    const r = step(s, 1, { type: 'draw', card: null });
    const replacement = s.hand!.deck[6]!;
    expect(r.state.hand!.players[0]!.cards).toContain(replacement);
    expect(
      trefeltromp.eventFor(
        r.events.find((e) => e.type === 'drawn')!,
        1,
      ),
    ).toEqual({
      type: 'drawn',
      exchanged: [0],
      mine: null,
    });
    expect(
      trefeltromp.eventFor(
        r.events.find((e) => e.type === 'drawn')!,
        0,
      ),
    ).toEqual({
      type: 'drawn',
      exchanged: [0],
      mine: { gave: card, got: replacement },
    });
  });

  it('F14: a locked card is final and shows only "locked"; all flip together and stay face up', () => {
    let s = dealt({
      seats: 2,
      dealer: 1,
      cards: [
        ['trump:5', 'cups:2', 'cups:3'],
        ['trump:6', 'wands:2', 'wands:3'],
      ],
    });
    s = keepAll(checkAround(s));
    s = checkAround(s);
    s = play(s, 0, { type: 'lock', card: 'trump:5' });
    expect(refusal(s, 0, { type: 'lock', card: 'cups:2' })).toBe('ALREADY_CHOSEN');
    const seen = viewFor(s, 1);
    expect(seen.seats[0]!.locked).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('trump:5');
    const r = step(s, 1, { type: 'lock', card: 'trump:6' });
    expect(r.events.filter((e) => e.type === 'flipped')).toEqual([
      { type: 'flipped', reveal: 0, cards: ['trump:5', 'trump:6'] },
    ]);
    expect(viewFor(r.state, 'spectator').seats.map((x) => x.revealed)).toEqual([
      ['trump:5'],
      ['trump:6'],
    ]);
  });

  it('F15: each pot pays its own winner: a third, a half, the rest (example S)', () => {
    const { banen, afterBanen, detuiler, afterDetuiler, end } = exampleS();
    const shares = (events: typeof banen.events) =>
      events.flatMap((e) => (e.type === 'share' ? [[e.winner, e.amount]] : []));
    expect(shares(banen.events)).toEqual([
      [0, 50],
      [1, 86],
    ]);
    expect(afterBanen).toEqual(['100 {0,1,2}', '174 {1,2}']);
    expect(shares(detuiler.events)).toEqual([
      [2, 50],
      [2, 147],
    ]);
    expect(afterDetuiler).toEqual(['50 {0,1,2}', '147 {1,2}']);
    expect(shares(end.events)).toEqual([
      [null, 0],
      [null, 0],
    ]);
    expect(stacks(end.state)).toEqual([50, 346, 457]);
    expect(end.state.carry).toEqual([
      { amount: 50, tied: [1, 2] },
      { amount: 147, tied: [1, 2] },
    ]);
  });

  it('F16: the Fool revealed beside a numbered trump earns the privilege to stay for the next call (example F)', () => {
    const { privileged, stayed, afterThird, detuiler, final } = exampleF();
    expect(privileged).toEqual([true, false, false]);
    expect(stayed.events[0]).toMatchObject({ type: 'acted', seat: 0, move: 'stay', put: 0 });
    expect(afterThird).toEqual(['60 {0,1,2}', '80 {1,2}']);
    expect(detuiler.state.hand!.players[0]!.privileged).toBe(false);
    const nets = final.history.at(-1);
    expect(nets).toEqual([0, 30, -30]);
  });

  it('F17: ties carry over to the next hand with who tied; the deal passes right; Ready skips the countdown', () => {
    const { end } = exampleS();
    const s = end.state;
    expect(s.carry.reduce((a, c) => a + c.amount, 0)).toBe(197);
    expect(timerOf(s)).toEqual({ key: `next/${s.handsDealt}`, seconds: 10 });
    let t = play(s, 0, { type: 'ready' });
    t = play(t, 1, { type: 'ready' });
    expect(t.phase).toBe('between');
    const r = step(t, 2, { type: 'ready' });
    expect(r.state.phase).toBe('hand');
    expect(r.state.hand!.dealer).toBe(1);
    expect(r.state.hand!.pots[0]!.amount).toBe(197 + 30);
  });

  it('F18: join, rebuy, sit out, leave with a cash-out; results sum to zero at the end', () => {
    let s = created(3, { startingAntes: 20 });
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: null });
    expect(s.stints[2]!.cashedOut).toBe(200);
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: 'human' });
    expect(trefeltromp.sessions!.noncesWanted(s)).toBe(1);
    s = play(s, 'system', {
      type: 'nonces',
      epoch: 1,
      nonces: [0, 1, 2].map((seat) => serverNonce(s.randomness.secrets[0]!, 1, seat)),
      hashes: [null, null, null],
    });
    s = play(s, 1, { type: 'sitOut', out: true });
    s = nextHand(s).state;
    expect(s.hand!.players[1]).toBeNull();
    while (s.phase === 'hand') s = play(s, s.hand!.call.turn!, { type: 'fold' });
    expect(refusal(s, 0, { type: 'rebuy' })).toBe('REBUY_NOT_NEEDED');
    const broke: GameState = {
      ...s,
      seats: s.seats.map((x, i) => (i === 0 ? { ...x, stack: 3 } : x)),
    };
    const rebought = play(
      {
        ...broke,
        stints: broke.stints.map((t) =>
          t === broke.stints[broke.seats[0]!.stint!]
            ? { ...t, bought: t.bought - (s.seats[0]!.stack - 3) }
            : t,
        ),
      },
      0,
      { type: 'rebuy' },
    );
    expect(rebought.seats[0]!.stack).toBe(200);
    const closed = play(s, 'system', { type: 'close' });
    expect(closed.phase).toBe('over');
    const view = viewFor(closed, 'spectator');
    expect(view.stints.reduce((a, t) => a + t.result, 0)).toBe(0);
  });

  it('F19: a folded hand stays hidden from everyone else until the session ends; a voluntary show is public', () => {
    let s = dealt({ seats: 3, dealer: 2 });
    const folded = s.hand!.players[0]!.cards;
    s = play(s, 0, { type: 'fold' });
    s = play(s, 1, { type: 'fold' });
    for (const viewer of [1, 2, 'spectator'] as const)
      for (const card of folded) expect(JSON.stringify(viewFor(s, viewer))).not.toContain(card);
    expect(viewFor(s, 0).mine!.cards).toEqual(folded);
    const shown = step(s, 0, { type: 'show' });
    expect(viewFor(shown.state, 'spectator').seats[0]!.shown).toEqual(folded);
    expect(refusal(shown.state, 0, { type: 'show' })).toBe('NOTHING_TO_SHOW');
    const over = play(s, 'system', { type: 'close' });
    expect(viewFor(over, 1).secrets).toEqual(over.randomness.secrets);
  });

  it('F20: one secret; hand h’s deal from HMAC(s, "hand" ‖ h ‖ nonces), Fisher–Yates over the canonical order', () => {
    expect(trefeltromp.fairness.secretCount(trefeltromp.defaultSettings, 4)).toBe(1);
    const s = nextHand(created(2)).state;
    const secret = s.randomness.secrets[0]!;
    const key = hmac
      .create(sha256, hexToBytes(secret))
      .update(new TextEncoder().encode('hand'))
      .update(Uint8Array.of(0, 0, 0, 1))
      .update(hexToBytes(s.nonces[0]!))
      .update(hexToBytes(s.nonces[1]!))
      .digest();
    // The first deal word: HMAC(k, "deal" ‖ 0) read as uint32, j = w mod 78 (no rejection at 78).
    const block = hmac(
      sha256,
      key,
      new Uint8Array([...new TextEncoder().encode('deal'), 0, 0, 0, 0]),
    );
    const word = new DataView(block.buffer).getUint32(0);
    const j = word % 78;
    const expectedLast = CANONICAL_DECK[j];
    expect(s.hand!.deck[77]).toBe(expectedLast);
    expect(bytesToHex(key)).toHaveLength(64);
  });

  it('F21: a timed-out decision checks if free, stays when privileged, else folds; the draw keeps; a reveal locks as F22', () => {
    const s = dealt({ seats: 2, dealer: 1 });
    expect(standInMoves(s)).toEqual([{ type: 'check' }]);
    const bet = play(s, 0, { type: 'bet', to: 20 });
    expect(standInMoves(bet)).toEqual([{ type: 'fold' }]);
    const draw = keepAll(checkAround(s));
    void draw;
    const atDraw = checkAround(s);
    expect(standInMoves(atDraw)).toEqual([
      { type: 'draw', card: null },
      { type: 'draw', card: null },
    ]);
    const { banen } = exampleF();
    let t = play(banen.state, 0, { type: 'check' });
    t = play(t, 1, { type: 'bet', to: 40 });
    t = play(t, 2, { type: 'call' });
    expect(standInMoves(t)).toEqual([{ type: 'stay' }]);
    expect(trefeltromp.chooseStandIn!(viewFor(t, 0), 1)).toEqual({ type: 'stay' });
    const timeout = step(t, 'system', {
      type: 'timeout',
      key: timerOf(t)!.key,
      standIn: [{ type: 'stay' }],
    });
    expect(timeout.events[0]).toMatchObject({ move: 'stay', byTimeout: true });
  });

  it('F22: the greedy bot bets a sure winner, stays when privileged, locks its strongest non-sure card', () => {
    let s = dealt({
      seats: 2,
      dealer: 1,
      cards: [
        ['trump:21', 'cups:2', 'trump:4'],
        ['wands:3', 'cups:4', 'swords:5'],
      ],
    });
    expect(chooseBot(viewFor(s, 0), 'greedy', 1)).toEqual({ type: 'bet', to: 20 });
    s = checkAround(s);
    expect(chooseBot(viewFor(s, 0), 'greedy', 1)).toEqual({ type: 'draw', card: 'cups:2' });
    expect(chooseBot(viewFor(s, 1), 'greedy', 1)).toEqual({ type: 'draw', card: 'wands:3' });
    s = keepAll(s);
    s = checkAround(s);
    expect(chooseBot(viewFor(s, 0), 'greedy', 1)).toEqual({ type: 'lock', card: 'trump:4' });
  });
});
