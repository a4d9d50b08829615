import { useId } from 'react';
import type { SpeedSettings } from '@trepenta/trumpen';

const INKS = [0, 0.5, 1, 1.5, 2, 3] as const;
const PACES = [
  ['relaxed', 'Relaxed (2 s)'],
  ['normal', 'Normal (1.2 s)'],
  ['fast', 'Fast (0.7 s)'],
] as const;

/** Speed's host options: the ink time, the bots' pace, the idle end. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: SpeedSettings;
  onChange: (settings: SpeedSettings) => void;
}) {
  const id = useId();
  return (
    <div className="settings-form">
      <details className="more-settings">
        <summary id={`${id}-more`}>Ink, bots and timers</summary>
        <div className="settings-grid" role="group" aria-labelledby={`${id}-more`}>
          <label>
            Ink time (a written card is wet)
            <select
              value={value.inkSeconds}
              onChange={(event) => onChange({ ...value, inkSeconds: Number(event.target.value) })}
            >
              {INKS.map((s) => (
                <option key={s} value={s}>
                  {s === 0 ? 'No ink' : `${s} s`}
                </option>
              ))}
            </select>
          </label>
          <label>
            Bot pace
            <select
              value={value.botPace}
              onChange={(event) =>
                onChange({ ...value, botPace: event.target.value as SpeedSettings['botPace'] })
              }
            >
              {PACES.map(([key, text]) => (
                <option key={key} value={key}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label>
            End after no play for (seconds)
            <input
              type="number"
              min={10}
              max={300}
              value={value.idleSeconds}
              onChange={(event) => {
                const n = Math.round(Number(event.target.value));
                if (Number.isFinite(n))
                  onChange({ ...value, idleSeconds: Math.min(300, Math.max(10, n)) });
              }}
            />
          </label>
        </div>
      </details>
    </div>
  );
}
