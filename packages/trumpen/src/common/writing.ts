/**
 * C3: a writing phase, a simultaneous step. Each seat edits a private draft: a `write` is a draft
 * edit in the platform's sense (docs/platform.md, "Private drafts"), applied without a version
 * step, sent to nobody else and kept apart from the log, so a reload restores it. Done (public)
 * carries the hand it locks, so the log alone replays the game; Done may be withdrawn until the
 * last seat presses it; the phase closes when all are Done or its timer runs out (the stand-in then completes the
 * drafts left). Edits and withdrawals per seat and phase are capped, which bounds a game's
 * actions without limiting anyone who plays.
 */
import { z } from 'zod';
import { err, ok } from '@trepenta/engine';
import type { ActionSpace, Drafts, LegalActions, Result } from '@trepenta/engine';
import type { Card, Suit } from './cards';
import { sameCard, suitSchema, valueSchema } from './cards';

/** A card being written: either part may still be blank. */
export interface DraftCard {
  readonly value: number | null;
  readonly suit: Suit | null;
}

export const draftCardSchema = z
  .object({ value: valueSchema.nullable(), suit: suitSchema.nullable() })
  .strict();

/** What a game's writing phase asks for. */
export interface WritingRules {
  /** Cards per hand. */
  readonly slots: number;
  /** The highest value allowed (C5: fixed from the seats at the start). */
  readonly maxValue: number;
  /** Whether a card carries a suit (Poker) or a value only (21, Trick Taking). */
  readonly suits: boolean;
  /** Whether a hand may hold two identical cards (Poker: no, P2). */
  readonly distinct: boolean;
}

export interface Writing {
  readonly drafts: readonly (readonly DraftCard[])[];
  readonly done: readonly boolean[];
  /** Edits and withdrawals each seat made in this phase (capped). */
  readonly edits: readonly number[];
  readonly withdrawals: readonly number[];
}

/** Caps per seat and phase: far above what a person needs in a writing timer. */
export const MAX_EDITS = 400;
export const MAX_WITHDRAWALS = 20;

export const WRITING_ERRORS = {
  OUT_OF_RANGE: 'That value is above the highest value this table allows.',
  WRONG_SIZE: 'A draft has one place per card of the hand.',
  SUIT_NOT_USED: 'Cards in this game carry a value only.',
  INCOMPLETE: 'Every card needs a value (and a suit where the game asks) before Done.',
  DUPLICATE_IN_HAND: 'Two cards of your hand are identical.',
  ALREADY_DONE: 'You pressed Done: withdraw it first to change your hand.',
  NOT_DONE: 'You have not pressed Done.',
  EDIT_LIMIT: 'Too many changes in this writing phase.',
} as const;
export type WritingCode = keyof typeof WRITING_ERRORS;

export function blankDraft(slots: number): DraftCard[] {
  return Array.from({ length: slots }, () => ({ value: null, suit: null }));
}

export function openWriting(seatCount: number, slots: number): Writing {
  return {
    drafts: Array.from({ length: seatCount }, () => blankDraft(slots)),
    done: Array.from({ length: seatCount }, () => false),
    edits: Array.from({ length: seatCount }, () => 0),
    withdrawals: Array.from({ length: seatCount }, () => 0),
  };
}

/** Whether a draft's shape and values fit the rules (blanks allowed): the check on every edit. */
export function draftProblem(draft: readonly DraftCard[], rules: WritingRules): WritingCode | null {
  if (draft.length !== rules.slots) return 'WRONG_SIZE';
  for (const card of draft) {
    if (card.value !== null && card.value > rules.maxValue) return 'OUT_OF_RANGE';
    if (!rules.suits && card.suit !== null) return 'SUIT_NOT_USED';
  }
  return null;
}

/** The hand a draft makes, or why it cannot be Done. */
export function handOf(
  draft: readonly DraftCard[],
  rules: WritingRules,
): Result<Card[], WritingCode> {
  const problem = draftProblem(draft, rules);
  if (problem) return err(problem);
  const hand: Card[] = [];
  for (const card of draft) {
    if (card.value === null || (rules.suits && card.suit === null)) return err('INCOMPLETE');
    hand.push({ value: card.value, suit: rules.suits ? card.suit : null });
  }
  if (rules.distinct && hand.some((a, i) => hand.some((b, j) => j > i && sameCard(a, b))))
    return err('DUPLICATE_IN_HAND');
  return ok(hand);
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((old, i) => (i === index ? item : old));
}

/** A seat's new draft (sent as it is edited). */
export function editDraft(
  writing: Writing,
  seat: number,
  draft: readonly DraftCard[],
  rules: WritingRules,
): Result<Writing, WritingCode> {
  if (writing.done[seat]) return err('ALREADY_DONE');
  if ((writing.edits[seat] ?? 0) >= MAX_EDITS) return err('EDIT_LIMIT');
  const problem = draftProblem(draft, rules);
  if (problem) return err(problem);
  return ok({
    ...writing,
    drafts: replaceAt(
      writing.drafts,
      seat,
      draft.map((card) => ({ value: card.value, suit: card.suit })),
    ),
    edits: replaceAt(writing.edits, seat, (writing.edits[seat] ?? 0) + 1),
  });
}

/** Done with the hand it locks (the seat's draft becomes that hand). */
export function pressDone(
  writing: Writing,
  seat: number,
  cards: readonly DraftCard[],
  rules: WritingRules,
): Result<Writing, WritingCode> {
  if (writing.done[seat]) return err('ALREADY_DONE');
  const hand = handOf(cards, rules);
  if (!hand.ok) return hand;
  return ok({
    ...writing,
    drafts: replaceAt(writing.drafts, seat, asDraft(hand.value)),
    done: replaceAt(writing.done, seat, true),
  });
}

