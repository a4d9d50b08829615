/**
 * One test per ruling of the rules (docs/rules/trepenta.md, R1…R26) that the engine decides, plus
 * the examples of the rules text and refusals of bad input. Scenarios start from real games (test randomness) and
 * move named cards into place with test/scenario.ts; everything after that is real actions.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RULE_ERRORS,
  SUITS,
  applyAction,
  chooseBotAction,
  createGame,
  currentTimer,
  eventFor,
  gameViewSchema,
  isTurnAction,
  legalActions,
  sameFace,
  scoreHand,
  standInActions,
  viewFor,
  winners,
} from '../src/index';
import type {
  Action,
  Actor,
  DeckSetting,
  GameEvent,
  GameState,
  PlayerAction,
  RuleError,
  RuleErrorCode,
  Viewer,
} from '../src/index';
import { newGame, playGame, testRandomness } from './helpers';
import type { PlayedGame } from './helpers';
import {
  act,
  allCards,
  chooseAllFields,
  deepFreeze,
  discard,
  draw,
  exchange,
  faceDownCount,
  faces,
  handOf,
  idIn,
  idleTurn,
  newCardIn,
  quietTurn,
  settings,
  show,
  showSorted,
  swap,
  table,
  withTable,
} from './scenario';

// ---------------------------------------------------------------- helpers

/** Applies a refused action to a deep-frozen state; checks the result shape and that nothing changed. */
function expectRefused(
  state: GameState,
  actor: Actor,
  action: Action,
  code: RuleErrorCode,
): RuleError {
  const before = JSON.stringify(state);
  const step = applyAction(deepFreeze(state), actor, action);
  if (step.ok) {
    expect.fail(`${JSON.stringify(action)} by ${actor} was accepted; expected refusal ${code}`);
  }
  expect(step).toEqual({ ok: false, error: { code, message: expect.any(String) as string } });
  expect(JSON.stringify(state)).toBe(before);
  return step.error;
}

/** The cards of an event's moves as one viewer sees them (§7). */
function cardsSeen(event: GameEvent, viewer: Viewer) {
  const seen = eventFor(event, viewer);
  if (!('moves' in seen)) throw new Error(`${seen.type} has no moves`);
  return seen.moves.map((move) => move.card);
}

/** '8D 7C 9D' → '7C 8D 9D': the order handOf and showSorted use. */
function sorted(text: string): string {
  return text.split(' ').sort().join(' ');
}

function types(events: readonly GameEvent[]): string[] {
  return events.map((event) => event.type);
}

function eventsOf<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((event): event is Extract<GameEvent, { type: T }> => event.type === type);
}

/** Plays quiet turns (draw from the draw pile, discard that card) while the phase is 'turns'. */
function quietTurnsUntilRoundEnds(
  start: GameState,
  max = 2000,
): { state: GameState; events: GameEvent[] } {
  let state = start;
  const events: GameEvent[] = [];
  for (let i = 0; i < max && state.phase === 'turns'; i++) {
    const step = quietTurn(state);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

function fieldText(state: GameState, seat: number): string {
  return show(state.round.seats[seat]!.field.map((slot) => slot.card));
}

function faceUpFlags(state: GameState, seat: number): boolean[] {
  return state.round.seats[seat]!.field.map((slot) => slot.faceUp);
}

/** A bot-played game shared by the tests that look at whole games (4 seats, several house rules). */
let shared: PlayedGame | null = null;
function playedGame(): PlayedGame {
  shared ??= playGame(
    newGame(settings(['openField', 'fieldUnlimited', 'finishLine', 'rivalSets']), 4, 3),
    ['greedy', 'random'],
    3,
    { keepStates: true },
  );
  return shared;
}

/** §8.3 re-implemented on node:crypto: the first integer below n of a round's labelled stream. */
function independentRandomInt(
  secret: string,
  nonces: readonly string[],
  label: string,
  n: number,
): number {
  const key = createHmac('sha256', Buffer.from(secret, 'hex'))
    .update(Buffer.concat(nonces.map((nonce) => Buffer.from(nonce, 'hex'))))
    .digest();
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (let block = 0; ; block++) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(block);
    const bytes = createHmac('sha256', key)
      .update(Buffer.concat([Buffer.from(label, 'utf8'), counter]))
      .digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const word = bytes.readUInt32BE(offset);
      if (word < limit) return word % n;
    }
  }
}

// ---------------------------------------------------------------- §1 components

