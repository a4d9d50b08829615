import { useEffect } from 'react';
import { serverNow } from '../clock';
import { m } from '../messages';
import { playHurrySound } from '../sound';
import { announce, store } from '../store';

/** How long before the player's own deadline they are warned. */
export const HURRY_MS = 10_000;

/**
 * Ten seconds before the player's own timer runs out (and the stand-in moves for them, R24): said
 * to a screen reader and, with sound on, two low notes. Once per deadline; none when less than
 * that is left already (a reload late in the turn).
 */
export function useHurryWarning(at: number | null, mine: boolean): void {
  useEffect(() => {
    if (!mine || at === null) return;
    const wait = at - HURRY_MS - serverNow();
    if (wait < 0) return;
    const timer = setTimeout(() => {
      announce(m.table.hurry);
      if (store.get().prefs.sound) playHurrySound();
    }, wait);
    return () => clearTimeout(timer);
  }, [at, mine]);
}
