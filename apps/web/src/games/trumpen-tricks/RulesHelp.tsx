import type { ReactNode } from 'react';
import type { TricksSettings } from '@trepenta/trumpen';
import { RoomRules, TrumpenRules, TrumpenRulesPage, timersLine } from '../trumpen/rules';

export function RulesCard({
  settings,
  children,
}: {
  settings: TricksSettings;
  children?: ReactNode;
}) {
  return <RoomRules lines={[timersLine(settings)]}>{children}</RoomRules>;
}

const CORE = [
  'Every round each player writes three numbers, from A up to twice the players plus one. A card gets its suit when you play it.',
  'The leader plays any number in any suit: that is the lead suit. Then you must follow: a number in the lead suit, or the last card’s number in another suit — which makes that suit the lead suit. If you cannot, play any card; if nothing is playable, you pass and lose 2 points (the server passes for you).',
  'Every card stays on the table for the whole game (the grid): a number in a suit can be played only once.',
  'The highest card of the lead suit when the trick ends wins 2 points (3 in round 3). Completing a number (its fourth suit) costs 1; completing a suit (all its numbers) earns 2.',
  'Three rounds of three tricks; the highest total wins, ties share.',
];

export function RulesHelp({ settings, level = 2 }: { settings?: TricksSettings; level?: 2 | 3 }) {
  return (
    <TrumpenRules
      title="TrumPen Trick Taking"
      core={CORE}
      card={settings && <RulesCard settings={settings} />}
      level={level}
    ></TrumpenRules>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  return (
    <TrumpenRulesPage title="TrumPen Trick Taking" anchor={anchor}>
      <RulesHelp />
    </TrumpenRulesPage>
  );
}
