import { useCallback, useEffect, useRef, useState } from 'react';
import { gameOf } from '@trepenta/protocol/client';
import type { BotLevel, RoomSummary, RoomView } from '@trepenta/protocol';
import { useGameClient } from '../games/load';
import { gameEntry, gameTitle } from '../games/registry';
import type { GameClient } from '../games/types';
import { m } from '../messages';
import { seatNames } from '../roomNotes';
import { joinRoom, leaveRoom, requestOrNotify, seatLost } from '../net';
import { navigate } from '../router';
import { tokens } from '../storage';
import { setPrefs, useStore } from '../store';
import { PanelToggle, SidePanel } from '../table/SidePanel';
import { GameLoading, NicknameInput, SeatCountOptions } from '../ui/common';
import { ShareLinks } from '../ui/ShareLinks';

/** /r/CODE: rejoin with the stored token (or a seat link's), else ask how to join. */
export function RoomScreen({ code, token }: { code: string; token: string | null }) {
  const room = useStore((s) => (s.code === code ? s.room : null));
  const game = useStore((s) => (s.code === code ? s.game : null));
  const [state, setState] = useState<'joining' | 'ask' | 'error' | 'retry'>('joining');
  const [error, setError] = useState<string | null>(null);
  const tried = useRef(false);
  const { client, failed, retry } = useGameClient(room ? gameOf(room) : null);

  /** Back in with the token kept here; it is forgotten only when the seat is lost for good. */
  const comeBack = useCallback(
    (stored: string) => {
      setState('joining');
      void joinRoom(code, { token: stored }).then((answer) => {
        if (answer.ok) return;
        if (!seatLost(answer.code)) {
          // A rate limit, a busy or restarting server: the seat is still there.
          setError(answer.message);
          setState('retry');
          return;
        }
        tokens.clear(code);
        if (answer.code === 'ROOM_NOT_FOUND') {
          setError(m.join.notFound);
          setState('error');
        } else setState('ask');
      });
    },
    [code],
  );

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    if (token) {
      tokens.set(code, token);
      // The seat link's token is a secret: keep it out of the address bar.
      navigate(`/r/${code}`, true);
    }
    if (useStore.getState().code === code && useStore.getState().room) return;
    const stored = token ?? tokens.get(code);
    if (!stored) {
      setState('ask');
      return;
    }
    comeBack(stored);
  }, [code, token, comeBack]);

  if (room && game !== null && room.status !== 'lobby' && room.status !== 'starting')
    return client ? (
      <client.Table game={game} room={room} />
    ) : (
      <GameLoading failed={failed} retry={retry} />
    );
  if (room) return <Lobby room={room} client={client} />;
  if (state === 'ask') return <JoinScreen code={code} />;
  if (state === 'retry')
    return (
      <main className="page narrow">
        <p className="error" role="alert">
          {error}
        </p>
        <button
          type="button"
          onClick={() => {
            const stored = tokens.get(code);
            if (stored) comeBack(stored);
            else setState('ask');
          }}
        >
          {m.join.retry}
        </button>
      </main>
    );
  if (state === 'error')
    return (
      <main className="page narrow">
        <p className="error" role="alert">
          {error}
        </p>
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {m.join.back}
        </button>
      </main>
    );
  return (
    <main className="page narrow">
      <p className="muted">{m.conn.connecting}</p>
    </main>
  );
}

