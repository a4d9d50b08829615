import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { RoomView } from '@trepenta/protocol';
import type { GameClient } from '../games/types';
import { m } from '../messages';
import { leaveRoom, requestOrNotify } from '../net';
import { setPrefs, useStore } from '../store';
import { Modal } from '../ui/common';
import { Icon } from '../ui/icons';
import { ShareLinks } from '../ui/ShareLinks';
import { AwayNote } from './HandOver';
import { PanelToggle, SidePanel } from './SidePanel';

/**
 * What every game's table has around it: the top bar (room, the game's own line, sound, colours,
 * help, links, step away, the side panel, leave), the notes everyone must see (the stand-in plays
 * your seat, then the game's own banners), and the side panel. The game draws the felt.
 */
export function TableFrame({
  client,
  game,
  room,
  names,
  me,
  over,
  info,
  status,
  feltLabel,
  className,
  seatsShowAway = false,
  children,
}: {
  client: GameClient;
  game: unknown;
  room: RoomView;
  names: readonly string[];
  /** The viewer's seat, or null for a spectator. */
  me: number | null;
  /** The game is over: leaving asks nothing. */
  over: boolean;
  /** The game's line in the top bar (round, dealer). */
  info: ReactNode;
  /** The game's banners, kept in sight with the stand-in note. */
  status: ReactNode;
  feltLabel: string;
  className: string;
  /** The game's seats show who is away and the host's hand-over; else the frame does. */
  seatsShowAway?: boolean;
  children: ReactNode;
}) {
  const [panelOpen, setPanelOpen] = useState(false);
  useStickyHeights();
  return (
    <div className={`table-screen ${className}`}>
      <TopBar
        client={client}
        game={game}
        room={room}
        me={me}
        over={over}
        info={info}
        panelOpen={panelOpen}
        onPanel={() => setPanelOpen(true)}
      />
      <div className="table-layout">
        <main className="felt" aria-label={feltLabel}>
          <div className="table-status">
            <StandInNote room={room} me={me} />
            {!seatsShowAway && <AwayNote room={room} me={me} />}
            {status}
          </div>
          {children}
        </main>
        <SidePanel
          client={client}
          game={game}
          room={room}
          names={names}
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
        />
      </div>
    </div>
  );
}

/** R23: the seat's own player hands it to the stand-in, and takes it back. */
function stepAway(seat: number): void {
  void requestOrNotify('room:handOver', { seat });
}
function takeBack(): void {
  void requestOrNotify('room:takeBack', {});
}

/** While a game is played: whether the stand-in plays this seat; null outside a game. */
function standInOf(room: RoomView, seat: number): boolean | null {
  return room.status === 'playing' ? (room.seats[seat]?.standIn ?? null) : null;
}

