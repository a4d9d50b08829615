/**
 * TrumPen in the home page's gallery: blank cards with a value written in marker. Drawn here, not
 * from a game's chunk, so the gallery shows before any game's code loads.
 */
export function TrumPenArt({ marks }: { marks: readonly string[] }) {
  return (
    <svg className="game-art" viewBox="0 0 160 56" aria-hidden="true" focusable="false">
      <path d="M8 44 L30 10 L34 13 L12 47 Z" className="art-pip" />
      {marks.map((mark, i) => (
        <g key={i}>
          <rect x={44 + i * 23} y="6" width="20" height="44" rx="3" className="art-face" />
          <text x={48 + i * 23} y="26" className="art-rank" style={{ fontFamily: 'cursive' }}>
            {mark}
          </text>
        </g>
      ))}
    </svg>
  );
}
