import { useEffect } from 'react';

/** Whether the player moves around with the keyboard (last input a key, not a pointer). */
let keyboardUser = false;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'keydown',
    (event) => {
      if (!event.ctrlKey && !event.metaKey && !event.altKey) keyboardUser = true;
    },
    true,
  );
  document.addEventListener('pointerdown', () => (keyboardUser = false), true);
}

export function isKeyboardUser(): boolean {
  return keyboardUser;
}

export function visible(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

const usable = (el: HTMLElement) => !(el as HTMLButtonElement).disabled && visible(el);

/** The usable buttons of a container, in document order. */
export function buttonsIn(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('button')).filter(usable);
}

/** The first usable control matching `selector` (and `which`), if any. */
export function enabled(
  selector: string,
  which?: (el: HTMLElement) => boolean,
): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    if (usable(el) && (!which || which(el))) return el;
  }
  return null;
}

/** Whether the focus is nowhere: on the page itself, or on a control just disabled. */
export function focusLost(): boolean {
  const active = document.activeElement as HTMLButtonElement | null;
  return !active || active === document.body || active.disabled === true;
}

/** The group a control belongs to, for finding its neighbour when it goes away. */
const ROW = '[data-nav-row], [role="group"], ol, [role="status"]';

/**
 * Focus never falls back to the top of the page (focus is always visible): when a keyboard
 * player's focused control inside `rootSelector` goes away or is disabled (a card moved to the
 * other row, a lay-off made, the turn passed on), focus moves to its neighbour in the same row, else
 * to its section's main button, else to the section's first usable button; if the section itself
 * went away, it leaves the focus to the screen. It waits a moment, so
 * that a screen's own choice (the table's: the card just drawn) comes first.
 */
export function useFocusRescue(rootSelector: string): void {
  useEffect(() => {
    let last: { row: Element | null; section: Element | null; index: number } | null = null;
    let timer: number | undefined;
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target as HTMLElement;
      if (!el.closest(rootSelector)) {
        last = null;
        return;
      }
      const row = el.closest(ROW);
      last = {
        row,
        section: el.closest('section, [role="dialog"], main'),
        index: row ? buttonsIn(row).indexOf(el) : -1,
      };
    };
    const rescue = () => {
      timer = undefined;
      if (!last || !keyboardUser || !focusLost() || document.querySelector('dialog[open]')) return;
      const row = last.row?.isConnected ? buttonsIn(last.row) : [];
      // A section that went away takes the rescue with it: the screen decides (the table puts
      // the focus on the draw pile when the turn comes round).
      const section = last.section?.isConnected === true ? last.section : null;
      const target =
        row[Math.min(Math.max(last.index, 0), row.length - 1)] ??
        (section &&
          (buttonsIn(section).find((el) => el.classList.contains('primary')) ??
            buttonsIn(section)[0]));
      target?.focus();
    };
    const observer = new MutationObserver(() => {
      if (!last || !keyboardUser || timer !== undefined) return;
      timer = window.setTimeout(rescue, 60);
    });
    document.addEventListener('focusin', onFocusIn);
    const root = document.querySelector(rootSelector);
    if (root)
      observer.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['disabled'],
      });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [rootSelector]);
}
