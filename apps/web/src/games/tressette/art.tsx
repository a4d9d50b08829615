/**
 * Tressette in the home page's gallery: a trick of four Italian cards, a coin, a cup, a sword and
 * a baton. Drawn here, not from the game's chunk, so the gallery shows before any game's code loads.
 */
export function TressetteArt() {
  return (
    <svg className="game-art" viewBox="0 0 160 56" aria-hidden="true" focusable="false">
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={22 + i * 30}
          y={6 + (i % 2) * 4}
          width="26"
          height="42"
          rx="3"
          className="art-face"
        />
      ))}
      <circle cx="35" cy="27" r="8" fill="#c9962b" />
      <circle cx="35" cy="27" r="4.5" fill="none" stroke="#fff" strokeWidth="1.2" />
      <path d="M57 20h16c0 6-3 9-6.5 10v5H70v3H60v-3h3.5v-5C60 29 57 26 57 20z" fill="#b3261e" />
      <path d="M95 12l2.2 3v16h-4.4V15z M89 31h12v2.2H89z M93.8 33.2h2.4v5h-2.4z" fill="#1f5fa8" />
      <path
        d="M123 14c2-1 4.5-.5 5.5 1.5l1 4.5-1.5 1 1 4-1.5 1 1 7c-.8 1.3-3 1.3-3.8 0L123.5 28l1.3-1-1-4 1.3-1z"
        fill="#2e7d32"
      />
    </svg>
  );
}
