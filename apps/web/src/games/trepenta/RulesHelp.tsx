import { DEFAULT_SETTINGS, HOUSE_RULES } from '@trepenta/rules';
import type { GameSettings } from '@trepenta/rules';
import type { ReactNode } from 'react';
import { m } from './messages';

/** How a room differs from the core game, in plain lines (shown to everyone who joins). */
export function roomDifferences(settings: GameSettings): string[] {
  const lines: string[] = [];
  for (const rule of HOUSE_RULES) {
    if (settings.houseRules[rule])
      lines.push(`${m.houseRuleTitle(rule)}: ${m.houseRuleShort(rule)}`);
  }
  if (settings.deck !== DEFAULT_SETTINGS.deck) {
    lines.push(`${m.deckTitle(settings.deck)}: ${m.deckShort(settings.deck)}`);
  }
  if (settings.turnTimerSeconds !== null)
    lines.push(m.lobby.turnTimerLine(settings.turnTimerSeconds));
  if (settings.houseRules.longPlay && settings.reshuffleLimit !== DEFAULT_SETTINGS.reshuffleLimit) {
    lines.push(m.lobby.reshuffleLine(settings.reshuffleLimit));
  }
  return lines;
}

/**
 * A heading at the level its place in the page needs (headings go down one level at a time, so
 * that a screen reader's list of them reads as an outline), styled by its class, not its level.
 */
function Heading({
  level,
  className,
  children,
}: {
  level: 2 | 3 | 4;
  className: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return <Tag className={className}>{children}</Tag>;
}

/** The room's rules for everyone; `children` (the host's controls) go at its foot. */
export function RoomRulesCard({
  settings,
  level = 2,
  children,
}: {
  settings: GameSettings;
  /** Its heading's level: 2 on a page, 3 in a dialog. */
  level?: 2 | 3;
  children?: ReactNode;
}) {
  const lines = roomDifferences(settings);
  return (
    <section className="card-panel rules-card" aria-label={m.lobby.rulesCard}>
      <Heading level={level} className="rules-card-title">
        {m.lobby.rulesCard}
      </Heading>
      {lines.length === 0 ? (
        <p>{m.lobby.coreGame}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {m.lobby.deckLine(m.deckTitle(settings.deck))} ·{' '}
        {m.lobby.timersLine(settings.setupTimerSeconds, settings.layOffTimerSeconds)}
      </p>
      {children}
    </section>
  );
}

/**
 * The rules in short, every house rule in full, and the keys. `level` is its headings' level: 2
 * on a page or in the side panel, 3 in a dialog (whose title is the h2).
 */
export function RulesHelp({ settings, level = 2 }: { settings?: GameSettings; level?: 2 | 3 }) {
  return (
    <div className="rules-help">
      {settings && <RoomRulesCard settings={settings} level={level} />}
      {m.rulesHelp.core.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <Heading level={level} className="rules-title">
        {m.rulesHelp.houseTitle}
      </Heading>
      {HOUSE_RULES.map((rule) => (
        <section key={rule} id={rule} className="rule-text">
          <Heading level={level === 2 ? 3 : 4} className="rule-title">
            {m.houseRuleTitle(rule)}
            {settings?.houseRules[rule] && <span className="badge ok">on</span>}
          </Heading>
          {m.houseRuleFull(rule).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <Heading level={level} className="rules-title">
        {m.rulesHelp.keysTitle}
      </Heading>
      <ul>
        {m.rulesHelp.keys.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  return (
    <main className="page narrow">
      <p>
        <a href="/">← {m.appName}</a>
      </p>
      <h1>{m.rulesHelp.title}</h1>
      <RulesHelp />
      {anchor && <ScrollTo id={anchor} />}
    </main>
  );
}

function ScrollTo({ id }: { id: string }) {
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  return null;
}
