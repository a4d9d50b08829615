/**
 * Engine.IO's heartbeat on every connection: the server pings every 10 s and closes a connection
 * whose answer has not come 8 s later, so a player whose network went quiet without closing it is
 * shown away within 18 s (Socket.IO's defaults, 25 s and 20 s, would take 45 s). docs/protocol.md
 * gives the same figures. The benchmark's bare Socket.IO server (bench/src/bare.ts) keeps its
 * connections alive with the same, so that the comparison leaves out what keeping 4,000 sockets
 * alive costs both.
 */
export const HEARTBEAT = { pingInterval: 10_000, pingTimeout: 8_000 } as const;
