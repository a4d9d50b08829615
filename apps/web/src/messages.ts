/**
 * Every word of the shell the player reads or hears (home, lobby, seats, chat, log, timers,
 * score sheet), in one place so that translation can follow. Each game's own words are in its
 * folder (src/games/<id>/messages.ts), which adds them to these.
 */
import type { BotLevel } from '@trepenta/protocol';

/** "you", "you and Bea", "you, Bea and Cyd". */
export const and = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const BOT_NAMES: Record<BotLevel, string> = {
  random: 'Easy bot',
  greedy: 'Good bot',
};

/**
 * How the viewer is named in the sentences about a seat ("You drew…"): it takes "are", not "is",
 * and "win", not "wins".
 */
export const YOU = 'You';

export const m = {
  appName: 'Trepenta Online',
  tagline:
    'Card games with friends: a link, a nickname, bots in any seat, deals anyone can verify.',
  /** The rules page's and the help dialog's title. */
  rulesOf: (game: string) => `How to play ${game}`,
  seatRange: (min: number, max: number) =>
    min === max ? `${min} players` : `${min}–${max} players`,
  botName: (level: BotLevel) => BOT_NAMES[level],

  // ---------------------------------------------------------------- home
  home: {
    nickname: 'Your name',
    nicknamePlaceholder: 'e.g. Bea',
    nicknameLimit: (limit: number, used: number) =>
      used === 0
        ? `Up to ${limit} characters.`
        : `${used} of ${limit} characters${used >= limit ? ': that is the most a name can have.' : '.'}`,
    needName: 'Type your name first.',
    createTitle: 'Create a room',
    create: 'Create room',
    creating: 'Creating…',
    joinTitle: 'Join a room',
    code: 'Room code',
    codePlaceholder: 'e.g. KXT7QM',
    badCode:
      'That is not a room code: a code is 6 letters and digits, like KXT7QM. Check it with your friend, or paste their link.',
    join: 'Join',
    watch: 'Watch',
    practiceTitle: 'Practice',
    practiceBots: (n: number) => `Play against ${n} ${n === 1 ? 'bot' : 'bots'}`,
    practiceSolo: 'Solo (one seat)',
    practiceHint: 'One click: a private table starts at once with the default rules.',
    galleryTitle: 'Choose a game',
    createFor: (game: string) => `Create a ${game} room`,
    createOf: (game: string) => `New ${game} room`,
    loading: 'Loading the game…',
    loadFailed: 'The game could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    back: 'Back home',
    seats: 'Seats',
    seatCount: 'Players at the table',
    seatYou: 'You',
    seatOpen: 'Open for a friend',
    rulesLink: 'How to play',
    rulesLinkOf: (game: string) => `How to play ${game}`,
    rulesIndex: 'The rules of every game',
    spectate: 'I’ll only watch',
  },

  // ---------------------------------------------------------------- join
  join: {
    title: (code: string) => `Room ${code}`,
    invites: (host: string, game: string) => `${host} invites you to play ${game}`,
    roomLine: (code: string) => `Room ${code}`,
    seatsTitle: 'At the table',
    seatFree: 'free',
    seatHost: (name: string) => `${name} (host)`,
    notFound: 'There is no room with that code. Check it with your friend.',
    lookUpFailed: 'The room’s details could not be loaded just now. You can still try to join.',
    status: {
      lobby: 'Waiting in the lobby',
      starting: 'Starting',
      playing: 'Game in progress',
      finished: 'Game finished',
    } as Record<string, string>,
    freeSeats: (n: number) => (n === 1 ? '1 free seat' : `${n} free seats`),
    asPlayer: 'Join the table',
    asSpectator: 'Watch',
    locked: 'The host has locked this room: you can watch.',
    full: 'Every seat is taken: you can watch, and take a seat if one comes free.',
    midGame: 'A game is being played: you can watch now and sit down for the next one.',
    back: 'Back home',
    retry: 'Try again',
  },

  // ---------------------------------------------------------------- lobby
  lobby: {
    title: (code: string) => `Room ${code}`,
    share: 'Share this room',
    invite: 'Invite friends',
    inviteHint: 'Send this link: whoever opens it joins this room.',
    copy: 'Copy',
    copied: 'Copied!',
    copyManual: 'Select the link and copy it (Ctrl+C or long-press).',
    seatLink: 'Your seat link',
    seatLinkHint: 'Open it on another device to take your seat there. Keep it to yourself.',
    memberLink: 'Your link',
    memberLinkHint: 'Open it on another device to come back as yourself. Keep it to yourself.',
    show: 'Show',
    hide: 'Hide',
    seats: 'Seats',
    seatN: (n: number) => `Seat ${n + 1}`,
    empty: 'Empty seat',
    sitHere: 'Sit here',
    you: 'you',
    host: 'host',
    bot: (level: BotLevel, seat: number) => `${BOT_NAMES[level]} ${seat + 1}`,
    /** The host's bot choice for an open or bot seat: named by the seat, its value says the rest. */
    seatBot: (n: number) => `Seat ${n + 1}: bot`,
    /** Games played in partnerships: who plays with whom, and the host's way to arrange it. */
    teams: (teams: readonly string[]) => `Partners: ${teams.join(' against ')}`,
    team: (n: number) => `Team ${String.fromCharCode(65 + n)}`,
    teamOf: (seats: readonly number[], names: readonly string[]) =>
      seats.map((seat) => names[seat] ?? `seat ${seat + 1}`).join(' & '),
    swapSeat: (n: number) => `Seat ${n + 1}: swap with`,
    swapNone: 'Swap with…',
    addBot: 'Add bot',
    removeBot: 'Remove bot',
    kick: 'Remove',
    kickConfirm: (name: string) => `Remove ${name} from the room?`,
    fewerSeatsConfirm: (seats: number, names: readonly string[]) =>
      `With ${seats} ${seats === 1 ? 'seat' : 'seats'}, ${and(names)} will have no seat and watch. Go on?`,
    seatRemoved: (name: string) => `${name}’s seat was taken away; they are watching.`,
    yourSeatRemoved:
      'The host took your seat away: you are watching now. Sit in a free seat to play.',
    passHost: 'Make host',
    lock: 'Lock room',
    unlock: 'Unlock room',
    lockedNote: 'Locked: nobody new can take a seat.',
    start: 'Start game',
    startNeedSeats: 'Fill every seat with a friend or a bot to start.',
    waitingHost: (name: string) => `Waiting for ${name} to start the game…`,
    starting: 'Shuffling with everyone’s random nonce…',
    spectators: (n: number) => (n === 1 ? '1 watching' : `${n} watching`),
    standUp: 'Watch instead',
    leave: 'Leave room',
    rulesCard: 'This room’s rules',
    changeRules: 'Change rules',
    saveRules: 'Save rules',
    cancel: 'Cancel',
    seatCount: 'Seats',
    connected: 'connected',
    away: 'away',
    joinedToPlay: (name: string) => `${name} joined the table.`,
    joinedToWatch: (name: string) => `${name} is watching.`,
    leftRoom: (name: string) => `${name} left the room.`,
    leftGame: (name: string, seat: number) =>
      `${name} left the game; the stand-in plays seat ${seat + 1}.`,
    newHost: (name: string) => `${name} is the host now.`,
    youHost: 'You are the host now.',
  },

  // ---------------------------------------------------------------- table
  table: {
    /** The table's page heading, for screen readers (the bar shows the same). */
    heading: (game: string, code: string) => `${game}, room ${code}`,
    close: 'Close',
    yourTurn: 'Your turn',
    theirTurn: (name: string) => `${name}’s turn`,
    waitingFor: (name: string) => `Waiting for ${name}`,
    timer: (s: string) => `Time left ${s}`,
    spectating: 'You are watching this game.',
    standIn: 'stand-in playing',
    away: 'away · seat held',
    awayHeld: (name: string) => `${name} is away; their seat is held.`,
    /** A seat's measured round trip, as shown beside the name and as read out. */
    roundTrip: (ms: number) => `${ms} ms`,
    roundTripSpoken: (ms: number) => `round trip ${ms} milliseconds`,
    seatName: (seat: number) => `Seat ${seat + 1}`,
    bot: 'bot',
    handOver: 'Let the stand-in play',
    handOverIn: (time: string) => `Let the stand-in play (in ${time})`,
    stepAway: 'Step away: let the stand-in play for me',
    hurry: 'Ten seconds left in your turn: then the stand-in plays it.',
    shareLinks: 'Invite and seat links',
    leaveTitle: 'Leave this game?',
    leaveWarning:
      'You give up your seat: the stand-in plays it to the end of the game, and you cannot take it back. To come back later, step away instead; your seat waits for you.',
    leaveConfirm: 'Leave the game',
    stepAwayInstead: 'Step away instead',
    closeTable: 'Close the table',
    closeTableTitle: 'Close the table?',
    closeTableWarning:
      'The session ends after the hand in play; everyone sees the result, and you may then start a new session at this table.',
    closeTableConfirm: 'Close the table',
    closeTableCancel: 'Keep playing',
    stay: 'Stay',
    standInForYou: 'The stand-in is playing your seat while you are away.',
    takeBack: 'Take my seat back',
    you: YOU,
  },

  score: {
    title: 'Score sheet',
    round: (n: number) => `R${n}`,
    roundLong: (n: number) => `Round ${n}`,
    hand: (n: number) => `H${n}`,
    handLong: (n: number) => `Hand ${n}`,
    player: 'Player',
    total: 'Total',
    chartLabel: 'Line chart of each player’s running total after each round',
    /** The winners' names; `party`: one name standing for partners who win together. */
    winner: (names: string[], party = false) =>
      names.length !== 1
        ? `Shared victory: ${names.join(' & ')}`
        : names[0] === YOU
          ? 'You win!'
          : party
            ? `${names[0]} win!`
            : `${names[0]} wins!`,
    abandoned: 'The game was stopped before the end.',
    gameOver: 'Game over',
    winnerBadge: 'winner',
    rematch: 'Rematch',
    rematchChange: 'Change rules, then rematch',
    waitingRematch: 'Waiting for the host to start a rematch…',
    verify: 'Verify the deals',
    verifying: 'Checking every deal…',
    verifyOk: (secrets: number, actions: number) =>
      `Everything matched: the deals were fixed by ${secrets === 1 ? 'a secret' : `${secrets} secrets`} committed to before the game began, and all ${actions} moves replay to exactly the cards you saw.`,
    verifyReplayed: (secrets: number, actions: number) =>
      `The ${secrets === 1 ? 'revealed secret matches its commitment' : `${secrets} revealed secrets match their commitments`}, and all ${actions} moves replay to exactly the cards you saw.`,
    verifyUnchecked: 'Not checked from this browser:',
    verifyUnseenCommitments:
      'that the commitments were published before the deal: this browser did not see them then (it joined later, or the game was played on another device).',
    verifyUnsentNonce:
      'that your nonce was used: it was sent from another tab or device, or before this browser kept it.',
    verifyFail: 'Something did not match:',
    verifyError: (why: string) => `The deals could not be checked: ${why}`,
    verifyCommitments: 'The commitments shown before the deal do not match the ones in the record.',
    verifyNonce: 'Your own random nonce is not the one used for the shuffle.',
    verifyWhat:
      'Your browser recomputes every commitment from the revealed secrets and replays the whole game with the rules engine.',
    home: 'Back home',
  },

  panel: {
    log: 'Log',
    chat: 'Chat',
    rules: 'Rules',
    scores: 'Scores',
    rounds: 'Rounds',
    onlyYou: 'only you',
    onlyYouTitle: 'Only you see this',
    emptyLog: 'Moves will appear here.',
    folded: (steps: number) =>
      `${steps} earlier ${steps === 1 ? 'step' : 'steps'} of this round: shown when it ends.`,
    chatPlaceholder: 'Say something…',
    send: 'Send',
    mute: 'Mute',
    unmute: 'Unmute',
    muted: (name: string) => `${name} is muted`,
    emptyChat: 'No messages yet. Say hi!',
    /** Quick emotes, shown as words: emoji fonts are missing on some systems. */
    emotes: {
      '👍': 'Nice!',
      '👏': 'Well played',
      '😂': 'Ha ha',
      '😮': 'Wow',
      '😬': 'Oops',
      '🎉': 'Yay!',
    } as Record<string, string>,
    open: 'Table info',
    openUnread: (n: number) => `Table info, ${n} unread chat ${n === 1 ? 'message' : 'messages'}`,
  },

  prefs: {
    sound: 'Turn sound',
    soundOn: 'Sound on',
    soundOff: 'Sound off',
    fourColour: 'Four-colour suits',
    settings: 'Display',
    help: 'Rules help',
  },

  conn: {
    connecting: 'Connecting…',
    reconnecting: 'Connection lost — reconnecting. Your seat is held.',
    offline: 'You are offline — your seat is held until you are back.',
    crowded:
      'Too many Trepenta connections from your network — close a few tabs; trying again every few seconds.',
    back: 'Back at the table.',
    yourMove: 'your move',
    /** A move made while the connection is away. */
    queued: (move: string) => `Your move (${move}) will be sent when you are back.`,
    stillQueued: (move: string) =>
      `Your move (${move}) is waiting for the connection; nothing else is sent before it.`,
    outdated: 'A new version of Trepenta Online is available.',
    reload: 'Reload',
    paused: 'The game is paused until a player reconnects.',
    closedKicked: 'The host removed you from the room.',
    closedLeft: 'You left the room.',
  },

  errors: {
    generic: 'Something went wrong. The table has been refreshed.',
    timeout: 'The server did not answer in time. The table has been refreshed.',
    offline: 'Not connected, so that was not sent. Try again once you are back at the table.',
    noClipboard: 'Copying is not available here.',
  },

  // ---------------------------------------------------------------- log and announcements
  log: {
    yourTurn: 'It’s your turn.',
    /** Whose it is: "your" for the viewer's own, else "Bea’s" (even for a player called You). */
    whose: (name: string, mine: boolean) => (mine ? 'your' : `${name}’s`),
  },
} as const;
