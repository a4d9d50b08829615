import { Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import {
  createGame,
  eventFor,
  selfPlay,
  settingsWith,
  viewPatchesFor,
  viewsFor,
} from '@trepenta/rules';
import type { GameSettings, Viewer } from '@trepenta/rules';
import type { GameUpdate } from './trepenta';
import { gameParser } from '../src/gameParser';

const stock = new Encoder();
const ours = new gameParser.Encoder();
const hex = (d: string) => d.repeat(64);

/** Every update a room of `seats` seats and spectators would be sent in one bot game. */
function updatesOfGame(settings: GameSettings, seats: number, seed: number): GameUpdate[] {
  const created = createGame(settings, seats, {
    gameId: `g${seed}`,
    secrets: ['1', '2', '3', '4', '5'].map(hex),
    nonces: Array.from({ length: seats }, (_, s) => hex(String(s))),
  });
  if (!created.ok) throw new Error(created.error.message);
  const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s), 'spectator'];
  const updates: GameUpdate[] = [];
  selfPlay(created.value, ['random', 'greedy'], seed, (step) => {
    // Whole views and patches, as the server sends them.
    const whole = step.after.version % 5 === 0;
    const views = whole
      ? viewsFor(step.after, viewers)
      : viewPatchesFor(step.before, step.after, viewers);
    viewers.forEach((viewer, i) =>
      updates.push({
        code: 'BCDFGH',
        base: whole ? null : { gameId: `g${seed}`, version: step.before.version },
        view: views[i]!,
        events: step.events.map((event) => eventFor(event, viewer)),
        deadline: step.after.version % 3 ? null : { key: 'turn/1/2', at: 1_700_000_000_000 },
      }),
    );
  });
  return updates;
}

describe('the game encoder', () => {
  it('writes every packet exactly as the stock encoder does', () => {
    const views = updatesOfGame(settingsWith(['openField']), 3, 7).slice(0, 300);
    const packets: Packet[] = [
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
      { type: PacketType.DISCONNECT, nsp: '/' },
      { type: PacketType.CONNECT_ERROR, nsp: '/', data: { message: 'no', data: { code: 'X' } } },
      { type: PacketType.EVENT, nsp: '/', data: ['room:state', { a: [1, 'two', null, true] }] },
      { type: PacketType.EVENT, nsp: '/admin', data: ['x', 'quote " and \\ and \u2028'] },
      { type: PacketType.EVENT, nsp: '/', data: ['game:update', { odd: 'shape', view: null }] },
      { type: PacketType.EVENT, nsp: '/', data: ['game:update', 'text'] },
      { type: PacketType.EVENT, nsp: '/', data: ['game:update', [1, 2]] },
      { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: false, code: 'BAD_INPUT' }] },
      { type: PacketType.ACK, nsp: '/admin', id: 0, data: [] },
      ...views.map((update, i) => ({
        type: PacketType.EVENT,
        nsp: '/',
        data: ['game:update', update],
        ...(i % 2 ? { id: i } : {}),
      })),
    ];
    for (const packet of packets) expect(ours.encode(packet)).toEqual(stock.encode(packet));
  });

  it('leaves binary packets to the stock encoder', () => {
    const packet: Packet = {
      type: PacketType.BINARY_EVENT,
      nsp: '/',
      data: ['blob', Buffer.from([1, 2, 3])],
    };
    expect(ours.encode(packet)).toEqual(stock.encode(packet));
  });
});
