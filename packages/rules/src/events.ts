import { z } from 'zod';
import { cardSchema, faceOf, faceSchema } from './cards';
import type { Card, Face } from './cards';
import { ROUND_END_REASONS } from './state';
import type { RoundEndReason } from './state';
import { exhaustive } from './result';

/** Where a card is: every moving card's event says from where to where (for animation and speech). */
export const locationSchema = z.discriminatedUnion('zone', [
  z.object({ zone: z.literal('drawPile') }).strict(),
  z.object({ zone: z.literal('discardPile') }).strict(),
  z.object({ zone: z.literal('hand'), seat: z.number().int() }).strict(),
  z
    .object({ zone: z.literal('field'), seat: z.number().int(), position: z.number().int() })
    .strict(),
  z.object({ zone: z.literal('meld'), seat: z.number().int(), meld: z.number().int() }).strict(),
]);
export type Location = z.infer<typeof locationSchema>;

/** Viewer of a view or event: a seat, or a spectator who sees only what is public. */
export type Viewer = number | 'spectator';

/** A card as a viewer sees it: with its id in the viewer's own hand, by rank and suit when public. */
export const seenCardSchema = z.union([cardSchema, faceSchema]);

export const moveViewSchema = z
  .object({ card: seenCardSchema.nullable(), from: locationSchema, to: locationSchema })
  .strict();
export type MoveView = z.infer<typeof moveViewSchema>;

/** A move as the engine records it; `isPublic` says whether everyone sees the card's face. */
export interface Move {
  readonly card: Card;
  readonly from: Location;
  readonly to: Location;
  readonly isPublic: boolean;
}

const seat = z.number().int();
const meldViewSchema = z
  .object({ kind: z.enum(['set', 'run']), cards: z.array(faceSchema) })
  .strict();
export type MeldView = z.infer<typeof meldViewSchema>;

/** Every event as a viewer receives it (the protocol reuses this schema). */
export const eventViewSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('roundStarted'),
      round: z.number().int(),
      dealer: seat,
      dice: z.array(z.number().int()),
      discardTop: faceSchema,
      drawCount: z.number().int(),
    })
    .strict(),
  z
    .object({
      type: z.literal('fieldChosen'),
      seat,
      timedOut: z.boolean(),
      /** To the chooser only: the hand, and under peek/sort the field in order (R8). */
      hand: z.array(cardSchema).optional(),
      field: z.array(cardSchema).optional(),
    })
    .strict(),
  z
    .object({ type: z.literal('turnStarted'), seat, turn: z.number().int(), final: z.boolean() })
    .strict(),
  z
    .object({
      type: z.literal('drew'),
      seat,
      from: z.enum(['drawPile', 'discardPile']),
      moves: z.array(moveViewSchema),
    })
    .strict(),
  z
    .object({
      type: z.literal('exchanged'),
      seat,
      position: z.number().int(),
      moves: z.array(moveViewSchema),
    })
    .strict(),
  z
    .object({
      type: z.literal('swapped'),
      seat,
      target: z.object({ seat, position: z.number().int() }).strict(),
      moves: z.array(moveViewSchema),
    })
    .strict(),
  z.object({ type: z.literal('discarded'), seat, moves: z.array(moveViewSchema) }).strict(),
  z.object({ type: z.literal('fieldCompleted'), seat, finalTurns: z.number().int() }).strict(),
  z
    .object({
      type: z.literal('reshuffled'),
      count: z.number().int(),
      reshuffles: z.number().int(),
    })
    .strict(),
  z.object({ type: z.literal('timedOut'), key: z.string(), seat: seat.nullable() }).strict(),
  z
    .object({
      type: z.literal('roundEnded'),
      reason: z.enum(ROUND_END_REASONS),
      hands: z.array(z.array(faceSchema)),
      fields: z.array(z.array(faceSchema)),
    })
    .strict(),
  z
    .object({ type: z.literal('arrangementsShown'), melds: z.array(z.array(meldViewSchema)) })
    .strict(),
  z.object({ type: z.literal('arrangementChosen'), seat }).strict(),
  z
    .object({
      type: z.literal('laidOff'),
      seat,
      target: z.object({ seat, meld: z.number().int() }).strict(),
      end: z.enum(['set', 'low', 'high']),
      moves: z.array(moveViewSchema),
    })
    .strict(),
  z.object({ type: z.literal('passed'), seat, auto: z.boolean() }).strict(),
  z
    .object({
      type: z.literal('roundScored'),
      round: z.number().int(),
      points: z.array(z.number().int()),
      totals: z.array(z.number().int()),
      finishLine: seat.nullable(),
    })
    .strict(),
  z.object({ type: z.literal('ready'), seat }).strict(),
  z
    .object({
      type: z.literal('gameEnded'),
      totals: z.array(z.number().int()),
      winners: z.array(seat),
      abandoned: z.boolean(),
      secrets: z.array(z.string()),
    })
    .strict(),
]);
export type EventView = z.infer<typeof eventViewSchema>;

