/**
 * Tarot cards drawn by our own components: trumps with their Roman numeral and name, the Fool, and
 * the four suits Wands, Cups, Swords and Coins as shapes of their own.
 */
import { faceOf, roman } from '@trepenta/trefeltromp';
import type { Card, Suit } from '@trepenta/trefeltromp';
import { TRUMP_NAMES, cardName } from './messages';

export function SuitIcon({ suit, size = 18 }: { suit: Suit; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 20 20', 'aria-hidden': true } as const;
  switch (suit) {
    case 'wands':
      return (
        <svg {...common} className="suit wands">
          <rect x="9" y="2" width="2.6" height="16" rx="1.2" />
          <circle cx="10.3" cy="4" r="2.4" />
          <path d="M6 8l8-1.5M6 12l8 1.5" strokeWidth="1.4" stroke="currentColor" />
        </svg>
      );
    case 'cups':
      return (
        <svg {...common} className="suit cups">
          <path d="M4 3h12c0 5-2.5 8-6 8S4 8 4 3z" />
          <rect x="9" y="11" width="2" height="4" />
          <rect x="6" y="15" width="8" height="2.2" rx="1" />
        </svg>
      );
    case 'swords':
      return (
        <svg {...common} className="suit swords">
          <path d="M10 1l2 3v9H8V4z" />
          <rect x="5" y="13" width="10" height="2" rx="1" />
          <rect x="9" y="15" width="2" height="4" rx="1" />
        </svg>
      );
    case 'coins':
      return (
        <svg {...common} className="suit coins">
          <circle cx="10" cy="10" r="8" />
          <circle cx="10" cy="10" r="4.2" className="inner" />
        </svg>
      );
  }
}

const RANK_SHORT: Record<string, string> = { A: 'A', P: 'P', N: 'Kn', Q: 'Q', K: 'K' };

/** A card face; `small` for the revealed cards on the felt. */
export function TarotCard({ card, small = false }: { card: Card; small?: boolean }) {
  const face = faceOf(card);
  const size = small ? 'small' : '';
  if (face.kind === 'fool')
    return (
      <span className={`tarot trump fool ${size}`} aria-hidden="true">
        <span className="numeral">Fool</span>
        <span className="trump-mark">✶</span>
        <span className="trump-name">The Fool</span>
      </span>
    );
  if (face.kind === 'trump')
    return (
      <span className={`tarot trump ${size}`} aria-hidden="true">
        <span className="numeral">{roman(face.number)}</span>
        <span className="trump-mark">✦</span>
        <span className="trump-name">{TRUMP_NAMES[face.number]}</span>
      </span>
    );
  return (
    <span className={`tarot pip suit-${face.suit} ${size}`} aria-hidden="true">
      <span className="rank">{RANK_SHORT[face.rank] ?? face.rank}</span>
      <SuitIcon suit={face.suit} size={small ? 16 : 26} />
      <span className="rank bottom">{RANK_SHORT[face.rank] ?? face.rank}</span>
    </span>
  );
}

export function CardBack({ small = false }: { small?: boolean }) {
  return <span className={`tarot back ${small ? 'small' : ''}`} aria-hidden="true" />;
}

export { cardName };
