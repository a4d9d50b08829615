import { useEffect, useRef, useState } from 'react';
import { EMOTES, LIMITS } from '@trepenta/protocol/client';
import type { GameClient } from '../games/types';
import type { RoomView } from '@trepenta/protocol';
import { m } from '../messages';
import { requestOrNotify } from '../net';
import { setPrefs, store, unreadChat, useStore } from '../store';
import type { LogLine, PanelTab } from '../store';
import { useMedia } from '../ui/common';
import { Icon } from '../ui/icons';
import { ScoreTable } from './ScoreSheet';

const PANEL_ID = 'side-panel';

/** The top bar's button that opens the side panel as a bottom sheet (narrow screens only). */
export function PanelToggle({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const unread = useStore(unreadChat);
  return (
    <button
      type="button"
      className="icon-button panel-toggle"
      aria-expanded={open}
      aria-controls={PANEL_ID}
      onClick={onOpen}
    >
      <Icon name="menu" />
      <span className="sr-only">{unread > 0 ? m.panel.openUnread(unread) : m.panel.open}</span>
      {unread > 0 && (
        <span className="unread-dot" aria-hidden="true">
          {unread}
        </span>
      )}
    </button>
  );
}

/** Log, chat, this room's rules and the score sheet: a side panel, a bottom sheet on phones. */
export function SidePanel({
  client,
  game,
  room,
  names,
  open,
  onClose,
}: {
  /** The room's game's client; undefined while its chunk loads. */
  client: GameClient | undefined;
  game: unknown;
  room: RoomView;
  names: readonly string[];
  open: boolean;
  onClose: () => void;
}) {
  // Kept in the store: the lobby's panel and the table's are one to the player (a chat open when
  // the game starts stays open).
  const chosen = useStore((s) => s.panelTab);
  const scores = game && client ? client.module.sheet(game) : null;
  const past = game && client?.pastRounds ? client.pastRounds : null;
  const pastCount = past ? past.count(game) : 0;
  const tab =
    (chosen === 'scores' && !scores) || (chosen === 'rounds' && pastCount === 0) ? 'log' : chosen;
  const setTab = (panelTab: PanelTab) => store.set({ panelTab });
  // Below 900 px the panel is a sheet: the chat is read only while the sheet is open on it.
  const sheet = useMedia('(max-width: 900px)');
  const shown = open || !sheet;
  const reading = tab === 'chat' && shown;
  const newest = useStore((s) => s.chat.at(-1)?.id ?? 0);
  useEffect(() => {
    if (reading && newest > store.get().chatSeenId) store.set({ chatSeenId: newest });
  }, [reading, newest]);
  const unread = useStore(unreadChat);
  const tabs: [PanelTab, string][] = [
    ['log', m.panel.log],
    ['chat', unread > 0 ? `${m.panel.chat} (${unread})` : m.panel.chat],
    ['rules', m.panel.rules],
  ];
  if (scores) tabs.push(['scores', m.panel.scores]);
  if (pastCount > 0) tabs.push(['rounds', m.panel.rounds]);
  useSheetFocus(open, onClose);
  return (
    <>
      {open && <div className="sheet-backdrop" aria-hidden="true" onClick={onClose} />}
      <aside id={PANEL_ID} className={`side-panel ${open ? 'open' : ''}`} aria-label={m.panel.open}>
        <div className="tabs">
          {/* The tabs alone in the tab list: the sheet's close button is no tab. */}
          <div className="tab-list" role="tablist">
            {tabs.map(([key, label]) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={tab === key}
                className={tab === key ? 'on' : ''}
                data-sheet-start={tab === key ? '' : undefined}
                onClick={() => setTab(key)}
              >
                {label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="icon-button sheet-close"
            onClick={onClose}
            aria-label={m.table.close}
          >
            ✕
          </button>
        </div>
        {/* Focusable, so that a keyboard can scroll a long log or score sheet (the tab pattern). */}
        <div className="tab-body" role="tabpanel" tabIndex={0}>
          {tab === 'log' && (
            <GameLog shown={shown} {...(client?.folded ? { folded: client.folded } : {})} />
          )}
          {tab === 'chat' && <Chat room={room} shown={shown} />}
          {tab === 'rules' &&
            (client ? (
              <client.RulesHelp settings={room.settings} />
            ) : (
              <p className="muted">{m.home.loading}</p>
            ))}
          {tab === 'scores' && scores && <ScoreTable inPanel sheet={scores} names={names} />}
          {tab === 'rounds' && past && <past.Panel game={game} names={names} />}
        </div>
      </aside>
    </>
  );
}

/**
 * The bottom sheet (narrow screens): opening it moves focus into it, Escape or a tap outside
 * closes it, and closing gives focus back to where it was (the toggle).
 */
function useSheetFocus(open: boolean, onClose: () => void): void {
  // The latest onClose, so that the effect runs only when the sheet opens or closes.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    document.querySelector<HTMLElement>(`#${PANEL_ID} [data-sheet-start]`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      // Before the table's own Escape (which cancels a selection): this one only closes the sheet.
      event.stopPropagation();
      event.preventDefault();
      close.current();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
}

/** The folded steps' place in the log: one line standing for them. */
export interface FoldedLines {
  readonly id: number;
  readonly folded: number;
}

/**
 * The log as shown (see `Described.fold`): in the round under way, the steps before the last
 * closed one fold into one line (how many); a finished round's lines all show.
 */
export function foldLog(log: readonly LogLine[]): (LogLine | FoldedLines)[] {
  let start = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]!.fold === 'round') {
      start = i + 1;
      break;
    }
  }
  const closes: number[] = [];
  for (let i = start; i < log.length; i++) if (log[i]!.fold === 'step') closes.push(i);
  if (closes.length < 2) return [...log];
  const cut = closes[closes.length - 2]!;
  const shown: (LogLine | FoldedLines)[] = log.slice(0, start);
  let placed = false;
  for (let i = start; i < log.length; i++) {
    const line = log[i]!;
    if (i <= cut && (line.fold === 'play' || line.fold === 'step')) {
      if (!placed) shown.push({ id: -line.id, folded: closes.length - 1 });
      placed = true;
    } else {
      shown.push(line);
    }
  }
  return shown;
}

/**
 * The move log; `shown`: on screen (a closed sheet is not), so that it opens at the newest;
 * `folded`: the game's words for its folded steps.
 */
export function GameLog({
  shown = true,
  folded = m.panel.folded,
}: {
  shown?: boolean;
  folded?: (steps: number) => string;
}) {
  const log = useStore((s) => s.log);
  const end = useRef<HTMLLIElement>(null);
  // Follows the newest line (the log keeps its last few hundred, so its length stops changing).
  const newest = log[log.length - 1]?.id;
  useEffect(() => {
    if (shown) end.current?.scrollIntoView({ block: 'nearest' });
  }, [newest, shown]);
  if (log.length === 0) return <p className="muted">{m.panel.emptyLog}</p>;
  return (
    <ol className="game-log">
      {foldLog(log).map((line) =>
        'folded' in line ? (
          <li key={line.id} className="folded">
            {folded(line.folded)}
          </li>
        ) : (
          <li key={line.id} className={line.own ? 'own' : ''}>
            {line.own && (
              <span className="badge own" title={m.panel.onlyYouTitle}>
                {m.panel.onlyYou}
              </span>
            )}
            {line.text}
          </li>
        ),
      )}
      <li ref={end} aria-hidden="true" className="log-end" />
    </ol>
  );
}

export function Chat({ room, shown = true }: { room: RoomView; shown?: boolean }) {
  const chat = useStore((s) => s.chat);
  const muted = useStore((s) => s.prefs.muted);
  const me = useStore((s) => s.you?.memberId);
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) end.current?.scrollIntoView({ block: 'nearest' });
  }, [chat.length, shown]);
  const send = (payload: { text: string } | { emote: (typeof EMOTES)[number] }) =>
    requestOrNotify('chat:send', payload);
  const toggleMute = (id: string) =>
    setPrefs({ muted: muted.includes(id) ? muted.filter((x) => x !== id) : [...muted, id] });
  const visible = chat.filter((msg) => !muted.includes(msg.memberId));
  const others = room.members.filter((member) => member.id !== me);
  return (
    <div className="chat">
      <div className="chat-messages" aria-live="polite">
        {visible.length === 0 && <p className="muted">{m.panel.emptyChat}</p>}
        {visible.map((msg) => (
          <p key={msg.id} className={`chat-line ${msg.emote ? 'emote' : ''}`}>
            <strong>{msg.nickname}</strong>{' '}
            {msg.emote ? (m.panel.emotes[msg.emote] ?? msg.emote) : msg.text}
          </p>
        ))}
        <div ref={end} />
      </div>
      <div className="emotes" role="group" aria-label="Emotes">
        {EMOTES.map((emote) => (
          <button key={emote} type="button" className="emote" onClick={() => void send({ emote })}>
            {m.panel.emotes[emote] ?? emote}
          </button>
        ))}
      </div>
      <form
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          const clean = text.trim();
          if (!clean) return;
          setText('');
          void send({ text: clean });
        }}
      >
        <input
          value={text}
          maxLength={LIMITS.chatLength}
          onChange={(event) => setText(event.target.value)}
          placeholder={m.panel.chatPlaceholder}
          aria-label={m.panel.chatPlaceholder}
        />
        <button type="submit" className="primary">
          {m.panel.send}
        </button>
      </form>
      {others.length > 0 && (
        <details className="mute-list">
          <summary>{m.panel.mute}…</summary>
          {others.map((member) => (
            <label key={member.id} className="choice">
              <input
                type="checkbox"
                checked={muted.includes(member.id)}
                onChange={() => toggleMute(member.id)}
              />
              {m.panel.mute} {member.nickname}
            </label>
          ))}
        </details>
      )}
    </div>
  );
}
