import { useRef, useState } from 'react';
import type { You } from '@trepenta/protocol';
import { m } from '../messages';
import { links } from '../router';
import { copyText } from './common';

/**
 * The room's invite link and the member's own link (their seat's, when seated): in the lobby, and
 * from the table's top bar during a game (R23: a player moves to another device with it).
 */
export function ShareLinks({ code, you }: { code: string; you: You | null }) {
  const seated = you?.seat != null;
  return (
    <>
      <CopyField label={m.lobby.invite} hint={m.lobby.inviteHint} value={links.invite(code)} />
      {you && (
        <CopyField
          label={seated ? m.lobby.seatLink : m.lobby.memberLink}
          hint={seated ? m.lobby.seatLinkHint : m.lobby.memberLinkHint}
          value={links.seat(code, you.token)}
          secret
        />
      )}
    </>
  );
}

function CopyField({
  label,
  hint,
  value,
  secret,
}: {
  label: string;
  hint: string;
  value: string;
  secret?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [shown, setShown] = useState(!secret);
  return (
    <div className="copy-field">
      <label>
        <strong>{label}</strong>
        <span className="muted small"> — {hint}</span>
      </label>
      <div className="copy-row">
        <input
          ref={input}
          readOnly
          value={shown ? value : '•'.repeat(24)}
          onFocus={(event) => event.target.select()}
          aria-label={label}
        />
        {secret && (
          <button type="button" className="ghost" onClick={() => setShown((s) => !s)}>
            {shown ? m.lobby.hide : m.lobby.show}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setShown(true);
            requestAnimationFrame(
              () =>
                void copyText(value, input.current).then((ok) =>
                  setStatus(ok ? 'copied' : 'manual'),
                ),
            );
          }}
        >
          {status === 'copied' ? m.lobby.copied : m.lobby.copy}
        </button>
      </div>
      {status === 'manual' && (
        <p className="muted small" role="status">
          {m.lobby.copyManual}
        </p>
      )}
    </div>
  );
}
