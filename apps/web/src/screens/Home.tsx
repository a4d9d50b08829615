import { useState } from 'react';
import { BOT_LEVELS, DEFAULT_SETTINGS } from '@trepenta/rules';
import type { BotLevel, GameSettings } from '@trepenta/rules';
import { LIMITS } from '@trepenta/protocol';
import { m } from '../messages';
import { createRoom, joinRoom, request } from '../net';
import { navigate, roomCodeIn } from '../router';
import { notify, setPrefs, useStore } from '../store';
import { CardFace } from '../ui/Card';
import { SettingsForm } from '../ui/SettingsForm';
import { SeatCountOptions } from '../ui/common';

type SeatPlan = 'open' | BotLevel;

/** Refusals of a join that are about the name typed, not the room. */
const NAME_ERRORS: ReadonlySet<string> = new Set(['NICKNAME_TAKEN', 'BAD_NICKNAME']);

export function Home() {
  const nickname = useStore((s) => s.prefs.nickname);
  const [name, setName] = useState(nickname);
  const [settings, setSettings] = useState<GameSettings>(DEFAULT_SETTINGS);
  const [seatCount, setSeatCount] = useState(3);
  const [plan, setPlan] = useState<SeatPlan[]>(['open', 'open', 'open', 'open', 'open']);
  const [spectate, setSpectate] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What is wrong with the room to join is said under its code, not under the name.
  const [codeError, setCodeError] = useState<string | null>(null);

  const cleanName = name.trim();
  const requireName = (): boolean => {
    if (cleanName) {
      setPrefs({ nickname: cleanName });
      return true;
    }
    setError(m.home.needName);
    document.getElementById('nickname')?.focus();
    return false;
  };

  const create = async (
    count: number,
    bots: { seat: number; level: BotLevel }[],
    roomSettings: GameSettings,
    startNow: boolean,
    asSpectator = false,
  ) => {
    if (!requireName()) return;
    setBusy(true);
    setError(null);
    const created = await createRoom({
      nickname: cleanName,
      settings: roomSettings,
      seatCount: count,
      bots,
      spectate: asSpectator,
    });
    if (!created.ok) {
      setBusy(false);
      setError(created.message);
      return;
    }
    navigate(`/r/${created.code}`);
    if (startNow) {
      const started = await request('room:start', {});
      if (!started.ok) notify(started.message);
    }
  };

  const bots = (count: number) =>
    plan
      .slice(0, count - 1)
      .flatMap((p, i): { seat: number; level: BotLevel }[] =>
        p === 'open' ? [] : [{ seat: i + 1, level: p }],
      );

  const join = async (role: 'player' | 'spectator') => {
    if (!code.trim()) return;
    const room = roomCodeIn(code);
    if (room === null) {
      setCodeError(m.home.badCode);
      return;
    }
    // A seat link: its token is the seat; the room page takes it back as opening the link would.
    if (room.token) {
      navigate(`/r/${room.code}#t=${room.token}`);
      return;
    }
    if (!requireName()) return;
    const target = room.code;
    setBusy(true);
    const joined = await joinRoom(target, { nickname: cleanName, role });
    setBusy(false);
    if (!joined.ok) {
      // A name refused is the name's to fix; anything else is about the room.
      if (NAME_ERRORS.has(joined.code)) setError(joined.message);
      else setCodeError(joined.message);
      return;
    }
    navigate(`/r/${target}`);
  };

  return (
    <main className="page home">
      <header className="hero">
        <div className="hero-cards" aria-hidden="true">
          <CardFace face={{ rank: '7', suit: 'H' }} size="md" />
          <CardFace face={{ rank: '8', suit: 'stars' }} size="md" />
          <CardFace face={{ rank: '9', suit: 'moons' }} size="md" />
        </div>
        <h1>{m.appName}</h1>
        <p className="tagline">{m.tagline}</p>
        <a className="link" href="/rules">
          {m.home.rulesLink}
        </a>
      </header>

      <section className="card-panel name-panel">
        <label htmlFor="nickname">{m.home.nickname}</label>
        <input
          id="nickname"
          value={name}
          maxLength={LIMITS.nicknameLength}
          autoComplete="nickname"
          placeholder={m.home.nicknamePlaceholder}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onBlur={() => cleanName && setPrefs({ nickname: cleanName })}
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>

      <div className="home-grid">
        <section className="card-panel" aria-labelledby="practice-title">
          <h2 id="practice-title">{m.home.practiceTitle}</h2>
          <p className="muted small">{m.home.practiceHint}</p>
          <div className="button-row">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                void create(
                  3,
                  [
                    { seat: 1, level: 'greedy' },
                    { seat: 2, level: 'greedy' },
                  ],
                  DEFAULT_SETTINGS,
                  true,
                )
              }
            >
              {m.home.practiceBots}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void create(1, [], DEFAULT_SETTINGS, true)}
            >
              {m.home.practiceSolo}
            </button>
          </div>
        </section>

        <section className="card-panel" aria-labelledby="join-title">
          <h2 id="join-title">{m.home.joinTitle}</h2>
          <form
            className="join-form"
            onSubmit={(event) => {
              event.preventDefault();
              void join('player');
            }}
          >
            <label htmlFor="room-code" className="sr-only">
              {m.home.code}
            </label>
            <input
              id="room-code"
              value={code}
              placeholder={m.home.codePlaceholder}
              autoCapitalize="characters"
              maxLength={300}
              aria-invalid={codeError !== null}
              aria-describedby={codeError ? 'room-code-error' : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                setCodeError(null);
              }}
            />
            <button type="submit" className="primary" disabled={busy || !code.trim()}>
              {m.home.join}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy || !code.trim()}
              onClick={() => void join('spectator')}
            >
              {m.home.watch}
            </button>
            {codeError && (
              <p id="room-code-error" className="error" role="alert">
                {codeError}
              </p>
            )}
          </form>
        </section>
      </div>

      <section className="card-panel create-panel" aria-labelledby="create-title">
        <h2 id="create-title">{m.home.createTitle}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void create(seatCount, bots(seatCount), settings, false, spectate);
          }}
        >
          <fieldset>
            <legend>{m.home.seats}</legend>
            <label className="inline">
              {m.home.seatCount}{' '}
              <select
                value={seatCount}
                onChange={(event) => setSeatCount(Number(event.target.value))}
              >
                <SeatCountOptions />
              </select>
            </label>
            <ol className="seat-plan">
              <li>
                <span className="seat-no">1</span> {spectate ? m.home.seatOpen : m.home.seatYou}
              </li>
              {Array.from({ length: seatCount - 1 }, (_, i) => (
                <li key={i}>
                  <span className="seat-no">{i + 2}</span>
                  <select
                    aria-label={m.lobby.seatN(i + 1)}
                    value={plan[i]}
                    onChange={(event) =>
                      setPlan((p) =>
                        p.map((v, j) => (j === i ? (event.target.value as SeatPlan) : v)),
                      )
                    }
                  >
                    <option value="open">{m.home.seatOpen}</option>
                    {BOT_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {m.botName(level)}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ol>
            <label className="choice">
              <input
                type="checkbox"
                checked={spectate}
                onChange={(event) => setSpectate(event.target.checked)}
              />
              {m.home.spectate}
            </label>
          </fieldset>
          <SettingsForm value={settings} onChange={setSettings} />
          <button type="submit" className="primary big" disabled={busy}>
            {busy ? m.home.creating : m.home.create}
          </button>
        </form>
      </section>
    </main>
  );
}
