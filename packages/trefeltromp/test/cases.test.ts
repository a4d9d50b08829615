/** Every test case of the ruling text's §13, by name, input → expected. */
import { describe, expect, it } from 'vitest';
import { serverNonce } from '@trepenta/engine';
import {
  dealtInNext,
  legalActions,
  myOptions,
  splitCarry,
  trefeltromp,
  viewFor,
  winnerOf,
} from '../src/index';
import type { Card, GameState, Stint } from '../src/index';
import {
  checkAround,
  created,
  dealt,
  keepAll,
  lockAll,
  play,
  pots,
  refusal,
  stacks,
  step,
} from './scenario';
import { chipsBought, chipsHeld } from './hooks';

const winner = (cards: Card[]) => {
  const r = winnerOf(cards.map((c, i) => [i, c] as const));
  return r.winner === null ? 'tie' : cards[r.winner];
};

/** A three-seat hand at a reveal with one pot of `amount` {0,1,2} and nothing bet after. */
function atReveal(amount: number): GameState {
  let s = dealt({
    seats: 3,
    dealer: 2,
    cards: [
      ['trump:21', 'trump:20', 'trump:19'],
      ['cups:2', 'cups:3', 'cups:4'],
      ['wands:2', 'wands:3', 'wands:4'],
    ],
  });
  s = keepAll(checkAround(s));
  s = checkAround(s);
  const moved = amount - s.hand!.pots[0]!.amount;
  // The pot is set to the case's size; the chips come from seat 0's stack.
  return {
    ...s,
    seats: s.seats.map((x, i) => (i === 0 ? { ...x, stack: x.stack - moved } : x)),
    hand: { ...s.hand!, pots: [{ amount, eligible: [0, 1, 2] }] },
  };
}

