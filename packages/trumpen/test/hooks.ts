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
import type { Card, PokerState } from '../src/index';

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
