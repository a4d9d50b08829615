import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import type { GameUpdate } from '@trepenta/protocol';
import type { GameViewPatch } from '@trepenta/rules';

/**
 * Socket.IO's packet encoder, made for this server's traffic. The output is byte for byte what the
 * stock encoder writes for text packets (type, namespace unless '/', ack id, JSON), which every
 * Socket.IO client reads; decoding is unchanged (what clients send is parsed, and refused when
 * malformed, by the stock decoder). Two things differ in how the text is made:
 * - no search for binary data: before every send the stock encoder walks the whole payload
 *   looking for Buffers, and this server never sends binary;
 * - game updates are serialised in parts, and the parts of a view that are shared, immutable
 *   objects (another seat's public seat, the discard pile, the settings, the fairness data, the
 *   scores; see viewsFor) are serialised once and remembered by identity, so the views of one
 *   action's seats and spectators do not each serialise them again.
 */
class GameEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    if (packet.type === PacketType.BINARY_EVENT || packet.type === PacketType.BINARY_ACK) {
      return super.encode(packet) as string[];
    }
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += packet.id;
    if (packet.data != null) text += encodeData(packet.data);
    return [text];
  }
}

function encodeData(data: unknown): string {
  if (
    Array.isArray(data) &&
    data.length === 2 &&
    data[0] === 'game:update' &&
    typeof data[1] === 'object' &&
    data[1] !== null &&
    !Array.isArray(data[1])
  ) {
    return `["game:update",${encodeGameUpdate(data[1] as GameUpdate)}]`;
  }
  return JSON.stringify(data);
}

// Recent shared parts and their JSON. The parts are needed only across one action's sends, so a
// small map, emptied when full, is enough; it holds the objects, so an identity is never reused.
const remembered = new Map<object, string>();
const REMEMBER_AT_MOST = 64;

/** JSON of an immutable object, made once per object while it is remembered. */
function once(value: object | null): string {
  if (value === null) return 'null';
  let json = remembered.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
    remembered.set(value, json);
  }
  return json;
}

/** The parts of a view that may be shared between views (and with the game state). */
const SHARED_PARTS = new Set<string>([
  'settings',
  'discardPile',
  'timer',
  'scores',
  'totals',
  'winners',
  'fairness',
]);

/** Exactly JSON.stringify(update), made faster by remembering the views' shared parts. */
export function encodeGameUpdate(update: GameUpdate): string {
  return encodeObject(update, (key, value) =>
    key === 'view' && isView(value) ? encodeView(value) : JSON.stringify(value),
  );
}

function encodeView(view: GameViewPatch): string {
  return encodeObject(view, (key, value) => {
    if (key === 'seats') return encodeSeats(view);
    if (SHARED_PARTS.has(key)) return once(value as object | null);
    return JSON.stringify(value);
  });
}

/** A plain object's JSON, as JSON.stringify writes it, each property's value from `part`. */
function encodeObject(object: object, part: (key: string, value: unknown) => string): string {
  let json = '{';
  for (const key in object) {
    const value = (object as Record<string, unknown>)[key];
    // JSON leaves out what it cannot write.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    json += `${json.length > 1 ? ',' : ''}${JSON.stringify(key)}:${part(key, value)}`;
  }
  return `${json}}`;
}

/** Other seats' public parts are shared between views; the viewer's own seat never is. */
function encodeSeats(view: GameViewPatch): string {
  let json = '[';
  view.seats.forEach((seat, index) => {
    if (index > 0) json += ',';
    json += index === view.viewer ? JSON.stringify(seat) : once(seat);
  });
  return `${json}]`;
}

function isView(value: unknown): value is GameViewPatch {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as GameViewPatch).seats)
  );
}

export const gameParser = { Encoder: GameEncoder, Decoder };