type WithMoves<T> = T extends { moves: MoveView[] }
  ? Omit<T, 'moves'> & { moves: readonly Move[] }
  : T;
type Internal<T> = T extends { type: 'fieldChosen' }
  ? Omit<T, 'hand' | 'field'> & { hand: readonly Card[]; field: readonly Card[]; peeked: boolean }
  : WithMoves<T>;

/** An event as the engine emits it, before redaction: it may hold hidden cards. */
export type GameEvent = Internal<EventView>;

/** Whether the move takes a card into or out of the viewer's own hand: they see its id. */
function ownsMove(move: Move, viewer: Viewer): boolean {
  return (
    viewer !== 'spectator' &&
    ((move.to.zone === 'hand' && move.to.seat === viewer) ||
      (move.from.zone === 'hand' && move.from.seat === viewer))
  );
}

function moveFor(move: Move, viewer: Viewer): MoveView {
  const card: Card | Face | null = ownsMove(move, viewer)
    ? { id: move.card.id, rank: move.card.rank, suit: move.card.suit }
    : move.isPublic
      ? faceOf(move.card)
      : null;
  return { card, from: move.from, to: move.to };
}

/** An event as one viewer may see it (docs/rules/trepenta.md §7): built from what that viewer may know. */
export function eventFor(event: GameEvent, viewer: Viewer): EventView {
  switch (event.type) {
    case 'drew':
    case 'exchanged':
    case 'swapped':
    case 'discarded':
    case 'laidOff':
      return { ...event, moves: event.moves.map((move) => moveFor(move, viewer)) };
    case 'fieldChosen': {
      const base = { type: event.type, seat: event.seat, timedOut: event.timedOut };
      if (viewer !== event.seat) return base;
      const hand = event.hand.map(copyCard);
      return event.peeked ? { ...base, hand, field: event.field.map(copyCard) } : { ...base, hand };
    }
    case 'roundStarted':
    case 'turnStarted':
    case 'fieldCompleted':
    case 'reshuffled':
    case 'timedOut':
    case 'roundEnded':
    case 'arrangementsShown':
    case 'arrangementChosen':
    case 'passed':
    case 'roundScored':
    case 'ready':
    case 'gameEnded':
      return event;
    default:
      return exhaustive(event);
  }
}

/** Whether the viewer sees the event differently from an outsider: a card of theirs is in it. */
function involves(event: GameEvent, viewer: Viewer): boolean {
  if (viewer === 'spectator') return false;
  if (event.type === 'fieldChosen') return event.seat === viewer;
  return 'moves' in event && event.moves.some((move) => ownsMove(move, viewer));
}

const NO_EVENTS = Object.freeze([]) as unknown as EventView[];

/**
 * The events as each of several viewers may see them, each list equal to `events.map((e) =>
 * eventFor(e, viewer))`; an event that shows several viewers the same is built once and shared
 * between their lists (treat them as read-only).
 */
export function eventsFor(events: readonly GameEvent[], viewers: readonly Viewer[]): EventView[][] {
  if (events.length === 0) return viewers.map(() => NO_EVENTS);
  const outsiders: (EventView | undefined)[] = [];
  return viewers.map((viewer) =>
    events.map((event, i) =>
      involves(event, viewer)
        ? eventFor(event, viewer)
        : (outsiders[i] ??= eventFor(event, 'spectator')),
    ),
  );
}

function copyCard(card: Card): Card {
  return { id: card.id, rank: card.rank, suit: card.suit };
}

export function facesOf(cards: readonly Face[]): Face[] {
  return cards.map(faceOf);
}

export type { RoundEndReason };
