import { useId } from 'react';
import type { PokerSettings } from '@trepenta/trumpen';
import { links } from '../../router';

const SWITCHES = [
  [
    'showAllHands',
    'Show all hands',
    'When a round ends, every hand is shown, not only those the showdown revealed.',
    'show-all-hands',
  ],
  [
    'pokerOrder',
    'Poker order in every category',
    'Survivors of the same category compare as in poker (higher straight, higher trips…); off: they all score.',
    'poker-order',
  ],
] as const;

const NUMBERS = [
  ['writingSeconds', 'Writing timer (seconds)', 30, 300],
  ['betweenSeconds', 'Break between rounds (seconds)', 3, 60],
] as const;

/** Poker's host options, each explained with a link to its ruling. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: PokerSettings;
  onChange: (settings: PokerSettings) => void;
}) {
  const id = useId();
  return (
    <div className="settings-form">
      <fieldset>
        <legend>House rules</legend>
        {SWITCHES.map(([key, title, short, anchor]) => (
          <label key={key} className="choice">
            <input
              type="checkbox"
              name={key}
              aria-labelledby={`${id}-${key}-title ${id}-${key}-short`}
              checked={value[key]}
              onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
            />
            <span>
              <strong id={`${id}-${key}-title`}>{title}</strong>
              <span className="muted small">
                {' '}
                — <span id={`${id}-${key}-short`}>{short}</span>{' '}
                <a href={links.rule('trumpen-poker', anchor)} target="_blank" rel="noreferrer">
                  full text
                </a>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <details className="more-settings">
        <summary id={`${id}-more`}>Timers and limits</summary>
        <div className="settings-grid" role="group" aria-labelledby={`${id}-more`}>
          {NUMBERS.map(([key, label, min, max]) => (
            <label key={key}>
              {label}
              <input
                type="number"
                min={min}
                max={max}
                value={value[key]}
                onChange={(event) => {
                  const n = Math.round(Number(event.target.value));
                  if (Number.isFinite(n))
                    onChange({ ...value, [key]: Math.min(max, Math.max(min, n)) });
                }}
              />
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
