import type { ReactNode } from 'react';
import type { Face, Suit } from '@trepenta/rules';
import { m } from './messages';

/** Suit symbols drawn as SVG: system fonts may lack ★ ☾ ☀ ❦, and each needs its own shape. */
export function SuitIcon({ suit, className }: { suit: Suit; className?: string }) {
  return (
    <svg
      className={`suit-icon ${className ?? ''}`}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {SUIT_SHAPES[suit]}
    </svg>
  );
}

export const SUIT_SHAPES: Record<Suit, ReactNode> = {
  S: (
    <path
      fill="currentColor"
      d="M12 1.6C9.2 5.4 2.6 9.1 2.6 14.1c0 2.9 2.2 5 4.9 5 1.6 0 3-.7 3.8-1.9L10 22.4h4l-1.3-5.2c.8 1.2 2.2 1.9 3.8 1.9 2.7 0 4.9-2.1 4.9-5 0-5-6.6-8.7-9.4-12.5z"
    />
  ),
  H: (
    <path
      fill="currentColor"
      d="M12 21.6C5.4 16.2 1.8 12.6 1.8 8.2c0-3.2 2.4-5.7 5.5-5.7 2 0 3.7 1 4.7 2.7 1-1.7 2.7-2.7 4.7-2.7 3.1 0 5.5 2.5 5.5 5.7 0 4.4-3.6 8-10.2 13.4z"
    />
  ),
  D: <path fill="currentColor" d="M12 1.4 20.4 12 12 22.6 3.6 12z" />,
  C: (
    <g fill="currentColor">
      <circle cx="12" cy="6.9" r="4.6" />
      <circle cx="6.6" cy="13.6" r="4.6" />
      <circle cx="17.4" cy="13.6" r="4.6" />
      <path d="M10.9 12.5h2.2l1.6 9.9H9.3z" />
    </g>
  ),
  stars: (
    <path
      fill="currentColor"
      d="M12 1.5l3 7.1 7.5.6-5.7 5 1.8 7.4L12 17.6l-6.6 4 1.8-7.4-5.7-5 7.5-.6z"
    />
  ),
  moons: <path fill="currentColor" d="M15.8 2.3A10 10 0 1 0 21.7 16a8 8 0 0 1-5.9-13.7z" />,
  suns: (
    <g fill="currentColor" stroke="currentColor" strokeLinecap="round">
      <circle cx="12" cy="12" r="5" stroke="none" />
      <path
        strokeWidth="2.2"
        d="M12 1.8v3M12 19.2v3M1.8 12h3M19.2 12h3M4.8 4.8l2.1 2.1M17.1 17.1l2.1 2.1M4.8 19.2l2.1-2.1M17.1 6.9l2.1-2.1"
      />
    </g>
  ),
  leaves: (
    <g fill="currentColor">
      <path d="M20.8 2.2C9.6 2.4 4.2 7.6 4.6 16.6c.9.2 1.8.3 2.7.3 8.4 0 13.1-5.6 13.5-14.7z" />
      <path
        d="M3 21.8c2.6-5.6 6.6-10 11.6-13.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </g>
  ),
};

export type CardSize = 'xs' | 'sm' | 'md' | 'lg';

/**
 * A playing card drawn by us: a big corner index (rank and suit) readable at 40 px, a large suit
 * mark, and the suit's own colour. `face` null is the back. Purely visual: the element that
 * holds it carries the words (a face-down card says only "face down").
 */
export function CardFace({
  face,
  size = 'md',
  className,
}: {
  face: Face | null;
  size?: CardSize;
  className?: string;
}) {
  if (face === null) {
    return <span className={`card back size-${size} ${className ?? ''}`} aria-hidden="true" />;
  }
  return (
    <span
      className={`card face suit-${face.suit} size-${size} ${className ?? ''}`}
      aria-hidden="true"
      data-face={`${face.rank}${face.suit}`}
    >
      <span className="idx">
        <span className="rank">{face.rank}</span>
        <SuitIcon suit={face.suit} />
      </span>
      <SuitIcon suit={face.suit} className="pip" />
    </span>
  );
}

/** A card that is only looked at (not acted on), announced by name. */
export function Card({
  face,
  size,
  className,
}: {
  face: Face;
  size?: CardSize;
  className?: string;
}) {
  return (
    <span role="img" aria-label={m.cardName(face.rank, face.suit)} className="card-holder">
      <CardFace face={face} size={size ?? 'md'} className={className} />
    </span>
  );
}

/** A die with pips. */
export function Die({ value, label }: { value: number; label?: string }) {
  const pips = PIPS[value] ?? [];
  return (
    <span className="die" role="img" aria-label={label ?? m.table.die(value)}>
      {pips.map((cell) => (
        <span key={cell} className="pipdot" style={{ gridArea: `p${cell}` }} />
      ))}
    </span>
  );
}

const PIPS: Record<number, number[]> = {
  1: [5],
  2: [1, 9],
  3: [1, 5, 9],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

/** Suit symbols as <symbol>s, for markup drawn outside React (the flight layer). */
export function SuitDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      <defs>
        {(Object.keys(SUIT_SHAPES) as Suit[]).map((suit) => (
          <symbol key={suit} id={`suit-${suit}`} viewBox="0 0 24 24">
            {SUIT_SHAPES[suit]}
          </symbol>
        ))}
      </defs>
    </svg>
  );
}
