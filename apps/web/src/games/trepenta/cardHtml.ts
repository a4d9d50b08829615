import type { Face } from '@trepenta/rules';

/** Markup of a card for the flight layer (outside React): same classes as CardFace. */
export function CardFaceHtml(card: Face | null): string {
  if (!card) return '<span class="card back size-md"></span>';
  // Only known tokens reach innerHTML.
  const suit = card.suit.replace(/[^a-zA-Z]/g, '');
  const rank = card.rank.replace(/[^A-Z0-9]/g, '');
  const icon = `<svg class="suit-icon" viewBox="0 0 24 24"><use href="#suit-${suit}"/></svg>`;
  return `<span class="card face suit-${suit} size-md"><span class="idx"><span class="rank">${rank}</span>${icon}</span></span>`;
}
