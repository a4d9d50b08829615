import { DECK_SETTINGS, HOUSE_RULES } from '@trepenta/rules';
import type { GameSettings, HouseRule } from '@trepenta/rules';
import { m } from '../messages';
import { links } from '../router';

const TURN_TIMERS = [null, 30, 45, 60, 90, 120] as const;

/** Deck, the seven house rules (each explained, with its full text a click away), and timers. */
export function SettingsForm({
  value,
  onChange,
}: {
  value: GameSettings;
  onChange: (settings: GameSettings) => void;
}) {
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
              checked={value.houseRules[rule]}
              onChange={(event) => setRule(rule, event.target.checked)}
            />
            <span>
              <strong>{m.houseRuleTitle(rule)}</strong>
              <span className="muted small">
                {' '}
                — {m.houseRuleShort(rule)}{' '}
                <a href={links.rule(rule)} target="_blank" rel="noreferrer">
                  {m.home.fullText}
                </a>
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <details className="more-settings">
        <summary>{m.home.moreSettings}</summary>
        <div className="settings-grid">
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
          <label>
            {m.home.setupTimer}
            <input
              type="number"
              min={5}
              max={600}
              value={value.setupTimerSeconds}
              onChange={(event) => number('setupTimerSeconds', event.target.value, 5, 600)}
            />
          </label>
          <label>
            {m.home.layOffTimer}
            <input
              type="number"
              min={5}
              max={300}
              value={value.layOffTimerSeconds}
              onChange={(event) => number('layOffTimerSeconds', event.target.value, 5, 300)}
            />
          </label>
          <label>
            {m.home.betweenRounds}
            <input
              type="number"
              min={3}
              max={300}
              value={value.betweenRoundsSeconds}
              onChange={(event) => number('betweenRoundsSeconds', event.target.value, 3, 300)}
            />
          </label>
          <label>
            {m.home.reshuffleLimit}
            <input
              type="number"
              min={0}
              max={20}
              value={value.reshuffleLimit}
              onChange={(event) => number('reshuffleLimit', event.target.value, 0, 20)}
            />
          </label>
        </div>
      </details>
    </div>
  );
}
