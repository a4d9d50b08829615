/**
 * What a TrumPen viewer may not know, for the platform's test kits: the contract kit changes it
 * (`indistinguishable`, with the write commitments recomputed by `recommit`) and searches for it
 * (`secretsFor`); the wire kit searches every frame for it. Also the proven bounds on a game's
 * actions and the games' invariants.
 */
import { bytesToHex } from '@trepenta/engine';
import type { Viewer } from '@trepenta/engine';
import {
  MAX_EDITS,
  TWENTYONE_RULES,
  asDraft,
  tricksRules,
  MAX_WITHDRAWALS,
  POKER_ROUNDS,
  SUITS,
  checkCommitments,
  gameKey,
  handOf,
  pokerMaxValue,
  pokerRules,
  randomDraft,
  randomHand,
  revealedCards,
  saltOf,
  sameCard,
  writeCommitment,
} from '../src/index';
import type { Card, PokerState, TricksState, TwentyOneState } from '../src/index';

/** A writing phase: each seat at most MAX_EDITS edits, MAX_WITHDRAWALS withdrawals and as many
 * Done again, one Done more, and one timeout. */
export function writingBound(seatCount: number): number {
  return seatCount * (MAX_EDITS + 2 * MAX_WITHDRAWALS + 1) + 1;
}

