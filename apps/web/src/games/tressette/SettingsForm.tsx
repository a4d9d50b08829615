/** The host's options: the target, Declarations (which suggest 31), the turn timer. */
import { useId } from 'react';
import { TARGETS, TARGET_WITH_DECLARATIONS } from '@trepenta/tressette';
import type { TressetteSettings } from '@trepenta/tressette';
import { links } from '../../router';
import { m } from './messages';

const TURN_TIMERS = [null, 15, 30, 45, 60, 90, 120] as const;

export function SettingsForm({
  value,
  onChange,
}: {
  value: TressetteSettings;
  onChange: (settings: TressetteSettings) => void;
}) {
  const id = useId();
  return (
    <div className="settings-form">
      <fieldset>
        <legend>{m.options.target}</legend>
        <p className="muted small">{m.options.targetHint}</p>
        {TARGETS.map((target) => (
          <label key={target} className="choice">
            <input
              type="radio"
              name={`${id}-target`}
              value={target}
              checked={value.target === target}
              onChange={() => onChange({ ...value, target })}
            />
            <span>{m.options.points(target)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.options.declarations}</legend>
        <label className="choice">
          <input
            type="checkbox"
            name="declarations"
            aria-labelledby={`${id}-decl-title ${id}-decl-hint`}
            checked={value.declarations}
            onChange={(event) =>
              // T19: Declarations on suggest the traditional 31; the host may change it.
              onChange({
                ...value,
                declarations: event.target.checked,
                ...(event.target.checked ? { target: TARGET_WITH_DECLARATIONS } : {}),
              })
            }
          />
          <span>
            <strong id={`${id}-decl-title`}>{m.options.declarations}</strong>
            <span className="muted small">
              {' '}
              — <span id={`${id}-decl-hint`}>{m.options.declarationsHint}</span>{' '}
              <a href={links.rule('tressette', 'declarations')} target="_blank" rel="noreferrer">
                {m.options.rules}
              </a>
            </span>
          </span>
        </label>
      </fieldset>
      <div className="settings-grid">
        <label>
          {m.options.turnTimer}
          <select
            value={value.turnTimerSeconds ?? 'off'}
            onChange={(event) =>
              onChange({
                ...value,
                turnTimerSeconds: event.target.value === 'off' ? null : Number(event.target.value),
              })
            }
          >
            {TURN_TIMERS.map((s) => (
              <option key={s ?? 'off'} value={s ?? 'off'}>
                {s === null ? m.options.turnTimerOff : m.options.seconds(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