/** A writing phase's seat actions: a draft edit, Done with its hand, and Done withdrawn. */
export type WritingAction =
  | { readonly type: 'write'; readonly cards: DraftCard[] }
  | { readonly type: 'done'; readonly cards: DraftCard[] }
  | { readonly type: 'withdraw' };

/** The wire schemas of the writing actions, for hands of `slots` cards. */
export function writingActionSchemas(slots: number) {
  const cards = z.array(draftCardSchema).max(slots);
  return [
    z.object({ type: z.literal('write'), cards }).strict(),
    z.object({ type: z.literal('done'), cards }).strict(),
    z.object({ type: z.literal('withdraw') }).strict(),
  ] as const;
}

/** One writing action applied to the phase. */
export function applyWriting(
  writing: Writing,
  seat: number,
  action: WritingAction,
  rules: WritingRules,
): Result<Writing, WritingCode> {
  if (action.type === 'write') return editDraft(writing, seat, action.cards, rules);
  if (action.type === 'done') return pressDone(writing, seat, action.cards, rules);
  return withdrawDone(writing, seat);
}

/**
 * C3 as the platform's private drafts: a `write` is a draft edit (the game's apply gives it no
 * version step and no event); the step is the writing phase of the round.
 */
export function writingDrafts<
  S extends { readonly phase: string; readonly round: number },
  A extends { readonly type: string },
>(): Drafts<S, A> {
  return {
    isDraft: (action) => action.type === 'write',
    step: (state) => (state.phase === 'writing' ? `write/${state.round}` : null),
  };
}

/** The version a writing game's step leaves: one more, except after a draft edit (C3). */
export function nextVersion(version: number, action: { readonly type: string }): number {
  return action.type === 'write' ? version : version + 1;
}

export function withdrawDone(writing: Writing, seat: number): Result<Writing, WritingCode> {
  if (!writing.done[seat]) return err('NOT_DONE');
  if ((writing.withdrawals[seat] ?? 0) >= MAX_WITHDRAWALS) return err('EDIT_LIMIT');
  return ok({
    ...writing,
    done: replaceAt(writing.done, seat, false),
    withdrawals: replaceAt(writing.withdrawals, seat, (writing.withdrawals[seat] ?? 0) + 1),
  });
}

export function allDone(writing: Writing): boolean {
  return writing.done.every(Boolean);
}

export function seatsNotDone(writing: Writing): number[] {
  return writing.done.flatMap((done, seat) => (done ? [] : [seat]));
}

/** The cards of a draft that are complete and in range (the stand-in keeps these, C7). */
export function completeCards(draft: readonly DraftCard[], rules: WritingRules): Card[] {
  const kept: Card[] = [];
  for (const card of draft) {
    if (card.value === null || card.value > rules.maxValue) continue;
    if (rules.suits && card.suit === null) continue;
    const written = { value: card.value, suit: rules.suits ? card.suit : null };
    if (rules.distinct && kept.some((other) => sameCard(other, written))) continue;
    kept.push(written);
  }
  return kept;
}

/** A complete hand as a draft (what a bot or the stand-in sends). */
export function asDraft(hand: readonly Card[]): DraftCard[] {
  return hand.map((card) => ({ value: card.value, suit: card.suit }));
}

/** A random draft within the rules (blanks, duplicates and all): what a person might send. */
export function randomDraft(rules: WritingRules, random: () => number): DraftCard[] {
  const suits = ['S', 'H', 'D', 'C'] as const;
  return Array.from({ length: rules.slots }, () => ({
    value: random() < 0.15 ? null : 1 + Math.floor(random() * rules.maxValue),
    suit: !rules.suits || random() < 0.15 ? null : suits[Math.floor(random() * 4)]!,
  }));
}

/**
 * What a seat may do in a writing phase, from its own view: withdraw once Done; else edit its draft
 * (any draft within the rules) or press Done with any complete hand (its draft's, when complete).
 */
export function writingLegal(
  rules: WritingRules,
  draft: readonly DraftCard[] | null,
  done: boolean,
): LegalActions<WritingAction> {
  if (done) return { actions: [{ type: 'withdraw' }], spaces: [] };
  const complete = draft !== null && handOf(draft, rules).ok;
  const cells = (rules.maxValue + 1) * (rules.suits ? 5 : 1);
  const write: ActionSpace<WritingAction> = {
    kind: 'write',
    size: cells ** rules.slots,
    sample: (random) => ({ type: 'write', cards: randomDraft(rules, random) }),
    contains: (action) => action.type === 'write' && draftProblem(action.cards, rules) === null,
  };
  const hand: ActionSpace<WritingAction> = {
    kind: 'done',
    size: (rules.maxValue * (rules.suits ? 4 : 1)) ** rules.slots,
    sample: (random) => ({ type: 'done', cards: asDraft(randomCompleteHand(rules, random)) }),
    contains: (action) => action.type === 'done' && handOf(action.cards, rules).ok,
  };
  return {
    actions: complete
      ? [{ type: 'done', cards: draft.map((c) => ({ value: c.value, suit: c.suit })) }]
      : [],
    spaces: [write, hand],
  };
}

/** A random complete hand within the rules (distinct where the rules ask). */
export function randomCompleteHand(rules: WritingRules, random: () => number): Card[] {
  const suits = ['S', 'H', 'D', 'C'] as const;
  const hand: Card[] = [];
  for (let tries = 0; hand.length < rules.slots && tries < 1000; tries++) {
    const card: Card = {
      value: 1 + Math.floor(random() * rules.maxValue),
      suit: rules.suits ? suits[Math.floor(random() * 4)]! : null,
    };
    if (rules.distinct && hand.some((other) => sameCard(other, card))) continue;
    hand.push(card);
  }
  return hand;
}
