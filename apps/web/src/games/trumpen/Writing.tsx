/**
 * The writing panel every TrumPen table uses (C3): the player's blank cards; tap one, pick a value
 * (only those the table allows) and, where the game asks, a suit. Each change is sent as a draft
 * (kept on the server, private); Done is public and can be withdrawn until the last player is done.
 */
import { useState } from 'react';
import type { DraftCard, Suit } from '@trepenta/trumpen';
import { SUITS } from '@trepenta/trumpen';
import { BlankCard } from './BlankCard';
import { SUIT_SYMBOL, SUIT_WORD, cardWords, valueText, valueWord } from './words';

export interface WritingProps {
  readonly draft: readonly DraftCard[];
  readonly maxValue: number;
  readonly suits: boolean;
  readonly done: boolean;
  /** Why Done is not possible yet, in words (null: it is). */
  readonly problem: string | null;
  /** A warning about a card being written (Trick Taking: a number with no free suit). */
  readonly warn?: (card: DraftCard) => string | null;
  readonly onChange: (draft: DraftCard[]) => void;
  readonly onDone: () => void;
  readonly onWithdraw: () => void;
}

export function WritingPanel(props: WritingProps) {
  const { draft, maxValue, suits, done } = props;
  const [selected, setSelected] = useState(0);
  const current = draft[selected] ?? { value: null, suit: null };
  const set = (change: Partial<DraftCard>) => {
    const next = draft.map((card, i) => (i === selected ? { ...card, ...change } : card));
    props.onChange(next);
    // After a complete card, the next blank one is picked.
    const written = { ...current, ...change };
    if (written.value !== null && (!suits || written.suit !== null)) {
      const blank = next.findIndex((card) => card.value === null || (suits && card.suit === null));
      if (blank >= 0) setSelected(blank);
    }
  };
  const warning = props.warn?.(current) ?? null;
  return (
    <section className="tp-writing" aria-label="Write your cards">
      <div className="tp-hand" role="radiogroup" aria-label="Your cards">
        {draft.map((card, i) => (
          <button
            key={i}
            type="button"
            role="radio"
            aria-checked={i === selected}
            className={`tp-slot ${i === selected ? 'selected' : ''}`}
            disabled={done}
            aria-label={`Card ${i + 1}: ${cardWords(card)}`}
            onClick={() => setSelected(i)}
          >
            <BlankCard card={card} size="lg" />
          </button>
        ))}
      </div>
      {!done && (
        <div className="tp-picker">
          <div className="tp-values" role="group" aria-label={`Value of card ${selected + 1}`}>
            {Array.from({ length: maxValue }, (_, i) => i + 1).map((value) => (
              <button
                key={value}
                type="button"
                className={`tp-pick ${current.value === value ? 'on' : ''}`}
                aria-pressed={current.value === value}
                aria-label={valueWord(value)}
                onClick={() => set({ value })}
              >
                {valueText(value)}
              </button>
            ))}
          </div>
          {suits && (
            <div className="tp-suits" role="group" aria-label={`Suit of card ${selected + 1}`}>
              {SUITS.map((suit: Suit) => (
                <button
                  key={suit}
                  type="button"
                  className={`tp-pick tp-suit-pick ${suit === 'H' || suit === 'D' ? 'tp-red' : ''} ${current.suit === suit ? 'on' : ''}`}
                  aria-pressed={current.suit === suit}
                  aria-label={SUIT_WORD[suit]}
                  onClick={() => set({ suit })}
                >
                  {SUIT_SYMBOL[suit]}
                </button>
              ))}
            </div>
          )}
          {warning && (
            <p className="tp-warn" role="status">
              {warning}
            </p>
          )}
        </div>
      )}
      <div className="tp-done-row">
        {done ? (
          <>
            <span className="badge ok">Done</span>
            <button type="button" className="small-button" onClick={props.onWithdraw}>
              Change my cards
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              // Focusable while disabled would be better for the reason; the reason is below.
              disabled={props.problem !== null}
              aria-describedby="tp-done-why"
              onClick={props.onDone}
            >
              Done
            </button>
            <span id="tp-done-why" className="muted small">
              {props.problem ??
                'Press Done when your cards are ready. You can change them until everyone is done.'}
            </span>
          </>
        )}
      </div>
    </section>
  );
}
