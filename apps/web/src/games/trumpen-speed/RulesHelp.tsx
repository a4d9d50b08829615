import type { ReactNode } from 'react';
import type { SpeedSettings } from '@trepenta/trumpen';

export function RulesCard({
  settings,
  children,
}: {
  settings: SpeedSettings;
  children?: ReactNode;
}) {
  return (
    <section className="card-panel rules-card" aria-label="This room’s rules">
      <h2 className="rules-card-title">This room’s rules</h2>
      <ul>
        <li>
          Ink {settings.inkSeconds === 0 ? 'off' : `${settings.inkSeconds} s`}; bots{' '}
          {settings.botPace}; the game ends after {settings.idleSeconds} s without a play.
        </li>
      </ul>
      {children}
    </section>
  );
}

const CORE = [
  'Everyone plays at once, no turns, onto two shared stacks. A card fits a stack when its value is one above or below the top (K and A are neighbours).',
  'You have 13 blank cards in your suit. Write one (pick a value): it is wet for the ink time, then you can play it or put it on your tableau (up to four cards, ready to play at once).',
  'Every play names the stack height you saw. If someone landed a card there first, yours comes back to you: no penalty, look again.',
  'With your deck empty you may pick up a tableau card and rewrite it.',
  'The first with no cards left wins; the others rank by cards left. If nobody plays for a while, the fewest cards left win.',
];

export function RulesHelp({ level = 2 }: { settings?: SpeedSettings; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <section className="rules-help">
      <H>TrumPen Speed in short</H>
      <ul>
        {CORE.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>Keys: 1–4 play a tableau card, H the held card, ← or → picks the stack; W writes.</p>
    </section>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
  return (
    <main className="page narrow">
      <p>
        <a href="/">← Trepenta Online</a>
      </p>
      <h1>TrumPen Speed: the rules</h1>
      <RulesHelp />
    </main>
  );
}
