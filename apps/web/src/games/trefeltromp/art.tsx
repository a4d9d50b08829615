/** Trefeltromp in the gallery: three tarot cards fanned over a chip. */
export function TrefeltrompArt() {
  return (
    <svg className="game-art" viewBox="0 0 160 56" aria-hidden="true" focusable="false">
      <circle cx="24" cy="34" r="14" className="art-die" />
      <circle cx="24" cy="34" r="8" className="art-back" />
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={60 + i * 26}
          y={6 + (i === 1 ? 0 : 4)}
          width="24"
          height="44"
          rx="3"
          className={i === 1 ? 'art-face' : 'art-back'}
        />
      ))}
      <text x="98" y="32" className="art-rank" textAnchor="middle">
        XXI
      </text>
    </svg>
  );
}
