import { cardValue } from '@trepenta/rules';
import type {
  Card,
  EventView,
  Face,
  GameView,
  MoveView,
  PlayerAction,
  Viewer,
} from '@trepenta/rules';
import { m } from './messages';

export function cardText(card: Face | null | undefined): string {
  return card ? m.cardName(card.rank, card.suit) : '?';
}

export type { Described } from '../types';
import type { Described } from '../types';

function moveTo(moves: readonly MoveView[], zone: string): MoveView | undefined {
  return moves.find((move) => move.to.zone === zone);
}

/** A game event in the words a player would use, for the log and the live region. */
export function describeEvent(
  event: EventView,
  viewer: Viewer,
  names: readonly string[],
): Described[] {
  const isMe = (seat: number) => seat === viewer;
  const who = (seat: number) => (isMe(seat) ? m.table.you : (names[seat] ?? m.lobby.seatN(seat)));
  const whose = (seat: number) => m.log.whose(who(seat), isMe(seat));
  const line = (text: string, seat: number | null = null, own = false): Described => ({
    text,
    own,
    news: seat === null || !isMe(seat),
  });
  switch (event.type) {
    case 'roundStarted':
      return [line(m.log.roundStarted(event.round, who(event.dealer), isMe(event.dealer)))];
    case 'fieldChosen':
      return [
        isMe(event.seat)
          ? line(m.log.youChose, event.seat)
          : line(m.log.fieldChosen(who(event.seat), event.timedOut), event.seat),
      ];
    case 'turnStarted':
      return [
        isMe(event.seat)
          ? line(m.log.yourTurn, event.seat)
          : line(m.log.turn(who(event.seat), event.final), event.seat),
      ];
    case 'drew': {
      const card = event.moves[0]?.card ?? null;
      if (event.from === 'discardPile')
        return [line(m.log.drewDiscard(who(event.seat), cardText(card)), event.seat)];
      const lines = [line(m.log.drewPile(who(event.seat)), event.seat)];
      if (isMe(event.seat) && card) lines.push(line(m.log.youDrewPile(cardText(card)), null, true));
      return isMe(event.seat) && card ? lines.slice(1) : lines;
    }
    case 'exchanged': {
      const placed = moveTo(event.moves, 'field')?.card ?? null;
      const taken = moveTo(event.moves, 'hand')?.card ?? null;
      // The position's value, which the table shows above it: the placed card's (R12 needs equal).
      const value = placed ? cardValue(placed) : 0;
      const lines = [
        line(m.log.exchanged(who(event.seat), cardText(placed), event.position, value), event.seat),
      ];
      if (isMe(event.seat) && taken)
        lines.push(line(m.log.youTook(cardText(taken), event.position, value), null, true));
      return lines;
    }
    case 'swapped': {
      const placed = moveTo(event.moves, 'field')?.card ?? null;
      const took = moveTo(event.moves, 'hand')?.card ?? null;
      return [
        line(
          m.log.swapped(
            who(event.seat),
            cardText(placed),
            cardText(took),
            whose(event.target.seat),
            event.target.position,
            placed ? cardValue(placed) : 0,
          ),
          event.seat,
        ),
      ];
    }
    case 'discarded':
      return [line(m.log.discarded(who(event.seat), cardText(event.moves[0]?.card)), event.seat)];
    case 'fieldCompleted':
      return [line(m.log.fieldCompleted(who(event.seat), event.finalTurns))];
    case 'reshuffled':
      return [line(m.log.reshuffled(event.count, event.reshuffles))];
    case 'timedOut':
      return [
        line(
          event.seat === null ? tableTimerEnded(event.key) : m.log.timedOut(who(event.seat)),
          null,
        ),
      ];
    case 'roundEnded':
      return [line(m.log.roundEnded(m.endReason(event.reason)))];
    case 'arrangementsShown':
      return [line(m.log.arrangementsShown)];
    case 'arrangementChosen':
      return [line(m.log.arrangementChosen(who(event.seat)), event.seat)];
    case 'laidOff':
      return [
        line(
          m.log.laidOff(who(event.seat), cardText(event.moves[0]?.card), whose(event.target.seat)),
          event.seat,
        ),
      ];
    case 'passed':
      return [line(m.log.passed(who(event.seat), event.auto), event.seat)];
    case 'roundScored':
      return [line(m.log.roundScored(event.round))];
    case 'ready':
      return [line(m.log.ready(who(event.seat)), event.seat)];
    case 'gameEnded':
      return [
        line(
          event.abandoned
            ? m.log.abandoned
            : m.log.gameEnded(m.score.winner(event.winners.map((s) => who(s)))),
        ),
      ];
  }
}

/** What the end of a timer of the whole table means, by its key's kind (setup/…, arrange/…, next/…). */
function tableTimerEnded(key: string): string {
  if (key.startsWith('setup/')) return m.log.timedOutSetup;
  if (key.startsWith('arrange/')) return m.log.timedOutArrange;
  return m.log.timedOutNext;
}

/** One of the viewer's own moves in a few words, for a move waiting for the connection. */
export function describeAction(action: PlayerAction, game: GameView): string {
  const me = typeof game.viewer === 'number' ? game.viewer : null;
  const own = me === null ? [] : [...(game.seats[me]?.hand ?? []), ...ownDeadwood(game, me)];
  const card = (id: string) => cardText(own.find((c) => c.id === id));
  switch (action.type) {
    case 'draw':
      return action.from === 'drawPile'
        ? m.moves.drawPile
        : m.moves.takeDiscard(cardText(game.discardPile.at(-1)));
    case 'exchange':
      return m.moves.exchange(card(action.cardId), action.position);
    case 'openFieldSwap':
      return m.moves.swap(card(action.cardId), action.target.position);
    case 'discard':
      return m.moves.discard(card(action.cardId));
    case 'choosePile':
      return m.moves.choosePile(action.pile);
    case 'choosePeek':
    case 'chooseSort':
      return m.moves.layField;
    case 'arrange':
      return m.moves.arrange;
    case 'layOff':
      return m.moves.layOff(card(action.cardId));
    case 'pass':
      return m.moves.pass;
    case 'ready':
      return m.moves.ready;
    default:
      return exhaustive(action);
  }
}

/** The viewer's unmelded cards at a round end (with ids: their own). */
function ownDeadwood(game: GameView, me: number): Card[] {
  const deadwood = game.reveal?.seats[me]?.deadwood ?? [];
  return deadwood.filter((c): c is Card => 'id' in c);
}

function exhaustive(value: never): never {
  throw new Error(`Unknown move: ${JSON.stringify(value)}`);
}
