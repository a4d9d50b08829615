import { useId } from 'react';
import { DECK_SETTINGS, HOUSE_RULES } from '@trepenta/rules';
import type { GameSettings, HouseRule } from '@trepenta/rules';
import { m } from './messages';
import { links } from '../../router';

const TURN_TIMERS = [null, 30, 45, 60, 90, 120] as const;

/** The always-on timers and the Long Play limit: setting, label, and the bounds the server takes. */
const NUMBER_FIELDS = [
  ['setupTimerSeconds', 'setupTimer', 5, 600],
  ['layOffTimerSeconds', 'layOffTimer', 5, 300],
  ['betweenRoundsSeconds', 'betweenRounds', 3, 300],
  ['reshuffleLimit', 'reshuffleLimit', 0, 20],
] as const;

/** Deck, the seven house rules (each explained, with its full text a click away), and timers. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: GameSettings;
  onChange: (settings: GameSettings) => void;
}) {
  const id = useId();
  const setRule = (rule: HouseRule, on: boolean) =>
    onChange({ ...value, houseRules: { ...value.houseRules, [rule]: on } });
  const number = (key: keyof GameSettings, raw: string, min: number, max: number) => {
    const n = Math.round(Number(raw));
    if (Number.isFinite(n)) onChange({ ...value, [key]: Math.min(max, Math.max(min, n)) });
  };
  return (
    <div className="settings-form">
      <fieldset>
        <legend>{m.home.deck}</legend>
        {DECK_SETTINGS.map((deck) => (
          <label key={deck} className="choice">
            <input
              type="radio"
              name="deck"
              value={deck}
              checked={value.deck === deck}
              onChange={() => onChange({ ...value, deck })}
            />
            <span>
              <strong>{m.deckTitle(deck)}</strong>
              <span className="muted small"> — {m.deckShort(deck)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{m.home.houseRules}</legend>
        <p className="muted small">{m.home.houseRulesHint}</p>
        {HOUSE_RULES.map((rule) => (
          <label key={rule} className="choice">
            <input
              type="checkbox"
              name={rule}
              // Named by the rule and its summary, not by the "full text" link beside them.
              aria-labelledby={`${id}-${rule}-title ${id}-${rule}-short`}
              checked={value.houseRules[rule]}
              onChange={(event) => setRule(rule, event.target.checked)}
            />
            <span>
              <strong id={`${id}-${rule}-title`}>{m.houseRuleTitle(rule)}</strong>
              <span className="muted small">
                {' '}
                — <span id={`${id}-${rule}-short`}>{m.houseRuleShort(rule)}</span>{' '}
                <a href={links.rule('trepenta', rule)} target="_blank" rel="noreferrer">
                  {m.home.fullText}
                </a>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <details className="more-settings">
        <summary id={`${id}-more`}>{m.home.moreSettings}</summary>
        {/* A group named like the deck's and the house rules' fieldsets, by the summary above. */}
        <div className="settings-grid" role="group" aria-labelledby={`${id}-more`}>
          <label>
            {m.home.turnTimer}
            <select
              value={value.turnTimerSeconds ?? 'off'}
              onChange={(event) =>
                onChange({
                  ...value,
                  turnTimerSeconds:
                    event.target.value === 'off' ? null : Number(event.target.value),
                })
              }
            >
              {TURN_TIMERS.map((s) => (
                <option key={s ?? 'off'} value={s ?? 'off'}>
                  {s === null ? m.home.turnTimerOff : m.home.seconds(s)}
                </option>
              ))}
            </select>
          </label>
          {NUMBER_FIELDS.map(([key, label, min, max]) => (
            <label key={key}>
              {m.home[label]}
              <input
                type="number"
                min={min}
                max={max}
                value={value[key]}
                onChange={(event) => number(key, event.target.value, min, max)}
              />
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
