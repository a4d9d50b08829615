/**
 * Italian cards drawn by our own components: Coins (a gold coin), Cups (a red chalice), Swords (a
 * blue blade) and Clubs (a green baton); never the French symbols. The rank sits in two corners,
 * the Italian name in the title and in the words a screen reader hears.
 */
import type { Card, Suit } from '@trepenta/tressette';
import { rankOf, suitOf } from '@trepenta/tressette';
import { m } from './messages';

/** One suit's emblem, drawn in a 24×24 box. */
export function SuitMark({ suit, size = 24 }: { suit: Suit; size?: number }) {
  return (
    <svg
      className={`tr-suit tr-suit-${suit}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {suit === 'coins' && (
        <g>
          <circle cx="12" cy="12" r="10" className="fill" />
          <circle cx="12" cy="12" r="6.5" className="line" />
          <path
            d="M12 7.5l1.3 3.2 3.2 1.3-3.2 1.3-1.3 3.2-1.3-3.2-3.2-1.3 3.2-1.3z"
            className="ink"
          />
        </g>
      )}
      {suit === 'cups' && (
        <g>
          <path
            d="M4 3h16c0 6-3 9.5-6.5 10.5V18H17v3H7v-3h3.5v-4.5C7 12.5 4 9 4 3z"
            className="fill"
          />
          <path d="M6.5 5.5h11" className="line" />
        </g>
      )}
      {suit === 'swords' && (
        <g>
          <path d="M12 1.5l2.2 3V15h-4.4V4.5z" className="fill" />
          <path d="M6 15h12v2.2H6z" className="ink" />
          <path d="M10.8 17.2h2.4v3.6h-2.4z" className="ink" />
          <circle cx="12" cy="21.5" r="1.6" className="ink" />
        </g>
      )}
      {suit === 'clubs' && (
        <g>
          <path
            d="M9 2.5c2-1 4.5-.5 5.5 1.5l1 4.5-1.5 1 1 4-1.5 1 1 6.5c-.8 1.3-3 1.3-3.8 0L9.5 15l1.3-1-1-4 1.3-1z"
            className="fill"
          />
          <circle cx="13.5" cy="8.2" r="1" className="ink" />
          <circle cx="12.2" cy="13.8" r="1" className="ink" />
        </g>
      )}
    </svg>
  );
}

/** A card's face. `small` for known cards, the trick's corners and the hand-end breakdown. */
export function CardFace({ card, small = false }: { card: Card; small?: boolean }) {
  const suit = suitOf(card);
  const rank = rankOf(card);
  return (
    <span
      className={`tr-card tr-${suit} ${small ? 'small' : ''}`}
      title={m.card(card)}
      role="img"
      aria-label={m.card(card)}
    >
      {/* The rank is drawn by CSS (content: attr(data-rank)): the card is named in words. */}
      <span className="corner top" data-rank={m.rankLabel(rank)} aria-hidden="true" />
      <span className="emblem" aria-hidden="true">
        <SuitMark suit={suit} size={small ? 18 : 36} />
      </span>
      <span className="corner bottom" data-rank={m.rankLabel(rank)} aria-hidden="true" />
    </span>
  );
}

/** The back of a card: a hidden card, counted but never named. */
export function CardBack({ small = true }: { small?: boolean }) {
  return <span className={`tr-card back ${small ? 'small' : ''}`} aria-hidden="true" />;
}
