import { useEffect, useRef, useState } from 'react';
import type { GameSettings, GameView } from '@trepenta/rules';
import type { RoomView } from '@trepenta/protocol';
import { verifyDeals } from '../game/verify';
import type { DealsCheck } from '../game/verify';
import { m } from '../messages';
import { leaveRoom, requestOrNotify } from '../net';
import { store, useStore } from '../store';
import { Modal, useIsPhone } from '../ui/common';
import { focusLost } from '../ui/focus';
import { SettingsForm } from '../ui/SettingsForm';

export const SEAT_COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];

/** Rounds × players, running totals, the lowest total highlighted. */
export function ScoreTable({
  scores,
  totals,
  names,
  rounds,
  winners,
  inPanel = false,
}: {
  inPanel?: boolean;
  scores: readonly (readonly number[])[];
  totals: readonly number[];
  names: readonly string[];
  rounds: number;
  winners: readonly number[] | null;
}) {
  // Narrow (the side panel, a phone): the winner's badge is read out, not drawn; the row's
  // highlight shows it.
  const narrow = useIsPhone() || inPanel;
  const lowest = totals.length ? Math.min(...totals) : null;
  return (
    <table className="score-table">
      <caption className="sr-only">{m.score.title}</caption>
      <thead>
        <tr>
          <th scope="col">{m.score.player}</th>
          {Array.from({ length: rounds }, (_, r) => (
            <th key={r} scope="col" title={m.score.roundLong(r + 1)}>
              {m.score.round(r + 1)}
            </th>
          ))}
          <th scope="col">{m.score.total}</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name, seat) => {
          const best = winners
            ? winners.includes(seat)
            : scores.length > 0 && totals[seat] === lowest;
          return (
            <tr key={seat} className={best ? 'best' : ''}>
              <th scope="row">
                <span
                  className="swatch"
                  style={{ background: SEAT_COLOURS[seat] }}
                  aria-hidden="true"
                />
                {name}
                {winners?.includes(seat) && (
                  <span className={narrow ? 'sr-only' : 'badge ok'}>{m.score.winnerBadge}</span>
                )}
              </th>
              {Array.from({ length: rounds }, (_, r) => (
                <td key={r}>{scores[r]?.[seat] ?? '–'}</td>
              ))}
              <td className="total">{totals[seat] ?? 0}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A small line chart of each player's running total by round. */
export function TotalsChart({
  scores,
  names,
  rounds,
}: {
  scores: readonly (readonly number[])[];
  names: readonly string[];
  rounds: number;
}) {
  const width = 320;
  const height = 160;
  const pad = { left: 30, right: 10, top: 10, bottom: 22 };
  const running = names.map((_, seat) => {
    let sum = 0;
    return [0, ...scores.map((round) => (sum += round[seat] ?? 0))];
  });
  const max = Math.max(10, ...running.flat());
  const x = (r: number) => pad.left + (r / rounds) * (width - pad.left - pad.right);
  const y = (v: number) => height - pad.bottom - (v / max) * (height - pad.top - pad.bottom);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={m.score.chartLabel}>
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="axis" />
        <line x1={pad.left} x2={pad.left} y1={pad.top} y2={y(0)} className="axis" />
        {[0, Math.round(max / 2), max].map((v) => (
          <text key={v} x={pad.left - 4} y={y(v) + 3} className="tick" textAnchor="end">
            {v}
          </text>
        ))}
        {Array.from({ length: rounds + 1 }, (_, r) => (
          <text key={r} x={x(r)} y={height - 6} className="tick" textAnchor="middle">
            {r === 0 ? '' : m.score.round(r)}
          </text>
        ))}
        {running.map((points, seat) => (
          <g key={seat} stroke={SEAT_COLOURS[seat]} fill={SEAT_COLOURS[seat]}>
            <polyline
              fill="none"
              strokeWidth="2.5"
              strokeLinejoin="round"
              points={points.map((v, r) => `${x(r)},${y(v)}`).join(' ')}
            />
            {points.map((v, r) => (
              <circle key={r} cx={x(r)} cy={y(v)} r="3" />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        {names.map((name, seat) => (
          <span key={seat}>
            <span
              className="swatch"
              style={{ background: SEAT_COLOURS[seat] }}
              aria-hidden="true"
            />
            {name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Game end: the sheet, the chart, the winners, rematch and "verify the deals". */
export function ScoreSheet({
  game,
  room,
  names,
}: {
  game: GameView;
  room: RoomView;
  names: string[];
}) {
  const isHost = useStore((s) => s.you?.host ?? false);
  const [check, setCheck] = useState<DealsCheck | 'running' | null>(null);
  const [editing, setEditing] = useState<GameSettings | null>(null);
  const winners = game.winners ?? [];
  // The result is the first thing seen: the sheet is scrolled to and its heading takes the focus
  // (a player scrolled down at the last round's end would otherwise see that round's hands).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    // Not out of the chat: only focus that is lost or parked on the table.
    if (focusLost() || document.activeElement?.closest('.felt'))
      heading.current?.focus({ preventScroll: true });
  }, []);
  const verify = async () => {
    setCheck('running');
    const state = store.get();
    const gameId = game.fairness.gameId;
    setCheck(
      await verifyDeals({
        code: room.code,
        gameNumber: room.gameNumber,
        viewer: game.viewer,
        batches: state.batches,
        seenCommitments: state.commitments[gameId],
        myNonce: state.nonces[gameId],
      }),
    );
  };
  const rematch = async (settings?: GameSettings) => {
    if (settings && !(await requestOrNotify('room:configure', { settings }))) return;
    await requestOrNotify('room:rematch', {});
  };
  return (
    <section className="score-sheet card-panel" aria-label={m.score.title}>
      <h2 ref={heading} tabIndex={-1}>
        {m.score.gameOver}
      </h2>
      <p className="winners" role="status">
        {game.abandoned ? m.score.abandoned : m.score.winner(winners.map((s) => names[s] ?? ''))}
      </p>
      <div className="score-grid">
        <ScoreTable
          scores={game.scores}
          totals={game.totals}
          names={names}
          rounds={game.rounds}
          winners={game.winners}
        />
        <TotalsChart scores={game.scores} names={names} rounds={game.rounds} />
      </div>
      <div className="button-row">
        {isHost ? (
          <>
            <button type="button" className="primary big" onClick={() => void rematch()}>
              {m.score.rematch}
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(game.settings)}>
              {m.score.rematchChange}
            </button>
          </>
        ) : (
          <span className="muted">{m.score.waitingRematch}</span>
        )}
        <button
          type="button"
          className="secondary"
          disabled={check === 'running'}
          onClick={() => void verify()}
        >
          {check === 'running' ? m.score.verifying : m.score.verify}
        </button>
        <button type="button" className="ghost" onClick={() => void leaveRoom()}>
          {m.score.home}
        </button>
      </div>
      {check && check !== 'running' && (
        <div className={`verify-result ${check.ok ? 'ok' : 'bad'}`} role="status">
          {check.ok ? (
            <p>
              ✔{' '}
              {check.unchecked.length === 0
                ? m.score.verifyOk(check.rounds, check.actions)
                : m.score.verifyReplayed(check.rounds, check.actions)}
            </p>
          ) : (
            <>
              <p>✘ {m.score.verifyFail}</p>
              <ul>
                {check.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {check.unchecked.length > 0 && (
            <>
              <p>{m.score.verifyUnchecked}</p>
              <ul>
                {check.unchecked.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          <p className="muted small">{m.score.verifyWhat}</p>
        </div>
      )}
      {editing && (
        <Modal title={m.lobby.changeRules} onClose={() => setEditing(null)} wide>
          <SettingsForm value={editing} onChange={setEditing} />
          <div className="button-row">
            <button
              type="button"
              className="primary"
              onClick={() => {
                const settings = editing;
                setEditing(null);
                void rematch(settings);
              }}
            >
              {m.score.rematch}
            </button>
            <button type="button" className="ghost" onClick={() => setEditing(null)}>
              {m.lobby.cancel}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
