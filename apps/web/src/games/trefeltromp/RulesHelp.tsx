import type { ReactNode } from 'react';
import { trefeltromp } from '@trepenta/trefeltromp';
import type { Settings } from '@trepenta/trefeltromp';
import { STRUCTURE_NAMES, chips } from './messages';
import { TarotCard } from './Card';

function Heading({ level, children }: { level: 2 | 3 | 4; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className="rules-heading">{children}</Tag>;
}

/** The strength order, strongest first: drawn with the table's own cards. */
function StrengthOrder() {
  return (
    <div
      className="tft-strength"
      role="img"
      aria-label="Strength, strongest first: trumps XXI down to I, the Fool, Aces, courts, then 10 down to 2"
    >
      {['trump:21', 'trump:1', 'fool', 'cups:A', 'swords:K', 'coins:10', 'wands:2'].map((c) => (
        <TarotCard key={c} card={c} small />
      ))}
    </div>
  );
}

/** The rules in short: the shell shows it in the lobby, the side panel and the help dialog. */
export function RulesHelp({ settings, level = 2 }: { settings?: Settings; level?: 2 | 3 }) {
  const s = settings ?? trefeltromp.defaultSettings;
  return (
    <div className="rules-help">
      <Heading level={level}>How a hand goes</Heading>
      <ol>
        <li>Everyone antes {chips(s.ante)}; three cards each.</li>
        <li>First call, then the draw: exchange one card or keep your hand.</li>
        <li>
          Orb call, then <strong>banen</strong>: everyone places one card face down and raps twice
          (locks it); all flip together. The strongest card takes a third of each pot it may win.
        </li>
        <li>
          Sceptre call, then <strong>detuiler</strong>: the strongest takes half.
        </li>
        <li>
          Crown call, then <strong>debekranse</strong>: the strongest takes the rest.
        </li>
      </ol>
      <Heading level={(level + 1) as 3 | 4}>Strength</Heading>
      <p>
        Trump XXI down to I, then the Fool, then Aces, then every court alike, then 10 down to 2.
        Suits never matter; a shared highest card means no winner and the pot stays.
      </p>
      <StrengthOrder />
      <Heading level={(level + 1) as 3 | 4}>The Fool’s privilege</Heading>
      <p>
        Reveal the Fool beside a numbered trump at banen or detuiler, and in the next call you may
        stay in without matching a bet (you then win only what you put in).
      </p>
      <Heading level={(level + 1) as 3 | 4}>Keys</Heading>
      <ul className="keys-help">
        <li>
          <kbd>F</kbd> fold, <kbd>C</kbd> check or call.
        </li>
        <li>
          <kbd>B</kbd> bet or <kbd>R</kbd> raise: to the amount; <kbd>↑</kbd> <kbd>↓</kbd> step by
          an ante, <kbd>Page Up</kbd> <kbd>Page Down</kbd> by ten, <kbd>Home</kbd> <kbd>End</kbd>{' '}
          the least and the most; <kbd>Enter</kbd> confirms, <kbd>Esc</kbd> goes back.
        </li>
        <li>
          Your cards: <kbd>←</kbd> <kbd>→</kbd> move, <kbd>Enter</kbd> picks one.
        </li>
      </ul>
      <p className="muted small">
        {STRUCTURE_NAMES[s.betting]}; starting stack {chips(s.ante * s.startingAntes)}; rebuy{' '}
        {s.rebuy ? 'on' : 'off'}; late join {s.lateJoin ? 'on' : 'off'}. Play money only.
      </p>
    </div>
  );
}

export function RoomRulesCard({
  settings,
  children,
}: {
  settings: Settings;
  children?: ReactNode;
}) {
  return (
    <section className="rules-card card-panel" aria-label="Rules of this room">
      <p>
        <strong>{STRUCTURE_NAMES[settings.betting]}</strong>, ante {chips(settings.ante)}, stacks of{' '}
        {chips(settings.ante * settings.startingAntes)}. Rebuy {settings.rebuy ? 'on' : 'off'}, late
        join {settings.lateJoin ? 'on' : 'off'}.
      </p>
      {children}
    </section>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  if (anchor) requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView());
  return (
    <main className="page narrow rules-page">
      <p>
        <a href="/">← Trepenta Online</a>
      </p>
      <h1>How to play Trefeltromp</h1>
      <p>
        A betting game with a 78-card tarot deck: four betting rounds and three simultaneous
        reveals, each paying part of every pot. Play money only.
      </p>
      <RulesHelp level={2} />
      <h2 id="betting">Betting</h2>
      <p>
        Betting goes clockwise from the dealer’s left. Fixed-limit: bets of 2 antes in the first two
        calls and 4 antes in the last two, at most a bet and three raises (no cap heads-up).
        Pot-limit: up to the pot after calling. No-limit: up to your stack. An all-in for less than
        a full raise does not reopen the betting. Side pots are built per call; each is paid
        separately at each reveal.
      </p>
      <h2 id="session">The session</h2>
      <p>
        Join between hands, sit out, rebuy with less than one ante, or leave with your chips. Your
        result is your chips minus what you bought in.
      </p>
    </main>
  );
}
