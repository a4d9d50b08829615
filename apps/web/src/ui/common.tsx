import { LIMITS } from '@trepenta/protocol/client';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { serverNow } from '../clock';
import { m } from '../messages';

/** Whether a media query matches, following it as the window changes. */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** A phone in portrait: the table's compact layout (styles.css, max-width 640px). */
export const useIsPhone = (): boolean => useMedia('(max-width: 640px)');

/** Re-renders every `ms` while mounted; the time on the server's clock (deadlines are on it). */
export function useNow(ms = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.ceil(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A countdown to a deadline (ms since epoch). */
export function Countdown({
  at,
  total,
  label,
}: {
  at: number;
  /** Full length in seconds, for the ring. */
  total?: number;
  label?: (text: string) => string;
}) {
  const now = useNow(250);
  const left = Math.max(0, (at - now) / 1000);
  const text = formatSeconds(left);
  const urgent = left <= 10;
  const fraction = total ? Math.min(1, left / total) : null;
  return (
    <span
      className={`countdown ${urgent ? 'urgent' : ''}`}
      role="timer"
      aria-label={label ? label(text) : m.table.timer(text)}
    >
      {fraction !== null && (
        <svg viewBox="0 0 20 20" className="ring" aria-hidden="true">
          <circle cx="10" cy="10" r="8" className="ring-bg" />
          <circle
            cx="10"
            cy="10"
            r="8"
            className="ring-fg"
            strokeDasharray={`${(fraction * 50.27).toFixed(2)} 50.27`}
          />
        </svg>
      )}
      <span aria-hidden="true">{label ? label(text) : text}</span>
    </span>
  );
}

/** A modal dialog on the native <dialog> element: focus trap, Escape and backdrop for free. */
export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Closing gives the focus back to what opened the dialog (its button), not to the page.
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${wide ? 'wide' : ''}`}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal-head">
        <h2>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={m.table.close}>
          ✕
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

/** Copies text, with a fallback where the Clipboard API is missing (plain http on a LAN). */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the old way.
  }
  if (input) {
    input.focus();
    input.select();
    try {
      // Deprecated but still the only way on insecure origins.
      if (document.execCommand('copy')) return true;
    } catch {
      // The text stays selected for the player to copy by hand.
    }
  }
  return false;
}

/** The choices of a seat-count menu: the seat counts a game is played by. */
export function SeatCountOptions({ min, max }: { min: number; max: number }) {
  return Array.from({ length: max - min + 1 }, (_, i) => (
    <option key={min + i} value={min + i}>
      {min + i}
    </option>
  ));
}

/** While a game's own code loads (a slow connection), or after it failed to. */
export function GameLoading({ failed, retry }: { failed: boolean; retry: () => void }) {
  return (
    <main className="page narrow">
      {failed ? (
        <>
          <p className="error" role="alert">
            {m.home.loadFailed}
          </p>
          <button type="button" onClick={retry}>
            {m.home.retry}
          </button>
        </>
      ) : (
        <p className="muted" role="status">
          {m.home.loading}
        </p>
      )}
    </main>
  );
}

/**
 * The nickname box: its limit said under it (and how much of it is used), so that a name is
 * never cut short without a word; the count is announced only when the limit is reached.
 */
export function NicknameInput({
  id,
  value,
  onChange,
  onBlur,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoFocus?: boolean;
}) {
  const limit = LIMITS.nicknameLength;
  const full = value.length >= limit;
  return (
    <>
      <label htmlFor={id}>{m.home.nickname}</label>
      <input
        id={id}
        value={value}
        maxLength={limit}
        autoComplete="nickname"
        placeholder={m.home.nicknamePlaceholder}
        aria-describedby={`${id}-limit`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoFocus={autoFocus}
      />
      <p
        id={`${id}-limit`}
        className={`muted small field-limit ${full ? 'full' : ''}`}
        aria-live={full ? 'polite' : 'off'}
      >
        {m.home.nicknameLimit(limit, value.length)}
      </p>
    </>
  );
}
