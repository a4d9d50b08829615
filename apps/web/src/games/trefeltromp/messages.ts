/** Trefeltromp's words, in one place so that translation can follow. */
import { faceOf, roman } from '@trepenta/trefeltromp';
import type { Card, Structure } from '@trepenta/trefeltromp';

export const TRUMP_NAMES = [
  '',
  'The Magician',
  'The Popess',
  'The Empress',
  'The Emperor',
  'The Pope',
  'The Lovers',
  'The Chariot',
  'Justice',
  'The Hermit',
  'The Wheel of Fortune',
  'Strength',
  'The Hanged Man',
  'Death',
  'Temperance',
  'The Devil',
  'The Tower',
  'The Star',
  'The Moon',
  'The Sun',
  'Judgement',
  'The World',
] as const;

const SUIT_NAMES = { wands: 'Wands', cups: 'Cups', swords: 'Swords', coins: 'Coins' } as const;
const RANK_NAMES: Record<string, string> = {
  A: 'Ace',
  P: 'Page',
  N: 'Knight',
  Q: 'Queen',
  K: 'King',
};

/** "Trump XV, The Devil", "the Fool", "Queen of Cups". */
export function cardName(card: Card): string {
  const face = faceOf(card);
  if (face.kind === 'fool') return 'the Fool';
  if (face.kind === 'trump') return `Trump ${roman(face.number)} (${TRUMP_NAMES[face.number]})`;
  return `${RANK_NAMES[face.rank] ?? face.rank} of ${SUIT_NAMES[face.suit]}`;
}

export const STREET_NAMES = [
  'First call (fyrsturkalla)',
  'Orb call (banenkalla)',
  'Sceptre call (detuilerkalla)',
  'Crown call (debekransekalla)',
] as const;
export const REVEAL_NAMES = [
  'Banen, the orb',
  'Detuiler, the sceptre',
  'Debekranse, the crown',
] as const;
export const REVEAL_SHARES = [
  'a third of each pot',
  'half of each pot',
  'all of each pot',
] as const;

export const STRUCTURE_NAMES: Record<Structure, string> = {
  'fixed-limit': 'Fixed-limit',
  'pot-limit': 'Pot-limit',
  'no-limit': 'No-limit',
};

export const chips = (n: number) => `${n.toLocaleString('en')} chip${n === 1 ? '' : 's'}`;

export const m = {
  title: 'Trefeltromp',
  hand: (n: number) => `Hand ${n}`,
  between: 'Between hands',
  over: 'The session is over: net chips per player below.',
  dealer: (name: string) => `Dealer: ${name}`,
  pot: (i: number) => (i === 0 ? 'Main pot' : `Side pot ${i}`),
  eligible: (names: string[]) => `for ${names.join(', ')}`,
  carry: (n: number) => `Carried over: ${chips(n)}`,
  stack: (n: number) => `Stack ${chips(n)}`,
  bet: (n: number) => `Bet ${chips(n)}`,
  folded: 'Folded',
  allIn: 'All-in',
  stayed: 'Stayed',
  privileged: 'Fool’s privilege',
  sittingOut: 'Sitting out',
  waiting: 'Joins next hand',
  locked: 'Locked (rapped twice)',
  chose: 'Chosen',
  exchanged: 'Exchanged a card',
  kept: 'Kept the hand',
  cards: (n: number) => `${n} card${n === 1 ? '' : 's'} face down`,
  yourTurn: 'Your turn to bet',
  turnOf: (name: string) => `${name} to act`,
  toCall: (n: number) => `${chips(n)} to call`,
  nothingToCall: 'Nothing to call: you may check',
  fold: 'Fold',
  check: 'Check',
  call: (n: number, allIn: boolean) => (allIn ? `Call all-in, ${chips(n)}` : `Call ${chips(n)}`),
  stay: 'Stay (Fool’s privilege)',
  betTo: (kind: 'bet' | 'raise', to: number) =>
    kind === 'bet' ? `Bet ${chips(to)}` : `Raise to ${chips(to)}`,
  amount: (kind: 'bet' | 'raise') => (kind === 'bet' ? 'Bet amount' : 'Raise to'),
  presets: { min: 'Minimum', half: 'Half pot', pot: 'Pot', allIn: 'All-in' },
  range: (min: number, max: number) =>
    min === max ? `exactly ${chips(min)}` : `${chips(min)} to ${chips(max)}`,
  drawTitle: 'The draw: exchange one card, or keep your hand',
  drawPick: 'Exchange this card',
  keep: 'Keep my hand',
  drawDone: 'Waiting for the others to choose',
  revealTitle: (k: number) => `${REVEAL_NAMES[k]}: place one card face down`,
  lockPick: 'Choose a card to place face down',
  lock: (card: string) => `Rap twice: lock ${card}`,
  lockDone: 'Locked. Waiting for the others.',
  yourCards: 'Your cards',
  ready: 'Ready for the next hand',
  readyDone: 'Ready',
  sitOut: 'Sit out',
  comeBack: 'Come back',
  rebuy: (n: number) => `Rebuy to ${chips(n)}`,
  show: 'Show my cards',
  shown: 'Shown',
  session: 'The session',
  sessionChart: 'Net chips by hand',
  result: (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('en')}`,
  leftTable: 'left',
  spectating: 'You are watching this table.',
  notDealt: 'You are not in this hand.',
  noWinner: 'no winner: the pot stays',
  waitingPlayers: 'Waiting for a second player with chips.',
  closed: 'The host has closed the table: this is the last hand.',
};
