/** A player's actions and the server's, one union each tagged on `type`, with their schemas. */
import { z } from 'zod';
import type { SystemAction } from '@trepenta/engine';
import { cardSchema } from './cards';
import type { Card } from './cards';

export type TressetteAction =
  /** T10: a card from your hand, when it is your turn. */
  | { readonly type: 'play'; readonly card: Card }
  /** T23: between hands, skip the countdown once every seat is ready. */
  | { readonly type: 'ready' };

export const actionSchema: z.ZodType<TressetteAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), card: cardSchema }).strict(),
  z.object({ type: z.literal('ready') }).strict(),
]);

/** Tressette keeps its seats for the whole game: only timeouts and abandon reach it. */
export const systemActionSchema: z.ZodType<SystemAction<TressetteAction>> = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('timeout'),
        key: z.string().max(64),
        standIn: z.array(z.object({ type: z.literal('play'), card: cardSchema }).strict()).max(1),
      })
      .strict(),
    z.object({ type: z.literal('abandon') }).strict(),
  ],
);
