import type { ReactNode } from 'react';
import type { TwentyOneSettings } from '@trepenta/trumpen';
import { RoomRules, TrumpenRules, TrumpenRulesPage, timersLine } from '../trumpen/rules';

export function RulesCard({
  settings,
  children,
}: {
  settings: TwentyOneSettings;
  children?: ReactNode;
}) {
  return <RoomRules lines={[timersLine(settings)]}>{children}</RoomRules>;
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
  return (
    <TrumpenRules
      title="TrumPen 21"
      core={CORE}
      card={settings && <RulesCard settings={settings} />}
      level={level}
    ></TrumpenRules>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  return (
    <TrumpenRulesPage title="TrumPen 21" anchor={anchor}>
      <RulesHelp />
    </TrumpenRulesPage>
  );
}
