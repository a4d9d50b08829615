// The Node options the game server runs with: `npm start` (scripts/serve.mjs), the Docker image
// (its ENV NODE_OPTIONS says the same; a test keeps the two alike) and both servers of
// `pnpm bench:server`.
//
// A young generation of up to 64 MB per semi-space (V8's default on 64-bit is 16 MB). Every move
// allocates tens of kilobytes that die young (views, events, messages); with the default, a busy
// server collects the young generation several times a second, for a few milliseconds each, and
// the actions that arrive meanwhile wait. docs/operations.md ("Latency under heavy load") has the
// measured difference and the memory it costs.
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=64'];

/**
 * NODE_OPTIONS for the server's process: the operator's own, followed by each of ours whose
 * setting they do not already choose (so `NODE_OPTIONS=--max-semi-space-size=16 npm start` runs
 * with 16).
 */
export function serverNodeOptions(existing = '') {
  const own = existing.trim();
  // V8 reads --max_semi_space_size and --max-semi-space-size alike.
  const chosen = own.replaceAll('_', '-');
  const added = SERVER_NODE_OPTIONS.filter((option) => !chosen.includes(option.split('=')[0]));
  return [own, ...added].filter(Boolean).join(' ');
}