describe('§13 test cases', () => {
  it('F2: XXI, Fo, A → XXI wins', () => {
    expect(winner(['trump:21', 'fool', 'wands:A'])).toBe('trump:21');
  });
  it('F2: Fo, A, K → Fool wins', () => {
    expect(winner(['fool', 'cups:A', 'coins:K'])).toBe('fool');
  });
  it('F2: Fo, T2 at banen → T2 wins; the Fool’s player is privileged in detuilerkalla (F16)', () => {
    let s = dealt({
      seats: 2,
      dealer: 1,
      cards: [
        ['fool', 'cups:2', 'cups:3'],
        ['trump:2', 'wands:2', 'wands:3'],
      ],
    });
    s = checkAround(keepAll(checkAround(s)));
    const r = lockAll(s, ['fool', 'trump:2']);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'share', winner: 1 }));
    expect(r.state.hand!.street).toBe(2);
    expect(viewFor(r.state, 1).seats[0]!.privileged).toBe(true);
  });
  it('F2: Ace of Wands, Ace of Cups, K → tie (suits never count)', () => {
    expect(winner(['wands:A', 'cups:A', 'coins:K'])).toBe('tie');
  });
  it('F2: P, Q, 10 / Q, 10, 9 / 9 of Swords, 9 of Coins, 8 → tie / Q wins / tie', () => {
    expect(winner(['wands:P', 'cups:Q', 'coins:10'])).toBe('tie');
    expect(winner(['cups:Q', 'coins:10', 'wands:9'])).toBe('cups:Q');
    expect(winner(['swords:9', 'coins:9', 'cups:8'])).toBe('tie');
  });

  it('F15: one pot of 100, no bets after, three unique winners → banen 33 (67 stay), detuiler 33 (34 stay), debekranse 34', () => {
    let s = atReveal(100);
    const paid: number[] = [];
    const take = (events: { type: string; amount?: number }[]) =>
      paid.push(...events.flatMap((e) => (e.type === 'share' ? [e.amount!] : [])));
    let r = lockAll(s, ['trump:21', 'cups:2', 'wands:2']);
    take(r.events);
    expect(pots(r.state)).toEqual(['67 {0,1,2}']);
    s = checkAround(r.state);
    r = lockAll(s, ['trump:20', 'cups:3', 'wands:3']);
    take(r.events);
    expect(pots(r.state)).toEqual(['34 {0,1,2}']);
    const stackBefore = r.state.seats[0]!.stack;
    s = r.state;
    while (s.phase === 'hand') {
      const turn = step(s, s.hand!.call.turn!, { type: 'check' });
      take(turn.events);
      s = turn.state;
    }
    expect(paid).toEqual([33, 33, 34]);
    expect(s.seats[0]!.stack).toBe(stackBefore + 34);
  });

  it('F15: pot 90; banen tie; no bets; detuiler unique winner → banen 0; detuiler 45', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
      cards: [
        ['wands:A', 'trump:5', 'cups:2'],
        ['cups:A', 'wands:2', 'cups:3'],
        ['coins:5', 'wands:3', 'coins:2'],
      ],
    });
    s = checkAround(keepAll(checkAround(s)));
    s = { ...s, hand: { ...s.hand!, pots: [{ amount: 90, eligible: [0, 1, 2] }] } };
    const banen = lockAll(s, ['wands:A', 'cups:A', 'coins:5']);
    expect(banen.events).toContainEqual(
      expect.objectContaining({ type: 'share', winner: null, amount: 0 }),
    );
    const detuiler = lockAll(checkAround(banen.state), ['trump:5', 'wands:2', 'wands:3']);
    expect(detuiler.events).toContainEqual(
      expect.objectContaining({ type: 'share', winner: 0, amount: 45 }),
    );
  });

  it('F12: A, B, C ante; A bets 20, B and C fold → A’s 20 returned; A takes 30 (+ any carry-over)', () => {
    const s = dealt({ seats: 3, dealer: 2 });
    let t = play(s, 0, { type: 'bet', to: 20 });
    t = play(t, 1, { type: 'fold' });
    const r = step(t, 2, { type: 'fold' });
    expect(r.events).toContainEqual({ type: 'returned', seat: 0, amount: 20 });
    expect(r.events).toContainEqual({ type: 'foldedToOne', seat: 0, amount: 30 });
    expect(stacks(r.state)).toEqual([1020, 990, 990]);
  });

  it('F10: no-limit A B C D: A bets 40, B raises to 120, C all-in 150, D calls → A may call 150, fold or re-raise to 230+; B may only call or fold', () => {
    let s = dealt({
      seats: 4,
      dealer: 3,
      stacks: [1000, 1000, 160, 1000],
      settings: { betting: 'no-limit' },
    });
    s = play(s, 0, { type: 'bet', to: 40 });
    s = play(s, 1, { type: 'raise', to: 120 });
    s = play(s, 2, { type: 'raise', to: 150 });
    s = play(s, 3, { type: 'call' });
    const a = myOptions(viewFor(s, 0))!;
    expect(a.call).toBe(110);
    expect(a.wager).toMatchObject({ kind: 'raise', min: 230 });
    expect(refusal(s, 0, { type: 'raise', to: 229 })).toBe('BAD_AMOUNT');
    s = play(s, 0, { type: 'call' });
    const b = myOptions(viewFor(s, 1))!;
    expect(b.wager).toBeNull();
    expect(refusal(s, 1, { type: 'raise', to: 300 })).toBe('CANNOT_RAISE');
  });

  it('F10: no-limit: A bets 100, B all-in 150, C all-in 210 → A may re-raise (H rose 110 ≥ R 100), to 310 or more', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
      stacks: [1000, 160, 220],
      settings: { betting: 'no-limit' },
    });
    s = play(s, 0, { type: 'bet', to: 100 });
    s = play(s, 1, { type: 'raise', to: 150 });
    s = play(s, 2, { type: 'raise', to: 210 });
    expect(myOptions(viewFor(s, 0))!.wager).toMatchObject({ kind: 'raise', min: 310 });
  });

  it('F9: pot-limit: pots 90, A bets 20 → B: raise to 150 allowed, to 151 refused', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
      settings: { betting: 'pot-limit' },
      carry: [{ amount: 60, tied: [0, 1] }],
    });
    expect(pots(s)).toEqual(['90 {0,1,2}']);
    s = play(s, 0, { type: 'bet', to: 20 });
    expect(refusal(s, 1, { type: 'raise', to: 151 })).toBe('BAD_AMOUNT');
    expect(refusal(s, 1, { type: 'raise', to: 150 })).toBe('ACCEPTED');
  });

  it('F9: pot-limit, heads-up: pot 14 after a banen share → a bet of 20 (the minimum) allowed, 21 refused', () => {
    const s = dealt({ seats: 2, dealer: 1, settings: { betting: 'pot-limit' } });
    const small: GameState = {
      ...s,
      hand: { ...s.hand!, pots: [{ amount: 14, eligible: [0, 1] }] },
    };
    expect(refusal(small, 0, { type: 'bet', to: 20 })).toBe('ACCEPTED');
    expect(refusal(small, 0, { type: 'bet', to: 21 })).toBe('BAD_AMOUNT');
  });

  it('F9: fixed-limit, 3 players in, first call → 20, 40, 60, 80, then no raise; with 2 players in, no cap', () => {
    let s = dealt({ seats: 3, dealer: 2 });
    s = play(s, 0, { type: 'bet', to: 20 });
    s = play(s, 1, { type: 'raise', to: 40 });
    s = play(s, 2, { type: 'raise', to: 60 });
    s = play(s, 0, { type: 'raise', to: 80 });
    expect(refusal(s, 1, { type: 'raise', to: 100 })).toBe('CANNOT_RAISE');
    expect(legalActions(viewFor(s, 1)).actions.map((a) => a.type)).toEqual(['call', 'fold']);
    let h = dealt({ seats: 2, dealer: 1 });
    for (const [seat, to] of [
      [0, 20],
      [1, 40],
      [0, 60],
      [1, 80],
      [0, 100],
      [1, 120],
    ] as const)
      h = play(h, seat, { type: to === 20 ? 'bet' : 'raise', to });
    expect(h.hand!.call.highest).toBe(120);
  });

  it('F9, F10: fixed-limit, 3 in: A bets 20, B all-in 30, C raises → C’s raise is to 50; B’s all-in does not count: 70 and 90 may follow; A may raise', () => {
    let s = dealt({ seats: 3, dealer: 2, stacks: [1000, 40, 1000] });
    s = play(s, 0, { type: 'bet', to: 20 });
    s = play(s, 1, { type: 'raise', to: 30 });
    expect(myOptions(viewFor(s, 2))!.wager).toEqual({ kind: 'raise', min: 50, max: 50 });
    s = play(s, 2, { type: 'raise', to: 50 });
    expect(myOptions(viewFor(s, 0))!.wager).toEqual({ kind: 'raise', min: 70, max: 70 });
    s = play(s, 0, { type: 'raise', to: 70 });
    s = play(s, 2, { type: 'raise', to: 90 });
    expect(myOptions(viewFor(s, 0))!.wager).toBeNull();
  });

  it('F11: example S after the first call → main 150 {A,B,C}, side 160 {B,C}', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
      stacks: [50, 500, 500],
      settings: { betting: 'no-limit' },
    });
    s = play(s, 0, { type: 'bet', to: 40 });
    s = play(s, 1, { type: 'raise', to: 120 });
    s = play(s, 2, { type: 'call' });
    expect(pots(s)).toEqual(['150 {0,1,2}', '160 {1,2}']);
  });

  it('F16: example F → X stays; side pot 80 {Y,Z}', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
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
    s = checkAround(keepAll(s));
    s = lockAll(s, ['fool', 'trump:3', 'coins:A']).state;
    s = play(s, 0, { type: 'check' });
    s = play(s, 1, { type: 'bet', to: 40 });
    s = play(s, 2, { type: 'call' });
    s = play(s, 0, { type: 'stay' });
    expect(pots(s)).toEqual(['60 {0,1,2}', '80 {1,2}']);
  });

  it('F16: heads-up: X privileged; Y bets 40, X stays → Y’s 40 returned; no new pot', () => {
    let s = dealt({
      seats: 2,
      dealer: 1,
      cards: [
        ['fool', 'cups:2', 'cups:3'],
        ['trump:2', 'wands:2', 'wands:3'],
      ],
    });
    s = checkAround(keepAll(checkAround(s)));
    s = lockAll(s, ['fool', 'trump:2']).state;
    const before = pots(s);
    s = play(s, 0, { type: 'check' });
    s = play(s, 1, { type: 'bet', to: 40 });
    const r = step(s, 0, { type: 'stay' });
    expect(r.events).toContainEqual({ type: 'returned', seat: 1, amount: 40 });
    expect(pots(r.state)).toEqual(before);
  });

  it('F11: W all-in earlier, X stayed; pot 80 {Y,Z}; next call X bets, Y and Z fold → pot 80 becomes {W,X} and merges with the main pot; X’s bet returned', () => {
    const s = dealt({ seats: 4, dealer: 3, stacks: [1000, 1000, 1000, 1000] });
    // W (0) all-in, X (1), Y (2), Z (3): main {W,X,Y,Z} 120 (W's all-in call), side 80 {Y,Z}.
    const hand = s.hand!;
    const state: GameState = {
      ...s,
      seats: s.seats.map((x, i) => (i === 0 ? { ...x, stack: 0 } : x)),
      stints: s.stints.map((t, i) => (i === 0 ? { ...t, bought: t.bought - 990 } : t)),
      hand: {
        ...hand,
        stage: 'call',
        street: 2,
        pots: [
          { amount: 120, eligible: [0, 1, 2, 3] },
          { amount: 80, eligible: [2, 3] },
        ],
        players: hand.players.map((p, i) => (i === 0 ? { ...p!, allIn: true } : p)),
        call: { ...hand.call, turn: 1, raiseSize: 40 },
      },
    };
    let t = play(state, 1, { type: 'bet', to: 40 });
    t = play(t, 2, { type: 'fold' });
    expect(pots(t)).toEqual(['120 {0,1,3}', '80 {3}']);
    const r = step(t, 3, { type: 'fold' });
    expect(r.events).toContainEqual({ type: 'returned', seat: 1, amount: 40 });
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'callEnded', pots: [{ amount: 200, eligible: [0, 1] }] }),
    );
    expect(r.state.hand!.stage).toBe('reveal');
  });

  it('F18: carry-over 147 tied by B and C; session ends; dealer was C → B 74, C 73 (also if B has left)', () => {
    const stints: Stint[] = [0, 1, 2].map((seat) => ({
      seat,
      occupant: 'human',
      bought: 0,
      cashedOut: null,
      shares: 0,
      hands: 1,
    }));
    expect(splitCarry([{ amount: 147, tied: [1, 2] }], stints, 2, 3)).toEqual([0, 74, 73]);
    let s: GameState = {
      ...created(3),
      handsDealt: 1,
      lastDealer: 2,
      carry: [{ amount: 147, tied: [1, 2] }],
    };
    s = { ...s, stints: s.stints.map((t, i) => (i === 1 ? { ...t, bought: t.bought + 147 } : t)) };
    s = play(s, 'system', { type: 'seat', seat: 1, occupant: null });
    const over = play(s, 'system', { type: 'close' });
    expect(over.stints.map((t) => t.shares).slice(0, 3)).toEqual([0, 74, 73]);
    expect(chipsHeld(over)).toBe(chipsBought(over));
  });

  it('F18: the split carry-over counts in the last hand on the session sheet: each row adds up to the result', () => {
    // One hand played: A won 20, B and C put 10 each into a pot of 20 they tied (the carry-over).
    const base = created(3);
    let s: GameState = {
      ...base,
      handsDealt: 1,
      lastDealer: 2,
      history: [[10, -10, -10]],
      carry: [{ amount: 10, tied: [1, 2] }],
      seats: base.seats.map((seat, i) => ({ ...seat, stack: seat.stack + [10, -10, -10][i]! })),
      stints: base.stints.map((t) => ({ ...t, hands: 1 })),
    };
    expect(chipsHeld(s)).toBe(chipsBought(s));
    s = play(s, 'system', { type: 'close' });
    const sheet = trefeltromp.sheet(viewFor(s, 0));
    expect(sheet.rows.map((r) => r.total)).toEqual([10, -5, -5]);
    expect(sheet.rows.map((r) => r.cells)).toEqual([[10], [-5], [-5]]);
    // While the session goes on, a hand's cells are its nets as dealt.
    const during = trefeltromp.sheet(viewFor({ ...s, phase: 'between' }, 0));
    expect(during.rows.map((r) => r.cells)).toEqual([[10], [-10], [-10]]);
  });

  it('F18: carry-over waiting; D asks to come back / a new player sits down → dealt in from the first hand without a carry-over', () => {
    let s: GameState = { ...created(4), handsDealt: 1, lastDealer: 0 };
    s = play(s, 3, { type: 'sitOut', out: true });
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: null });
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: 'human' });
    s = play(s, 3, { type: 'sitOut', out: false });
    const waiting: GameState = { ...s, carry: [{ amount: 20, tied: [0, 1] }] };
    expect(dealtInNext(waiting)).toEqual([0, 1]);
    expect(dealtInNext(s)).toEqual([0, 1, 2, 3]);
  });

  it('F20: a bot in seat 3; a late joiner → bot nonce = HMAC(s, "nonce" ‖ 0 ‖ 3); set 1 collected before the next hand, the joiner included; still one commitment c', () => {
    let s = play(created(4), 'system', { type: 'seat', seat: 3, occupant: 'bot' });
    expect(trefeltromp.sessions!.noncesWanted(s)).toBeNull();
    const secret = s.randomness.secrets[0]!;
    expect(serverNonce(secret, 0, 3)).toMatch(/^[0-9a-f]{64}$/);
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: null });
    s = play(s, 'system', { type: 'seat', seat: 2, occupant: 'human' });
    expect(trefeltromp.sessions!.noncesWanted(s)).toBe(1);
    expect(trefeltromp.timer(s)).toBeNull();
    expect(refusal(s, 'system', { type: 'nonces', epoch: 2, nonces: [], hashes: [] })).toBe(
      'WRONG_NONCES',
    );
    const nonces = [0, 1, 2, 3].map((seat) => serverNonce(secret, 1, seat));
    s = play(s, 'system', { type: 'nonces', epoch: 1, nonces, hashes: [null, null, null, null] });
    expect(s.nonces).toEqual(nonces);
    expect(trefeltromp.fairness.secretCount(s.settings, 4)).toBe(1);
  });

  it('all: after any action, stacks (cashed-out ones included) + chips bet in the current call + pots + carry-over = total bought in', () => {
    let s = dealt({
      seats: 3,
      dealer: 2,
      stacks: [50, 500, 500],
      settings: { betting: 'no-limit' },
    });
    const check = () => expect(chipsHeld(s)).toBe(chipsBought(s));
    check();
    s = play(s, 0, { type: 'bet', to: 40 });
    check();
    s = play(s, 1, { type: 'raise', to: 120 });
    check();
    s = play(s, 2, { type: 'fold' });
    check();
  });
});
