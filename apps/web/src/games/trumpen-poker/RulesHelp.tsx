import type { ReactNode } from 'react';
import type { PokerSettings } from '@trepenta/trumpen';
import { RoomRules, TrumpenRules, TrumpenRulesPage } from '../trumpen/rules';

/** How a room differs from the defaults, in plain lines. */
function differences(settings: PokerSettings): string[] {
  const lines: string[] = [];
  if (!settings.showAllHands)
    lines.push('Hands the showdown did not reveal stay hidden until the game ends.');
  if (settings.pokerOrder)
    lines.push('Poker order in every category: the best of a category wins.');
  lines.push(
    `Writing timer ${settings.writingSeconds} s; break between rounds ${settings.betweenSeconds} s.`,
  );
  return lines;
}

export function RulesCard({
  settings,
  children,
}: {
  settings: PokerSettings;
  children?: ReactNode;
}) {
  return <RoomRules lines={differences(settings)}>{children}</RoomRules>;
}

const CORE = [
  'Everyone writes a hand of five cards at once: any value from A up to the number of players + 3, any suit, no two identical cards in your hand.',
  'Then the showdown checks the hands from the strongest category down: straight flush 5, four of a kind 4, full house 4, flush 3, straight 3, three of a kind 2, two pair 2, pair 1, high card 1 point. A is low only: A-2-3-4-5 is a straight, 7-A-2-3-4 is not.',
  'At each category, the hands of that category are revealed. A hand that shares a card with anyone still in is out; the others show the cards that match. The first category with a hand left standing wins its points (at high card, the highest cards win).',
  'Nine rounds at most: the game ends after a round in which someone reaches 5 points. The highest total wins; ties share.',
];

export function RulesHelp({ settings, level = 2 }: { settings?: PokerSettings; level?: 2 | 3 }) {
  const S = level === 2 ? 'h3' : 'h4';
  return (
    <TrumpenRules
      title="TrumPen Poker"
      core={CORE}
      card={settings && <RulesCard settings={settings} />}
      level={level}
    >
      <section id="show-all-hands" className="rule-text">
        <S className="rule-title">Show all hands</S>
        <p>
          On by default: when a round ends every hand is shown, so you can see why you lost. Off:
          hands below the deciding category stay hidden (but for their matching cards) until the
          game ends.
        </p>
      </section>
      <section id="poker-order" className="rule-text">
        <S className="rule-title">Poker order in every category</S>
        <p>
          Off by default: every hand left standing at the deciding category scores. On: they compare
          as in poker — the higher straight, four of a kind then kicker, full house by its three,
          flush and high card card by card.
        </p>
      </section>
      <section id="write-check" className="rule-text">
        <S className="rule-title">The write check</S>
        <p>
          When writing closes, every hand is locked with a salted fingerprint that everyone sees. At
          the end all salts are shown: anyone can check that no hand changed.
        </p>
      </section>
    </TrumpenRules>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  return (
    <TrumpenRulesPage title="TrumPen Poker" anchor={anchor}>
      <RulesHelp />
    </TrumpenRulesPage>
  );
}
