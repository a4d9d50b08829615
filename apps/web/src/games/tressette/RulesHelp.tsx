/** Tressette's rules: the room's card in the lobby, the help at the table, the rules page. */
import type { ReactNode } from 'react';
import type { TressetteSettings } from '@trepenta/tressette';
import { CardFace } from './Card';
import { m } from './messages';

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

/** The room's rules for everyone who joins; `children` (the host's controls) at its foot. */
export function RoomRulesCard({
  settings,
  seatCount,
  level = 2,
  children,
}: {
  settings: TressetteSettings;
  seatCount?: number;
  level?: 2 | 3;
  children?: ReactNode;
}) {
  return (
    <section className="card-panel rules-card" aria-label={m.rules.card}>
      <Heading level={level} className="rules-card-title">
        {m.rules.card}
      </Heading>
      <ul>
        {seatCount !== undefined && <li>{m.rules.seats(seatCount)}</li>}
        <li>{m.rules.target(settings.target)}</li>
        {settings.declarations && <li>{m.rules.declarationsOn}</li>}
        {settings.turnTimerSeconds !== null && <li>{m.rules.timer(settings.turnTimerSeconds)}</li>}
      </ul>
      {children}
    </section>
  );
}

export function RulesHelp({
  settings,
  level = 2,
}: {
  settings?: TressetteSettings;
  level?: 2 | 3;
}) {
  return (
    <div className="rules-help">
      {settings && <RoomRulesCard settings={settings} level={level} />}
      {m.rules.core.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p className="tr-rank-strip" aria-label="3 2 A K Kn J 7 6 5 4">
        {(['3', '2', 'A', 'K', 'Kn', 'J', '7', '6', '5', '4'] as const).map((rank) => (
          <CardFace key={rank} card={`swords-${rank}`} small />
        ))}
      </p>
      <section id="declarations" className="rule-text">
        <Heading level={level} className="rules-title">
          {m.rules.declarationsTitle}
        </Heading>
        {m.rules.declarations.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>
      <Heading level={level} className="rules-title">
        {m.rules.keysTitle}
      </Heading>
      <ul>
        {m.rules.keys.map((text) => (
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
        <a href="/">← Trepenta Online</a>
      </p>
      <h1>{m.rules.title}</h1>
      <RulesHelp />
      {anchor && <ScrollTo id={anchor} />}
    </main>
  );
}

function ScrollTo({ id }: { id: string }) {
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
  return null;
}
