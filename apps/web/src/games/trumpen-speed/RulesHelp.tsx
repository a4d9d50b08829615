import type { ReactNode } from 'react';
import type { SpeedSettings } from '@trepenta/trumpen';
import { RoomRules, TrumpenRules, TrumpenRulesPage } from '../trumpen/rules';

/** How this room is set, in one line. */
function speedLine(settings: SpeedSettings): string {
  const ink = settings.inkSeconds === 0 ? 'off' : `${settings.inkSeconds} s`;
  return `Ink ${ink}; bots ${settings.botPace}; the game ends after ${settings.idleSeconds} s without a play.`;
}

export function RulesCard({
  settings,
  children,
}: {
  settings: SpeedSettings;
  children?: ReactNode;
}) {
  return <RoomRules lines={[speedLine(settings)]}>{children}</RoomRules>;
}

const CORE = [
  'Everyone plays at once, no turns, onto two shared stacks. A card fits a stack when its value is one above or below the top (K and A are neighbours).',
  'You have 13 blank cards in your suit. Write one (pick a value): it is wet for the ink time, then you can play it or put it on your tableau (up to four cards, ready to play at once).',
  'Every play names the stack height you saw. If someone landed a card there first, yours comes back to you: no penalty, look again.',
  'With your deck empty you may pick up a tableau card and rewrite it.',
  'The first with no cards left wins; the others rank by cards left. If nobody plays for a while, the fewest cards left win.',
];

export function RulesHelp({ settings, level = 2 }: { settings?: SpeedSettings; level?: 2 | 3 }) {
  return (
    <TrumpenRules
      title="TrumPen Speed"
      core={CORE}
      card={settings && <RulesCard settings={settings} />}
      level={level}
    >
      <p>Keys: 1–4 play a tableau card, H the held card, ← or → picks the stack; W writes.</p>
    </TrumpenRules>
  );
}

export function RulesPage({ anchor }: { anchor: string | null }) {
  return (
    <TrumpenRulesPage title="TrumPen Speed" anchor={anchor}>
      <RulesHelp />
    </TrumpenRulesPage>
  );
}
