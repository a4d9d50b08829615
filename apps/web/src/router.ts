import { create } from 'zustand';
import { roomCodeSchema } from '@trepenta/protocol';

/** The smallest router that does the job: "/", "/rules" and "/r/CODE" with the History API. */
export const useRoute = create<{ path: string; hash: string }>(() => ({
  path: location.pathname,
  hash: location.hash,
}));

export function navigate(path: string, replace = false): void {
  if (path === location.pathname + location.hash) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  useRoute.setState({ path: location.pathname, hash: location.hash });
  window.scrollTo(0, 0);
}

window.addEventListener('popstate', () =>
  useRoute.setState({ path: location.pathname, hash: location.hash }),
);

export type Route =
  | { name: 'home' }
  | { name: 'rules'; anchor: string | null }
  | { name: 'room'; code: string; token: string | null };

export function parseRoute(path: string, hash: string): Route {
  const room = /^\/r\/([A-Za-z0-9-]{4,12})\/?$/.exec(path);
  if (room) {
    const token = /(?:^#|&)t=([A-Za-z0-9_-]{43})/.exec(hash)?.[1] ?? null;
    return { name: 'room', code: room[1]!.toUpperCase().replace(/-/g, ''), token };
  }
  if (path === '/rules') return { name: 'rules', anchor: hash.slice(1) || null };
  return { name: 'home' };
}

export const links = {
  invite: (code: string) => `${location.origin}/r/${code}`,
  seat: (code: string, token: string) => `${location.origin}/r/${code}#t=${token}`,
  rule: (anchor: string) => `/rules#${anchor}`,
};

/** The room code typed or pasted: the code itself (any case, spaces and dashes), or a room link. */
export function roomCodeIn(text: string): string | null {
  const fromLink = /\/r\/([^/?#\s]+)/.exec(text)?.[1];
  const parsed = roomCodeSchema.safeParse(fromLink ?? text);
  return parsed.success ? parsed.data : null;
}
