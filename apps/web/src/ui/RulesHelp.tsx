import { DEFAULT_SETTINGS, HOUSE_RULES } from '@trepenta/rules';
import type { GameSettings } from '@trepenta/rules';
import type { ReactNode } from 'react';
import { m } from '../messages';
import { links } from '../router';

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

/** The room's rules for everyone; `children` (the host's controls) go at its foot. */
export function RoomRulesCard({
  settings,
  children,
}: {
  settings: GameSettings;
  children?: ReactNode;
}) {
  const lines = roomDifferences(settings);
  return (
    <section className="card-panel rules-card" aria-label={m.lobby.rulesCard}>
      <h3>{m.lobby.rulesCard}</h3>
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

/** The rules in short, every house rule in full, and the keys. */
export function RulesHelp({ settings }: { settings?: GameSettings }) {
  return (
    <div className="rules-help">
      {settings && <RoomRulesCard settings={settings} />}
      {m.rulesHelp.core.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <h3>{m.rulesHelp.houseTitle}</h3>
      {HOUSE_RULES.map((rule) => (
        <section key={rule} id={rule} className="rule-text">
          <h4>
            {m.houseRuleTitle(rule)}
            {settings?.houseRules[rule] && <span className="badge ok">on</span>}
          </h4>
          {m.houseRuleFull(rule).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
      <h3>{m.rulesHelp.keysTitle}</h3>
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

export const ruleLink = links.rule;
