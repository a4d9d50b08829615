/**
 * Trepenta's words: suits and ranks, house rules and decks, the table, setup, round end, the log
 * and the rules. `m` is the shell's messages with these added, so the table reads one object.
 */
import type { DeckSetting, HouseRule, Rank, RoundEndReason, Suit } from '@trepenta/rules';
import { YOU, and, m as shell } from '../../messages';

const SUIT_NAMES: Record<Suit, string> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  stars: 'stars',
  moons: 'moons',
  suns: 'suns',
  leaves: 'leaves',
};

const RANK_NAMES: Record<Rank, string> = {
  A: 'ace',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  '10': '10',
  J: 'jack',
  Q: 'queen',
  K: 'king',
};

const HOUSE_RULE_TITLES: Record<HouseRule, string> = {
  peek: 'Player’s Choice (peek)',
  sort: 'Player’s Choice (sort)',
  fieldUnlimited: 'Field Unlimited',
  openField: 'Open Field',
  longPlay: 'Long Play',
  finishLine: 'Finish Line',
  rivalSets: 'Rival Sets',
};

const HOUSE_RULE_SHORT: Record<HouseRule, string> = {
  peek: 'See both dealt piles before choosing which one becomes your field.',
  sort: 'Split all ten dealt cards freely into a field of five and a hand of five.',
  fieldUnlimited: 'Make as many exchanges as you can in one turn, not just one.',
  openField: 'Swap a hand card with an equal-value face-up card on any field.',
  longPlay: 'An empty draw pile is reshuffled from the discards instead of ending the round.',
  finishLine: 'Whoever completes their field first scores 0 for the round.',
  rivalSets: 'At round end, lay your unmelded cards off onto other players’ melds.',
};

const HOUSE_RULE_FULL: Record<HouseRule, string[]> = {
  peek: [
    'Every player sees both of their dealt piles of five, then picks one as their field; the other becomes their hand.',
    'You also choose the left-to-right order of your field cards, and from then on you can see your own face-down field cards. Nobody else ever sees them.',
  ],
  sort: [
    'Every player sees all ten dealt cards and splits them freely: five become the field (in the order you choose), five become the hand.',
    'Sort includes peek: if both are on, sort applies.',
  ],
  fieldUnlimited: [
    'Any number of exchanges in one turn, still only onto face-down positions whose value matches the card. A card taken from the field may itself be exchanged again.',
  ],
  openField: [
    'An exchange may instead swap a hand card with a face-up field card of equal value in any player’s field, your own included. The face-up card goes to your hand and your card takes its place face up.',
    'It counts as your exchange for the turn (unlimited with Field Unlimited), and each position can be swapped at most once per turn.',
  ],
  longPlay: [
    'When the draw pile runs out, at the end of that turn every discard except the top one is shuffled into a new draw pile, so the round goes on.',
    'The room’s reshuffle limit stops endless rounds: when the pile runs out once more after the last allowed reshuffle, the round ends.',
  ],
  finishLine: [
    'The first player to turn their whole field face up scores 0 for the round, whatever their hand holds.',
  ],
  rivalSets: [
    'After every hand is revealed, players take turns laying off one unmelded card at a time onto another player’s meld: a card of the set’s rank onto a set, or the next card of a run’s suit at either end. A laid-off card scores 0.',
    'If your hand can be melded more than one way, you first pick which melds to show. On your lay-off turn you lay off one card or pass; the phase ends when everyone has passed in a row.',
  ],
};

const DECK_TITLES: Record<DeckSetting, string> = {
  challenging: 'Standard, challenging',
  casual: 'Standard, casual',
  trepenta: 'Trepenta deck',
};

const DECK_SHORT: Record<DeckSetting, string> = {
  challenging: 'Fewer copies of the 52-card deck: one deck per two players.',
  casual: 'More copies of the deck: duplicates make sets easier.',
  trepenta: 'One deck with extra suits: ★ stars, ☾ moons, ☀ suns, ❦ leaves.',
};

const END_REASONS: Record<RoundEndReason, string> = {
  fieldComplete: 'A field was completed.',
  drawPile: 'The draw pile ran out.',
  reshuffleLimit: 'The draw pile ran out after the last reshuffle.',
  // R17b: 3 × seats turns in a row.
  stall:
    'Three laps of turns in a row passed with no draw from the draw pile and no face-down exchange.',
};

