/** One test per ruling of docs/rules/tressette.md, named after it. */
import { describe, expect, it } from 'vitest';
import { commitmentOf, drive, nonceHash, replay, serverNonce, verifyGame } from '@trepenta/engine';
import {
  CARDS,
  DEFAULT_SETTINGS,
  ERRORS,
  STRENGTH,
  actionSchema,
  applyAction,
  canonicalDeck,
  changeSettings,
  combinations,
  dealFrom,
  greedyCard,
  keyOfHand,
  legalActions,
  pointsOf,
  scoreHand,
  settingsSchema,
  shuffledDeck,
  sortCards,
  strength,
  thirds,
  tressette,
  trickWinner,
  viewFor,
  winningParties,
} from '../src/index';
import type { TressetteAction, TressetteState } from '../src/index';
import { c, cards, fresh, scenario } from './helpers';
import { invariants, maxActions } from './hooks';

function act(state: TressetteState, seat: number | 'system', action: TressetteAction) {
  const result = applyAction(state, seat, action);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Plays a whole hand with greedy bots, returning every step's state. */
function playHand(start: TressetteState): TressetteState[] {
  const states = [start];
  let state = start;
  while (state.phase === 'play') {
    const seat = state.turn!;
    state = act(state, seat, { type: 'play', card: greedyCard(viewFor(state, seat)) }).state;
    states.push(state);
  }
  return states;
}

describe('Tressette rulings', () => {
  it('T1: the 40-card Italian deck; with 3 seats the 4 of Clubs is left out', () => {
    expect(CARDS).toHaveLength(40);
    expect(new Set(CARDS).size).toBe(40);
    expect(canonicalDeck(4)).toHaveLength(40);
    expect(canonicalDeck(3)).toHaveLength(39);
    expect(canonicalDeck(3)).not.toContain('clubs-4');
    const state = fresh(3);
    expect(state.hands.flat()).not.toContain('clubs-4');
  });

  it('T2: trick rank 3 2 A K Kn J 7 6 5 4 in every suit, no trumps', () => {
    expect(STRENGTH).toEqual(['3', '2', 'A', 'K', 'Kn', 'J', '7', '6', '5', '4']);
    for (const suit of ['D', 'C', 'S', 'B']) {
      const order = cards(
        `3${suit} 2${suit} A${suit} K${suit} Kn${suit} J${suit} 7${suit} 6${suit} 5${suit} 4${suit}`,
      );
      for (let i = 1; i < order.length; i++)
        expect(strength(order[i - 1]!)).toBeGreaterThan(strength(order[i]!));
    }
  });

  it('T3: an Ace 3 thirds; 3, 2, King, Knight, Jack 1; the rest nothing; 35 thirds a hand', () => {
    expect(cards('AD 3C 2S KB KnD JC 7S 6B 5D 4C').map(thirds)).toEqual([
      3, 1, 1, 1, 1, 1, 0, 0, 0, 0,
    ]);
    expect(CARDS.reduce((sum, card) => sum + thirds(card), 0) + 3).toBe(35);
    expect(canonicalDeck(3).reduce((sum, card) => sum + thirds(card), 0) + 3).toBe(35);
  });

  it('T4: fractions are dropped: 5⅔ scores 5', () => {
    expect(pointsOf(17)).toBe(5);
    expect(pointsOf(16)).toBe(5);
    expect(pointsOf(18)).toBe(6);
  });

  it('T5: with 4 seats 0 and 2 play against 1 and 3 and pool their tricks; otherwise each for themselves', () => {
    expect(tressette.teams!(4)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(tressette.teams!(2)).toBeNull();
    expect(tressette.teams!(3)).toBeNull();
    const view = viewFor(fresh(4), 0);
    expect(view.seats.map((s) => s.party)).toEqual([0, 1, 0, 1]);
    expect(view.parties.map((p) => p.seats)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    // Pooled: a trick won by seat 2 counts for seat 0's party.
    const score = scoreHand(1, 0, 4, [{ plays: [{ seat: 0, card: c('AD') }], winner: 2 }], []);
    expect(score.parties[0]!.cardThirds).toBe(3);
    expect(score.parties[1]!.cardThirds).toBe(0);
  });

  it('T6: play goes counter-clockwise: after seat s comes seat s − 1', () => {
    const state = fresh(4);
    const order: number[] = [];
    let s = state;
    for (let i = 0; i < 4; i++) {
      order.push(s.turn!);
      s = act(s, s.turn!, { type: 'play', card: greedyCard(viewFor(s, s.turn!)) }).state;
    }
    const leader = order[0]!;
    expect(order).toEqual([0, 1, 2, 3].map((k) => (leader - k + 4) % 4));
  });

  it('T7: the first dealer is drawn from hand 1’s key; the deal passes to the right', () => {
    const dealers = new Set<number>();
    for (let seed = 0; seed < 40; seed++) dealers.add(fresh(4, {}, seed).dealer);
    expect(dealers).toEqual(new Set([0, 1, 2, 3]));
    const states = playHand(fresh(4, { target: 41 }));
    const ended = states[states.length - 1]!;
    const dealer = ended.dealer;
    let next = ended;
    for (let seat = 0; seat < 4; seat++) next = act(next, seat, { type: 'ready' }).state;
    expect(next.dealer).toBe((dealer + 3) % 4);
    expect(next.hand).toBe(2);
  });

  it('T8: packets of consecutive cards from the dealer’s right, counter-clockwise, dealer last', () => {
    const deck = canonicalDeck(4);
    const { hands, stock } = dealFrom(deck, 4, 0);
    expect(hands[3]).toEqual([...deck.slice(0, 5), ...deck.slice(20, 25)]);
    expect(hands[2]).toEqual([...deck.slice(5, 10), ...deck.slice(25, 30)]);
    expect(hands[1]).toEqual([...deck.slice(10, 15), ...deck.slice(30, 35)]);
    expect(hands[0]).toEqual([...deck.slice(15, 20), ...deck.slice(35, 40)]);
    expect(stock).toEqual([]);
  });

  it('T9: the dealer’s right leads the first trick; each trick’s winner leads the next', () => {
    const state = fresh(4);
    expect(state.turn).toBe((state.dealer + 3) % 4);
    const states = playHand(state);
    for (const s of states) {
      if (s.phase === 'play' && s.trick.length === 0 && s.tricks.length > 0)
        expect(s.turn).toBe(s.tricks[s.tricks.length - 1]!.winner);
    }
  });

  it('T10: the others must follow the led suit if they can; a refusal says why from the actor’s view', () => {
    const state = scenario(4, {
      hands: [cards('4S 3B'), cards('5D'), cards('6D'), cards('7D')],
      turn: 0,
      trick: [{ seat: 1, card: c('KS') }],
    });
    const refused = applyAction(state, 0, { type: 'play', card: c('3B') });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('MUST_FOLLOW');
      expect(refused.error.message).toBe('You must follow Swords: you hold some.');
    }
    expect(applyAction(state, 0, { type: 'play', card: c('4S') }).ok).toBe(true);
  });

  it('T11: the highest card of the led suit wins; another suit never wins', () => {
    expect(
      trickWinner([
        { seat: 0, card: c('4D') },
        { seat: 3, card: c('3S') },
        { seat: 2, card: c('5D') },
        { seat: 1, card: c('2B') },
      ]),
    ).toBe(2);
  });

  it('T12: with 2 seats each drawn card is shown to both; the stock is gone after trick 10; 20 tricks', () => {
    const states = playHand(fresh(2, { target: 41 }));
    const last = states[states.length - 1]!;
    expect(last.history[0]).toBeDefined();
    const afterTen = states.find((s) => s.tricks.length === 10 && s.trick.length === 0)!;
    expect(afterTen.stock).toEqual([]);
    const beforeTen = states.find((s) => s.tricks.length === 9 && s.trick.length === 0)!;
    expect(beforeTen.stock).toHaveLength(2);
    expect(states.filter((s) => s.trick.length === 0 && s.phase === 'play').length).toBe(20);
  });

  it('T13: with 3 seats each plays for themselves, 13 cards each, 13 tricks', () => {
    const state = fresh(3, { target: 41 });
    expect(state.hands.map((h) => h.length)).toEqual([13, 13, 13]);
    expect(state.totals).toHaveLength(3);
    const states = playHand(state);
    const end = states[states.length - 1]!;
    expect(end.history[0]!.parties).toHaveLength(3);
    const tricks = states[states.length - 2]!.tricks.length + 1;
    expect(tricks).toBe(13);
  });

  it('T14: with Declarations on, the combinations dealt are announced after the first card and scored', () => {
    const state = scenario(4, {
      hands: [
        cards('4S 5S'),
        cards('AD AS AB 3S 2S 7C 6C 5C 4C KC'),
        cards('6S 7S'),
        cards('JS KnS'),
      ],
      dealer: 2,
      turn: 1,
      settings: { declarations: true },
    });
    const dealt = { ...state, announced: false, declarations: combinations(1, state.hands[1]!) };
    const step = act(dealt, 1, { type: 'play', card: c('AS') });
    const declared = step.events.find((e) => e.type === 'declared');
    expect(declared).toBeDefined();
    if (declared?.type === 'declared')
      expect(declared.declarations.map((d) => [d.kind, d.rank, d.suit, d.points])).toEqual([
        ['three', 'A', 'cups', 3],
        ['napoletana', null, 'swords', 3],
      ]);
    // Known cards: the union, each once, less the card already played.
    expect(step.state.known[1]).toEqual(cards('AD 3S 2S AB'));
    for (const viewer of [0, 2, 3, 'spectator'] as const)
      expect(viewFor(step.state, viewer).seats[1]!.known).toEqual(cards('AD 3S 2S AB'));
  });

  it('T15: signals are not offered in this version: no option and no action carries one', () => {
    expect(settingsSchema.safeParse({ ...DEFAULT_SETTINGS, signals: true }).success).toBe(false);
    expect(
      actionSchema.safeParse({ type: 'play', card: 'swords-3', signal: 'busso' }).success,
    ).toBe(false);
    expect(tressette.options.map((o) => o.key)).not.toContain('signals');
  });

  it('T16: a hand scores floor(thirds ÷ 3) plus declarations', () => {
    const plays = (winner: number, shorts: string) => ({
      plays: cards(shorts).map((card, i) => ({ seat: i, card })),
      winner,
    });
    const score = scoreHand(
      1,
      0,
      2,
      [plays(0, 'AD AS'), plays(1, '3B 2D'), plays(0, 'KS 4D')],
      [
        {
          seat: 1,
          kind: 'napoletana',
          rank: null,
          suit: 'swords',
          points: 3,
          cards: cards('AS 2S 3S'),
        },
      ],
    );
    // A♦ A♠ K♠ = 7 thirds, and the last trick 3: 10 thirds, 3⅓ → 3.
    expect(score.parties[0]!.cardThirds).toBe(7);
    expect(score.parties[0]!.lastTrick).toBe(true);
    expect(score.parties[0]!.thirds).toBe(10);
    expect(score.parties[0]!.score).toBe(3);
    expect(score.parties[1]!.thirds).toBe(2);
    expect(score.parties[1]!.score).toBe(0 + 3);
  });

  it('T17: the win is checked after each hand only; ties go to the last trick of that hand', () => {
    expect(winningParties([20, 18], 21, 0, [18, 17])).toBeNull();
    expect(winningParties([24, 24], 21, 1, [17, 18])).toEqual([1]);
    expect(winningParties([22, 22, 15], 21, 2, [13, 12, 10])).toEqual([0]);
    expect(winningParties([22, 22, 15], 21, 2, [12, 12, 11])).toEqual([0, 1]);
  });

  it('T18: no calling out: every hand is played out and scored before a win', () => {
    expect(actionSchema.safeParse({ type: 'callOut' }).success).toBe(false);
    const game = drive(tressette, { ...DEFAULT_SETTINGS, target: 11 }, 4, {
      levels: ['greedy'],
      seed: 5,
      timeoutChance: 0,
      maxActions: maxActions({ target: 11 }, 4),
      closeAfter: 1000,
      seatChangeChance: 0,
    });
    const final = game.final as TressetteState;
    expect(final.tricks).toHaveLength(10);
    expect(final.hands.every((h) => h.length === 0)).toBe(true);
    expect(final.history.length).toBeGreaterThan(0);
  });

  it('T19: target 11/21/31/41 (21 by default); Declarations on pre-select 31; a timer of 10–120 s', () => {
    expect(DEFAULT_SETTINGS).toEqual({ target: 21, declarations: false, turnTimerSeconds: null });
    expect(settingsSchema.safeParse({ target: 25 }).success).toBe(false);
    expect(settingsSchema.safeParse({ turnTimerSeconds: 5 }).success).toBe(false);
    const on = changeSettings(DEFAULT_SETTINGS, { declarations: true });
    expect(on.ok && on.value.target).toBe(31);
    const named = changeSettings(DEFAULT_SETTINGS, { declarations: true, target: 11 });
    expect(named.ok && named.value.target).toBe(11);
    const later = on.ok ? changeSettings(on.value, { target: 41 }) : on;
    expect(later.ok && later.value).toEqual({
      target: 41,
      declarations: true,
      turnTimerSeconds: null,
    });
  });

  it('T20: a view holds the viewer’s own hand, the others’ counts and their known cards only', () => {
    const state = fresh(4);
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const view = viewFor(state, viewer);
      const text = JSON.stringify(view);
      state.hands.forEach((hand, seat) => {
        for (const card of hand) expect(text.includes(`"${card}"`)).toBe(seat === viewer);
      });
      expect(view.seats.map((s) => s.cards)).toEqual([10, 10, 10, 10]);
    }
  });

  it('T21: during a hand the table shows the current trick and the last completed one; the breakdown when it ends', () => {
    const states = playHand(fresh(4, { target: 41 }));
    const middle = states.find((s) => s.tricks.length === 3 && s.trick.length === 1)!;
    const view = viewFor(middle, 'spectator');
    expect(view.trick).toHaveLength(1);
    expect(view.lastTrick).toEqual(middle.tricks[2]);
    expect(view.lastHand).toBeNull();
    const end = viewFor(states[states.length - 1]!, 'spectator');
    expect(end.lastHand?.parties.map((p) => p.thirds).reduce((a, b) => a + b)).toBe(35);
  });

  it('T22: one secret, committed; a bot’s nonce from the secret; hand h dealt from its key; replay and verification hold', () => {
    const seed = 9;
    const example = tressette.exampleRandomness(DEFAULT_SETTINGS, 4, seed);
    const secret = example.secrets[0]!;
    // A bot in seat 2: its nonce is the server nonce of set 0, fixed by the commitment.
    const nonces = example.nonces.map((n, seat) => (seat === 2 ? serverNonce(secret, 0, 2) : n));
    const randomness = { ...example, nonces };
    const created = tressette.create({ ...DEFAULT_SETTINGS, target: 11 }, 4, randomness);
    if (!created.ok) throw new Error(created.error.message);
    const commitment = commitmentOf('tressette/1', randomness.gameId, new Uint8Array(), secret);
    expect(tressette.fairness.secretCount(DEFAULT_SETTINGS, 4)).toBe(1);
    expect(tressette.fairness.commitment(randomness.gameId, 0, secret)).toBe(commitment);
    // Play it out with greedy bots and check every hand's deal against its key.
    const log = [];
    let state = created.value;
    const deals: TressetteState[] = [state];
    while (state.phase !== 'over') {
      const seat = tressette.pendingSeats(state)[0]!;
      const action = tressette.chooseBot(viewFor(state, seat), 'greedy', 0)!;
      log.push({ version: state.version, actionId: `a${log.length}`, seat, action });
      const hand = state.hand;
      state = act(state, seat, action).state;
      if (state.hand !== hand) deals.push(state);
    }
    expect(deals.length).toBeGreaterThan(1);
    for (const dealt of deals) {
      const deck = shuffledDeck(keyOfHand(secret, dealt.hand, nonces), 4);
      const expected = dealFrom(deck, 4, dealt.dealer).hands.map(sortCards);
      expect(dealt.hands).toEqual(expected);
    }
    const record = {
      settings: { ...DEFAULT_SETTINGS, target: 11 },
      seatCount: 4,
      randomness,
      log,
      nonceHashes: nonces.map((n, seat) => (seat === 2 ? null : nonceHash(n))),
    };
    const replayed = replay(tressette, record);
    expect(replayed.ok && JSON.stringify(replayed.value.state)).toBe(JSON.stringify(state));
    expect(verifyGame(tressette, record, [commitment]).problems).toEqual([]);
    const forged = {
      ...record,
      randomness: {
        ...randomness,
        nonces: nonces.map((n, s) => (s === 2 ? example.nonces[0]! : n)),
      },
    };
    expect(verifyGame(tressette, forged, [commitment]).ok).toBe(false);
  });

  it('T23: with the turn timer a timeout makes the stand-in play one card; between hands a countdown runs', () => {
    const state = fresh(4, { turnTimerSeconds: 30 });
    const timer = tressette.timer(state)!;
    expect(timer.seconds).toBe(30);
    const standIn = tressette.standIn(state, timer.key, 1);
    const card = greedyCard(viewFor(state, state.turn!));
    expect(standIn).toEqual([{ type: 'play', card }]);
    const step = act(state, 'system', { type: 'timeout', key: timer.key, standIn } as never);
    expect(step.events[0]).toEqual({ type: 'played', seat: state.turn, card });
    // No timer without the option: the table waits.
    expect(tressette.timer(fresh(4))).toBeNull();
    const ended = playHand(fresh(4, { target: 41 })).pop()!;
    expect(tressette.timer(ended)?.key).toBe('next/1');
    const dealt = act(ended, 'system', { type: 'timeout', key: 'next/1', standIn: [] } as never);
    expect(dealt.state.hand).toBe(2);
  });

  it('T24: the greedy bot’s card is legal and depends on its own view only', () => {
    for (let seed = 0; seed < 5; seed++) {
      for (const state of playHand(fresh(4, { target: 41 }, seed))) {
        if (state.phase !== 'play') continue;
        const view = viewFor(state, state.turn!);
        const card = greedyCard(view);
        expect(legalActions(view).actions).toContainEqual({ type: 'play', card });
      }
    }
    expect(Object.keys(ERRORS)).toContain('MUST_FOLLOW');
    expect(invariants(fresh(4))).toEqual([]);
  });
});
