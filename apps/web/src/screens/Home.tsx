import { useState } from 'react';
import type { BotLevel } from '@trepenta/protocol';
import { loadGame, useGameClient } from '../games/load';
import { GAME_LIST, gameEntry } from '../games/registry';
import type { GameEntry } from '../games/registry';
import { m } from '../messages';
import { createRoom, joinRoom, request } from '../net';
import { links, navigate, roomCodeIn } from '../router';
import { notify, setPrefs, useStore } from '../store';
import { GameLoading, NicknameInput, SeatCountOptions } from '../ui/common';

type SeatPlan = 'open' | BotLevel;

/** Refusals of a join that are about the name typed, not the room. */
const NAME_ERRORS: ReadonlySet<string> = new Set(['NICKNAME_TAKEN', 'BAD_NICKNAME']);

/** The name typed, kept as the player's nickname; focuses the field when it is empty. */
function useName() {
  const nickname = useStore((s) => s.prefs.nickname);
  const [name, setName] = useState(nickname);
  const [error, setError] = useState<string | null>(null);
  const clean = name.trim();
  const require = (): boolean => {
    if (clean) {
      setPrefs({ nickname: clean });
      return true;
    }
    setError(m.home.needName);
    document.getElementById('nickname')?.focus();
    return false;
  };
  return { name, setName, clean, error, setError, require };
}

function NamePanel({ form }: { form: ReturnType<typeof useName> }) {
  return (
    <section className="card-panel name-panel">
      <NicknameInput
        id="nickname"
        value={form.name}
        onChange={(value) => {
          form.setName(value);
          form.setError(null);
        }}
        onBlur={() => form.clean && setPrefs({ nickname: form.clean })}
      />
      {form.error && (
        <p className="error" role="alert">
          {form.error}
        </p>
      )}
    </section>
  );
}

/**
 * Creates a room of a game and goes there; `startNow` starts it at once (a practice table). Says
 * what went wrong through `fail`.
 */
async function create(
  game: string,
  options: {
    nickname: string;
    settings: unknown;
    seatCount: number;
    bots: { seat: number; level: BotLevel }[];
    spectate?: boolean;
    startNow: boolean;
  },
  fail: (message: string) => void,
): Promise<void> {
  const created = await createRoom({
    nickname: options.nickname,
    game,
    settings: options.settings,
    seatCount: options.seatCount,
    bots: options.bots,
    spectate: options.spectate ?? false,
  });
  if (!created.ok) {
    fail(created.message);
    return;
  }
  navigate(`/r/${created.code}`);
  if (options.startNow) {
    const started = await request('room:start', {});
    if (!started.ok) notify(started.message);
  }
}

export function Home() {
  const form = useName();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // What is wrong with the room to join is said under its code, not under the name.
  const [codeError, setCodeError] = useState<string | null>(null);

  /** A practice table of this game against bots, started at once with the default rules. */
  const practice = async (entry: GameEntry, seats: number, bots: number) => {
    if (!form.require()) return;
    setBusy(true);
    form.setError(null);
    try {
      const client = await loadGame(entry.id);
      await create(
        entry.id,
        {
          nickname: form.clean,
          settings: client.module.defaultSettings,
          seatCount: seats,
          bots: Array.from({ length: bots }, (_, i) => ({ seat: i + 1, level: 'greedy' as const })),
          startNow: true,
        },
        form.setError,
      );
    } catch {
      form.setError(m.home.loadFailed);
    }
    setBusy(false);
  };

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
    if (!form.require()) return;
    const target = room.code;
    setBusy(true);
    const joined = await joinRoom(target, { nickname: form.clean, role });
    setBusy(false);
    if (!joined.ok) {
      // A name refused is the name's to fix; anything else is about the room.
      if (NAME_ERRORS.has(joined.code)) form.setError(joined.message);
      else setCodeError(joined.message);
      return;
    }
    navigate(`/r/${target}`);
  };

  return (
    <main className="page home">
      <header className="hero">
        <h1>{m.appName}</h1>
        <p className="tagline">{m.tagline}</p>
        <a className="link" href="/rules">
          {m.home.rulesIndex}
        </a>
      </header>

      <NamePanel form={form} />

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

      <section className="gallery-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{m.home.galleryTitle}</h2>
        <ul className="gallery">
          {GAME_LIST.map((entry) => {
            const { title, Art } = entry;
            return (
              <li
                key={entry.id}
                className="card-panel game-card"
                aria-labelledby={`game-${entry.id}`}
              >
                <Art />
                <h3 id={`game-${entry.id}`}>{title}</h3>
                <p className="muted small">
                  {m.seatRange(entry.seats.min, entry.seats.max)} · {entry.length}
                </p>
                <p>{entry.pitch}</p>
                <div className="button-row">
                  {entry.practice.map((table) => (
                    <button
                      key={table.seats}
                      type="button"
                      className={table.bots > 0 ? 'primary' : 'secondary'}
                      disabled={busy}
                      onClick={() => void practice(entry, table.seats, table.bots)}
                    >
                      {table.bots > 0 ? m.home.practiceBots(table.bots) : m.home.practiceSolo}
                    </button>
                  ))}
                  <a
                    className="button-link"
                    href={links.create(entry.id)}
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(links.create(entry.id));
                    }}
                  >
                    {m.home.createFor(title)}
                  </a>
                </div>
                <p className="muted small">{m.home.practiceHint}</p>
                <a className="link" href={links.rules(entry.id)}>
                  {m.home.rulesLinkOf(title)}
                </a>
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}

/** /new/GAME: a room of that game, with its seats, bots and options. */
export function CreateScreen({ game }: { game: string }) {
  const entry = gameEntry(game);
  const { client, failed, retry } = useGameClient(entry ? game : null);
  if (!entry) {
    navigate('/', true);
    return null;
  }
  if (!client) return <GameLoading failed={failed} retry={retry} />;
  return <CreateForm entry={entry} defaults={client.module.defaultSettings} />;
}

function CreateForm({ entry, defaults }: { entry: GameEntry; defaults: unknown }) {
  const { client } = useGameClient(entry.id);
  const form = useName();
  const [settings, setSettings] = useState<unknown>(defaults);
  const [seatCount, setSeatCount] = useState(entry.defaultSeats);
  const [plan, setPlan] = useState<SeatPlan[]>(() =>
    Array.from({ length: entry.seats.max - 1 }, () => 'open'),
  );
  const [spectate, setSpectate] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!client) return null;
  const { title } = entry;
  const bots = plan
    .slice(0, seatCount - 1)
    .flatMap((p, i): { seat: number; level: BotLevel }[] =>
      p === 'open' ? [] : [{ seat: i + 1, level: p }],
    );
  const { SettingsForm } = client;
  return (
    <main className="page home">
      <p>
        <a href="/">← {m.appName}</a>
      </p>
      <h1>{m.home.createOf(title)}</h1>
      <NamePanel form={form} />
      <section className="card-panel create-panel" aria-label={m.home.createTitle}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!form.require()) return;
            setBusy(true);
            void create(
              entry.id,
              { nickname: form.clean, settings, seatCount, bots, spectate, startNow: false },
              (message) => {
                setBusy(false);
                form.setError(message);
              },
            );
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
                <SeatCountOptions min={entry.seats.min} max={entry.seats.max} />
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
                    {client.module.botLevels.map((level) => (
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
