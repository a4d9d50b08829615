/**
 * The parts every TrumPen game's rules are shown with: the room's rules card in the lobby and at
 * the table, the rules in short (the side panel's Rules tab, the help dialog) and the rules page.
 */
import type { ReactNode } from 'react';
import type { TimerSettings } from './TimersForm';

/** The room's rules card: how this room is set, and the host's controls below it (children). */
export function RoomRules({ lines, children }: { lines: readonly string[]; children?: ReactNode }) {
  return (
    <section className="card-panel rules-card" aria-label="This room’s rules">
      <h2 className="rules-card-title">This room’s rules</h2>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/** The rules card's line of a game whose settings are its timers (21, Trick Taking). */
export function timersLine(settings: TimerSettings): string {
  const turn = settings.turnSeconds === null ? 'off' : `${settings.turnSeconds} s`;
  return `Writing timer ${settings.writingSeconds} s; turn timer ${turn}; break ${settings.betweenSeconds} s.`;
}

/**
 * A game's rules in short: the room's card (at a table), the title, the core rules a paragraph
 * each, then the game's own sections or keys (children).
 */
export function TrumpenRules({
  title,
  core,
  card,
  level,
  children,
}: {
  title: string;
  core: readonly string[];
  card?: ReactNode;
  level: 2 | 3;
  children?: ReactNode;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <div className="rules-help">
      {card}
      <H className="rules-title">{title}</H>
      {core.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {children}
    </div>
  );
}

/** The game's rules page (/rules/<id>), scrolled to an anchor. */
export function TrumpenRulesPage({
  title,
  anchor,
  children,
}: {
  title: string;
  anchor: string | null;
  children: ReactNode;
}) {
  if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
  return (
    <main className="page narrow">
      <p>
        <a href="/">← Trepenta Online</a>
      </p>
      <h1>{title}: the rules</h1>
      {children}
    </main>
  );
}