describe('§1 components', () => {
  it('R2: every physical card has its own id, duplicates included', () => {
    const state = newGame(settings([], { deck: 'casual' }), 6, 2);
    expect(allCards(state)).toHaveLength(156);
    // The dealt cards carry ids; the draw and discard piles hold faces, and a card gets its id as
    // it enters a hand (§7), so every card a seat holds has its own.
    const held = state.round.seats.flatMap((seat) => [...seat.piles!.A, ...seat.piles!.B]);
    expect(held).toHaveLength(60);
    expect(new Set(held.map((c) => c.id)).size).toBe(60);
    // Duplicates are different cards that look the same: held twins get different ids.
    const duplicated = held.find((c) => held.filter((d) => sameFace(c, d)).length > 1)!;
    const twins = held.filter((c) => sameFace(c, duplicated));
    expect(new Set(twins.map((c) => c.id)).size).toBe(twins.length);
    const drawn = draw(chooseAllFields(state), (state.round.dealer + 1) % 6);
    const ids = drawn.round.seats.flatMap((seat) => [
      ...seat.hand.map((c) => c.id),
      ...seat.field.map((slot) => slot.card.id),
    ]);
    expect(new Set(ids).size).toBe(61);
    expect(drawn.round.drawPile.every((face) => !('id' in face))).toBe(true);
    // §2: two piles of five each, one card face up, the rest is the draw pile.
    expect(
      state.round.seats.every((seat) => seat.piles!.A.length === 5 && seat.piles!.B.length === 5),
    ).toBe(true);
    expect(state.round.discardPile).toHaveLength(1);
    expect(state.round.drawPile).toHaveLength(156 - 60 - 1);
  });

  it('R3: field values for a die of 3 are 3 4 5 6 7, and a 6 gives 6 7 8 9 10', () => {
    const state = table([], 2, { seats: { 0: { die: 3 }, 1: { die: 6 } } });
    for (const viewer of [0, 1, 'spectator'] as const) {
      const view = viewFor(state, viewer);
      expect(view.seats[0]!.field.map((slot) => slot.value)).toEqual([3, 4, 5, 6, 7]);
      expect(view.seats[1]!.field.map((slot) => slot.value)).toEqual([6, 7, 8, 9, 10]);
      expect(view.seats.map((seat) => seat.die)).toEqual([3, 6]);
    }
  });

  it('R3: a J, a Q and a K each match a field position of value 10; a 9 does not', () => {
    const start = table([], 2, {
      dealer: 0,
      seats: { 1: { die: 6, field: '2C 3C 4C 5C 6C', hand: 'JH QH KH 10H 9H' } },
      drawTop: 'AD',
    });
    const drawn = draw(start, 1);
    for (const text of ['JH', 'QH', 'KH', '10H']) {
      const after = act(drawn, 1, {
        type: 'exchange',
        cardId: idIn(drawn, 1, text),
        position: 4,
      }).state;
      expect(show([after.round.seats[1]!.field[4]!.card])).toBe(text);
      expect(after.round.seats[1]!.field[4]!.faceUp).toBe(true);
    }
    expectRefused(
      drawn,
      1,
      { type: 'exchange', cardId: idIn(drawn, 1, '9H'), position: 4 },
      'VALUE_MISMATCH',
    );
    // The 9 fits position 3 (6 + 3).
    const nine = exchange(drawn, 1, '9H', 3);
    expect(nine.round.seats[1]!.field[3]!.faceUp).toBe(true);
  });

  const DECK_TABLE: readonly [number, number, number, number][] = [
    // players, challenging, casual, Trepenta deck
    [1, 52, 52, 52],
    [2, 52, 52, 52],
    [3, 52, 104, 65],
    [4, 104, 104, 78],
    [5, 104, 156, 91],
    [6, 156, 156, 104],
  ];
  it.each(DECK_TABLE)(
    '§1 deck table: %i player(s) use %i (challenging), %i (casual), %i (Trepenta deck) cards',
    (players, challenging, casual, trepenta) => {
      const size = (deck: DeckSetting) =>
        allCards(newGame(settings([], { deck }), players, 5)).length;
      expect(size('challenging')).toBe(challenging);
      expect(size('casual')).toBe(casual);
      expect(size('trepenta')).toBe(trepenta);
    },
  );

  it('R1/R4: the Trepenta deck uses ♠ ♥ ♦ ♣ then ★ ☾ ☀ ❦ (stars, moons, suns, leaves), in that order', () => {
    const expected = ['S', 'H', 'D', 'C', 'stars', 'moons', 'suns', 'leaves'];
    expect([...SUITS]).toEqual(expected);
    for (let players = 1; players <= 6; players++) {
      const cards = allCards(newGame(settings([], { deck: 'trepenta' }), players, 4));
      const suits = Math.max(4, players + 2);
      const counts = new Map<string, number>();
      for (const c of cards)
        counts.set(`${c.rank}${c.suit}`, (counts.get(`${c.rank}${c.suit}`) ?? 0) + 1);
      expect(new Set(cards.map((c) => c.suit))).toEqual(new Set(expected.slice(0, suits)));
      // One of each face: 13 ranks per suit, no duplicates.
      expect(counts.size).toBe(13 * suits);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('R5: the cards in use are fixed at game start for all five rounds', () => {
    const { states } = playedGame();
    const deals = states.filter((s, i) => s.phase === 'turns' && states[i - 1]?.phase === 'setup');
    expect(deals.map((s) => s.round.round)).toEqual([1, 2, 3, 4, 5]);
    const first = showSorted(allCards(deals[0]!));
    for (const deal of deals) {
      expect(allCards(deal)).toHaveLength(104);
      expect(showSorted(allCards(deal))).toBe(first);
    }
  });

  it('R5b: a one-seat game is allowed; that seat deals and takes the first turn every round', () => {
    const game = playGame(newGame(settings(['rivalSets', 'openField']), 1, 9), ['greedy'], 9, {
      keepStates: true,
    });
    expect(game.state.phase).toBe('gameOver');
    expect(game.state.scores).toHaveLength(5);
    const rounds = new Set<number>();
    for (const s of game.states) {
      rounds.add(s.round.round);
      expect(s.round.dealer).toBe(0);
      if (s.round.turn) expect(s.round.turn.seat).toBe(0);
      // R5b: Rival Sets has no effect solo: never an arrangement step or lay-offs.
      expect(['arrange', 'layoff']).not.toContain(s.phase);
    }
    expect([...rounds]).toEqual([1, 2, 3, 4, 5]);
  });

  it('R5b: solo, R14 gives no final turns: the round ends with the completing turn', () => {
    const start = table([], 1, {
      seats: {
        0: { die: 1, field: 'AS 2H 3D 4C 9D', faceUp: [0, 1, 2, 3], hand: '5H 8C 8D KC QC' },
      },
      drawTop: 'JH',
    });
    const drawn = draw(start, 0);
    const done = act(drawn, 0, { type: 'exchange', cardId: idIn(drawn, 0, '5H'), position: 4 });
    expect(eventsOf(done.events, 'fieldCompleted')).toEqual([
      { type: 'fieldCompleted', seat: 0, finalTurns: 0 },
    ]);
    expect(done.state.phase).toBe('turns');
    const end = act(done.state, 0, { type: 'discard', cardId: idIn(done.state, 0, 'JH') });
    expect(end.state.phase).toBe('roundEnd');
    expect(end.state.round.reveal!.reason).toBe('fieldComplete');
    expect(types(end.events)).not.toContain('turnStarted');
  });

  it('R5b: solo, Rival Sets has no effect (no arrangement step even with two arrangements)', () => {
    const start = table(['rivalSets'], 1, {
      seats: { 0: { hand: '10S JS QS 10H 10D' } },
      drawTop: '4C',
      drawCount: 1,
    });
    const end = quietTurn(start);
    expect(end.state.phase).toBe('roundEnd');
    expect(types(end.events)).not.toContain('arrangementsShown');
    expect(end.state.round.reveal!.points).toEqual([20]);
  });

  it('R5b: solo, Open Field concerns one’s own field', () => {
    const start = table(['openField'], 1, {
      seats: { 0: { die: 1, field: 'AS 9H 9D 9C 9S', faceUp: [0], hand: 'AD 8C 8D KC QC' } },
      drawTop: 'JH',
    });
    const drawn = draw(start, 0);
    const swapped = swap(drawn, 0, 'AD', { seat: 0, position: 0 });
    expect(show([swapped.round.seats[0]!.field[0]!.card])).toBe('AD');
    expect(handOf(swapped, 0)).toBe(sorted('8C 8D AS JH KC QC'));
  });
});

// ---------------------------------------------------------------- §2 setup

describe('§2 setup of each round', () => {
  it('R6: the first dealer is drawn from round 1’s committed randomness (the "dealer" stream)', () => {
    const dealers = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      for (const seats of [2, 3, 5]) {
        const randomness = testRandomness(seed, seats);
        const state = newGame(settings(), seats, seed);
        const expected = independentRandomInt(
          randomness.secrets[0]!,
          randomness.nonces,
          'dealer',
          seats,
        );
        expect(state.firstDealer).toBe(expected);
        expect(state.round.dealer).toBe(expected);
        if (seats === 5) dealers.add(expected);
      }
    }
    // Not always the same seat.
    expect(dealers.size).toBeGreaterThan(1);
  });

  it('R6: the deal passes to the left each round, and the player left of the dealer starts', () => {
    const { states, events } = playedGame();
    const first = states[0]!.firstDealer;
    const dealerByRound = new Map<number, number>();
    for (const s of states) dealerByRound.set(s.round.round, s.round.dealer);
    expect([...dealerByRound.entries()]).toEqual(
      [1, 2, 3, 4, 5].map((round) => [round, (first + round - 1) % 4]),
    );
    const firstTurns = events.flat().filter((e) => e.type === 'turnStarted' && e.turn === 1);
    expect(firstTurns.map((e) => (e as { seat: number }).seat)).toEqual(
      [1, 2, 3, 4, 5].map((round) => (first + round) % 4),
    );
  });

  it('R7: blind choice: no pile is shown; the chosen pile is the face-down field in dealt order', () => {
    const state = newGame(settings(), 2, 3);
    const view = viewFor(state, 0);
    expect(view.setup).toEqual({ mode: 'blind', piles: null });
    for (const c of [...state.round.seats[0]!.piles!.A, ...state.round.seats[0]!.piles!.B]) {
      expect(JSON.stringify(view)).not.toContain(`"${c.id}"`);
    }
    const piles = state.round.seats[0]!.piles!;
    const chosen = act(state, 0, { type: 'choosePile', pile: 'B' }).state;
    const seat = chosen.round.seats[0]!;
    expect(seat.field.map((slot) => slot.card)).toEqual(piles.B);
    expect(seat.field.every((slot) => !slot.faceUp)).toBe(true);
    expect(seat.hand).toEqual(piles.A);
    // The owner does not see the blind field cards either (R8 applies to peek and sort only).
    expect(viewFor(chosen, 0).seats[0]!.field.map((slot) => slot.card)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: piles.A.map((c) => c.id) },
      'WRONG_SETUP_MODE',
    );
    expectRefused(
      state,
      0,
      { type: 'chooseSort', field: piles.A.map((c) => c.id) },
      'WRONG_SETUP_MODE',
    );
  });

  it('R8: under peek the player orders their field and sees their own face-down cards; nobody else does', () => {
    const state = newGame(settings(['peek']), 2, 4);
    const piles = state.round.seats[0]!.piles!;
    expect(viewFor(state, 0).setup).toEqual({ mode: 'peek', piles: { A: piles.A, B: piles.B } });
    expect(viewFor(state, 1).setup!.piles).toEqual(state.round.seats[1]!.piles);
    const order = piles.A.map((c) => c.id).reverse();
    let next = act(state, 0, { type: 'choosePeek', pile: 'A', order }).state;
    next = act(next, 1, {
      type: 'choosePeek',
      pile: 'B',
      order: next.round.seats[1]!.piles!.B.map((c) => c.id),
    }).state;
    expect(next.phase).toBe('turns');
    expect(next.round.seats[0]!.field.map((slot) => slot.card.id)).toEqual(order);
    expect(next.round.seats[0]!.hand).toEqual(piles.B);
    // The owner sees them with ids, in the chosen order; the other seat and spectators see nothing.
    expect(viewFor(next, 0).seats[0]!.field.map((slot) => slot.card)).toEqual(
      [...piles.A].reverse(),
    );
    for (const viewer of [1, 'spectator'] as const) {
      expect(viewFor(next, viewer).seats[0]!.field.map((slot) => slot.card)).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
      for (const c of piles.A)
        expect(JSON.stringify(viewFor(next, viewer))).not.toContain(`"${c.id}"`);
    }
  });

  it('R8: under sort the player splits the ten cards freely into a field of 5 (in order) and a hand of 5', () => {
    const state = newGame(settings(['sort']), 2, 6);
    const { A, B } = state.round.seats[1]!.piles!;
    const field = [B[4]!, A[0]!, B[1]!, A[3]!, A[2]!];
    const next = act(state, 1, { type: 'chooseSort', field: field.map((c) => c.id) }).state;
    const seat = next.round.seats[1]!;
    expect(seat.field.map((slot) => slot.card)).toEqual(field);
    expect(showSorted(seat.hand)).toBe(showSorted([A[1]!, A[4]!, B[0]!, B[2]!, B[3]!]));
    expect(viewFor(next, 1).seats[1]!.field.map((slot) => slot.card)).toEqual(field);
    expect(viewFor(next, 0).seats[1]!.field.map((slot) => slot.card)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    // Another seat's card or a duplicate id is not a choice of one's own dealt cards.
    const other = state.round.seats[0]!.piles!.A[0]!.id;
    expectRefused(
      state,
      1,
      { type: 'chooseSort', field: [other, ...field.slice(1).map((c) => c.id)] },
      'BAD_FIELD_CHOICE',
    );
    expectRefused(
      state,
      1,
      { type: 'chooseSort', field: [A[0]!.id, A[0]!.id, A[1]!.id, A[2]!.id, A[3]!.id] },
      'BAD_FIELD_CHOICE',
    );
    expectRefused(state, 1, { type: 'choosePile', pile: 'A' }, 'WRONG_SETUP_MODE');
  });

  it('R8: with both peek and sort on, sort applies', () => {
    const state = newGame(settings(['peek', 'sort']), 2, 7);
    const { A } = state.round.seats[0]!.piles!;
    expect(viewFor(state, 0).setup!.mode).toBe('sort');
    expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: A.map((c) => c.id) },
      'WRONG_SETUP_MODE',
    );
    expect(applyAction(state, 0, { type: 'chooseSort', field: A.map((c) => c.id) }).ok).toBe(true);
  });

  it('R9: when the setup timer runs out, whoever has not chosen gets pile A as field, in dealt order', () => {
    for (const mode of ['blind', 'peek', 'sort'] as const) {
      const state = newGame(settings(mode === 'blind' ? [] : [mode]), 3, 8);
      const piles = state.round.seats.map((seat) => seat.piles!);
      const ids = piles[1]!.B.map((c) => c.id);
      const choice: PlayerAction =
        mode === 'blind'
          ? { type: 'choosePile', pile: 'B' }
          : mode === 'peek'
            ? { type: 'choosePeek', pile: 'B', order: ids }
            : { type: 'chooseSort', field: ids };
      const chosen = act(state, 1, choice).state;
      const timed = act(chosen, 'system', { type: 'timeout', key: 'setup/1', standIn: [] });
      expect(timed.state.phase).toBe('turns');
      for (const seat of [0, 2]) {
        expect(timed.state.round.seats[seat]!.field.map((slot) => slot.card)).toEqual(
          piles[seat]!.A,
        );
        expect(timed.state.round.seats[seat]!.hand).toEqual(piles[seat]!.B);
      }
      expect(timed.state.round.seats[1]!.field.map((slot) => slot.card)).toEqual(piles[1]!.B);
      expect(
        eventsOf(timed.events, 'fieldChosen').map((e) => ({ seat: e.seat, timedOut: e.timedOut })),
      ).toEqual([
        { seat: 0, timedOut: true },
        { seat: 2, timedOut: true },
      ]);
    }
  });
});

// ---------------------------------------------------------------- §3 a turn