const MELD_KINDS: Record<'set' | 'run', string> = {
  set: 'set',
  run: 'run',
};

/** "jack of spades" → "Jack of spades", for a sentence that starts with a card's name. */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const own = {
  suitName: (suit: Suit) => SUIT_NAMES[suit],
  rankName: (rank: Rank) => RANK_NAMES[rank],
  cardName: (rank: Rank, suit: Suit) => `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`,
  houseRuleTitle: (rule: HouseRule) => HOUSE_RULE_TITLES[rule],
  houseRuleShort: (rule: HouseRule) => HOUSE_RULE_SHORT[rule],
  houseRuleFull: (rule: HouseRule) => HOUSE_RULE_FULL[rule],
  deckTitle: (deck: DeckSetting) => DECK_TITLES[deck],
  deckShort: (deck: DeckSetting) => DECK_SHORT[deck],
  endReason: (reason: RoundEndReason) => END_REASONS[reason],
  home: {
    deck: 'Deck',
    houseRules: 'House rules',
    houseRulesHint: 'Any combination works. The core game has none.',
    fullText: 'full text',
    moreSettings: 'Timers and limits',
    turnTimer: 'Turn timer',
    turnTimerOff: 'Off',
    setupTimer: 'Field choice timer',
    layOffTimer: 'Lay-off timer',
    betweenRounds: 'Break between rounds',
    reshuffleLimit: 'Long Play reshuffles per round',
    seconds: (n: number) => `${n} s`,
  },
  lobby: {
    coreGame: 'The core game, no house rules.',
    deckLine: (deck: string) => `Deck: ${deck}`,
    turnTimerLine: (s: number | null) => (s === null ? 'No turn timer' : `Turn timer: ${s}\u00a0s`),
    timersLine: (setup: number, layOff: number) =>
      `Field choice: ${setup}\u00a0s · Lay-off turns: ${layOff}\u00a0s`,
    reshuffleLine: (n: number) => `Long Play reshuffles per round: ${n}`,
  },
  table: {
    round: (r: number, of: number) => `Round ${r} of ${of}`,
    dealer: (name: string) => `Dealer: ${name}`,
    drawPile: 'Draw pile',
    drawPileCount: (n: number) => `Draw pile, ${n} ${n === 1 ? 'card' : 'cards'}`,
    drawPileAction: (n: number) => `Draw from the draw pile (${n} left)`,
    discardPile: 'Discard pile',
    discardEmpty: 'Discard pile, empty',
    discardTop: (card: string, n: number) => `Discard pile: ${card} on top, ${n} in the pile`,
    discardTake: (card: string) => `Take the ${card} from the discard pile`,
    // The top card, which the pile shows, is named too: what a voice user sees is what they say.
    discardHere: (card: string, top: string | null) =>
      top ? `Discard your ${card} onto the ${top}` : `Discard your ${card}`,
    discardHistory: 'Discard history',
    /** X pressed when no card can be discarded: what to do instead. */
    xNotYourTurn: 'It is not your turn: X discards a card of yours on your turn.',
    xDrawFirst: 'Draw first (D: draw pile, U: the discard), then X discards a card.',
    xPickCard: 'Move to a card of your hand (arrow keys), then press X to discard it.',
    xTakenCard: (card: string) =>
      `You can’t discard the ${card}: you took it from the discard pile this turn. Pick another card.`,
    /** Its button's name holds the count it shows (WCAG 2.5.3, label in name). */
    discardHistoryCount: (n: number) => `Discard history: ${n} ${n === 1 ? 'card' : 'cards'}`,
    discardHistoryTitle: 'Discard pile, bottom to top',
    yourHand: 'Your hand',
    yourField: 'Your field',
    handOf: (name: string) => `${name}’s hand`,
    fieldOf: (name: string) => `${name}’s field`,
    sortBy: 'Sort',
    sortSuit: 'suit',
    sortRank: 'rank',
    sortNone: 'as dealt',
    handCount: (n: number) => (n === 1 ? '1 card' : `${n} cards`),
    known: 'known:',
    knownLabel: (cards: string) => `known cards in hand: ${cards}`,
    die: (n: number) => `Die: ${n}`,
    slotFaceDown: (pos: number, value: number) => `Position ${pos + 1}, value ${value}, face down`,
    slotFaceDownSeen: (pos: number, value: number, card: string) =>
      `Position ${pos + 1}, value ${value}, face down, you saw ${card}`,
    slotFaceUp: (pos: number, value: number, card: string) =>
      `Position ${pos + 1}, value ${value}, ${card} face up`,
    exchangeHere: (card: string, pos: number) => `Exchange your ${card} onto position ${pos + 1}`,
    swapHere: (card: string, target: string, who: string) =>
      `Swap your ${card} for the ${target} on ${who} field`,
    steps: {
      draw: 'Draw',
      exchange: 'Exchange',
      optional: 'optional',
      discard: 'Discard',
    },
    stepKeys: {
      draw: 'D: draw pile · U: take discard',
      exchange: 'Enter on a card, then on a lit position',
      discard: 'X: discard the selected or focused card',
    },
    stepKeysShort: {
      draw: 'D · U',
      exchange: 'Enter',
      discard: 'X',
    },
    hintDraw: 'Draw a card: take the draw pile’s or the discard pile’s top card.',
    hintAct: (canExchange: boolean) =>
      canExchange
        ? 'Pick a hand card: lit positions take it in exchange. Or discard it to end your turn.'
        : 'Pick a hand card and discard it to end your turn.',
    hintSelected: (card: string, canDiscard: boolean) =>
      canDiscard
        ? `${capitalise(card)} selected: choose a lit position or discard it.`
        : `${capitalise(card)} selected: choose a lit position (you took it from the discard pile, so it can’t go back there this turn).`,
    hintSelectedNoFit: (card: string, value: number, canExchange: boolean) =>
      canExchange
        ? `${capitalise(card)} selected: no position takes a ${value} now. Discard it, or pick another card.`
        : `${capitalise(card)} selected: discard it to end your turn.`,
    hintSlotSelected: 'Position selected: choose a lit hand card to put there.',
    discardSelected: (card: string) => `Discard ${card}`,
    cancel: 'Cancel',
    exchangesLeft: (n: number | null) =>
      n === null ? 'Exchanges: unlimited' : n > 0 ? 'Exchange available' : 'Exchange used',
    takenNote: 'You can’t discard the card you took from the discard pile this turn.',
    finalTurns: (name: string, left: number) =>
      `${name} completed the field — last turn for everyone else: ${left} to go`,
    finalTurnsYou: (left: number) =>
      `You completed your field — everyone else gets one last turn: ${left} to go`,
    lowDrawPile: (n: number) =>
      n === 0 ? 'The draw pile is empty' : `Only ${n} ${n === 1 ? 'card' : 'cards'} left to draw`,
    lowDrawPileReshuffle: (n: number) =>
      n === 0
        ? 'The draw pile is empty: the discards are shuffled into a new one after this turn'
        : `${n} ${n === 1 ? 'card' : 'cards'} left to draw, then the discards are shuffled into a new draw pile`,
    reshuffles: (n: number, limit: number) => `Reshuffles ${n} of ${limit}`,
    choosing: 'choosing field…',
    chosen: 'field chosen',
    ready: 'ready',
    dealerBadge: 'dealer',
    /** Your own dealer badge, as a screen reader says it. */
    dealerYou: 'You are the dealer',
    turnBadge: 'to play',
  },

  setup: {
    title: 'Choose your field',
    /** What a spectator reads meanwhile: the players are choosing, nobody asks them to. */
    watchingTitle: 'The players are choosing their fields',
    blindHint:
      'Pick one of your two face-down piles as your field; the other becomes your hand. You can’t look first.',
    makeField: 'Make this my field',
    pileA: 'Pile A',
    pileB: 'Pile B',
    positionsWorth: (die: number) =>
      `Your die shows ${die}: your five positions are worth ${die} to ${die + 4}.`,
    peekHint: 'Both piles are face up. Pick the one to lay as your field, then order it.',
    sortHint:
      'Tap cards to move them between field and hand (five each), then order your field. Each field position’s value comes from your die.',
    fieldRow: 'Field (left to right)',
    handRow: 'Hand',
    moveLeft: 'Move left',
    moveRight: 'Move right',
    toField: 'to field',
    /** A card laid in the field being ordered, by its position and the position's value. */
    orderCard: (pos: number, value: number, card: string, toHand: boolean) =>
      `Position ${pos + 1}, value ${value}: ${card}${toHand ? ', to hand' : ''}`,
    confirm: 'Lay this field',
    needFive: (n: number) => `Field needs 5 cards (now ${n})`,
    waiting: 'Field chosen. Waiting for the others…',
    others: (names: string[]) =>
      names.length === 0 ? 'Everyone has chosen.' : `Still choosing: ${names.join(', ')}`,
    you: 'you',
    pickPile: (p: string) => `Use ${p}`,
    positionValue: (v: number) => `value ${v}`,
    matches: 'matches',
    timerNote: 'When time runs out, pile A becomes your field as dealt.',
    // Under sort the ten cards are shown as one row, pile A first: "pile A" names nothing seen.
    timerNoteSort:
      'When time runs out, the first five of your ten cards as dealt become your field, in that order.',
  },

  roundEnd: {
    title: (r: number) => `Round ${r} is over`,
    hand: 'Hand',
    field: 'Field',
    melds: 'Melds',
    deadwood: 'Unmelded',
    points: (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`,
    finishLine: 'Finish Line: scores 0',
    completed: 'completed the field',
    arrangeTitle: 'Choose which melds to show',
    arrangeHint:
      'Your hand can be melded more than one way, at the same score. What you show decides what others can lay off on.',
    arrangeOption: (n: number) => `Arrangement ${n}`,
    arrangeConfirm: 'Show these melds',
    arranging: 'choosing melds…',
    arranged: 'melds chosen',
    layOffTitle: 'Lay-off turns',
    layOffYour:
      'Your lay-off turn: pick an unmelded card, then a lit meld (or drag it there). Or pass.',
    layOffWaiting: (name: string) => `${name} is laying off…`,
    pass: 'Pass',
    layOffAt: (end: 'set' | 'low' | 'high') =>
      end === 'set' ? 'Add to set' : end === 'low' ? '◀ Low end' : 'High end ▶',
    // Not "face down": that is how a hidden card is named, and this one is revealed now.
    fieldCard: (card: string, faceUp: boolean) =>
      faceUp ? card : `${card} (turned over at the round’s end)`,
    wasDown: 'Still face down when the round ended',
    meldLabel: (kind: 'set' | 'run', cards: string) => `${MELD_KINDS[kind]} ${cards}`,
    noMelds: 'no melds',
    roundPoints: 'This round',
    total: 'Total',
    earlierRounds: 'Earlier rounds',
    nextIn: (s: string) => `Next round in ${s}`,
    layOffIn: (s: string) => `Lay-off turn ends in ${s}`,
    readyButton: 'Ready',
    readyWaiting: 'Waiting for the others…',
    readyCount: (n: number, of: number) => `${n} of ${of} ready`,
    notReady: (who: readonly string[]) => `waiting for ${and(who)}`,
    notReadyYou: 'you',
    scoresTitle: (r: number) => `Score sheet after round ${r}`,
    /** A laid-off card on the meld it joined: "A♣ from Hana". */
    fromGiver: (card: string, giver: string) => `${card} from ${giver}`,
    fromShort: (giver: string) => `from ${giver}`,
    laidOffCount: (n: number) => `laid off ${n} ${n === 1 ? 'card' : 'cards'}`,
    layOffBanner: 'Your lay-off turn: lay off a card onto someone’s meld, or pass.',
    layOffBannerOther: (name: string) => `${name} is laying off.`,
    layOffTabTitle: 'Your lay-off turn',
    pastTitle: 'Finished rounds',
    pastRound: (r: number) => `Round ${r}`,
    pastNone: 'Finished rounds will appear here.',
    pastDealer: (name: string) => `${name} dealt`,
    pastHand: 'Hand as revealed',
  },

  rulesHelp: {
    title: 'How to play Trepenta',
    core: [
      'Each round every player gets two piles of five cards and rolls a die. One pile becomes your field, face down in a row; the other is your hand.',
      'With die value d, your field positions are worth d, d+1, d+2, d+3, d+4 (a 6 gives 6 to 10). Ace = 1, J Q K = 10.',
      'On your turn: draw the top card of the draw pile or the discard pile; then you may exchange once: put a hand card face up on one of your face-down positions of the same value and take that face-down card into your hand; then discard one card. You can’t discard a card you just took from the discard pile.',
      'When someone turns their whole field face up, everyone else gets exactly one more turn. The round also ends when the draw pile runs out.',
      'Then hands are revealed. Sets (3+ of a rank) and runs (3+ in a row of one suit; ace low or high, never wrapping) score 0; every other hand card scores its value. After five rounds the lowest total wins.',
    ],
    houseTitle: 'House rules',
    keysTitle: 'Keyboard',
    keys: [
      'Tab / arrows: move between cards and piles',
      'Home / End: the first / last card of your hand',
      'Enter or Space: select a card, act on a lit target',
      'D: draw from the draw pile · U: take the top discard',
      'X: discard the selected card · Escape: cancel the selection',
    ],
  },
  /** The viewer's own moves in a few words (a move waiting for the connection). */
  moves: {
    drawPile: 'draw from the draw pile',
    takeDiscard: (card: string) => `take the ${card} from the discard pile`,
    exchange: (card: string, position: number) => `put the ${card} on position ${position + 1}`,
    swap: (card: string, position: number) =>
      `swap the ${card} for the card on position ${position + 1}`,
    discard: (card: string) => `discard the ${card}`,
    choosePile: (pile: 'A' | 'B') => `make pile ${pile} your field`,
    layField: 'lay your field',
    arrange: 'show your melds',
    layOff: (card: string) => `lay off the ${card}`,
    pass: 'pass',
    ready: 'ready for the next round',
  },

  log: {
    roundStarted: (r: number, dealer: string, mine: boolean) =>
      `Round ${r} begins. ${mine ? 'You deal' : `${dealer} deals`}.`,
    fieldChosen: (who: string, timedOut: boolean) =>
      timedOut ? `${who} ran out of time: pile A became the field.` : `${who} chose a field.`,
    youChose: 'You chose your field.',
    turn: (who: string, final: boolean) => (final ? `${who}’s last turn.` : `${who}’s turn.`),
    drewPile: (who: string) => `${who} drew from the draw pile.`,
    youDrewPile: (card: string) => `You drew the ${card} from the draw pile.`,
    drewDiscard: (who: string, card: string) => `${who} took the ${card} from the discard pile.`,
    exchanged: (who: string, placed: string, pos: number, value: number) =>
      `${who} put the ${placed} face up on position ${pos + 1} (value ${value}) and took the face-down card.`,
    youTook: (card: string, pos: number, value: number) =>
      `You took the ${card} from your position ${pos + 1} (value ${value}).`,
    swapped: (
      who: string,
      placed: string,
      took: string,
      owner: string,
      pos: number,
      value: number,
    ) =>
      `${who} swapped the ${placed} for the ${took} on ${owner} position ${pos + 1} (value ${value}).`,
    discarded: (who: string, card: string) => `${who} discarded the ${card}.`,
    fieldCompleted: (who: string, left: number) =>
      `${who} completed ${who === YOU ? 'your' : 'the'} field! ${left} last ${left === 1 ? 'turn' : 'turns'} to go.`,
    reshuffled: (count: number, n: number) =>
      `The discards were reshuffled into a new draw pile of ${count} cards (reshuffle ${n}).`,
    timedOut: (who: string) => `${who} ran out of time; the stand-in played.`,
    // A table-wide timer's end is the game moving on, not anyone's penalty: said as such.
    timedOutSetup: 'Time to choose is up: whoever had not chosen takes pile A as the field.',
    timedOutArrange:
      'Time to pick melds is up: whoever had not picked shows the first arrangement.',
    timedOutNext: 'The countdown is over: the next round begins.',
    roundEnded: (why: string) => `The round is over. ${why}`,
    arrangementsShown: 'Everyone’s melds are on the table.',
    arrangementChosen: (who: string) => `${who} chose which melds to show.`,
    laidOff: (who: string, card: string, owner: string) =>
      `${who} laid the ${card} off onto ${owner} meld.`,
    passed: (who: string, auto: boolean) =>
      auto ? `${who} had nothing to lay off.` : `${who} passed.`,
    roundScored: (r: number) => `Round ${r} scored.`,
    ready: (who: string) => `${who} ${who === YOU ? 'are' : 'is'} ready.`,
    gameEnded: (winners: string) => `The game is over. ${winners}`,
    abandoned: 'The game was stopped.',
  },
} as const;

export const m = {
  ...shell,
  ...own,
  home: { ...shell.home, ...own.home },
  lobby: { ...shell.lobby, ...own.lobby },
  table: { ...shell.table, ...own.table },
  log: { ...shell.log, ...own.log },
};
