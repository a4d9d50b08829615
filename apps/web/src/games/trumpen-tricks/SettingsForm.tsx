import { useId } from 'react';
import type { TricksSettings } from '@trepenta/trumpen';

const TURN_TIMERS = [null, 15, 30, 60] as const;

/** Trick Taking's host options: the writing timer, the turn timer (off by default), the break. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: TricksSettings;
  onChange: (settings: TricksSettings) => void;
}) {
  const id = useId();
  const number = (
    key: 'writingSeconds' | 'betweenSeconds',
    raw: string,
    min: number,
    max: number,
  ) => {
    const n = Math.round(Number(raw));
    if (Number.isFinite(n)) onChange({ ...value, [key]: Math.min(max, Math.max(min, n)) });
  };
  return (
    <div className="settings-form">
      <details className="more-settings">
        <summary id={`${id}-more`}>Timers and limits</summary>
        <div className="settings-grid" role="group" aria-labelledby={`${id}-more`}>
          <label>
            Turn timer
            <select
              value={value.turnSeconds ?? 'off'}
              onChange={(event) =>
                onChange({
                  ...value,
                  turnSeconds: event.target.value === 'off' ? null : Number(event.target.value),
                })
              }
            >
              {TURN_TIMERS.map((s) => (
                <option key={s ?? 'off'} value={s ?? 'off'}>
                  {s === null ? 'Off' : `${s} s`}
                </option>
              ))}
            </select>
          </label>
          <label>
            Writing timer (seconds)
            <input
              type="number"
              min={15}
              max={300}
              value={value.writingSeconds}
              onChange={(event) => number('writingSeconds', event.target.value, 15, 300)}
            />
          </label>
          <label>
            Break between rounds (seconds)
            <input
              type="number"
              min={3}
              max={60}
              value={value.betweenSeconds}
              onChange={(event) => number('betweenSeconds', event.target.value, 3, 60)}
            />
          </label>
        </div>
      </details>
    </div>
  );
}