describe('§3 a turn', () => {
  it('§3: a hand holds exactly 5 cards at the start and end of every turn', () => {
    const { states } = playedGame();
    let checked = 0;
    for (const s of states) {
      if (s.phase !== 'turns' || s.round.turn!.step !== 'draw') continue;
      for (const seat of s.round.seats) expect(seat.hand).toHaveLength(5);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('R10: with an empty discard pile only the draw pile can be drawn', () => {
    const base = table([], 2, { dealer: 0 });
    const round = base.round;
    // Only possible by construction (§4: it never happens in play).
    const state: GameState = {
      ...base,
      round: { ...round, drawPile: [...round.discardPile, ...round.drawPile], discardPile: [] },
    };
    expect(legalActions(viewFor(state, 1)).actions).toEqual([{ type: 'draw', from: 'drawPile' }]);
    expectRefused(state, 1, { type: 'draw', from: 'discardPile' }, 'EMPTY_PILE');
    expect(applyAction(state, 1, { type: 'draw', from: 'drawPile' }).ok).toBe(true);
  });

  it('§3.2: an exchange puts the hand card face up and takes the face-down card into the hand, unseen by others', () => {
    const start = table([], 2, {
      dealer: 0,
      seats: { 1: { die: 2, field: '3S 4D 5C 6H 9S', hand: '4H 8C 8D JC 2D' } },
      drawTop: 'KC',
    });
    const oldId = start.round.seats[1]!.field[2]!.card.id;
    const drawn = draw(start, 1);
    const step = act(drawn, 1, { type: 'exchange', cardId: idIn(drawn, 1, '4H'), position: 2 });
    const after = step.state;
    expect(fieldText(after, 1)).toBe('3S 4D 4H 6H 9S');
    expect(faceUpFlags(after, 1)).toEqual([false, false, true, false, false]);
    expect(handOf(after, 1)).toBe(sorted('2D 5C 8C 8D JC KC'));
    // The card taken from the field enters the hand with a fresh id (§7).
    expect(idIn(after, 1, '5C')).not.toBe(oldId);
    const [exchanged] = eventsOf(step.events, 'exchanged');
    expect(eventFor(exchanged!, 0)).toMatchObject({
      type: 'exchanged',
      seat: 1,
      position: 2,
      moves: [{ card: { rank: '4', suit: 'H' } }, { card: null }],
    });
    expect(JSON.stringify(eventFor(exchanged!, 0))).not.toContain('"id"');
    expect(cardsSeen(exchanged!, 1)[1]).toEqual({
      id: idIn(after, 1, '5C'),
      rank: '5',
      suit: 'C',
    });
    const done = discard(after, 1, 'KC');
    expect(done.round.seats[1]!.hand).toHaveLength(5);
  });

  it('§3.2: the core game allows at most one exchange per turn', () => {
    const start = table([], 2, {
      dealer: 0,
      seats: { 1: { die: 2, field: '3S 4D 5C 6H 9S', hand: '4H 2C 8D JC 2D' } },
      drawTop: 'KC',
    });
    const drawn = draw(start, 1);
    const once = exchange(drawn, 1, '4H', 2);
    expectRefused(
      once,
      1,
      { type: 'exchange', cardId: idIn(once, 1, '2D'), position: 0 },
      'NO_EXCHANGE_LEFT',
    );
    expect(legalActions(viewFor(once, 1)).actions.every((a) => a.type === 'discard')).toBe(true);
  });

  it('R11: the card just drawn may be exchanged (from the draw pile or the discard pile)', () => {
    for (const from of ['drawPile', 'discardPile'] as const) {
      const start = table([], 2, {
        dealer: 0,
        seats: { 1: { die: 5, field: '2S 3S 4S 5S 6S', hand: 'AC 2C 3C 4C 5C' } },
        drawTop: from === 'drawPile' ? '9D' : 'KD',
        discard: from === 'discardPile' ? '9D' : 'KH',
      });
      const drawn = act(start, 1, { type: 'draw', from }).state;
      const card = newCardIn(start, drawn, 1);
      expect(show([card])).toBe('9D');
      const after = act(drawn, 1, { type: 'exchange', cardId: card.id, position: 4 }).state;
      expect(after.round.seats[1]!.field[4]).toEqual({ card, faceUp: true });
      expect(handOf(after, 1)).toBe(sorted('2C 3C 4C 5C 6S AC'));
    }
  });

  it('Field Unlimited: any number of exchanges, and a card taken from the field may itself be exchanged', () => {
    const start = table(['fieldUnlimited'], 2, {
      dealer: 0,
      seats: { 1: { die: 1, field: 'QH 3C 4C 5D KD', hand: '2S 8H 8D 9S 9C' } },
      drawTop: 'JS',
    });
    let state = draw(start, 1);
    for (const [text, position] of [
      ['2S', 1],
      ['3C', 2],
      ['4C', 3],
      ['5D', 4],
    ] as const) {
      state = act(state, 1, { type: 'exchange', cardId: idIn(state, 1, text), position }).state;
    }
    expect(fieldText(state, 1)).toBe('QH 2S 3C 4C 5D');
    expect(faceUpFlags(state, 1)).toEqual([false, true, true, true, true]);
    expect(handOf(state, 1)).toBe(sorted('8D 8H 9C 9S JS KD'));
    expect(state.round.turn!.exchanges).toBe(4);
    // Still only onto face-down positions of equal value.
    expectRefused(
      state,
      1,
      { type: 'exchange', cardId: idIn(state, 1, '9S'), position: 4 },
      'POSITION_FACE_UP',
    );
    expectRefused(
      state,
      1,
      { type: 'exchange', cardId: idIn(state, 1, '9S'), position: 0 },
      'VALUE_MISMATCH',
    );
  });

  describe('Open Field', () => {
    const openTable = (rules: ('openField' | 'fieldUnlimited')[]) =>
      table(rules, 3, {
        dealer: 0,
        seats: {
          1: { die: 3, field: '3H 4H 5H 6H 7H', hand: '8H 3C 2C 4C JD' },
          2: { die: 4, field: '4S 5S 6S 7S 8C', faceUp: [4] },
        },
        drawTop: 'KC',
      });

    it('R12: an Open Field swap trades a hand card for a face-up card of equal value in another field', () => {
      const start = openTable(['openField']);
      const drawn = draw(start, 1);
      const step = act(drawn, 1, {
        type: 'openFieldSwap',
        cardId: idIn(drawn, 1, '8H'),
        target: { seat: 2, position: 4 },
      });
      const after = step.state;
      expect(after.round.seats[2]!.field[4]!.faceUp).toBe(true);
      expect(show([after.round.seats[2]!.field[4]!.card])).toBe('8H');
      expect(handOf(after, 1)).toBe(sorted('2C 3C 4C 8C JD KC'));
      // It never changes how many positions are face down, and the taken card is public.
      expect([faceDownCount(after, 1), faceDownCount(after, 2)]).toEqual([5, 4]);
      expect(show(after.round.seats[1]!.known)).toBe('8C');
      expect(viewFor(after, 0).seats[1]!.known).toEqual([{ rank: '8', suit: 'C' }]);
      const [swapped] = eventsOf(step.events, 'swapped');
      expect(cardsSeen(swapped!, 0)).toEqual([
        { rank: '8', suit: 'H' },
        { rank: '8', suit: 'C' },
      ]);
    });

    it('R12: in the core game an Open Field swap uses the turn’s one exchange (either order)', () => {
      const drawn = draw(openTable(['openField']), 1);
      const swapAction: Action = {
        type: 'openFieldSwap',
        cardId: idIn(drawn, 1, '8H'),
        target: { seat: 2, position: 4 },
      };
      const exchangeAction: Action = {
        type: 'exchange',
        cardId: idIn(drawn, 1, '3C'),
        position: 0,
      };
      expectRefused(act(drawn, 1, swapAction).state, 1, exchangeAction, 'NO_EXCHANGE_LEFT');
      expectRefused(act(drawn, 1, exchangeAction).state, 1, swapAction, 'NO_EXCHANGE_LEFT');
      // With Field Unlimited both are fine.
      const unlimited = draw(openTable(['openField', 'fieldUnlimited']), 1);
      const both = exchange(swap(unlimited, 1, '8H', { seat: 2, position: 4 }), 1, '3C', 0);
      expect(both.round.turn!.exchanges).toBe(2);
    });

    it('R3/R12: a J may be swapped for a face-up Q (both worth 10); a swap needs equal value and a face-up target', () => {
      const start = table(['openField'], 2, {
        dealer: 0,
        seats: {
          0: { die: 6, field: '6S 7S 8S 9S QC', faceUp: [4] },
          1: { die: 2, field: '2H 3H 4H 5H 6H', hand: 'JD 9D 2C 3C 4C' },
        },
        drawTop: 'KH',
      });
      const drawn = draw(start, 1);
      const jack = idIn(drawn, 1, 'JD');
      expectRefused(
        drawn,
        1,
        { type: 'openFieldSwap', cardId: idIn(drawn, 1, '9D'), target: { seat: 0, position: 4 } },
        'VALUE_MISMATCH',
      );
      expectRefused(
        drawn,
        1,
        { type: 'openFieldSwap', cardId: jack, target: { seat: 0, position: 3 } },
        'POSITION_FACE_DOWN',
      );
      const after = act(drawn, 1, {
        type: 'openFieldSwap',
        cardId: jack,
        target: { seat: 0, position: 4 },
      }).state;
      expect(show([after.round.seats[0]!.field[4]!.card])).toBe('JD');
      expect(handOf(after, 1)).toBe(sorted('2C 3C 4C 9D KH QC'));
      // Without the house rule, no swap at all.
      const off = table([], 2, {
        dealer: 0,
        seats: {
          0: { die: 6, field: '6S 7S 8S 9S QC', faceUp: [4] },
          1: { hand: 'JD 9D 2C 3C 4C' },
        },
      });
      const offDrawn = draw(off, 1);
      expectRefused(
        offDrawn,
        1,
        {
          type: 'openFieldSwap',
          cardId: idIn(offDrawn, 1, 'JD'),
          target: { seat: 0, position: 4 },
        },
        'OPEN_FIELD_OFF',
      );
    });

    it('R12: with Field Unlimited, swaps are unlimited and may target one’s own field and a card placed this turn', () => {
      const start = table(['openField', 'fieldUnlimited'], 2, {
        dealer: 0,
        seats: { 1: { die: 1, field: 'AS 9C KD 9D 9H', faceUp: [0], hand: '3H 3D AD 7C 8C' } },
        drawTop: '6S',
      });
      let state = draw(start, 1);
      state = exchange(state, 1, '3H', 2);
      expect(faceDownCount(state, 1)).toBe(3);
      // The 3♥ placed this turn can be swapped away again ...
      state = swap(state, 1, '3D', { seat: 1, position: 2 });
      // ... and one's own older face-up card too.
      state = swap(state, 1, 'AD', { seat: 1, position: 0 });
      expect(fieldText(state, 1)).toBe('AD 9C 3D 9D 9H');
      expect(faceDownCount(state, 1)).toBe(3);
      expect(handOf(state, 1)).toBe(sorted('3H 6S 7C 8C AS KD'));
      expect(state.round.turn!.exchanges).toBe(3);
    });

    it('R12b: in one turn each field position can be the target of at most one Open Field swap', () => {
      const start = table(['openField', 'fieldUnlimited'], 2, {
        dealer: 0,
        seats: { 1: { die: 1, field: 'AS 9C KD 9D 9H', faceUp: [0], hand: '3H 3D AD 7C 8C' } },
        drawTop: '6S',
      });
      let state = draw(start, 1);
      state = exchange(state, 1, '3H', 2);
      state = swap(state, 1, '3D', { seat: 1, position: 2 });
      expectRefused(
        state,
        1,
        { type: 'openFieldSwap', cardId: idIn(state, 1, '3H'), target: { seat: 1, position: 2 } },
        'ALREADY_SWAPPED',
      );
      expect(
        legalActions(viewFor(state, 1)).actions.filter(
          (a) => a.type === 'openFieldSwap' && a.target.seat === 1 && a.target.position === 2,
        ),
      ).toEqual([]);
      // The next turn may target it again.
      const next = discard(state, 1, '7C');
      expect(next.round.turn!.swapped).toEqual([]);
    });
  });

  it('R13: the card taken from the discard pile cannot be discarded the same turn; any other card can', () => {
    const start = table([], 2, {
      dealer: 0,
      seats: { 1: { hand: '2C 3C 4C 5C 6C' } },
      discard: 'KS 9H',
    });
    const drawn = draw(start, 1, 'discardPile');
    const taken = newCardIn(start, drawn, 1);
    expect(show([taken])).toBe('9H');
    // Taking the top discard shows that card to all.
    expect(viewFor(drawn, 0).seats[1]!.known).toEqual([{ rank: '9', suit: 'H' }]);
    // Only the taker's view marks the card (§7: for others it would tell whether that very card
    // was later placed face up); the taker sees it with its id.
    expect(viewFor(drawn, 0).turn!.takenFromDiscard).toBeNull();
    expect(viewFor(drawn, 1).turn!.takenFromDiscard).toEqual(taken);
    expectRefused(drawn, 1, { type: 'discard', cardId: taken.id }, 'DISCARD_TAKEN_CARD');
    expect(legalActions(viewFor(drawn, 1)).actions).not.toContainEqual({
      type: 'discard',
      cardId: taken.id,
    });
    const after = discard(drawn, 1, '2C');
    expect(show(after.round.discardPile.slice(-1))).toBe('2C');
    expect(handOf(after, 1)).toBe(sorted('3C 4C 5C 6C 9H'));
    // Next turn it may go.
    expect(after.round.turn!.takenFromDiscard).toBeNull();
  });

  it('R13: the card taken from the discard pile stays undiscardable after going to the field and back (Field Unlimited + Open Field)', () => {
    // Take 7♥ from the discard pile, exchange it face down onto position 2, then swap 7♣ for it
    // (R12 allows targeting a card placed this turn): the same physical 7♥ is back in hand.
    const start = table(['fieldUnlimited', 'openField'], 2, {
      dealer: 0,
      seats: { 1: { die: 5, field: '2S 3S KD 4S 6S', hand: '7C 2C 3C 4C 5C' } },
      discard: 'KS 7H',
    });
    let state = draw(start, 1, 'discardPile');
    const taken = newCardIn(start, state, 1);
    state = act(state, 1, { type: 'exchange', cardId: taken.id, position: 2 }).state;
    state = swap(state, 1, '7C', { seat: 1, position: 2 });
    expect(handOf(state, 1)).toBe(sorted('2C 3C 4C 5C 7H KD'));
    expectRefused(
      state,
      1,
      { type: 'discard', cardId: idIn(state, 1, '7H') },
      'DISCARD_TAKEN_CARD',
    );
  });
});

// ---------------------------------------------------------------- §4 end of a round

describe('§4 end of a round', () => {
  /** Seat 1 (left of dealer 0) can complete its field by exchanging 5♥ onto position 4. */
  const completing = (
    rules: Parameters<typeof table>[0] = [],
    extra: { drawCount?: number } = {},
  ) =>
    table(
      rules,
      3,
      {
        dealer: 0,
        seats: {
          1: { die: 1, field: 'AS 2H 3D 4C 9D', faceUp: [0, 1, 2, 3], hand: '5H 4S 7C 8C JD' },
          2: { die: 2, field: '2S 3H 4D 5C 10S', faceUp: [0, 1, 2, 3], hand: '6H 9S 9C 7D 7S' },
        },
        drawTop: 'KC QC 10C 2C',
        ...extra,
      },
      {},
      11,
    );

  const complete = (state: GameState) => {
    const drawn = draw(state, 1);
    return act(drawn, 1, { type: 'exchange', cardId: idIn(drawn, 1, '5H'), position: 4 });
  };

  it('R14: every other player takes exactly one more turn after a field is completed', () => {
    const done = complete(completing());
    expect(eventsOf(done.events, 'fieldCompleted')).toEqual([
      { type: 'fieldCompleted', seat: 1, finalTurns: 2 },
    ]);
    const discarded = act(done.state, 1, { type: 'discard', cardId: idIn(done.state, 1, 'KC') });
    let state = discarded.state;
    const events: GameEvent[] = [...discarded.events];
    expect(viewFor(state, 0).finalTurns).toEqual({ completedBy: 1, remaining: 2 });
    while (state.phase === 'turns') {
      expect(state.round.turn!.seat).not.toBe(1);
      const step = quietTurn(state);
      state = step.state;
      events.push(...step.events);
    }
    expect(eventsOf(events, 'turnStarted').map((e) => [e.seat, e.final])).toEqual([
      [2, true],
      [0, true],
    ]);
    expect(state.phase).toBe('roundEnd');
    expect(state.round.reveal!.reason).toBe('fieldComplete');
  });

  it('R14: a second player completing during the final turns changes nothing', () => {
    const done = complete(completing(['finishLine']));
    let state = discard(done.state, 1, 'KC');
    // Seat 2 completes too, on its final turn.
    state = draw(state, 2);
    const second = act(state, 2, { type: 'exchange', cardId: idIn(state, 2, '6H'), position: 4 });
    expect(second.state.round.seats[2]!.field.every((slot) => slot.faceUp)).toBe(true);
    expect(types(second.events)).not.toContain('fieldCompleted');
    expect(second.state.round.completedBy).toBe(1);
    state = discard(second.state, 2, 'QC');
    // Seat 0 still gets its final turn, then the round ends.
    expect(state.round.turn!.seat).toBe(0);
    state = quietTurn(state).state;
    expect(state.phase).toBe('roundEnd');
    const points = state.round.reveal!.points!;
    expect(points[1]).toBe(0);
    expect(points[2]).toBe(scoreHand(state.round.seats[2]!.hand).points);
    expect(points[2]).toBe(42); // 9♠ 9♣ 7♦ 7♠ and the 10♠ taken from the field
  });

  it('R14b: the completing player still finishes the turn (further Open Field swaps, then the discard)', () => {
    const done = complete(completing(['openField', 'fieldUnlimited']));
    expect(done.state.phase).toBe('turns');
    expect(done.state.round.turn).toMatchObject({ seat: 1, step: 'act' });
    const swapped = swap(done.state, 1, '4S', { seat: 2, position: 2 });
    expect(handOf(swapped, 1)).toBe(sorted('4D 7C 8C 9D JD KC'));
    const discarded = act(swapped, 1, { type: 'discard', cardId: idIn(swapped, 1, 'KC') });
    expect(eventsOf(discarded.events, 'turnStarted')).toEqual([
      { type: 'turnStarted', seat: 2, turn: 2, final: true },
    ]);
  });

  it('R15: when the draw pile empties, that player finishes the turn and the round ends at once', () => {
    const start = table([], 2, {
      dealer: 0,
      seats: { 1: { die: 1, field: 'KH 2S 3S 4S 5S', hand: 'AD 8C 8D 9S 9C' } },
      drawTop: 'JS',
      drawCount: 1,
    });
    const drawn = draw(start, 1);
    expect(drawn.round.drawPile).toHaveLength(0);
    expect(drawn.phase).toBe('turns');
    const exchanged = exchange(drawn, 1, 'AD', 0);
    const end = act(exchanged, 1, { type: 'discard', cardId: idIn(exchanged, 1, 'JS') });
    expect(end.state.phase).toBe('roundEnd');
    expect(end.state.round.reveal!.reason).toBe('drawPile');
    expect(types(end.events)).not.toContain('turnStarted');
  });

  it('R15: an empty draw pile ends the round even during the final turns', () => {
    const done = complete(completing([], { drawCount: 2 }));
    let state = discard(done.state, 1, 'KC');
    const last = quietTurn(state); // seat 2 draws the last card
    state = last.state;
    expect(state.phase).toBe('roundEnd');
    expect(state.round.reveal!.reason).toBe('drawPile');
    expect(eventsOf(last.events, 'turnStarted')).toEqual([]); // seat 0 never plays its final turn
  });

  it('R15: if the turn that empties the draw pile also completes a field, Finish Line still applies', () => {
    const done = complete(completing(['finishLine'], { drawCount: 1 }));
    const end = act(done.state, 1, { type: 'discard', cardId: idIn(done.state, 1, 'KC') });
    expect(end.state.phase).toBe('roundEnd');
    expect(end.state.round.reveal!.reason).toBe('drawPile');
    const points = end.state.round.reveal!.points!;
    expect(points[1]).toBe(0);
    expect(scoreHand(end.state.round.seats[1]!.hand).points).toBe(38);
    expect(eventsOf(end.events, 'roundScored')[0]!.finishLine).toBe(1);
  });

  it('R16: Long Play reshuffles every discard but the top one; the next player keeps the choice of pile', () => {
    const start = table(['longPlay'], 2, { dealer: 0, drawTop: '9H', drawCount: 1 });
    const oldDiscards = start.round.discardPile;
    const step = quietTurn(start);
    const { round } = step.state;
    expect(step.state.phase).toBe('turns');
    expect(eventsOf(step.events, 'reshuffled')).toEqual([
      { type: 'reshuffled', count: oldDiscards.length, reshuffles: 1 },
    ]);
    // The 9♥ just discarded stays as the top discard; everything under it is the new draw pile.
    expect(show(round.discardPile)).toBe('9H');
    expect(showSorted(round.drawPile)).toBe(showSorted(oldDiscards));
    expect(round.reshuffles).toBe(1);
    expect(legalActions(viewFor(step.state, 0)).actions).toEqual([
      { type: 'draw', from: 'drawPile' },
      { type: 'draw', from: 'discardPile' },
    ]);
  });

  it.each([0, 1, 3])(
    'R17: with a reshuffle limit of %i, the draw pile emptying after the last reshuffle ends the round',
    (limit) => {
      const start = table(['longPlay'], 2, {}, { reshuffleLimit: limit }, 2);
      const { state, events } = quietTurnsUntilRoundEnds(start);
      expect(state.phase).toBe('roundEnd');
      expect(eventsOf(events, 'reshuffled').map((e) => e.reshuffles)).toEqual(
        Array.from({ length: limit }, (_, i) => i + 1),
      );
      expect(state.round.reshuffles).toBe(limit);
      expect(state.round.drawPile).toHaveLength(0);
      expect(state.round.reveal!.reason).toBe('reshuffleLimit');
    },
  );

  it('R17: the default reshuffle limit is 3, and under Long Play field completion still ends the round (R14)', () => {
    expect(settings(['longPlay']).reshuffleLimit).toBe(3);
    const done = complete(completing(['longPlay']));
    let state = discard(done.state, 1, 'KC');
    state = quietTurn(quietTurn(state).state).state;
    expect(state.phase).toBe('roundEnd');
    expect(state.round.reveal!.reason).toBe('fieldComplete');
  });

  it('R17b: 3 × seats turns in a row without a draw-pile draw or face-down exchange end the round', () => {
    let state = table([], 2, { dealer: 0 });
    for (let i = 0; i < 5; i++) state = idleTurn(state).state;
    expect(state.phase).toBe('turns');
    expect(state.round.idleTurns).toBe(5);
    const last = idleTurn(state);
    expect(last.state.phase).toBe('roundEnd');
    expect(last.state.round.reveal!.reason).toBe('stall');
    // A draw from the draw pile resets the count.
    let reset = table([], 2, { dealer: 0 });
    for (let i = 0; i < 5; i++) reset = idleTurn(reset).state;
    reset = quietTurn(reset).state;
    expect(reset.round.idleTurns).toBe(0);
    for (let i = 0; i < 5; i++) reset = idleTurn(reset).state;
    expect(reset.phase).toBe('turns');
  });

  it('R17b: a face-down exchange is progress; an Open Field swap is not', () => {
    const base = table(['openField'], 2, {
      dealer: 0,
      seats: { 1: { die: 1, field: 'AS 9C KD 9D 9H', faceUp: [0], hand: 'AD 2D 7C 8C 8D' } },
      discard: 'KS QS',
    });
    const nearStall: GameState = { ...base, round: { ...base.round, idleTurns: 5 } };
    const drawn = draw(nearStall, 1, 'discardPile');
    const swapped = swap(drawn, 1, 'AD', { seat: 1, position: 0 });
    const stalled = discard(swapped, 1, '7C');
    expect(stalled.round.reveal?.reason).toBe('stall');
    const exchanged = exchange(drawn, 1, '2D', 1);
    const going = discard(exchanged, 1, '7C');
    expect(going.phase).toBe('turns');
    expect(going.round.idleTurns).toBe(0);
  });
});

// ---------------------------------------------------------------- §5 scoring

describe('§5 scoring a round', () => {
  it('R18/R19: round points are scoreHand of each hand (Q-K-A is a run, K-A-2 is not)', () => {
    const start = table([], 3, {
      dealer: 2,
      seats: {
        0: { hand: 'QS KS AS 2S 5H' },
        1: { hand: 'KH AH 2H 9C 9D' },
        2: { hand: 'JD QD KD 7C 7S' },
      },
      drawTop: '4C',
      drawCount: 1,
    });
    const end = quietTurn(start);
    const { reveal } = end.state.round;
    expect(end.state.phase).toBe('roundEnd');
    expect(reveal!.points).toEqual([7, 31, 14]);
    end.state.round.seats.forEach((seat, i) => {
      expect(reveal!.points![i]).toBe(scoreHand(seat.hand).points);
    });
    expect(reveal!.seats[0]!.melds.map((m) => `${m.kind} ${show(m.cards)}`)).toEqual([
      'run QS KS AS',
    ]);
    expect(reveal!.seats[1]!.melds).toEqual([]);
    expect(reveal!.seats[2]!.melds.map((m) => `${m.kind} ${show(m.cards)}`)).toEqual([
      'run JD QD KD',
    ]);
    expect(show(reveal!.seats[2]!.deadwood)).toBe('7C 7S');
    expect(eventsOf(end.events, 'roundScored')).toEqual([
      { type: 'roundScored', round: 1, points: [7, 31, 14], totals: [7, 31, 14], finishLine: null },
    ]);
    expect(end.state.scores).toEqual([[7, 31, 14]]);
  });

  it('§5.2: a set may hold duplicates from several decks (7♥ 7♥ 7♣)', () => {
    const start = table([], 4, {
      dealer: 3,
      seats: { 0: { hand: '7H 7H 7C 4D 2S' } },
      drawTop: 'KC',
      drawCount: 1,
    });
    const end = quietTurn(start);
    const seat = end.state.round.reveal!.seats[0]!;
    expect(seat.melds.map((m) => `${m.kind} ${showSorted(m.cards)}`)).toEqual(['set 7C 7H 7H']);
    expect(end.state.round.reveal!.points![0]).toBe(6);
  });

  it('R19: among equal minimal sums, sets come before runs', () => {
    const start = table([], 2, {
      dealer: 1,
      seats: { 0: { hand: '10S JS QS 10H 10D' } },
      drawTop: '4C',
      drawCount: 1,
    });
    const end = quietTurn(start);
    const seat = end.state.round.reveal!.seats[0]!;
    expect(seat.melds.map((m) => `${m.kind} ${showSorted(m.cards)}`)).toEqual(['set 10D 10H 10S']);
    expect(showSorted(seat.deadwood)).toBe('JS QS');
    expect(end.state.round.reveal!.points![0]).toBe(20);
  });

  it('§5.4 Finish Line: the first to complete their field scores 0 whatever their hand', () => {
    const play = (rules: 'finishLine'[]) => {
      const start = table(rules, 2, {
        dealer: 0,
        seats: {
          1: { die: 1, field: 'AS 2H 3D 4C 9D', faceUp: [0, 1, 2, 3], hand: '5H 8C 8D KC QC' },
        },
        drawTop: 'JH 3C',
      });
      let state = draw(start, 1);
      state = exchange(state, 1, '5H', 4);
      state = discard(state, 1, 'JH');
      return quietTurn(state).state;
    };
    const withRule = play(['finishLine']);
    const without = play([]);
    expect(handOf(withRule, 1)).toBe(sorted('8C 8D 9D KC QC'));
    expect(withRule.round.reveal!.reason).toBe('fieldComplete');
    expect(withRule.round.reveal!.points![1]).toBe(0);
    expect(without.round.reveal!.points![1]).toBe(45);
    expect(withRule.round.reveal!.points![0]).toBe(without.round.reveal!.points![0]);
  });

  it('§5.6: the game lasts exactly five rounds; the lowest total wins; tied players share the victory', () => {
    const { state, events } = playedGame();
    expect(state.phase).toBe('gameOver');
    expect(state.scores).toHaveLength(5);
    const totals = [0, 1, 2, 3].map((seat) =>
      state.scores.reduce((sum, round) => sum + round[seat]!, 0),
    );
    const best = Math.min(...totals);
    const expected = totals.flatMap((total, seat) => (total === best ? [seat] : []));
    expect(viewFor(state, 'spectator').winners).toEqual(expected);
    const ended = eventsOf(events.flat(), 'gameEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.winners).toEqual(expected);
    expect(eventsOf(events.flat(), 'roundScored').map((e) => e.round)).toEqual([1, 2, 3, 4, 5]);
    expect(winners({ ...state, scores: [[10, 4, 4, 9]] })).toEqual([1, 2]);
    expect(
      winners({
        ...state,
        scores: [
          [3, 4, 4, 9],
          [1, 0, 0, 0],
        ],
      }),
    ).toEqual([0, 1, 2]);
  });

  it('§5.6: the between-rounds countdown is skipped once every seat is ready; its timeout also deals', () => {
    const start = table([], 2, { dealer: 0, drawCount: 1 });
    const ended = quietTurn(start).state;
    expect(ended.phase).toBe('roundEnd');
    expect(currentTimer(ended)?.key).toBe('next/1');
    const one = act(ended, 0, { type: 'ready' }).state;
    expect(one.phase).toBe('roundEnd');
    expectRefused(one, 0, { type: 'ready' }, 'ALREADY_CHOSEN');
    const both = act(one, 1, { type: 'ready' }).state;
    expect(both.phase).toBe('setup');
    expect(both.round.round).toBe(2);
    expect(both.round.dealer).toBe(1);
    const timed = act(ended, 'system', { type: 'timeout', key: 'next/1', standIn: [] }).state;
    expect(timed.phase).toBe('setup');
    expect(timed.round.round).toBe(2);
    expect(timed.round.dealer).toBe(1);
  });

  describe('Rival Sets', () => {
    /** Seat 0 can show a set of tens or a run 10-J-Q♠; seat 1 has one arrangement. */
    const arranging = () =>
      quietTurn(
        table(['rivalSets'], 2, {
          dealer: 0,
          seats: { 0: { hand: '10S JS QS 10H 10D' }, 1: { hand: '2C 3C 4C 8D 9H' } },
          drawTop: 'KC',
          drawCount: 1,
        }),
      ).state;

    it('R19b: a hand with several arrangements picks one; a single-arrangement hand is ready at once', () => {
      const state = arranging();
      expect(state.phase).toBe('arrange');
      expect(state.round.reveal!.seats[1]!.chosen).toBe(0);
      expect(state.round.reveal!.seats[0]!.chosen).toBeNull();
      // The arrangement step runs under the lay-off timer (default 20 s).
      expect(currentTimer(state)).toEqual({ key: 'arrange/1', kind: 'arrange', seconds: 20 });
      // The picks are shown together: nobody sees another's melds before everyone has picked.
      expect(viewFor(state, 1).reveal!.seats[0]!.melds).toBeNull();
      expect(viewFor(state, 0).reveal!.seats[1]!.melds).toBeNull();
      const options = legalActions(viewFor(state, 0)).actions;
      expect(options).toHaveLength(2);
      expect(legalActions(viewFor(state, 1)).actions).toEqual([]);
      expectRefused(state, 1, { type: 'arrange', melds: [] }, 'ALREADY_CHOSEN');
      const ids = (text: string) => text.split(' ').map((t) => idIn(state, 0, t));
      expectRefused(state, 0, { type: 'arrange', melds: [ids('10S 10H JS')] }, 'BAD_ARRANGEMENT');
      expectRefused(state, 0, { type: 'arrange', melds: [] }, 'BAD_ARRANGEMENT');
      const picked = act(state, 0, { type: 'arrange', melds: [ids('10S JS QS')] });
      expect(eventsOf(picked.events, 'arrangementsShown')).toEqual([
        {
          type: 'arrangementsShown',
          melds: [
            [{ kind: 'run', cards: faces('10S JS QS') }],
            [{ kind: 'run', cards: faces('2C 3C 4C') }],
          ],
        },
      ]);
      // Nothing fits anywhere: everyone passes automatically and the round is scored.
      expect(picked.state.phase).toBe('roundEnd');
      expect(picked.state.round.reveal!.points).toEqual([20, 17]);
      expect(show(picked.state.round.reveal!.seats[0]!.deadwood)).toBe('10H 10D');
    });

    it('R19b: when the arrangement timer runs out, R19’s arrangement is shown', () => {
      const state = arranging();
      const timed = act(state, 'system', { type: 'timeout', key: 'arrange/1', standIn: [] });
      expect(timed.events[0]).toEqual({ type: 'timedOut', key: 'arrange/1', seat: null });
      const seat = timed.state.round.reveal!.seats[0]!;
      expect(seat.chosen).toBe(0);
      expect(seat.melds.map((m) => `${m.kind} ${showSorted(m.cards)}`)).toEqual([
        'set 10D 10H 10S',
      ]);
    });

    /** Dealer 0. Seat 0: 5♥5♦5♣ + K♠ 2♦; seat 1: 9-10-J♠ + 5♠ 8♥; seat 2: 3♦3♥3♠ + Q♠ 4♣. */
    const layoffTable = () =>
      quietTurn(
        table(['rivalSets'], 3, {
          dealer: 0,
          seats: {
            0: { hand: '5H 5D 5C KS 2D' },
            1: { hand: '9S 10S JS 5S 8H' },
            2: { hand: '3D 3H 3S QS 4C' },
          },
          drawTop: '7C',
          drawCount: 1,
        }),
      );

    it('R20: lay-off turns go clockwise from the left of the dealer; a seat with no legal lay-off passes automatically', () => {
      const ended = layoffTable();
      let state = ended.state;
      expect(state.phase).toBe('layoff');
      expect(state.round.reveal!.layoff).toEqual({ seat: 1, number: 1, passesInRow: 0 });
      expect(currentTimer(state)).toEqual({ key: 'layoff/1/1', kind: 'layoff', seconds: 20 });
      const events: GameEvent[] = [];
      const step = (seat: number, action: Action) => {
        const applied = act(state, seat, action);
        state = applied.state;
        events.push(...applied.events);
      };
      step(1, {
        type: 'layOff',
        cardId: idIn(state, 1, '5S'),
        target: { seat: 0, meld: 0 },
        end: 'set',
      });
      expect(state.round.reveal!.layoff!.seat).toBe(2);
      step(2, {
        type: 'layOff',
        cardId: idIn(state, 2, 'QS'),
        target: { seat: 1, meld: 0 },
        end: 'high',
      });
      // The K♠ fits only now that the Q♠ extends the run: later cards may extend a meld further.
      expect(state.round.reveal!.layoff!.seat).toBe(0);
      step(0, {
        type: 'layOff',
        cardId: idIn(state, 0, 'KS'),
        target: { seat: 1, meld: 0 },
        end: 'high',
      });
      const moves = events.flatMap((e) =>
        e.type === 'laidOff' || e.type === 'passed' ? [[e.type, e.seat]] : [],
      );
      expect(moves).toEqual([
        ['laidOff', 1],
        ['laidOff', 2],
        ['laidOff', 0],
        ['passed', 1],
        ['passed', 2],
        ['passed', 0],
      ]);
      expect(eventsOf(events, 'passed').every((e) => e.auto)).toBe(true);
      expect(state.phase).toBe('roundEnd');
      const reveal = state.round.reveal!;
      expect(reveal.seats[1]!.melds.map((m) => show(m.cards))).toEqual(['9S 10S JS QS KS']);
      expect(reveal.seats[0]!.melds.map((m) => show(m.cards))).toEqual(['5H 5D 5C 5S']);
      // A laid-off card scores 0 for its owner.
      expect(reveal.points).toEqual([2, 8, 4]);
      expect(reveal.seats.map((s) => s.laidOff)).toEqual([1, 1, 1]);
    });

    it('R20: the view marks each laid-off card with its giver; the round stays reviewable after the next deal', () => {
      let state = layoffTable().state;
      const layOff = (seat: number, text: string, target: number, end: 'set' | 'high') => {
        state = act(state, seat, {
          type: 'layOff',
          cardId: idIn(state, seat, text),
          target: { seat: target, meld: 0 },
          end,
        }).state;
      };
      layOff(1, '5S', 0, 'set');
      layOff(2, 'QS', 1, 'high');
      layOff(0, 'KS', 1, 'high');
      expect(
        state.round.reveal!.layOffs.map((l) => [l.seat, show([l.card]), l.target.seat]),
      ).toEqual([
        [1, '5S', 0],
        [2, 'QS', 1],
        [0, 'KS', 1],
      ]);
      for (const viewer of [0, 1, 2, 'spectator'] as const) {
        const view = viewFor(state, viewer);
        expect(gameViewSchema.safeParse(view).success).toBe(true);
        const melds = view.reveal!.seats.map((s) => s.melds!.map((m) => m.laidOffBy));
        expect(melds).toEqual([
          [[null, null, null, 1]],
          [[null, null, null, 2, 0]],
          [[null, null, null]],
        ]);
        expect(view.pastRounds).toEqual([]);
      }
      // Everyone ready: round 2 is dealt, and round 1's revealed table is still in every view.
      for (const seat of [0, 1, 2]) state = act(state, seat, { type: 'ready' }).state;
      expect(state.round.round).toBe(2);
      const view = viewFor(state, 'spectator');
      expect(view.reveal).toBeNull();
      expect(view.pastRounds).toHaveLength(1);
      const past = view.pastRounds[0]!;
      expect(past).toMatchObject({ round: 1, dealer: 0, reason: 'drawPile', finishLine: null });
      expect(past.seats.map((s) => s.points)).toEqual([2, 8, 4]);
      expect(past.seats.map((s) => s.laidOff)).toEqual([1, 1, 1]);
      expect(show(past.seats[1]!.melds[0]!.cards)).toBe('9S 10S JS QS KS');
      expect(past.seats[1]!.melds[0]!.laidOffBy).toEqual([null, null, null, 2, 0]);
      expect(past.seats[0]!.hand).toHaveLength(5);
      expect(show(past.seats[0]!.deadwood)).toBe('2D');
      expect(past.seats[0]!.field).toHaveLength(5);
      expect(viewFor(state, 0).pastRounds).toEqual(view.pastRounds);
    });

    it('R20: the lay-off phase ends once every player has passed in a row since the last lay-off', () => {
      let state = layoffTable().state;
      state = act(state, 1, { type: 'pass' }).state;
      expect(state.round.reveal!.layoff).toMatchObject({ seat: 2, passesInRow: 1 });
      state = act(state, 2, {
        type: 'layOff',
        cardId: idIn(state, 2, 'QS'),
        target: { seat: 1, meld: 0 },
        end: 'high',
      }).state;
      expect(state.round.reveal!.layoff).toMatchObject({ seat: 0, passesInRow: 0 });
      state = act(state, 0, { type: 'pass' }).state;
      // Seat 1 passed before the last lay-off, so it plays again.
      expect(state.round.reveal!.layoff).toMatchObject({ seat: 1, passesInRow: 1 });
      const last = act(state, 1, { type: 'pass' });
      expect(eventsOf(last.events, 'passed')).toEqual([
        { type: 'passed', seat: 1, auto: false },
        { type: 'passed', seat: 2, auto: true },
      ]);
      expect(last.state.phase).toBe('roundEnd');
      expect(last.state.round.reveal!.points).toEqual([12, 13, 4]);
    });

    it('R20/R24: when a lay-off turn times out, the stand-in plays it', () => {
      const state = layoffTable().state;
      const standIn = standInActions(state, 3);
      expect(standIn).toEqual([
        { type: 'layOff', cardId: idIn(state, 1, '5S'), target: { seat: 0, meld: 0 }, end: 'set' },
      ]);
      const timed = act(state, 'system', { type: 'timeout', key: 'layoff/1/1', standIn });
      expect(timed.events[0]).toEqual({ type: 'timedOut', key: 'layoff/1/1', seat: 1 });
      expect(timed.state.round.reveal!.layoff).toMatchObject({ seat: 2, number: 2 });
      expectRefused(
        state,
        'system',
        { type: 'timeout', key: 'layoff/1/1', standIn: [] },
        'BAD_STAND_IN',
      );
    });

    it('R21: a Finish Line player has nothing to lay off, but their melds accept lay-offs', () => {
      const play = (rules: ('finishLine' | 'rivalSets')[]) => {
        const start = table(rules, 2, {
          dealer: 1,
          seats: {
            0: { die: 1, field: 'AS 2H 3D 4C KH', faceUp: [0, 1, 2, 3], hand: '5H 7D 7C 7S 9D' },
            1: { hand: '7H 10H JH QH 4S' },
          },
          drawTop: '2C 6C',
        });
        let state = draw(start, 0);
        state = exchange(state, 0, '5H', 4);
        state = discard(state, 0, '2C');
        return quietTurn(state);
      };
      const ended = play(['finishLine', 'rivalSets']);
      let state = ended.state;
      expect(handOf(state, 0)).toBe(sorted('7C 7D 7S 9D KH'));
      expect(state.phase).toBe('layoff');
      // Seat 0 (left of the dealer) would fit K♥ on seat 1's run but passes automatically.
      expect(eventsOf(ended.events, 'passed')).toEqual([{ type: 'passed', seat: 0, auto: true }]);
      expect(state.round.reveal!.layoff!.seat).toBe(1);
      state = act(state, 1, {
        type: 'layOff',
        cardId: idIn(state, 1, '7H'),
        target: { seat: 0, meld: 0 },
        end: 'set',
      }).state;
      expect(state.phase).toBe('roundEnd');
      expect(state.round.reveal!.seats[0]!.melds.map((m) => showSorted(m.cards))).toEqual([
        '7C 7D 7H 7S',
      ]);
      expect(state.round.reveal!.points).toEqual([0, 4]);
      // Without Finish Line the same seat 0 gets its lay-off turn first.
      const plain = play(['rivalSets']).state;
      expect(plain.round.reveal!.layoff!.seat).toBe(0);
      expect(legalActions(viewFor(plain, 0)).actions).toContainEqual({
        type: 'layOff',
        cardId: idIn(plain, 0, 'KH'),
        target: { seat: 1, meld: 0 },
        end: 'high',
      });
    });
  });
});

// ---------------------------------------------------------------- §8 randomness

describe('§8 randomness and fairness', () => {
  it('R22: createGame publishes c_r = SHA-256("trepenta/1" ‖ gameId ‖ r ‖ s_r) for every round', () => {
    const randomness = testRandomness('commit', 3);
    const created = createGame(settings(), 3, randomness);
    expect(created.ok).toBe(true);
    const state = (created as { ok: true; value: GameState }).value;
    const expected = randomness.secrets.map((secret, i) =>
      createHash('sha256')
        .update('trepenta/1', 'utf8')
        .update(randomness.gameId, 'utf8')
        .update(Buffer.of(i + 1))
        .update(Buffer.from(secret, 'hex'))
        .digest('hex'),
    );
    expect(state.commitments).toEqual(expected);
    expect(viewFor(state, 'spectator').fairness.commitments).toEqual(expected);
    // The nonces change the deal, so the server cannot pick one alone.
    const other = newGame(settings(), 3, 'commit');
    const changed = createGame(settings(), 3, {
      ...randomness,
      nonces: [...randomness.nonces].reverse(),
    });
    if (!changed.ok) throw new Error(changed.error.code);
    expect(JSON.stringify(changed.value.round.seats)).not.toBe(JSON.stringify(other.round.seats));
    expect(JSON.stringify(other.round.seats)).toBe(JSON.stringify(state.round.seats));
  });

  it('R22: the secrets appear in no view before the game is over, and in every view after', () => {
    const start = table([], 2, { dealer: 0, drawCount: 1 });
    const secrets = start.randomness.secrets;
    const ended = quietTurn(start).state;
    for (const state of [newGame(settings(), 2, 1), start, ended]) {
      for (const viewer of [0, 1, 'spectator'] as const) {
        const view = viewFor(state, viewer);
        expect(view.fairness.secrets).toBeNull();
        const text = JSON.stringify(view);
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    }
    const over = act(ended, 'system', { type: 'abandon' });
    expect(over.state.phase).toBe('gameOver');
    for (const viewer of [0, 1, 'spectator'] as const) {
      expect(viewFor(over.state, viewer).fairness.secrets).toEqual(secrets);
    }
    expect(eventsOf(over.events, 'gameEnded')[0]!.secrets).toEqual(secrets);
    expect(eventsOf(playedGame().events.flat(), 'gameEnded')[0]!.secrets).toEqual(
      playedGame().state.randomness.secrets,
    );
  });
});

// ---------------------------------------------------------------- §9 online rulings

describe('§9 online rulings', () => {
  const timed = (seed = 1) => table([], 3, { dealer: 0 }, { turnTimerSeconds: 30 }, seed);

  it('R23: the stand-in decides from its seat’s own view only', () => {
    const state = timed(4);
    const seat = state.round.turn!.seat;
    // Hidden from seat 1: seat 2's hand and the draw pile below its top card. Swap them.
    const round = state.round;
    const hidden = round.seats[2]!.hand;
    const bottom = round.drawPile.slice(0, 5);
    const other: GameState = {
      ...state,
      round: {
        ...round,
        // Faces trade places; the hand keeps its ids, the pile holds faces only.
        seats: round.seats.map((s, i) =>
          i === 2
            ? {
                ...s,
                hand: bottom.map((f, k) => ({ id: hidden[k]!.id, rank: f.rank, suit: f.suit })),
              }
            : s,
        ),
        drawPile: [
          ...hidden.map((c) => ({ rank: c.rank, suit: c.suit })),
          ...round.drawPile.slice(5),
        ],
      },
    };
    expect(viewFor(other, seat)).toEqual(viewFor(state, seat));
    expect(standInActions(other, 21)).toEqual(standInActions(state, 21));
    expect(standInActions(state, 21)[0]).toEqual(
      chooseBotAction(viewFor(state, seat), 'greedy', 21),
    );
  });

  it('R24: when a turn timer runs out, one system action plays the rest of the turn as the greedy bot', () => {
    const state = timed();
    expect(currentTimer(state)).toEqual({ key: 'turn/1/1', kind: 'turn', seconds: 30 });
    const standIn = standInActions(state, 5);
    expect(standIn[0]!.type).toBe('draw');
    expect(standIn[standIn.length - 1]!.type).toBe('discard');
    const result = act(state, 'system', { type: 'timeout', key: 'turn/1/1', standIn });
    // The same moves made one by one by the seat.
    let manual = state;
    const manualEvents: GameEvent[] = [];
    for (const action of standIn) {
      const step = act(manual, 1, action);
      manual = step.state;
      manualEvents.push(...step.events);
    }
    expect(result.state).toEqual({ ...manual, version: state.version + 1 });
    expect(result.events).toEqual([
      { type: 'timedOut', key: 'turn/1/1', seat: 1 },
      ...manualEvents,
    ]);
    expect(currentTimer(result.state)?.key).toBe('turn/1/2');
    expect(result.state.round.turn!.seat).toBe(2);
    // After the player's own draw the stand-in only finishes the turn.
    const drawn = draw(state, 1);
    const rest = standInActions(drawn, 5);
    expect(rest.some((a) => a.type === 'draw')).toBe(false);
    expect(
      act(drawn, 'system', { type: 'timeout', key: 'turn/1/1', standIn: rest }).state.round.turn!
        .seat,
    ).toBe(2);
    // A stand-in that does not finish the turn, or breaks the rules, is refused.
    expectRefused(
      state,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: [] },
      'BAD_STAND_IN',
    );
    expectRefused(
      state,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: standIn.slice(0, 1) },
      'BAD_STAND_IN',
    );
    expectRefused(
      state,
      'system',
      {
        type: 'timeout',
        key: 'turn/1/1',
        standIn: [{ type: 'discard', cardId: state.round.seats[1]!.hand[0]!.id }],
      },
      'WRONG_STEP',
    );
  });

  it('R25: two seats choosing their fields at once are both accepted, in either order', () => {
    const state = newGame(settings(), 3, 12);
    const choose = (order: readonly [number, 'A' | 'B'][]) =>
      order.reduce(
        (current, [seat, pile]) => act(current, seat, { type: 'choosePile', pile }).state,
        state,
      );
    const a = choose([
      [1, 'A'],
      [0, 'B'],
      [2, 'A'],
    ]);
    const b = choose([
      [0, 'B'],
      [2, 'A'],
      [1, 'A'],
    ]);
    expect(a.phase).toBe('turns');
    expect(a).toEqual(b);
    expect(a.version).toBe(3);
    // Simultaneous steps are not turn actions; turn actions are.
    const simultaneous: Action[] = [
      { type: 'choosePile', pile: 'A' },
      { type: 'chooseSort', field: [] },
      { type: 'arrange', melds: [] },
      { type: 'ready' },
    ];
    const turnActions: Action[] = [
      { type: 'draw', from: 'drawPile' },
      { type: 'exchange', cardId: 'x', position: 0 },
      { type: 'discard', cardId: 'x' },
      { type: 'layOff', cardId: 'x', target: { seat: 0, meld: 0 }, end: 'set' },
      { type: 'pass' },
    ];
    expect(simultaneous.map(isTurnAction)).toEqual([false, false, false, false]);
    expect(turnActions.map(isTurnAction)).toEqual([true, true, true, true, true]);
  });

  it('R25: every accepted action bumps state.version by exactly 1; a refused one changes nothing', () => {
    const { states } = playedGame();
    expect(states.map((s) => s.version)).toEqual(states.map((_, i) => i + 1));
    // Timeouts too.
    let state = newGame(settings([], { turnTimerSeconds: 10 }), 2, 13);
    for (let i = 0; i < 40 && state.phase !== 'gameOver'; i++) {
      const timer = currentTimer(state)!;
      const standIn = standInActions(state, i);
      const step = act(state, 'system', { type: 'timeout', key: timer.key, standIn });
      expect(step.state.version).toBe(state.version + 1);
      const next = step.state;
      const other = ((next.round.turn?.seat ?? 0) + 1) % 2;
      const code =
        next.phase === 'turns'
          ? 'NOT_YOUR_TURN'
          : next.phase === 'gameOver'
            ? 'GAME_OVER'
            : 'WRONG_PHASE';
      expectRefused(next, other, { type: 'discard', cardId: 'x' }, code);
      state = step.state;
    }
  });

  it('R26: a seat’s own draw keeps the turn key; the discard moves it on and the old key goes stale', () => {
    const state = timed();
    const drawn = draw(state, 1);
    expect(currentTimer(drawn)?.key).toBe('turn/1/1');
    const discarded = act(drawn, 1, {
      type: 'discard',
      cardId: drawn.round.seats[1]!.hand[0]!.id,
    }).state;
    expect(currentTimer(discarded)?.key).toBe('turn/1/2');
    expectRefused(
      discarded,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: standInActions(discarded, 1) },
      'STALE_TIMER',
    );
  });

  it('R26: a timeout acts only while its key is current: its stand-in cannot play past the timed-out turn', () => {
    // Solo with a turn timer: after the timed-out turn, the next turn is the same seat's again.
    const state = table([], 1, { drawTop: '9H 8H' }, { turnTimerSeconds: 30 });
    const turn: PlayerAction[] = [];
    let current = state;
    for (let i = 0; i < 2; i++) {
      const drew = draw(current, 0);
      const drawn = newCardIn(current, drew, 0);
      turn.push({ type: 'draw', from: 'drawPile' }, { type: 'discard', cardId: drawn.id });
      current = act(drew, 0, { type: 'discard', cardId: drawn.id }).state;
    }
    expect(currentTimer(current)?.key).toBe('turn/1/3');
    // Two turns in one timeout of 'turn/1/1': the second runs under 'turn/1/2'.
    expectRefused(
      state,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: turn },
      'BAD_STAND_IN',
    );
    const one = act(state, 'system', {
      type: 'timeout',
      key: 'turn/1/1',
      standIn: turn.slice(0, 2),
    });
    expect(one.state.round.turn!.number).toBe(2);
  });

  it('R26: another seat’s field choice keeps the setup key', () => {
    const state = newGame(settings(), 3, 14);
    expect(currentTimer(state)).toEqual({ key: 'setup/1', kind: 'setup', seconds: 60 });
    const chosen = act(state, 2, { type: 'choosePile', pile: 'B' }).state;
    expect(currentTimer(chosen)?.key).toBe('setup/1');
    const timedOut = act(chosen, 'system', { type: 'timeout', key: 'setup/1', standIn: [] }).state;
    expect(timedOut.phase).toBe('turns');
  });

  it('R26: a stale or unknown timer key is refused with STALE_TIMER and changes nothing', () => {
    const setup = newGame(settings(), 2, 15);
    expectRefused(setup, 'system', { type: 'timeout', key: 'setup/2', standIn: [] }, 'STALE_TIMER');
    expectRefused(
      setup,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: [] },
      'STALE_TIMER',
    );
    const turns = chooseAllFields(setup);
    expectRefused(turns, 'system', { type: 'timeout', key: 'setup/1', standIn: [] }, 'STALE_TIMER');
    // No turn timer in this room: a turn never times out.
    expect(currentTimer(turns)).toBeNull();
    expectRefused(
      turns,
      'system',
      { type: 'timeout', key: 'turn/1/1', standIn: [] },
      'STALE_TIMER',
    );
    const ended = quietTurn(withTable(turns, { drawCount: 1 })).state;
    expectRefused(ended, 'system', { type: 'timeout', key: 'next/2', standIn: [] }, 'STALE_TIMER');
    expectRefused(
      ended,
      'system',
      { type: 'timeout', key: 'anything', standIn: [] },
      'STALE_TIMER',
    );
  });
});

