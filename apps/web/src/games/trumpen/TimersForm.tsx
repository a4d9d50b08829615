import { useId } from 'react';

const TURN_TIMERS = [null, 15, 30, 60] as const;

/** What a TrumPen game with turns lets its host set: its timers. */
export interface TimerSettings {
  readonly turnSeconds: number | null;
  readonly writingSeconds: number;
  readonly betweenSeconds: number;
}

/**
 * The host options of TrumPen 21 and Trick Taking, whose settings are their timers: the writing
 * timer, the turn timer (off by default), the break between rounds.
 */
export function TimersForm<S extends TimerSettings>({
  value,
  onChange,
}: {
  value: S;
  onChange: (settings: S) => void;
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