/** A top-bar button that shows only an icon; its label is its name and its tooltip. */
function IconButton({
  label,
  icon,
  className = '',
  onClick,
}: {
  label: string;
  icon: Parameters<typeof Icon>[0]['name'];
  className?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`icon-button ${className}`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

function StandInNote({ room, me }: { room: RoomView; me: number | null }) {
  if (me === null || standInOf(room, me) !== true) return null;
  return (
    <div className="banners">
      <p className="banner warn stand-in-note" role="status">
        {m.table.standInForYou}{' '}
        <button type="button" className="small-button" onClick={takeBack}>
          {m.table.takeBack}
        </button>
      </p>
    </div>
  );
}

function TopBar({
  client,
  game,
  room,
  me,
  over,
  info,
  panelOpen,
  onPanel,
}: {
  client: GameClient;
  game: unknown;
  room: RoomView;
  me: number | null;
  over: boolean;
  info: ReactNode;
  panelOpen: boolean;
  onPanel: () => void;
}) {
  const prefs = useStore((s) => s.prefs);
  const you = useStore((s) => s.you);
  const [dialog, setDialog] = useState<'help' | 'share' | 'leave' | 'closeTable' | null>(null);
  const close = () => setDialog(null);
  const { RulesHelp } = client;
  const title = client.module.title;
  // A seated player who leaves a game gives the seat up for good (the stand-in plays it to the
  // end): asked first. Anyone else leaves at once.
  const leaving = me !== null && !over;
  // A session's host ends it (after the hand in play): asked first.
  const closable =
    (you?.host ?? false) &&
    !over &&
    client.module.sessions !== undefined &&
    client.sessions?.closed(game) !== true;
  return (
    <header className={`top-bar ${closable ? 'crowded' : ''}`}>
      <div className="top-info">
        <h1 className="sr-only">{m.table.heading(title, room.code)}</h1>
        <span className="brand" aria-hidden="true">
          {title}
        </span>
        <span className="room-code" title={m.lobby.title(room.code)}>
          {room.code}
        </span>
        {info}
      </div>
      <div className="top-actions">
        <button
          type="button"
          className="icon-button"
          aria-pressed={prefs.sound}
          aria-label={prefs.sound ? m.prefs.soundOn : m.prefs.soundOff}
          title={m.prefs.sound}
          onClick={() => setPrefs({ sound: !prefs.sound })}
        >
          <Icon name={prefs.sound ? 'bell' : 'bellOff'} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-pressed={prefs.fourColour}
          aria-label={m.prefs.fourColour}
          title={m.prefs.fourColour}
          onClick={() => setPrefs({ fourColour: !prefs.fourColour })}
        >
          <span className="four-colour-icon" aria-hidden="true">
            ◆
          </span>
        </button>
        {/* On a phone the sheet's Rules tab gives the same help, and the bar has no room. */}
        <IconButton
          label={m.prefs.help}
          icon="help"
          className="wide-only"
          onClick={() => setDialog('help')}
        />
        <IconButton label={m.table.shareLinks} icon="link" onClick={() => setDialog('share')} />
        {me !== null && standInOf(room, me) === false && (
          <IconButton label={m.table.stepAway} icon="away" onClick={() => stepAway(me)} />
        )}
        {closable && (
          <IconButton
            label={m.table.closeTable}
            icon="closeTable"
            onClick={() => setDialog('closeTable')}
          />
        )}
        <PanelToggle open={panelOpen} onOpen={onPanel} />
        <IconButton
          label={m.lobby.leave}
          icon="exit"
          onClick={() => (leaving ? setDialog('leave') : void leaveRoom())}
        />
      </div>
      {dialog === 'help' && (
        <Modal title={m.rulesOf(title)} onClose={close} wide>
          <RulesHelp settings={room.settings} level={3} />
        </Modal>
      )}
      {dialog === 'share' && (
        <Modal title={m.lobby.share} onClose={close}>
          <ShareLinks code={room.code} you={you} />
        </Modal>
      )}
      {dialog === 'closeTable' && (
        <Modal title={m.table.closeTableTitle} onClose={close}>
          <p>{m.table.closeTableWarning}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                close();
                void requestOrNotify('room:close', {});
              }}
            >
              {m.table.closeTableConfirm}
            </button>
            <button type="button" className="ghost" onClick={close}>
              {m.table.closeTableCancel}
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'leave' && me !== null && (
        <Modal title={m.table.leaveTitle} onClose={close}>
          <p>{m.table.leaveWarning}</p>
          <div className="dialog-actions">
            <button type="button" className="danger" onClick={() => void leaveRoom()}>
              {m.table.leaveConfirm}
            </button>
            {standInOf(room, me) === false && (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  close();
                  stepAway(me);
                }}
              >
                {m.table.stepAwayInstead}
              </button>
            )}
            <button type="button" className="ghost" onClick={close}>
              {m.table.stay}
            </button>
          </div>
        </Modal>
      )}
    </header>
  );
}

/**
 * The heights of what stays at the top of the screen (the top bar, and on a phone the table's
 * status under it) as CSS variables on the page: what sticks under the top bar sits at its foot,
 * and what is scrolled to or focused stops below both rather than under them.
 */
function useStickyHeights(): void {
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>('.top-bar');
    const status = document.querySelector<HTMLElement>('.table-status');
    const root = document.documentElement;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const top = bar.offsetHeight;
      const stuck = status && getComputedStyle(status).position === 'sticky';
      root.style.setProperty('--top-bar-h', `${top}px`);
      root.style.setProperty('--sticky-h', `${top + (stuck ? status.offsetHeight : 0)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    if (status) observer.observe(status);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--top-bar-h');
      root.style.removeProperty('--sticky-h');
    };
  }, []);
}