// ---------------------------------------------------------------- refusals

describe('bad input is refused with a stable code and changes nothing (R25)', () => {
  const start = () =>
    table(['rivalSets'], 3, {
      dealer: 0,
      seats: {
        1: { die: 2, field: '2C 4D 5C 6H 9S', faceUp: [0], hand: '4H 8C 8D JC 2D' },
        2: { hand: 'AS 3S 5S 7S 9C' },
      },
      drawTop: 'KC',
    });

  it('R25 refusal: wrong phase', () => {
    const setup = newGame(settings(['rivalSets']), 3, 16);
    expectRefused(setup, 0, { type: 'draw', from: 'drawPile' }, 'WRONG_PHASE');
    expectRefused(setup, 0, { type: 'ready' }, 'WRONG_PHASE');
    const turns = start();
    expectRefused(turns, 1, { type: 'choosePile', pile: 'A' }, 'WRONG_PHASE');
    expectRefused(turns, 1, { type: 'pass' }, 'WRONG_PHASE');
    expectRefused(turns, 1, { type: 'arrange', melds: [] }, 'WRONG_PHASE');
    // Rival Sets off: its actions are refused with their own code.
    const plain = table([], 2);
    expectRefused(plain, 0, { type: 'pass' }, 'RIVAL_SETS_OFF');
  });

  it('R25 refusal: out of turn and wrong step', () => {
    const state = start();
    expectRefused(state, 0, { type: 'draw', from: 'drawPile' }, 'NOT_YOUR_TURN');
    expectRefused(state, 2, { type: 'discard', cardId: idIn(state, 2, 'AS') }, 'NOT_YOUR_TURN');
    expectRefused(state, 1, { type: 'discard', cardId: idIn(state, 1, '4H') }, 'WRONG_STEP');
    const drawn = draw(state, 1);
    expectRefused(drawn, 1, { type: 'draw', from: 'discardPile' }, 'WRONG_STEP');
  });

  it('R25 refusal: a card not in hand, whether unknown or another seat’s, gets the same answer', () => {
    const drawn = draw(start(), 1);
    const othersCard = idIn(drawn, 2, 'AS');
    const fieldCard = drawn.round.seats[1]!.field[1]!.card.id;
    // The id the next drawn card will get: pile cards have none yet.
    const nextId = `${drawn.round.round}-${drawn.round.nextCardId.toString(36)}`;
    const errors = [othersCard, fieldCard, nextId, 'no-such-card'].map((cardId) =>
      expectRefused(drawn, 1, { type: 'discard', cardId }, 'CARD_NOT_IN_HAND'),
    );
    for (const error of errors) expect(error).toEqual(errors[3]);
    expect(errors[0]!.message).toBe(RULE_ERRORS.CARD_NOT_IN_HAND);
    expectRefused(
      drawn,
      1,
      { type: 'exchange', cardId: othersCard, position: 1 },
      'CARD_NOT_IN_HAND',
    );
  });

  it('R25 refusal: exchanges: a mismatching value, a face-up position, a missing position, a second exchange', () => {
    const drawn = draw(start(), 1);
    expectRefused(
      drawn,
      1,
      { type: 'exchange', cardId: idIn(drawn, 1, '8C'), position: 1 },
      'VALUE_MISMATCH',
    );
    expectRefused(
      drawn,
      1,
      { type: 'exchange', cardId: idIn(drawn, 1, '2D'), position: 0 },
      'POSITION_FACE_UP',
    );
    expectRefused(
      drawn,
      1,
      { type: 'exchange', cardId: idIn(drawn, 1, '2D'), position: 5 },
      'BAD_POSITION',
    );
    const once = exchange(drawn, 1, '4H', 2);
    expectRefused(
      once,
      1,
      { type: 'exchange', cardId: idIn(once, 1, '8C'), position: 4 },
      'NO_EXCHANGE_LEFT',
    );
  });

  it('R25 refusal: lay-offs: onto one’s own meld, a melded card, a card that does not fit, no such meld', () => {
    const state = quietTurn(
      table(['rivalSets'], 2, {
        dealer: 0,
        seats: { 0: { hand: '5H 5D 5C KS 2D' }, 1: { hand: '9S 10S JS 5S 8H' } },
        drawTop: '7C',
        drawCount: 1,
      }),
    ).state;
    expect(state.round.reveal!.layoff!.seat).toBe(1);
    expectRefused(
      state,
      1,
      { type: 'layOff', cardId: idIn(state, 1, '8H'), target: { seat: 1, meld: 0 }, end: 'low' },
      'OWN_MELD',
    );
    expectRefused(
      state,
      1,
      { type: 'layOff', cardId: idIn(state, 1, '9S'), target: { seat: 0, meld: 0 }, end: 'set' },
      'CARD_IN_MELD',
    );
    expectRefused(
      state,
      1,
      { type: 'layOff', cardId: idIn(state, 1, '8H'), target: { seat: 0, meld: 0 }, end: 'set' },
      'CANNOT_LAY_OFF',
    );
    expectRefused(
      state,
      1,
      { type: 'layOff', cardId: idIn(state, 1, '5S'), target: { seat: 0, meld: 3 }, end: 'set' },
      'NOT_A_MELD',
    );
    expectRefused(state, 0, { type: 'pass' }, 'NOT_YOUR_TURN');
    expectRefused(
      state,
      1,
      { type: 'layOff', cardId: 'nope', target: { seat: 0, meld: 0 }, end: 'set' },
      'CARD_NOT_IN_HAND',
    );
  });

  it('R25 refusal: a player sending a system action; the system sending a player action; no such seat; game over', () => {
    const state = start();
    expectRefused(state, 1, { type: 'timeout', key: 'setup/1', standIn: [] }, 'SYSTEM_ONLY');
    expectRefused(state, 0, { type: 'abandon' }, 'SYSTEM_ONLY');
    expectRefused(state, 'system', { type: 'draw', from: 'drawPile' }, 'WRONG_PHASE');
    for (const seat of [3, -1, 1.5])
      expectRefused(state, seat, { type: 'draw', from: 'drawPile' }, 'NOT_A_SEAT');
    const over = act(state, 'system', { type: 'abandon' }).state;
    expectRefused(over, 1, { type: 'draw', from: 'drawPile' }, 'GAME_OVER');
    expectRefused(over, 'system', { type: 'abandon' }, 'GAME_OVER');
  });

  it('R25 refusal: setup: choosing twice, and a peek order that is not the chosen pile', () => {
    const state = newGame(settings(['peek']), 2, 17);
    const { A, B } = state.round.seats[0]!.piles!;
    expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: B.map((c) => c.id) },
      'BAD_FIELD_CHOICE',
    );
    expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: [A[0]!.id, A[0]!.id, A[1]!.id, A[2]!.id, A[3]!.id] },
      'BAD_FIELD_CHOICE',
    );
    // Another seat's cards get the same answer as made-up ids (§7: no side channels).
    const others = state.round.seats[1]!.piles!.A.map((c) => c.id);
    const withOthers = expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: others },
      'BAD_FIELD_CHOICE',
    );
    const madeUp = expectRefused(
      state,
      0,
      { type: 'choosePeek', pile: 'A', order: ['a', 'b', 'c', 'd', 'e'] },
      'BAD_FIELD_CHOICE',
    );
    expect(withOthers).toEqual(madeUp);
    const chosen = act(state, 0, {
      type: 'choosePeek',
      pile: 'A',
      order: A.map((c) => c.id),
    }).state;
    expectRefused(
      chosen,
      0,
      { type: 'choosePeek', pile: 'A', order: A.map((c) => c.id) },
      'ALREADY_CHOSEN',
    );
  });

  it('R25 refusal: unknown card ids in any action', () => {
    const drawn = draw(start(), 1);
    expectRefused(drawn, 1, { type: 'discard', cardId: '' }, 'CARD_NOT_IN_HAND');
    expectRefused(drawn, 1, { type: 'exchange', cardId: '1-zzz', position: 2 }, 'CARD_NOT_IN_HAND');
    const open = draw(table(['openField'], 2, { dealer: 0 }), 1);
    expectRefused(
      open,
      1,
      { type: 'openFieldSwap', cardId: '??', target: { seat: 0, position: 0 } },
      'CARD_NOT_IN_HAND',
    );
  });
});
