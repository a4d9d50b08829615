/**
 * The writing panel's own copy of the player's draft (C3). Every change shows at once and is sent
 * as a `write`; the server takes one move of a player at a time, so changes made while one is on
 * its way are kept and only the latest is sent after it: a quick value then suit, or a second card,
 * is never dropped. Done waits for the changes before it and offers exactly the cards shown.
 */
import { useEffect, useRef, useState } from 'react';
import type { DraftCard } from '@trepenta/trumpen';
import { act } from '../../net';

export interface DraftWriter {
  /** The cards as the player has written them: the server's draft plus changes on their way. */
  readonly cards: readonly DraftCard[];
  readonly change: (cards: DraftCard[]) => void;
  readonly done: () => void;
  readonly withdraw: () => void;
}

type Send = (action: unknown) => Promise<boolean>;

function same(a: readonly DraftCard[], b: readonly DraftCard[]): boolean {
  return (
    a.length === b.length &&
    a.every((card, i) => card.value === b[i]!.value && card.suit === b[i]!.suit)
  );
}

export function useDraftWriter(server: readonly DraftCard[], send: Send = act): DraftWriter {
  // Changes not yet confirmed by the server's copy; null once it shows them (or refused them).
  const [local, setLocal] = useState<readonly DraftCard[] | null>(null);
  const wanted = useRef<DraftCard[] | null>(null);
  const sending = useRef<Promise<boolean> | null>(null);
  const cards = local ?? server;
  const latest = useRef(cards);
  latest.current = cards;

  const current = useRef(server);
  current.current = server;

  // With nothing on its way, the server's copy is the truth (a new round's blank cards, a change
  // made in another tab).
  useEffect(() => {
    if (sending.current === null) setLocal(null);
  }, [server]);

  /** Sends the latest change, then any made meanwhile; false if one was refused. */
  const flush = (): Promise<boolean> => {
    if (sending.current) return sending.current;
    const run = async (): Promise<boolean> => {
      let ok = true;
      while (wanted.current !== null && ok) {
        const next = wanted.current;
        wanted.current = null;
        ok = await send({ type: 'write', cards: next });
      }
      wanted.current = null;
      sending.current = null;
      // Refused: the server's copy is the truth again (the refusal was shown in words). Accepted:
      // the server's copy shows the last change (its view comes before the answer).
      if (!ok || same(latest.current, current.current)) setLocal(null);
      return ok;
    };
    sending.current = run();
    return sending.current;
  };

  return {
    cards,
    change: (next) => {
      setLocal(next);
      latest.current = next;
      wanted.current = next;
      void flush();
    },
    done: () => {
      void (async () => {
        if (!(await flush())) return;
        await send({ type: 'done', cards: [...latest.current] });
      })();
    },
    withdraw: () => void send({ type: 'withdraw' }),
  };
}
