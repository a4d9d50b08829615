import { z } from 'zod';
import { cardIdSchema } from './cards';

const seatSchema = z.number().int().min(0).max(5);
const positionSchema = z.number().int().min(0).max(4);
const fiveIds = z.array(cardIdSchema).length(5);

/** A player's action. One union tagged on `type`; zod validates at the boundary only. */
export const playerActionSchema = z.discriminatedUnion('type', [
  /** Core setup (R7): pick pile A or B as the field without seeing them. */
  z.object({ type: z.literal('choosePile'), pile: z.enum(['A', 'B']) }).strict(),
  /** Player's Choice (peek, R8): pick a pile and the left-to-right order of its cards. */
  z.object({ type: z.literal('choosePeek'), pile: z.enum(['A', 'B']), order: fiveIds }).strict(),
  /** Player's Choice (sort, R8): any 5 of the 10 dealt cards, in field order; the rest is the hand. */
  z.object({ type: z.literal('chooseSort'), field: fiveIds }).strict(),
  z.object({ type: z.literal('draw'), from: z.enum(['drawPile', 'discardPile']) }).strict(),
  /** A hand card onto one of your own face-down positions of equal value (§3.2). */
  z
    .object({ type: z.literal('exchange'), cardId: cardIdSchema, position: positionSchema })
    .strict(),
  /** Open Field: a hand card for a face-up field card of equal value on any field (R12). */
  z
    .object({
      type: z.literal('openFieldSwap'),
      cardId: cardIdSchema,
      target: z.object({ seat: seatSchema, position: positionSchema }).strict(),
    })
    .strict(),
  z.object({ type: z.literal('discard'), cardId: cardIdSchema }).strict(),
  /** R19b: which meld arrangement of your hand to show, as groups of your card ids. */
  z
    .object({
      type: z.literal('arrange'),
      melds: z.array(z.array(cardIdSchema).min(3).max(13)).max(5),
    })
    .strict(),
  /** Rival Sets: one unmelded card onto another player's meld, at a run's end (R20). */
  z
    .object({
      type: z.literal('layOff'),
      cardId: cardIdSchema,
      target: z.object({ seat: seatSchema, meld: z.number().int().min(0).max(5) }).strict(),
      end: z.enum(['set', 'low', 'high']),
    })
    .strict(),
  /** Rival Sets: give up this lay-off turn. */
  z.object({ type: z.literal('pass') }).strict(),
  /** Between rounds: skip the countdown once everyone is ready. */
  z.object({ type: z.literal('ready') }).strict(),
]);

export type PlayerAction = z.infer<typeof playerActionSchema>;

/**
 * The server's own actions. A timeout names the timer it ends (R26); a timed-out turn or lay-off
 * turn carries the stand-in's moves as the concrete actions they are (R24), so a replay never
 * depends on the bot's code.
 */
export const systemActionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('timeout'),
      key: z.string().min(1).max(64),
      standIn: z.array(playerActionSchema).max(64).default([]),
    })
    .strict(),
  /** The game stops here and its secrets may be revealed (§8.4). */
  z.object({ type: z.literal('abandon') }).strict(),
]);

export type SystemAction = z.infer<typeof systemActionSchema>;

export type Action = PlayerAction | SystemAction;
export const actionSchema = z.union([playerActionSchema, systemActionSchema]);

/** Who acted: a seat, or the server itself. */
export type Actor = number | 'system';

/** The turn actions checked against the room's version (R25); the rest are simultaneous steps. */
export function isTurnAction(action: Action): boolean {
  switch (action.type) {
    case 'draw':
    case 'exchange':
    case 'openFieldSwap':
    case 'discard':
    case 'layOff':
    case 'pass':
      return true;
    case 'choosePile':
    case 'choosePeek':
    case 'chooseSort':
    case 'arrange':
    case 'ready':
    case 'timeout':
    case 'abandon':
      return false;
  }
}
