import { useEffect, useState } from 'react';
import { m } from './messages';
import { connection } from './net';
import { parseRoute, useRoute } from './router';
import { CreateScreen, Home } from './screens/Home';
import { RoomScreen } from './screens/Room';
import { RulesScreen } from './screens/Rules';
import { useStore } from './store';

export function App() {
  const { path, hash } = useRoute();
  const route = parseRoute(path, hash);
  const fourColour = useStore((s) => s.prefs.fourColour);
  useEffect(() => {
    connection();
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('four-colour', fourColour);
  }, [fourColour]);
  return (
    <>
      <ConnectionBanner />
      {route.name === 'home' && <Home />}
      {route.name === 'new' && <CreateScreen key={route.game} game={route.game} />}
      {route.name === 'rules' && <RulesScreen game={route.game} anchor={route.anchor} />}
      {route.name === 'room' && (
        <RoomScreen key={route.code} code={route.code} token={route.token} />
      )}
      <NoticeToast />
      <LiveRegion />
      <Outdated />
    </>
  );
}

export function ConnectionBanner() {
  const conn = useStore((s) => s.conn);
  const backAt = useStore((s) => s.backAt);
  const paused = useStore((s) => s.room?.paused ?? false);
  const inRoom = useStore((s) => s.code !== null);
  const queued = useStore((s) => s.queued);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!backAt) return;
    const id = setTimeout(() => tick((n) => n + 1), 3100);
    return () => clearTimeout(id);
  }, [backAt]);
  let text: string | null = null;
  let kind = 'warn';
  if (conn === 'offline') text = m.conn.offline;
  else if (conn === 'reconnecting') text = m.conn.reconnecting;
  else if (conn === 'crowded') text = m.conn.crowded;
  else if (conn === 'connected' && backAt && Date.now() - backAt < 3000 && inRoom) {
    text = m.conn.back;
    kind = 'ok';
  } else if (paused) text = m.conn.paused;
  if (queued !== null && conn !== 'connected')
    text = `${text ?? ''} ${m.conn.queued(queued)}`.trim();
  return (
    <div className="conn-banner-slot" role="status" aria-live="polite">
      {text && <p className={`conn-banner ${kind}`}>{text}</p>}
    </div>
  );
}

function NoticeToast() {
  const notice = useStore((s) => s.notice);
  if (!notice) return null;
  return (
    <div
      className={`toast ${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      key={notice.id}
    >
      {notice.text}
      <button
        type="button"
        className="icon-button"
        aria-label={m.table.close}
        onClick={() => useStore.setState({ notice: null })}
      >
        ✕
      </button>
    </div>
  );
}

/** What others did, read out by screen readers (never more than a sighted player sees). */
function LiveRegion() {
  const announcement = useStore((s) => s.announcement);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" id="announcer">
      {announcement.text}
    </div>
  );
}

function Outdated() {
  const outdated = useStore((s) => s.outdated);
  if (!outdated) return null;
  return (
    <div className="outdated" role="alertdialog" aria-label={m.conn.outdated}>
      <p>{m.conn.outdated}</p>
      <button type="button" className="primary" onClick={() => location.reload()}>
        {m.conn.reload}
      </button>
    </div>
  );
}
