import { useEffect, useRef, useState } from 'react';
import type { ScoreRow, ScoreSheet as ScoreSheetData } from '@trepenta/engine';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../games/types';
import { verifyDeals } from '../game/verify';
import type { DealsCheck } from '../game/verify';
import { m } from '../messages';
import { leaveRoom, requestOrNotify } from '../net';
import { store, useStore } from '../store';
import { Modal, useIsPhone } from '../ui/common';
import { focusLost } from '../ui/focus';

/** A colour per seat, up to eight (with a shape or a name beside it: never colour alone). */
export const SEAT_COLOURS = [
  '#e11d48',
  '#2563eb',
  '#16a34a',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#be185d',
  '#4d7c0f',
];

/** How many columns the sheet shows: all of a fixed game's, the played ones of a session. */
function columnCount(sheet: ScoreSheetData): number {
  return sheet.columns.count ?? Math.max(0, ...sheet.rows.map((row) => row.cells.length));
}

function columnLabel(sheet: ScoreSheetData, n: number, long = false): string {
  if (sheet.columns.kind === 'hand') return long ? m.score.handLong(n) : m.score.hand(n);
  return long ? m.score.roundLong(n) : m.score.round(n);
}

/** A row's name: its seat's, or its party's (seats that score together). */
function rowName(row: ScoreRow, names: readonly string[]): string {
  return row.seats.map((seat) => names[seat] ?? m.lobby.seatN(seat)).join(' & ');
}

/** The rows leading now: the winners once the game is over, else the best total so far. */
function leading(sheet: ScoreSheetData): Set<number> {
  if (sheet.winners) return new Set(sheet.winners);
  const played = sheet.rows.some((row) => row.cells.length > 0);
  if (!played) return new Set();
  const totals = sheet.rows.map((row) => row.total);
  const best = sheet.better === 'lower' ? Math.min(...totals) : Math.max(...totals);
  return new Set(sheet.rows.filter((row) => row.total === best).flatMap((row) => row.seats));
}

