/**
 * A TrumPen card: a blank white card with what its owner wrote on it in a marker-like hand (a
 * value, and a suit where the game asks). Blank parts show as a faint dashed line.
 */
import type { Card, DraftCard } from '@trepenta/trumpen';
import { SUIT_SYMBOL, cardWords, valueText } from './words';

export function BlankCard({
  card,
  size = 'md',
  label,
  state,
  circled = false,
}: {
  card: Card | DraftCard | null;
  size?: 'sm' | 'md' | 'lg';
  /** The accessible name, when the card is not inside a named control. */
  label?: string;
  /** How the table marks it: a matched (duplicate) card, a winner's, an eliminated seat's. */
  state?: 'match' | 'win' | 'out' | 'down' | null;
  /** The suit is the owner's own, circled on the blank before it was written (Speed, S1). */
  circled?: boolean;
}) {
  const down = card === null;
  const value = card?.value ?? null;
  const suit = card?.suit ?? null;
  const red = suit === 'H' || suit === 'D';
  return (
    <span
      className={`tp-card tp-${size} ${down ? 'tp-down' : ''} ${state ? `tp-${state}` : ''} ${red ? 'tp-red' : ''}`}
      role={label ? 'img' : undefined}
      aria-label={label ?? undefined}
      data-card={card && value !== null ? `${value}${suit ?? ''}` : undefined}
    >
      {!down && (
        <>
          <span className="tp-value" aria-hidden="true">
            {value === null ? '' : valueText(value)}
          </span>
          {suit !== null && (
            <span className={`tp-suit ${circled ? 'tp-circled' : ''}`} aria-hidden="true">
              {SUIT_SYMBOL[suit]}
            </span>
          )}
          {value === null && suit === null && <span className="tp-blank" aria-hidden="true" />}
          {!label && <span className="sr-only">{cardWords(card)}</span>}
        </>
      )}
    </span>
  );
}

/** A row of written cards, named as a whole. */
export function CardRow({
  cards,
  label,
  size = 'sm',
  marks,
}: {
  cards: readonly (Card | null)[];
  label: string;
  size?: 'sm' | 'md';
  marks?: readonly ('match' | 'win' | 'out' | null)[];
}) {
  return (
    <span className="tp-row" role="group" aria-label={label}>
      {cards.map((card, i) => (
        <BlankCard key={i} card={card} size={size} state={marks?.[i] ?? null} />
      ))}
    </span>
  );
}
