import type { ReactNode } from 'react';
import type { TwentyOneSettings } from '@trepenta/trumpen';

export function RulesCard({
  settings,
  children,
}: {
  settings: TwentyOneSettings;
  children?: ReactNode;
}) {
  return (
    <section className="card-panel rules-card" aria-label="This room’s rules">
      <h2 className="rules-card-title">This room’s rules</h2>
      <ul>
        <li>
          Writing timer {settings.writingSeconds} s; turn timer{' '}
          {settings.turnSeconds === null ? 'off' : `${settings.turnSeconds} s`}; break{' '}
          {settings.betweenSeconds} s.
        </li>
      </ul>
      {children}
    </section>
  );
}

const CORE = [
  'Every round each player writes four values (A, 2–10, J, Q, K; the same value twice is fine).',
  'Then deal after deal a start player offers one card face down. From their left, each player takes it or passes; the first to take lays it face up. If everyone passes, the start player takes it face up. The start player then passes to the left: everyone offers three of their four cards each round.',
  'After the last deal everyone turns up their last card. Your total (A counts 1 or 11, J Q K 10) scores 21 → 6, 20 → 3, 19 → 2, 18 → 1, otherwise 0 — and 0 whatever the total if your last card is an ace.',
  'Three rounds; the highest total wins, ties share.',
];

export function RulesHelp({
  settings,
  level = 2,
}: {
  settings?: TwentyOneSettings;
  level?: 2 | 3;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <div className="rules-help">
      {settings && <RulesCard settings={settings} />}
      <H className="rules-title">TrumPen 21</H>
      {CORE.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
  return (
    <main className="page narrow">
      <p>
        <a href="/">← Trepenta Online</a>
      </p>
      <h1>TrumPen 21: the rules</h1>
      <RulesHelp />
    </main>
  );
}