/** Rounds (or hands) × players or parties, running totals, the leader highlighted. */
export function ScoreTable({
  sheet,
  names,
  inPanel = false,
}: {
  sheet: ScoreSheetData;
  names: readonly string[];
  inPanel?: boolean;
}) {
  // Narrow (the side panel, a phone): the winner's badge is read out, not drawn; the row's
  // highlight shows it.
  const narrow = useIsPhone() || inPanel;
  const columns = columnCount(sheet);
  const best = leading(sheet);
  return (
    <table className="score-table">
      <caption className="sr-only">{m.score.title}</caption>
      <thead>
        <tr>
          <th scope="col">{m.score.player}</th>
          {Array.from({ length: columns }, (_, c) => (
            <th key={c} scope="col" title={columnLabel(sheet, c + 1, true)}>
              {columnLabel(sheet, c + 1)}
            </th>
          ))}
          <th scope="col">{m.score.total}</th>
        </tr>
      </thead>
      <tbody>
        {sheet.rows.map((row, index) => {
          const leads = row.seats.some((seat) => best.has(seat));
          const won = sheet.winners !== null && leads;
          return (
            <tr key={index} className={leads ? 'best' : ''}>
              <th scope="row">
                <span
                  className="swatch"
                  style={{ background: SEAT_COLOURS[row.seats[0] ?? index] }}
                  aria-hidden="true"
                />
                {rowName(row, names)}
                {won && (
                  <span className={narrow ? 'sr-only' : 'badge ok'}>{m.score.winnerBadge}</span>
                )}
              </th>
              {Array.from({ length: columns }, (_, c) => (
                <td key={c}>{row.cells[c] ?? '–'}</td>
              ))}
              <td className="total">{row.total}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A small line chart of each row's running total by round or hand. */
export function TotalsChart({ sheet, names }: { sheet: ScoreSheetData; names: readonly string[] }) {
  const width = 320;
  const height = 160;
  const pad = { left: 30, right: 10, top: 10, bottom: 22 };
  const columns = Math.max(1, columnCount(sheet));
  const running = sheet.rows.map((row) => {
    let sum = 0;
    return [0, ...row.cells.map((cell) => (sum += cell))];
  });
  const values = running.flat();
  const max = Math.max(10, ...values);
  const min = Math.min(0, ...values);
  const x = (r: number) => pad.left + (r / columns) * (width - pad.left - pad.right);
  const y = (v: number) =>
    height - pad.bottom - ((v - min) / (max - min)) * (height - pad.top - pad.bottom);
  // Label every column of a short game, every few of a long session.
  const every = Math.ceil(columns / 10);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={m.score.chartLabel}>
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="axis" />
        <line x1={pad.left} x2={pad.left} y1={pad.top} y2={y(min)} className="axis" />
        {[...new Set([min, 0, Math.round(max / 2), max])].map((v) => (
          <text key={v} x={pad.left - 4} y={y(v) + 3} className="tick" textAnchor="end">
            {v}
          </text>
        ))}
        {Array.from({ length: columns + 1 }, (_, r) => (
          <text key={r} x={x(r)} y={height - 6} className="tick" textAnchor="middle">
            {r === 0 || r % every !== 0 ? '' : columnLabel(sheet, r)}
          </text>
        ))}
        {running.map((points, index) => {
          const colour = SEAT_COLOURS[sheet.rows[index]!.seats[0] ?? index];
          return (
            <g key={index} stroke={colour} fill={colour}>
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
          );
        })}
      </svg>
      <figcaption className="legend">
        {sheet.rows.map((row, index) => (
          <span key={index}>
            <span
              className="swatch"
              style={{ background: SEAT_COLOURS[row.seats[0] ?? index] }}
              aria-hidden="true"
            />
            {rowName(row, names)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/**
 * The result in words: the winning row (a player, or a party of seats that score together), or
 * the rows that share the win, or the game's stop.
 */
export function resultLine(sheet: ScoreSheetData, names: readonly string[]): string {
  if (sheet.abandoned) return m.score.abandoned;
  const winners = sheet.rows.filter((row) =>
    row.seats.some((seat) => sheet.winners?.includes(seat)),
  );
  const party = winners.length === 1 && winners[0]!.seats.length > 1;
  return m.score.winner(
    winners.map((row) => rowName(row, names)),
    party,
  );
}

/** Game end: the sheet, the chart, the winners, rematch and "verify the deals". */
export function ScoreSheet({
  client,
  game,
  room,
  names,
}: {
  client: GameClient;
  game: unknown;
  room: RoomView;
  names: readonly string[];
}) {
  const isHost = useStore((s) => s.you?.host ?? false);
  const [check, setCheck] = useState<DealsCheck | 'running' | null>(null);
  const [editing, setEditing] = useState<{ settings: unknown } | null>(null);
  const { module, SettingsForm } = client;
  const sheet = module.sheet(game);
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
    const { gameId, viewer } = module.viewHead(game);
    setCheck(
      await verifyDeals({
        module,
        code: room.code,
        gameNumber: room.gameNumber,
        viewer,
        batches: state.batches,
        seenCommitments: state.commitments[gameId],
        myNonce: state.nonces[gameId],
      }),
    );
  };
  const rematch = async (settings?: unknown) => {
    if (settings && !(await requestOrNotify('room:configure', { settings }))) return;
    await requestOrNotify('room:rematch', {});
  };
  return (
    <section className="score-sheet card-panel" aria-label={m.score.title}>
      <h2 ref={heading} tabIndex={-1}>
        {m.score.gameOver}
      </h2>
      <p className="winners" role="status">
        {resultLine(sheet, names)}
      </p>
      <div className="score-grid">
        <ScoreTable sheet={sheet} names={names} />
        <TotalsChart sheet={sheet} names={names} />
      </div>
      <div className="button-row">
        {isHost ? (
          <>
            <button type="button" className="primary big" onClick={() => void rematch()}>
              {m.score.rematch}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => setEditing({ settings: room.settings })}
            >
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
                ? m.score.verifyOk(check.secrets, check.actions)
                : m.score.verifyReplayed(check.secrets, check.actions)}
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
          <SettingsForm
            value={editing.settings}
            onChange={(settings) => setEditing({ settings })}
          />
          <div className="button-row">
            <button
              type="button"
              className="primary"
              onClick={() => {
                const { settings } = editing;
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