export function JoinScreen({ code }: { code: string }) {
  const nickname = useStore((s) => s.prefs.nickname);
  const [name, setName] = useState(nickname);
  // 'unknown': the look-up failed (rate limit, a restart, the network); the join itself will
  // say what is possible.
  const [summary, setSummary] = useState<RoomSummary | null | 'missing' | 'unknown'>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const known = summary !== null && summary !== 'unknown' && summary !== 'missing' ? summary : null;
  const { client } = useGameClient(known?.game ?? null);
  useEffect(() => {
    fetch(`/api/rooms/${code}`)
      .then(async (response) =>
        setSummary(
          response.ok
            ? summaryOf(await response.json())
            : response.status === 404
              ? 'missing'
              : 'unknown',
        ),
      )
      .catch(() => setSummary('unknown'));
  }, [code]);
  const join = async (role: 'player' | 'spectator') => {
    const clean = name.trim();
    if (!clean) {
      setError(m.home.needName);
      return;
    }
    setPrefs({ nickname: clean });
    setBusy(true);
    const answer = await joinRoom(code, { nickname: clean, role });
    setBusy(false);
    if (!answer.ok) setError(answer.message);
  };
  if (summary === 'missing')
    return (
      <main className="page narrow">
        <h1>{m.join.title(code)}</h1>
        <p className="error">{m.join.notFound}</p>
        <a href="/">{m.join.back}</a>
      </main>
    );
  const canPlay =
    summary === 'unknown' ||
    (known !== null && known.status === 'lobby' && !known.locked && known.freeSeats > 0);
  return (
    <main className="page narrow join-screen">
      {known?.host ? (
        <>
          <h1>{m.join.invites(known.host, gameTitle(known.game))}</h1>
          <p className="join-room-code">{m.join.roomLine(code)}</p>
        </>
      ) : (
        <h1>{m.join.title(code)}</h1>
      )}
      {known && known.seats.length > 0 && <SeatList summary={known} />}
      {known && (
        <p className="muted">
          {gameTitle(known.game)} · {m.join.status[known.status]} ·{' '}
          {m.join.freeSeats(known.freeSeats)} · {m.lobby.spectators(known.spectators)}
        </p>
      )}
      {summary === 'unknown' && <p className="muted">{m.join.lookUpFailed}</p>}
      {known && client && <client.RulesCard settings={known.settings} />}
      <form
        className="card-panel"
        onSubmit={(event) => {
          event.preventDefault();
          void join(canPlay ? 'player' : 'spectator');
        }}
      >
        <NicknameInput id="join-name" value={name} onChange={setName} autoFocus />
        {known && known.locked && <p className="muted small">{m.join.locked}</p>}
        {known && known.status === 'lobby' && !known.locked && known.freeSeats === 0 && (
          <p className="muted small">{m.join.full}</p>
        )}
        {known && known.status !== 'lobby' && <p className="muted small">{m.join.midGame}</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          {canPlay && (
            <button type="submit" className="primary" disabled={busy}>
              {m.join.asPlayer}
            </button>
          )}
          <button
            type={canPlay ? 'button' : 'submit'}
            className={canPlay ? 'secondary' : 'primary'}
            disabled={busy}
            onClick={canPlay ? () => void join('spectator') : undefined}
          >
            {m.join.asSpectator}
          </button>
        </div>
      </form>
    </main>
  );
}

export function Lobby({ room, client }: { room: RoomView; client: GameClient | undefined }) {
  const you = useStore((s) => s.you);
  const [editing, setEditing] = useState<{ settings: unknown } | null>(null);
  const game = gameOf(room);
  const seatRange = gameEntry(game)?.seats ?? { min: 1, max: room.seatCount };
  const botLevels: readonly BotLevel[] = client?.module.botLevels ?? [];
  const [panelOpen, setPanelOpen] = useState(false);
  const isHost = you?.host ?? false;
  const mySeat = you?.seat ?? null;
  const host = room.members.find((member) => member.host);
  const full = room.seats.every((seat) => seat.kind !== 'empty');
  const call = (event: Parameters<typeof requestOrNotify>[0], payload: object) =>
    requestOrNotify(event, payload as never);
  const names = room.seats.map((s) => s.nickname ?? '');
  const teams = client?.module.teams?.(room.seatCount) ?? null;
  return (
    <div className="lobby-screen">
      <header className="top-bar">
        <div className="top-info">
          <span className="brand">{gameTitle(game)}</span>
          <span className="room-code">{room.code}</span>
          <span className="muted">{m.lobby.spectators(room.spectators)}</span>
        </div>
        <div className="top-actions">
          <PanelToggle open={panelOpen} onOpen={() => setPanelOpen(true)} />
          <button type="button" className="ghost" onClick={() => void leaveRoom()}>
            {m.lobby.leave}
          </button>
        </div>
      </header>
      <div className="table-layout">
        <main className="page lobby">
          <h1>{m.lobby.title(room.code)}</h1>
          <section className="card-panel">
            <h2>{m.lobby.share}</h2>
            <ShareLinks code={room.code} you={you} />
          </section>
          <div className="lobby-grid">
            <section className="card-panel seats-panel" aria-labelledby="seats-title">
              <div className="panel-head">
                <h2 id="seats-title">{m.lobby.seats}</h2>
                {isHost && room.status === 'lobby' && (
                  <label className="inline small">
                    {m.lobby.seatCount}{' '}
                    <select
                      value={room.seatCount}
                      onChange={(event) => {
                        const seatCount = Number(event.target.value);
                        // The players of the seats taken away are asked about first.
                        const losing = room.seats
                          .slice(seatCount)
                          .flatMap((seat) =>
                            seat.memberId === you?.memberId
                              ? m.lobby.you
                              : (room.members.find((mm) => mm.id === seat.memberId)?.nickname ??
                                []),
                          );
                        if (
                          losing.length === 0 ||
                          confirm(m.lobby.fewerSeatsConfirm(seatCount, losing))
                        )
                          void call('room:configure', { seatCount });
                      }}
                    >
                      <SeatCountOptions min={seatRange.min} max={seatRange.max} />
                    </select>
                  </label>
                )}
              </div>
              {teams && (
                <p className="teams-line">
                  {m.lobby.teams(
                    teams.map((team) => m.lobby.teamOf(team, seatNames(room, room.seatCount))),
                  )}
                </p>
              )}
              <ol className="seat-list">
                {room.seats.map((seat) => {
                  const member = room.members.find((mm) => mm.id === seat.memberId);
                  const isMe = seat.memberId !== null && seat.memberId === you?.memberId;
                  const team = teams?.findIndex((t) => t.includes(seat.seat)) ?? -1;
                  return (
                    <li
                      key={seat.seat}
                      className={`seat-row ${isMe ? 'me' : ''}`}
                      data-seat={seat.seat}
                    >
                      <span className="seat-no">{seat.seat + 1}</span>
                      <span
                        className={`conn-dot ${seat.kind === 'empty' ? 'none' : seat.connected ? 'on' : 'off'}`}
                        // A player's dot says whether they are here; other seats' dots say nothing.
                        {...(seat.kind === 'human'
                          ? {
                              role: 'img',
                              'aria-label': seat.connected ? m.lobby.connected : m.lobby.away,
                            }
                          : { 'aria-hidden': true })}
                      />
                      <span className="seat-who">
                        {seat.kind === 'empty' && <span className="muted">{m.lobby.empty}</span>}
                        {seat.kind === 'bot' && seat.botLevel && (
                          <span>{m.lobby.bot(seat.botLevel, seat.seat)}</span>
                        )}
                        {seat.kind === 'human' && (
                          <span>
                            {seat.nickname}
                            {isMe && <span className="badge">{m.lobby.you}</span>}
                            {member?.host && <span className="badge ok">{m.lobby.host}</span>}
                          </span>
                        )}
                      </span>
                      {team >= 0 && (
                        <span className={`badge team-badge team-${team}`}>
                          {m.lobby.team(team)}
                        </span>
                      )}
                      <span className="seat-actions">
                        {seat.kind === 'empty' && room.status === 'lobby' && (
                          <button
                            type="button"
                            className="small-button"
                            onClick={() => void call('room:sit', { seat: seat.seat })}
                          >
                            {m.lobby.sitHere}
                          </button>
                        )}
                        {isHost && seat.kind !== 'human' && room.status === 'lobby' && (
                          <select
                            aria-label={m.lobby.seatBot(seat.seat)}
                            value={seat.kind === 'bot' ? (seat.botLevel ?? 'greedy') : ''}
                            onChange={(event) =>
                              void call('room:setBot', {
                                seat: seat.seat,
                                level: event.target.value === '' ? null : event.target.value,
                              })
                            }
                          >
                            <option value="">
                              {seat.kind === 'bot' ? m.lobby.removeBot : m.lobby.addBot}
                            </option>
                            {botLevels.map((level) => (
                              <option key={level} value={level}>
                                {m.botName(level)}
                              </option>
                            ))}
                          </select>
                        )}
                        {isHost && teams && room.status === 'lobby' && (
                          <select
                            aria-label={m.lobby.swapSeat(seat.seat)}
                            value=""
                            onChange={(event) =>
                              void call('room:swapSeats', {
                                seats: [seat.seat, Number(event.target.value)],
                              })
                            }
                          >
                            <option value="">{m.lobby.swapNone}</option>
                            {room.seats
                              .filter((other) => other.seat !== seat.seat)
                              .map((other) => (
                                <option key={other.seat} value={other.seat}>
                                  {m.lobby.seatN(other.seat)}
                                </option>
                              ))}
                          </select>
                        )}
                        {isHost && seat.kind === 'human' && !isMe && member && (
                          <>
                            <button
                              type="button"
                              className="small-button"
                              onClick={() => void call('room:passHost', { memberId: member.id })}
                            >
                              {m.lobby.passHost}
                            </button>
                            <button
                              type="button"
                              className="small-button danger"
                              onClick={() => {
                                if (confirm(m.lobby.kickConfirm(member.nickname)))
                                  void call('room:kick', { memberId: member.id });
                              }}
                            >
                              {m.lobby.kick}
                            </button>
                          </>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ol>
              {room.status === 'starting' ? (
                <p className="status-line" role="status">
                  {m.lobby.starting}
                </p>
              ) : isHost ? (
                <div className="button-row">
                  <button
                    type="button"
                    className="primary big"
                    disabled={!full}
                    onClick={() => void call('room:start', {})}
                  >
                    {m.lobby.start}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => void call('room:lock', { locked: !room.locked })}
                  >
                    {room.locked ? m.lobby.unlock : m.lobby.lock}
                  </button>
                  {!full && <p className="muted small">{m.lobby.startNeedSeats}</p>}
                </div>
              ) : (
                <p className="status-line">{m.lobby.waitingHost(host?.nickname ?? '')}</p>
              )}
              {room.locked && <p className="muted small">{m.lobby.lockedNote}</p>}
              {mySeat !== null && room.status === 'lobby' && (
                <button
                  type="button"
                  className="ghost small"
                  onClick={() => void call('room:stand', {})}
                >
                  {m.lobby.standUp}
                </button>
              )}
              {isHost &&
                room.status === 'lobby' &&
                room.members.filter((mm) => mm.seat === null).length > 0 && (
                  <p className="muted small">
                    {room.members
                      .filter((mm) => mm.seat === null)
                      .map((mm) => mm.nickname)
                      .join(', ')}{' '}
                    ({m.lobby.spectators(room.spectators)})
                    {room.members
                      .filter((mm) => mm.seat === null && mm.id !== you?.memberId)
                      .map((mm) => (
                        <button
                          key={mm.id}
                          type="button"
                          className="small-button danger"
                          onClick={() => void call('room:kick', { memberId: mm.id })}
                        >
                          {m.lobby.kick} {mm.nickname}
                        </button>
                      ))}
                  </p>
                )}
            </section>
            <div>
              {client ? (
                <client.RulesCard settings={room.settings}>
                  {isHost && room.status === 'lobby' && (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setEditing({ settings: room.settings })}
                    >
                      {m.lobby.changeRules}
                    </button>
                  )}
                </client.RulesCard>
              ) : (
                <p className="muted">{m.home.loading}</p>
              )}
              {editing && client && (
                <section className="card-panel">
                  <client.SettingsForm
                    value={editing.settings}
                    onChange={(settings) => setEditing({ settings })}
                  />
                  <div className="button-row">
                    <button
                      type="button"
                      className="primary"
                      onClick={() => {
                        void call('room:configure', { settings: editing.settings });
                        setEditing(null);
                      }}
                    >
                      {m.lobby.saveRules}
                    </button>
                    <button type="button" className="ghost" onClick={() => setEditing(null)}>
                      {m.lobby.cancel}
                    </button>
                  </div>
                </section>
              )}
            </div>
          </div>
        </main>
        <SidePanel
          client={client}
          game={null}
          room={room}
          names={names}
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
        />
      </div>
    </div>
  );
}

/** Who already sits where, as the link's page shows it before joining. */
function SeatList({ summary }: { summary: RoomSummary }) {
  return (
    <section className="card-panel join-seats" aria-labelledby="join-seats-title">
      <h2 id="join-seats-title">{m.join.seatsTitle}</h2>
      <ol>
        {summary.seats.map((seat, i) => {
          const name =
            seat.kind === 'bot' && seat.botLevel
              ? m.botName(seat.botLevel)
              : seat.kind === 'human' && seat.nickname
                ? seat.nickname === summary.host
                  ? m.join.seatHost(seat.nickname)
                  : seat.nickname
                : m.join.seatFree;
          return (
            <li key={i} className={seat.kind}>
              <span className="seat-number">{m.lobby.seatN(i)}</span> {name}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A summary as received; one from a server of an earlier version names no host or seats. */
function summaryOf(body: unknown): RoomSummary {
  const summary = body as Partial<RoomSummary> & Omit<RoomSummary, 'host' | 'seats'>;
  return {
    ...summary,
    host: typeof summary.host === 'string' ? summary.host : null,
    seats: Array.isArray(summary.seats) ? summary.seats : [],
  };
}
