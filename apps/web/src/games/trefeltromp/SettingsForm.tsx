import { useId } from 'react';
import { STRUCTURES } from '@trepenta/trefeltromp';
import type { Settings } from '@trepenta/trefeltromp';
import { STRUCTURE_NAMES } from './messages';
import { links } from '../../router';

const STRUCTURE_HINTS = {
  'fixed-limit': 'bets of 2 antes, then 4 antes in the last two calls; a bet and three raises',
  'pot-limit': 'bet or raise up to the pot after calling',
  'no-limit': 'bet or raise any amount up to your stack',
} as const;

const NUMBERS = [
  ['ante', 'Ante (chips)', 1, 1000],
  ['startingAntes', 'Starting stack (antes)', 20, 1000],
  ['decisionSeconds', 'Decision timer (seconds)', 10, 120],
  ['revealSeconds', 'Reveal timer (seconds)', 10, 60],
] as const;

/** The betting structure, chips, session switches and timers, each explained. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: Settings;
  onChange: (settings: Settings) => void;
}) {
  const id = useId();
  const number = (key: (typeof NUMBERS)[number][0], raw: string, min: number, max: number) => {
    const n = Math.round(Number(raw));
    if (Number.isFinite(n)) onChange({ ...value, [key]: Math.min(max, Math.max(min, n)) });
  };
  return (
    <div className="settings-form">
      <fieldset>
        <legend>Betting</legend>
        {STRUCTURES.map((structure) => (
          <label key={structure} className="choice">
            <input
              type="radio"
              name={`${id}-betting`}
              value={structure}
              checked={value.betting === structure}
              onChange={() => onChange({ ...value, betting: structure })}
            />
            <span>
              <strong>{STRUCTURE_NAMES[structure]}</strong>
              <span className="muted small"> — {STRUCTURE_HINTS[structure]}</span>
            </span>
          </label>
        ))}
        <a className="small" href={links.rule('trefeltromp', 'betting')}>
          The betting rules
        </a>
      </fieldset>
      <fieldset>
        <legend>Chips and timers</legend>
        {NUMBERS.map(([key, label, min, max]) => (
          <label key={key} className="number-field">
            {label}
            <input
              type="number"
              min={min}
              max={max}
              value={value[key]}
              onChange={(e) => number(key, e.target.value, min, max)}
            />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>The session</legend>
        <label className="choice">
          <input
            type="checkbox"
            checked={value.rebuy}
            onChange={(e) => onChange({ ...value, rebuy: e.target.checked })}
          />
          <span>
            <strong>Rebuy</strong>
            <span className="muted small">
              {' '}
              — with less than one ante, top up to the starting stack
            </span>
          </span>
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={value.lateJoin}
            onChange={(e) => onChange({ ...value, lateJoin: e.target.checked })}
          />
          <span>
            <strong>Late join</strong>
            <span className="muted small"> — take a free seat between hands</span>
          </span>
        </label>
      </fieldset>
    </div>
  );
}
