/** Tressette's words at the table, in the log, the options and the rules. */
import type { Card, Declaration, Rank, Suit } from '@trepenta/tressette';
import { rankOf, suitOf } from '@trepenta/tressette';

const SUIT: Record<Suit, { name: string; italian: string }> = {
  coins: { name: 'Coins', italian: 'Denari' },
  cups: { name: 'Cups', italian: 'Coppe' },
  swords: { name: 'Swords', italian: 'Spade' },
  clubs: { name: 'Clubs', italian: 'Bastoni' },
};

const RANK: Record<Rank, { name: string; italian: string; label: string }> = {
  A: { name: 'Ace', italian: 'Asso', label: 'A' },
  '2': { name: '2', italian: 'Due', label: '2' },
  '3': { name: '3', italian: 'Tre', label: '3' },
  '4': { name: '4', italian: 'Quattro', label: '4' },
  '5': { name: '5', italian: 'Cinque', label: '5' },
  '6': { name: '6', italian: 'Sei', label: '6' },
  '7': { name: '7', italian: 'Sette', label: '7' },
  J: { name: 'Jack', italian: 'Fante', label: 'J' },
  Kn: { name: 'Knight', italian: 'Cavallo', label: 'Kn' },
  K: { name: 'King', italian: 'Re', label: 'K' },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const m = {
  suit: (suit: Suit) => SUIT[suit].name,
  suitItalian: (suit: Suit) => SUIT[suit].italian,
  rankLabel: (rank: Rank) => RANK[rank].label,
  /** "Knight of Swords (Cavallo di Spade)". */
  card(card: Card): string {
    const rank = RANK[rankOf(card)];
    const suit = SUIT[suitOf(card)];
    return `${rank.name} of ${suit.name} (${rank.italian} di ${suit.italian})`;
  },
  /** Short, for the log: "Knight of Swords". */
  cardShort: (card: Card) => `${RANK[rankOf(card)].name} of ${SUIT[suitOf(card)].name}`,
  declaration(d: Declaration): string {
    const points = `${d.points} points`;
    if (d.kind === 'napoletana') return `napoletana of ${SUIT[d.suit!].name} (${points})`;
    const rank = d.rank === 'A' ? 'Aces' : `${d.rank}s`;
    if (d.kind === 'four') return `four ${rank} (${points})`;
    return `three ${rank} without ${SUIT[d.suit!].name} (${points})`;
  },
  table: {
    felt: (hand: number) => `Tressette table, hand ${hand}`,
    hand: (hand: number) => `Hand ${hand}`,
    dealer: (name: string) => `Dealer: ${name}`,
    target: (target: number) => `Playing to ${target}`,
    yourTurn: 'Your turn: play a card',
    yourTurnLead: 'Your turn: lead any card',
    theirTurn: (name: string) => `${name} is playing`,
    timer: (text: string) => `${text} left`,
    direction: 'Play goes to the right (counter-clockwise)',
    yourHand: 'Your hand',
    cardsLeft: (n: number) => plural(n, 'card', 'cards'),
    known: 'Known cards',
    stock: (n: number) => `Stock: ${plural(n, 'card', 'cards')}`,
    trick: 'The trick',
    lastTrickWon: (name: string) => `${name} took the last trick`,
    showLastTrick: 'Look at the last trick',
    hideLastTrick: 'Back to the trick',
    lastTrick: 'Last trick',
    wins: 'takes it',
    partner: 'Partner',
    playingNow: 'playing now',
    you: 'You',
    dealerBadge: 'Dealer',
    ready: 'Ready',
    readyDone: 'Ready ✓',
    waitingFor: (names: string) => `Waiting for ${names}`,
    nextHandIn: (text: string) => `Next hand in ${text}`,
    spectating: 'You are watching this table.',
    mustFollow: (suit: string) => `You must follow ${suit}: you hold some.`,
    notYourTurn: (name: string) => `Not your turn: ${name} plays now.`,
    betweenHands: 'Between hands: you cannot play now.',
    declared: 'Declarations',
    party: (names: string) => names,
    parties: (a: string, b: string) => `${a} against ${b}`,
  },
  handEnd: {
    title: (hand: number) => `Hand ${hand} counted`,
    counting: 'Counting cards',
    cardThirds: 'Card thirds',
    lastTrick: 'Last trick',
    thirds: 'Thirds in all',
    points: 'Card points (thirds ÷ 3, fractions dropped)',
    declarations: 'Declarations',
    score: 'Hand score',
    total: 'Total',
    none: 'none',
    thirdsOf: (n: number) => `${n} (${Math.floor(n / 3)}${n % 3 ? ` ${n % 3}/3` : ''})`,
  },
  log: {
    dealt: (hand: number, name: string) => `Hand ${hand}: ${name} deals.`,
    played: (name: string, card: string, you: boolean) =>
      `${name} ${you ? 'play' : 'plays'} the ${card}.`,
    trick: (name: string, you: boolean) => `${name} ${you ? 'take' : 'takes'} the trick.`,
    drew: (name: string, card: string, you: boolean) =>
      `${name} ${you ? 'draw' : 'draws'} the ${card} from the stock.`,
    declared: (name: string, what: string, you: boolean) =>
      `${name} ${you ? 'declare' : 'declares'} ${what}.`,
    handEnd: (hand: number, scores: string) => `Hand ${hand} scored: ${scores}.`,
    ready: (name: string, you: boolean) => `${name} ${you ? 'are' : 'is'} ready.`,
    ended: (names: string) => `${names} win the game.`,
    abandoned: 'The game was stopped.',
    folded: (tricks: number) =>
      `${tricks} earlier ${tricks === 1 ? 'trick' : 'tricks'} of this hand: shown when the hand ends.`,
  },
  options: {
    target: 'Play to',
    targetHint: 'The first party to reach it after a hand wins.',
    points: (n: number) => `${n} points`,
    declarations: 'Declarations',
    declarationsHint:
      'Three or four Aces, 2s or 3s, and the Ace-2-3 of a suit (napoletana) in the hand as dealt score 3 or 4 points. Turning it on suggests playing to 31.',
    turnTimer: 'Turn timer',
    turnTimerOff: 'Off',
    seconds: (s: number) => `${s} seconds`,
    rules: 'Full rules',
  },
  rules: {
    title: 'Tressette',
    card: 'This room',
    seats: (n: number) =>
      n === 4
        ? 'Four players in two partnerships: seats 1 and 3 against seats 2 and 4.'
        : n === 2
          ? 'Two players, with a stock: after each trick the winner draws first, the other second; drawn cards are shown.'
          : 'Three players, each for themselves (the 4 of Clubs is out).',
    target: (t: number) => `Playing to ${t} points.`,
    declarationsOn: 'Declarations on.',
    timer: (s: number) => `${s} seconds a card.`,
    core: [
      'Forty Italian cards: Coins, Cups, Swords and Clubs, each 3 2 A K Kn J 7 6 5 4, strongest first. No trumps.',
      'Play goes counter-clockwise, to the right. The player on the dealer’s right leads; you must follow the suit led if you can, otherwise play any card. The strongest card of the suit led takes the trick, and its winner leads next.',
      'Counting, in thirds of a point: an Ace is worth 3 thirds (a point); a 3, 2, King, Knight or Jack 1 third; 7, 6, 5 and 4 nothing. The last trick is worth 3 thirds. A party scores its thirds divided by 3, fractions dropped: 11 points a hand between two parties.',
      'After each hand, the first party at the target wins; if several, the highest; if equal, the one that took the last trick.',
    ],
    declarationsTitle: 'Declarations',
    declarations: [
      'Three Aces, three 2s or three 3s in the hand as dealt: 3 points each; all four: 4 points. The Ace, 2 and 3 of one suit (napoletana): 3 points. A card may count in several.',
      'They are announced for everyone right after the first card of the hand; the cards they show are known to all until played.',
    ],
    keysTitle: 'Keys',
    keys: [
      'Tab moves between your cards; Enter or Space plays the focused card.',
      'A dimmed card cannot be played now: press it to hear why.',
    ],
  },
} as const;
