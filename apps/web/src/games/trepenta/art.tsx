/**
 * Trepenta in the home page's gallery: a die beside a field of five cards, one turned up. Drawn
 * here, not from the game's chunk, so the gallery shows before any game's code loads.
 */
export function TrepentaArt() {
  return (
    <svg className="game-art" viewBox="0 0 160 56" aria-hidden="true" focusable="false">
      <rect x="4" y="16" width="24" height="24" rx="5" className="art-die" />
      <circle cx="10" cy="22" r="2.4" className="art-pip" />
      <circle cx="16" cy="28" r="2.4" className="art-pip" />
      <circle cx="22" cy="34" r="2.4" className="art-pip" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect
          key={i}
          x={36 + i * 24}
          y="6"
          width="20"
          height="44"
          rx="3"
          className={i === 2 ? 'art-face' : 'art-back'}
        />
      ))}
      <text x="89" y="19" className="art-rank">
        7
      </text>
      <path
        d="M94 27c-4 4-7 6-7 10a3.5 3.5 0 0 0 7 1 3.5 3.5 0 0 0 7-1c0-4-3-6-7-10z"
        className="art-suit"
      />
    </svg>
  );
}
