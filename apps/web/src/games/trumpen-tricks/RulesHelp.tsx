import type { ReactNode } from 'react';
import type { TricksSettings } from '@trepenta/trumpen';

export function RulesCard({
  settings,
  children,
}: {
  settings: TricksSettings;
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
  'Every round each player writes three numbers, from A up to twice the players plus one. A card gets its suit when you play it.',
  'The leader plays any number in any suit: that is the lead suit. Then you must follow: a number in the lead suit, or the last card’s number in another suit — which makes that suit the lead suit. If you cannot, play any card; if nothing is playable, you pass and lose 2 points (the server passes for you).',
  'Every card stays on the table for the whole game (the grid): a number in a suit can be played only once.',
  'The highest card of the lead suit when the trick ends wins 2 points (3 in round 3). Completing a number (its fourth suit) costs 1; completing a suit (all its numbers) earns 2.',
  'Three rounds of three tricks; the highest total wins, ties share.',
];

export function RulesHelp({ settings, level = 2 }: { settings?: TricksSettings; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <div className="rules-help">
      {settings && <RulesCard settings={settings} />}
      <H className="rules-title">TrumPen Trick Taking</H>
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
      <h1>TrumPen Trick Taking: the rules</h1>
      <RulesHelp />
    </main>
  );
}
