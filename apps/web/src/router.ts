import { create } from 'zustand';
import { parseRoomCode } from '@trepenta/protocol/client';

/**
 * The smallest router that does the job, with the History API: "/", "/new/GAME" (a room's
 * options), "/rules" and "/rules/GAME", and "/r/CODE".
 */
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
  | { name: 'new'; game: string }
  | { name: 'rules'; game: string | null; anchor: string | null }
  | { name: 'room'; code: string; token: string | null };

export function parseRoute(path: string, hash: string): Route {
  const room = /^\/r\/([A-Za-z0-9-]{4,12})\/?$/.exec(path);
  if (room) {
    const token = /(?:^#|&)t=([A-Za-z0-9_-]{43})/.exec(hash)?.[1] ?? null;
    return { name: 'room', code: room[1]!.toUpperCase().replace(/-/g, ''), token };
  }
  const rules = /^\/rules(?:\/([a-z0-9-]{1,32}))?\/?$/.exec(path);
  if (rules) return { name: 'rules', game: rules[1] ?? null, anchor: hash.slice(1) || null };
  const created = /^\/new\/([a-z0-9-]{1,32})\/?$/.exec(path);
  if (created) return { name: 'new', game: created[1]! };
  return { name: 'home' };
}

export const links = {
  invite: (code: string) => `${location.origin}/r/${code}`,
  seat: (code: string, token: string) => `${location.origin}/r/${code}#t=${token}`,
  rules: (game: string) => `/rules/${game}`,
  rule: (game: string, anchor: string) => `/rules/${game}#${anchor}`,
  create: (game: string) => `/new/${game}`,
};

/**
 * The room typed or pasted: a code (any case, spaces and dashes) or a room link, whose seat token
 * (a seat link's `#t=…`) comes along, so that a pasted seat link takes its seat as opening it would.
 */
export function roomCodeIn(text: string): { code: string; token: string | null } | null {
  const link = /\/r\/([^/?#\s]+)(#\S*)?/.exec(text);
  const code = parseRoomCode(link?.[1] ?? text);
  if (code === null) return null;
  const token = link?.[2] ? parseRoute(`/r/${code}`, link[2]) : null;
  return { code, token: token?.name === 'room' ? token.token : null };
}