/** Poker: nine rounds of a writing phase and a countdown (n Readies or a timeout), and an abandon. */
export function pokerMaxActions(_settings: unknown, seatCount: number): number {
  return POKER_ROUNDS * (writingBound(seatCount) + seatCount + 1) + 1;
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function otherSeats(seatCount: number, viewer: Viewer): number[] {
  return Array.from({ length: seatCount }, (_, s) => s).filter((s) => s !== viewer);
}

export function pokerIndistinguishable(
  state: PokerState,
  viewer: Viewer,
  random: () => number,
): PokerState[] {
  if (state.phase === 'over') return [];
  const out: PokerState[] = [];
  const others = otherSeats(state.seatCount, viewer);
  const seat = others[Math.floor(random() * others.length)]!;
  const rules = pokerRules(state.seatCount);
  // Another seat's draft (a Done seat's stays a hand that may be Done).
  if (state.phase === 'writing' && state.writing) {
    const altered = copy(state) as { -readonly [K in keyof PokerState]: PokerState[K] } & {
      writing: { drafts: unknown[] };
    };
    altered.writing.drafts[seat] = state.writing.done[seat]
      ? randomHand(rules.maxValue, random)
      : randomDraft(rules, random);
    if (JSON.stringify(altered) !== JSON.stringify(state)) out.push(altered);
  }
  // A card of another seat's closed hand that the viewer has not seen.
  const shut = !state.settings.showAllHands;
  state.rounds.forEach((record, r) => {
    if (!shut) return;
    const declared = new Set(record.showdown.levels.flatMap((l) => l.declarers));
    if (declared.has(seat)) return;
    const seen = revealedCards(record.hands, record.showdown)[seat]!;
    const hand = record.hands[seat]!;
    const hidden = hand.findIndex((card) => !seen.some((s) => sameCard(s, card)));
    if (hidden < 0) return;
    for (let tries = 0; tries < 10; tries++) {
      const card: Card = {
        value: 1 + Math.floor(random() * pokerMaxValue(state.seatCount)),
        suit: SUITS[Math.floor(random() * 4)]!,
      };
      if (hand.some((c) => sameCard(c, card))) continue;
      // The new card must match nothing the showdown would have shown.
      if (record.hands.some((h, s) => s !== seat && h.some((c) => sameCard(c, card)))) continue;
      const altered = copy(state) as unknown as { rounds: { hands: Card[][] }[] };
      altered.rounds[r]!.hands[seat]![hidden] = card;
      out.push(altered as unknown as PokerState);
      break;
    }
  });
  return out;
}

/** Recomputes every published write commitment from the hands and salts (C4). */
export function pokerRecommit(state: PokerState): PokerState {
  return {
    ...state,
    rounds: state.rounds.map((record) => ({
      ...record,
      commitments: record.hands.map((hand, seat) =>
        writeCommitment(
          state.randomness.gameId,
          record.round,
          seat,
          hand,
          saltOf(state.randomness, record.round, seat),
        ),
      ),
    })),
  };
}

/** Secrets until the game ends: the secret, the working key, the other seats' salts. */
export function pokerSecretsFor(state: PokerState, viewer: Viewer): string[] {
  if (state.phase === 'over') return [];
  const secrets = [state.randomness.secrets[0]!, bytesToHex(gameKey(state.randomness))];
  for (const record of state.rounds)
    for (const seat of otherSeats(state.seatCount, viewer))
      secrets.push(saltOf(state.randomness, record.round, seat));
  return secrets;
}

export function pokerInvariants(state: PokerState): string[] {
  const problems: string[] = [];
  const rules = pokerRules(state.seatCount);
  state.scores.forEach((score, seat) => {
    const sum = state.rounds.reduce((total, record) => total + record.showdown.points[seat]!, 0);
    if (sum !== score) problems.push(`seat ${seat}: total ${score}, rounds add up to ${sum}`);
  });
  for (const record of state.rounds) {
    for (const hand of record.hands) {
      const draft = hand.map((c) => ({ value: c.value, suit: c.suit }));
      if (!handOf(draft, rules).ok) problems.push(`round ${record.round}: an illegal hand`);
    }
    const salts = record.hands.map((_, seat) => saltOf(state.randomness, record.round, seat));
    if (
      !checkCommitments(
        state.randomness.gameId,
        record.round,
        record.hands,
        salts,
        record.commitments,
      )
    )
      problems.push(`round ${record.round}: a commitment does not match its hand`);
    const winners = record.showdown.winners;
    if (winners.length > 0 && record.showdown.decidedAt === null)
      problems.push(`round ${record.round}: winners without a deciding level`);
  }
  const expected = state.phase === 'writing' ? state.round - 1 : state.round;
  if (state.rounds.length !== expected && !state.abandoned)
    problems.push(`round ${state.round}: ${state.rounds.length} rounds recorded`);
  return problems;
}

/** A Poker view without its write commitments (the kit compares the rest). */
export function pokerWithoutCommitments(view: unknown): unknown {
  const v = view as { rounds: { commitments: unknown }[] };
  return { ...v, rounds: v.rounds.map((round) => ({ ...round, commitments: null })) };
}

// ---------------------------------------------------------------- 21

/** 21: three rounds of a writing phase, 3N deals of at most N moves each, and a countdown. */
export function twentyOneMaxActions(_settings: unknown, seatCount: number): number {
  return 3 * (writingBound(seatCount) + 3 * seatCount * seatCount + seatCount + 1) + 1;
}

type Loose = {
  writing: { drafts: unknown[]; done: boolean[] } | null;
  hands: number[][];
  offer: { from: number; value: number } | null;
  rounds: { written: number[][]; finals: number[] | null }[];
};

function replaceOne(values: number[], old: number, next: number): void {
  const i = values.indexOf(old);
  if (i >= 0) values[i] = next;
}

export function twentyOneIndistinguishable(
  state: TwentyOneState,
  viewer: Viewer,
  random: () => number,
): TwentyOneState[] {
  if (state.phase === 'over') return [];
  const out: TwentyOneState[] = [];
  const others = otherSeats(state.seatCount, viewer);
  const seat = others[Math.floor(random() * others.length)]!;
  const fresh = (old: number) => 1 + ((old + Math.floor(random() * 12)) % 13);
  if (state.phase === 'writing' && state.writing) {
    const altered = copy(state) as unknown as Loose;
    altered.writing!.drafts[seat] = state.writing.done[seat]
      ? asDraft([1, 2, 3, 4].map(() => ({ value: 1 + Math.floor(random() * 13), suit: null })))
      : randomDraft(TWENTYONE_RULES, random);
    if (JSON.stringify(altered) !== JSON.stringify(state))
      out.push(altered as unknown as TwentyOneState);
  }
  // A card still in another seat's hand (and so in its written hand).
  const hand = state.hands[seat] ?? [];
  if ((state.phase === 'offer' || state.phase === 'respond') && hand.length > 0) {
    const altered = copy(state) as unknown as Loose;
    const i = Math.floor(random() * hand.length);
    const old = hand[i]!;
    const next = fresh(old);
    altered.hands[seat]![i] = next;
    replaceOne(altered.rounds[altered.rounds.length - 1]!.written[seat]!, old, next);
    out.push(altered as unknown as TwentyOneState);
  }
  // The card on offer, for everyone but its start player.
  if (state.phase === 'respond' && state.offer && state.offer.from !== viewer) {
    const altered = copy(state) as unknown as Loose;
    const old = state.offer.value;
    const next = fresh(old);
    altered.offer!.value = next;
    replaceOne(altered.rounds[altered.rounds.length - 1]!.written[state.offer.from]!, old, next);
    out.push(altered as unknown as TwentyOneState);
  }
  return out;
}

export function twentyOneRecommit(state: TwentyOneState): TwentyOneState {
  return {
    ...state,
    rounds: state.rounds.map((record) => ({
      ...record,
      commitments: record.written.map((hand, seat) =>
        writeCommitment(
          state.randomness.gameId,
          record.round,
          seat,
          hand.map((value) => ({ value, suit: null })),
          saltOf(state.randomness, record.round, seat),
        ),
      ),
    })),
  };
}

export function twentyOneWithoutCommitments(view: unknown): unknown {
  const v = view as { rounds: { commitments: unknown }[] };
  return { ...v, rounds: v.rounds.map((round) => ({ ...round, commitments: null })) };
}

export function twentyOneSecretsFor(state: TwentyOneState, viewer: Viewer): string[] {
  if (state.phase === 'over') return [];
  const secrets = [state.randomness.secrets[0]!, bytesToHex(gameKey(state.randomness))];
  for (const record of state.rounds)
    for (const seat of otherSeats(state.seatCount, viewer))
      secrets.push(saltOf(state.randomness, record.round, seat));
  return secrets;
}

const sortedText = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');

export function twentyOneInvariants(state: TwentyOneState): string[] {
  const problems: string[] = [];
  const n = state.seatCount;
  state.scores.forEach((score, seat) => {
    const sum = state.rounds.reduce((total, r) => total + (r.points?.[seat] ?? 0), 0);
    if (sum !== score) problems.push(`seat ${seat}: total ${score}, rounds add up to ${sum}`);
  });
  if (state.phase === 'offer' || state.phase === 'respond') {
    const inHands = state.hands.reduce((sum, h) => sum + h.length, 0);
    const up = state.faceUp.reduce((sum, f) => sum + f.length, 0);
    if (inHands + up + (state.offer ? 1 : 0) !== 4 * n)
      problems.push(`deal ${state.deal}: cards not conserved`);
    if (up !== state.deal) problems.push(`deal ${state.deal}: ${up} face-up cards`);
    // Every card in play came from its seat's written hand.
    const record = state.rounds[state.rounds.length - 1]!;
    const all = [
      ...state.hands.flat(),
      ...state.faceUp.flat(),
      ...(state.offer ? [state.offer.value] : []),
    ];
    if (sortedText(all) !== sortedText(record.written.flat()))
      problems.push(`round ${state.round}: the cards in play are not the written ones`);
  }
  for (const record of state.rounds) {
    const salts = record.written.map((_, seat) => saltOf(state.randomness, record.round, seat));
    const hands = record.written.map((hand) => hand.map((value) => ({ value, suit: null })));
    if (!checkCommitments(state.randomness.gameId, record.round, hands, salts, record.commitments))
      problems.push(`round ${record.round}: a commitment does not match its hand`);
  }
  return problems;
}

// ---------------------------------------------------------------- Trick Taking

/** Trick Taking: three rounds of a writing phase, three tricks of N turns, and a countdown. */
export function tricksMaxActions(_settings: unknown, seatCount: number): number {
  return 3 * (writingBound(seatCount) + 3 * seatCount + seatCount + 1) + 1;
}

export function tricksIndistinguishable(
  state: TricksState,
  viewer: Viewer,
  random: () => number,
): TricksState[] {
  if (state.phase === 'over') return [];
  const out: TricksState[] = [];
  const others = otherSeats(state.seatCount, viewer);
  const seat = others[Math.floor(random() * others.length)]!;
  const rules = tricksRules(state.seatCount);
  if (state.phase === 'writing' && state.writing) {
    const altered = copy(state) as unknown as Loose;
    altered.writing!.drafts[seat] = state.writing.done[seat]
      ? asDraft(
          [1, 2, 3].map(() => ({ value: 1 + Math.floor(random() * rules.maxValue), suit: null })),
        )
      : randomDraft(rules, random);
    if (JSON.stringify(altered) !== JSON.stringify(state))
      out.push(altered as unknown as TricksState);
  }
  // A number still in another seat's hand (and so in its written hand), kept unplayable or
  // playable as it was: the server's automatic passes are public.
  const hand = state.hands[seat] ?? [];
  if (state.phase === 'play' && hand.length > 0) {
    const altered = copy(state) as unknown as Loose;
    const i = Math.floor(random() * hand.length);
    const old = hand[i]!;
    const next = 1 + ((old + Math.floor(random() * (rules.maxValue - 1))) % rules.maxValue);
    if (next !== old) {
      altered.hands[seat]![i] = next;
      replaceOne(altered.rounds[altered.rounds.length - 1]!.written[seat]!, old, next);
      out.push(altered as unknown as TricksState);
    }
  }
  return out;
}

export function tricksRecommit(state: TricksState): TricksState {
  return twentyOneRecommit(state as never) as never;
}

export function tricksInvariants(state: TricksState): string[] {
  const problems: string[] = [];
  state.scores.forEach((score, seat) => {
    const sum = state.points.reduce(
      (total, row, r) => total + (state.rounds[r]?.unplayed ? row[seat]! : 0),
      0,
    );
    if (sum !== score) problems.push(`seat ${seat}: total ${score}, rounds add up to ${sum}`);
  });
  const seen = new Set(state.grid.map((c) => `${c.value}${c.suit}`));
  if (seen.size !== state.grid.length) problems.push('a card is twice on the grid');
  if (state.phase === 'play') {
    const record = state.rounds[state.rounds.length - 1]!;
    const played = [...state.tricks.flatMap((t) => t.plays), ...(state.trick?.plays ?? [])].flatMap(
      (p) => (p.card ? [p.card.value] : []),
    );
    if (sortedText([...state.hands.flat(), ...played]) !== sortedText(record.written.flat()))
      problems.push(`round ${state.round}: the cards in play are not the written ones`);
  }
  for (const record of state.rounds) {
    const salts = record.written.map((_, seat) => saltOf(state.randomness, record.round, seat));
    const hands = record.written.map((h) => h.map((value) => ({ value, suit: null })));
    if (!checkCommitments(state.randomness.gameId, record.round, hands, salts, record.commitments))
      problems.push(`round ${record.round}: a commitment does not match its hand`);
  }
  return problems;
}

/** Trick Taking's secrets: the same as 21's (the secret, the key, other seats' salts). */
export function tricksSecretsFor(state: TricksState, viewer: Viewer): string[] {
  return twentyOneSecretsFor(state as unknown as TwentyOneState, viewer);
}
export { speedSecretsFor, speedMaxActions, speedInvariants } from './speed-hooks';
