import { z } from 'zod';
import { cardSchema, faceOf, faceSchema, sortedFaces } from './cards';
import type { Card, Face } from './cards';
import type { Viewer } from './events';
import { currentTimer } from './game';
import type { Meld } from './melds';
import { laidOffBy, totals, winners } from './roundEnd';
import { settingsSchema, setupMode } from './settings';
import { PHASES, ROUND_END_REASONS } from './state';
import type { GameState, LayOff, SeatReveal, SeatState } from './state';

const seat = z.number().int().min(0).max(5);

const fieldSlotViewSchema = z
  .object({
    position: z.number().int(),
    /** The position's value from the die (§2.7). */
    value: z.number().int(),
    faceUp: z.boolean(),
    /** Face-up: its rank and suit. Face-down: the owner's own card under peek/sort (R8), else null. */
    card: z.union([cardSchema, faceSchema]).nullable(),
  })
  .strict();

const seatViewSchema = z
  .object({
    seat,
    die: z.number().int().min(1).max(6),
    fieldChosen: z.boolean(),
    field: z.array(fieldSlotViewSchema),
    handCount: z.number().int(),
    /** Cards publicly seen entering this hand (§7), as a multiset. */
    known: z.array(faceSchema),
    /** The viewer's own hand, with ids; null for everyone else's. */
    hand: z.array(cardSchema).nullable(),
    ready: z.boolean(),
  })
  .strict();

const meldSchema = z
  .object({ kind: z.enum(['set', 'run']), cards: z.array(z.union([cardSchema, faceSchema])) })
  .strict();

/** A shown meld: by rank and suit, and who laid off each of its cards (R20). */
const shownMeldSchema = z
  .object({
    kind: z.enum(['set', 'run']),
    cards: z.array(faceSchema),
    /** Per card, in the same order: the seat that laid it off, or null for the owner's own. */
    laidOffBy: z.array(seat.nullable()),
  })
  .strict();

const revealSeatSchema = z
  .object({
    hand: z.array(z.union([cardSchema, faceSchema])),
    field: z.array(faceSchema),
    /** R19b: the viewer's own choices while picking (with ids); empty for others. */
    options: z.array(z.array(meldSchema)),
    chosen: z.boolean(),
    /** Shown melds once everyone has picked (with lay-offs added); null before. */
    melds: z.array(shownMeldSchema).nullable(),
    deadwood: z.array(z.union([cardSchema, faceSchema])).nullable(),
    /** How many cards this seat has laid off on others' melds (a count). */
    laidOff: z.number().int(),
    points: z.number().int().nullable(),
  })
  .strict();

/** A finished round's revealed table: all of it public (R20, §5). */
const pastRoundSchema = z
  .object({
    round: z.number().int(),
    dealer: seat,
    reason: z.enum(ROUND_END_REASONS),
    finishLine: seat.nullable(),
    seats: z.array(
      z
        .object({
          /** The hand as revealed, before lay-offs, in a fixed order. */
          hand: z.array(faceSchema),
          field: z.array(faceSchema),
          /** Per field position: whether it was face up when the round ended. */
          faceUp: z.array(z.boolean()),
          die: z.number().int().min(1).max(6),
          melds: z.array(shownMeldSchema),
          deadwood: z.array(faceSchema),
          laidOff: z.number().int(),
          points: z.number().int(),
        })
        .strict(),
    ),
  })
  .strict();

export const gameViewSchema = z
  .object({
    viewer: z.union([seat, z.literal('spectator')]),
    schemaVersion: z.number().int(),
    version: z.number().int(),
    settings: settingsSchema,
    seatCount: z.number().int(),
    round: z.number().int(),
    rounds: z.number().int(),
    dealer: seat,
    phase: z.enum(PHASES),
    seats: z.array(seatViewSchema),
    drawCount: z.number().int(),
    /** Bottom first, top last: all of it is public (§7). */
    discardPile: z.array(faceSchema),
    setup: z
      .object({
        mode: z.enum(['blind', 'peek', 'sort']),
        /** The viewer's two dealt piles under peek/sort while choosing (R8); null otherwise. */
        piles: z
          .object({ A: z.array(cardSchema), B: z.array(cardSchema) })
          .strict()
          .nullable(),
      })
      .strict()
      .nullable(),
    turn: z
      .object({
        seat,
        number: z.number().int(),
        step: z.enum(['draw', 'act']),
        exchanges: z.number().int(),
        /** R12b: Open Field targets used this turn. */
        swapped: z.array(z.object({ seat, position: z.number().int() }).strict()),
        /** R13: the card taken from the discard pile this turn (id only for the taker). */
        takenFromDiscard: z.union([cardSchema, faceSchema]).nullable(),
        final: z.boolean(),
      })
      .strict()
      .nullable(),
    finalTurns: z.object({ completedBy: seat, remaining: z.number().int() }).strict().nullable(),
    reshuffles: z.number().int(),
    timer: z
      .object({
        key: z.string(),
        kind: z.enum(['setup', 'turn', 'arrange', 'layoff', 'next']),
        seconds: z.number().int(),
      })
      .strict()
      .nullable(),
    reveal: z
      .object({
        reason: z.enum(ROUND_END_REASONS),
        finishLine: seat.nullable(),
        seats: z.array(revealSeatSchema),
        layoff: z
          .object({ seat, number: z.number().int(), passesInRow: z.number().int() })
          .strict()
          .nullable(),
      })
      .strict()
      .nullable(),
    /** Points of every finished round, per seat; totals; winners at game end. */
    scores: z.array(z.array(z.number().int())),
    /** The revealed tables of the rounds before the current one, oldest first. */
    pastRounds: z.array(pastRoundSchema),
    totals: z.array(z.number().int()),
    winners: z.array(seat).nullable(),
    abandoned: z.boolean(),
    fairness: z
      .object({
        gameId: z.string(),
        shuffleVersion: z.number().int(),
        commitments: z.array(z.string()),
        nonces: z.array(z.string()),
        /** Revealed only once the game is over (§8.4). */
        secrets: z.array(z.string()).nullable(),
      })
      .strict(),
  })
  .strict();

export type GameView = z.infer<typeof gameViewSchema>;

/**
 * A change of the discard pile: the previous pile's first `keep` faces, then `add` (a discard adds
 * one face, a draw from the pile keeps all but the top one).
 */
export const discardTailSchema = z
  .object({ keep: z.number().int().min(1), add: z.array(faceSchema) })
  .strict();
export type DiscardTail = z.infer<typeof discardTailSchema>;

/**
 * A seat as a change to the viewer's previous view of it: its field and its known cards are left
 * out while they are unchanged (a draw or a discard changes the hand, rarely the field).
 */
export const seatViewPatchSchema = seatViewSchema
  .extend({
    field: seatViewSchema.shape.field.optional(),
    known: seatViewSchema.shape.known.optional(),
  })
  .strict();

/**
 * A view as a change to the viewer's previous view (the server's game:update): the parts that
 * rarely change (settings, fairness data, scores) are left out while they are unchanged, and so is
 * every seat whose seat did not change (null in `seats`); a seat that changed leaves out its
 * unchanged field and known cards. The discard pile is left out while unchanged, given as
 * `discardTail` when it kept a part of the previous pile, and whole otherwise. Every other part is
 * always there. `applyViewPatch` turns it back into the whole view.
 */
export const gameViewPatchSchema = gameViewSchema
  .extend({
    settings: gameViewSchema.shape.settings.optional(),
    seats: z.array(seatViewPatchSchema.nullable()),
    discardPile: gameViewSchema.shape.discardPile.optional(),
    discardTail: discardTailSchema.optional(),
    scores: gameViewSchema.shape.scores.optional(),
    pastRounds: gameViewSchema.shape.pastRounds.optional(),
    fairness: gameViewSchema.shape.fairness.optional(),
  })
  .strict();
export type GameViewPatch = z.infer<typeof gameViewPatchSchema>;
export type SeatView = GameView['seats'][number];
export type SeatViewPatch = z.infer<typeof seatViewPatchSchema>;
export type FieldSlotView = SeatView['field'][number];
export type RevealView = NonNullable<GameView['reveal']>;
export type PastRoundView = GameView['pastRounds'][number];

function copyCard(card: Card): Card {
  return { id: card.id, rank: card.rank, suit: card.suit };
}

function copyCards(cards: readonly Card[]): Card[] {
  return cards.map(copyCard);
}

function meldFor(meld: Meld<Card>, own: boolean) {
  return { kind: meld.kind, cards: own ? meld.cards.map(copyCard) : meld.cards.map(faceOf) };
}

function shownMeldFor(meld: Meld<Card>, layOffs: readonly LayOff[]) {
  return { kind: meld.kind, cards: meld.cards.map(faceOf), laidOffBy: laidOffBy(meld, layOffs) };
}

/**
 * A seat's view; with `same` (a patch), the field and the known cards are left out where they are
 * unchanged, as keys holding undefined (JSON leaves them out; one object shape).
 */
function seatFor(
  state: GameState,
  seatState: SeatState,
  index: number,
  viewer: Viewer,
  same: SameInSeat | null = null,
): SeatViewPatch {
  const own = viewer === index;
  // R8: under peek or sort the owner has seen their face-down cards; nobody else ever does.
  const ownFaceDown = own && setupMode(state.settings) !== 'blind';
  return {
    seat: index,
    die: seatState.die,
    fieldChosen: seatState.piles === null,
    field: same?.field
      ? undefined
      : seatState.field.map((slot, position) => ({
          position,
          value: seatState.die + position,
          faceUp: slot.faceUp,
          card: slot.faceUp ? faceOf(slot.card) : ownFaceDown ? copyCard(slot.card) : null,
        })),
    handCount: seatState.piles === null ? seatState.hand.length : 0,
    known: same?.known ? undefined : (seatState.known as Face[]),
    hand: own ? (seatState.hand as Card[]) : null,
    ready: seatState.ready,
  };
}

function revealSeatFor(
  state: GameState,
  reveal: SeatReveal,
  index: number,
  viewer: Viewer,
  shown: boolean,
): RevealView['seats'][number] {
  const own = viewer === index;
  const seatState = state.round.seats[index]!;
  // Others' cards in a fixed order: the order of a hand says when its cards arrived.
  const cards = own ? copyCards : sortedFaces;
  const { points, layOffs } = state.round.reveal!;
  return {
    hand: cards(seatState.hand),
    field: seatState.field.map((slot) => faceOf(slot.card)),
    options:
      own && reveal.chosen === null
        ? reveal.options.map((o) => o.melds.map((m) => meldFor(m, true)))
        : [],
    chosen: reveal.chosen !== null,
    // Shown melds by rank and suit only: others' lay-offs sit in them too.
    melds: shown ? reveal.melds.map((meld) => shownMeldFor(meld, layOffs)) : null,
    deadwood: shown ? cards(reveal.deadwood) : null,
    laidOff: reveal.laidOff,
    points: points ? points[index]! : null,
  };
}

/**
 * The parts of a state's views that are the same for every viewer they are built for: another
 * seat's public seat and reveal, the timer, totals, winners, fairness. Built once per state and
 * shared by the views of several viewers (and so serialised once where a serialiser caches by
 * identity).
 */
class SharedParts {
  private readonly publicSeats: (SeatViewPatch | undefined)[] = [];
  private readonly publicReveals: (RevealView['seats'][number] | undefined)[] = [];
  private publicTurn: GameView['turn'] | undefined;
  private fairnessView: GameView['fairness'] | undefined;
  readonly timer: GameView['timer'];
  readonly totals: number[];
  readonly winners: number[] | null;
  readonly finalTurns: GameView['finalTurns'];
  readonly shown: boolean;

  /** With `unchanged` (patches), seats leave out what is the same as in the previous state. */
  constructor(
    readonly state: GameState,
    private readonly unchanged: Unchanged | null = null,
  ) {
    const over = state.phase === 'gameOver';
    const round = state.round;
    this.timer = currentTimer(state);
    this.totals = totals(state);
    this.winners = over && !state.abandoned ? winners(state) : null;
    this.finalTurns =
      round.completedBy === null
        ? null
        : { completedBy: round.completedBy, remaining: round.finalTurnsLeft };
    this.shown = round.reveal !== null && state.phase !== 'arrange';
  }

  /** Built when a view carries it: a patch leaves it out while it is unchanged. */
  get fairness(): GameView['fairness'] {
    const state = this.state;
    return (this.fairnessView ??= {
      gameId: state.randomness.gameId,
      shuffleVersion: state.shuffleVersion,
      commitments: state.commitments as string[],
      nonces: state.randomness.nonces as string[],
      secrets: state.phase === 'gameOver' ? (state.randomness.secrets as string[]) : null,
    });
  }

  /**
   * The turn as the viewer sees it: the same for everyone but the taker of a discard, who alone
   * is told which card it was (R13); for others it would tell whether that very card was later
   * placed face up or is still in the hand.
   */
  turn(viewer: Viewer): GameView['turn'] {
    const { round } = this.state;
    const turn = round.turn;
    if (turn === null) return null;
    if (viewer === turn.seat && turn.takenFromDiscard !== null) {
      const taken = round.seats[turn.seat]!.hand.find((card) => card.id === turn.takenFromDiscard);
      if (taken) return { ...this.turn('spectator')!, takenFromDiscard: copyCard(taken) };
    }
    return (this.publicTurn ??= {
      seat: turn.seat,
      number: turn.number,
      step: turn.step,
      exchanges: turn.exchanges,
      swapped: turn.swapped.map((key) => ({ seat: Math.floor(key / 5), position: key % 5 })),
      takenFromDiscard: null,
      final: round.completedBy !== null && round.completedBy !== turn.seat,
    });
  }

  seat(index: number, viewer: Viewer): SeatViewPatch {
    const seatState = this.state.round.seats[index]!;
    const same = this.unchanged?.seats[index] ?? null;
    if (viewer === index) return seatFor(this.state, seatState, index, viewer, same);
    return (this.publicSeats[index] ??= seatFor(this.state, seatState, index, 'spectator', same));
  }

  revealSeat(reveal: SeatReveal, index: number, viewer: Viewer): RevealView['seats'][number] {
    if (viewer === index) return revealSeatFor(this.state, reveal, index, viewer, this.shown);
    return (this.publicReveals[index] ??= revealSeatFor(
      this.state,
      reveal,
      index,
      'spectator',
      this.shown,
    ));
  }
}

/**
 * Everything one viewer may know (docs/rules/trepenta.md §7), built from what they may know rather than by
 * deleting secrets from a copy: ids only on the viewer's own cards, public cards by rank and suit.
 * The view shares the state's immutable parts that are already in view form (the discard pile's
 * faces, known cards, the viewer's own hand and setup piles, scores, fairness data) instead of
 * copying them: treat it as read-only, like the state.
 */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  return buildView(state, viewer, new SharedParts(state), null) as GameView;
}

/**
 * The views of several viewers of one state, each equal to `viewFor(state, viewer)`; the parts
 * that are the same for several of them are built once and shared between the views.
 */
export function viewsFor(state: GameState, viewers: readonly Viewer[]): GameView[] {
  const shared = new SharedParts(state);
  return viewers.map((viewer) => buildView(state, viewer, shared, null) as GameView);
}

/** Which parts of a changed seat's view are the same in two states' views (for any viewer). */
interface SameInSeat {
  field: boolean;
  known: boolean;
}

/** Which of the parts a patch may leave out are the same in two states' views (for any viewer). */
interface Unchanged {
  settings: boolean;
  /** Per seat: null when the whole seat is unchanged (not even built), else what is. */
  seats: (SameInSeat | null)[];
  discardPile: boolean;
  /** The pile's change, when it is not unchanged and kept a part of the previous pile. */
  discardTail: DiscardTail | null;
  scores: boolean;
  pastRounds: boolean;
  fairness: boolean;
}

/**
 * States are immutable and the engine replaces a record only when it changes, so a part whose
 * sources are the same objects in both states is the same in both states' views.
 */
function unchangedSince(previous: GameState, state: GameState): Unchanged {
  const settings = previous.settings === state.settings;
  const over = state.phase === 'gameOver';
  return {
    settings,
    // A seat's view depends on its seat record, the settings (R8's setup mode) and the viewer;
    // a field's on its slots, the die and the settings (R8); known cards on themselves.
    seats: state.round.seats.map((seatState, index) => {
      const before = previous.round.seats[index];
      if (settings && before === seatState) return null;
      return {
        field: settings && before?.field === seatState.field && before.die === seatState.die,
        known: before?.known === seatState.known,
      };
    }),
    discardPile: previous.round.discardPile === state.round.discardPile,
    discardTail: discardTail(previous.round.discardPile, state.round.discardPile),
    scores: previous.scores === state.scores,
    pastRounds: previous.pastRounds === state.pastRounds,
    fairness:
      previous.randomness === state.randomness &&
      previous.commitments === state.commitments &&
      previous.shuffleVersion === state.shuffleVersion &&
      (previous.phase === 'gameOver') === over,
  };
}

/**
 * `after` as the first faces of `before` and then some more; null when the two are the same pile
 * or share no first face. Faces are compared as objects: the engine builds a new pile from the
 * old one's faces, so an equal face that is a different object only makes the tail longer.
 */
function discardTail(before: readonly Face[], after: readonly Face[]): DiscardTail | null {
  if (before === after) return null;
  const limit = Math.min(before.length, after.length);
  let keep = 0;
  while (keep < limit && before[keep] === after[keep]) keep++;
  return keep === 0 ? null : { keep, add: after.slice(keep) };
}

/**
 * Each viewer's view of `state` as a patch to their view of `previous` (the state one action
 * before, in the same game): `applyViewPatch(viewFor(previous, viewer), patch)` equals
 * `viewFor(state, viewer)`. Unchanged seats are not even built.
 */
export function viewPatchesFor(
  previous: GameState,
  state: GameState,
  viewers: readonly Viewer[],
): GameViewPatch[] {
  const unchanged = unchangedSince(previous, state);
  const shared = new SharedParts(state, unchanged);
  return viewers.map((viewer) => buildView(state, viewer, shared, unchanged));
}

/**
 * The whole view again from the previous view and a patch made against it; null when the two do
 * not fit together (a different number of seats), in which case the caller must fetch the whole
 * view. Whether the patch was made against this very view (same game, same version) is the
 * caller's to check.
 */
export function applyViewPatch(view: GameView, patch: GameViewPatch): GameView | null {
  if (patch.seats.length !== view.seats.length) return null;
  const seats: SeatView[] = [];
  for (let index = 0; index < patch.seats.length; index++) {
    const seat = patch.seats[index]!;
    const held = view.seats[index]!;
    seats.push(
      seat === null
        ? held
        : {
            seat: seat.seat,
            die: seat.die,
            fieldChosen: seat.fieldChosen,
            field: seat.field ?? held.field,
            handCount: seat.handCount,
            known: seat.known ?? held.known,
            hand: seat.hand,
            ready: seat.ready,
          },
    );
  }
  let discardPile = patch.discardPile ?? view.discardPile;
  const tail = patch.discardTail;
  if (tail !== undefined) {
    if (patch.discardPile !== undefined || tail.keep > view.discardPile.length) return null;
    discardPile = view.discardPile.slice(0, tail.keep).concat(tail.add);
  }
  // Every key in the order viewFor writes them, so that the JSON is the same too.
  return {
    viewer: patch.viewer,
    schemaVersion: patch.schemaVersion,
    version: patch.version,
    settings: patch.settings ?? view.settings,
    seatCount: patch.seatCount,
    round: patch.round,
    rounds: patch.rounds,
    dealer: patch.dealer,
    phase: patch.phase,
    seats,
    drawCount: patch.drawCount,
    discardPile,
    setup: patch.setup,
    turn: patch.turn,
    finalTurns: patch.finalTurns,
    reshuffles: patch.reshuffles,
    timer: patch.timer,
    reveal: patch.reveal,
    scores: patch.scores ?? view.scores,
    pastRounds: patch.pastRounds ?? view.pastRounds,
    totals: patch.totals,
    winners: patch.winners,
    abandoned: patch.abandoned,
    fairness: patch.fairness ?? view.fairness,
  };
}

/** Whether a patch leaves nothing out, i.e. is a whole view. */
export function isWholeView(patch: GameViewPatch): patch is GameView {
  return (
    patch.settings !== undefined &&
    patch.discardPile !== undefined &&
    patch.discardTail === undefined &&
    patch.scores !== undefined &&
    patch.pastRounds !== undefined &&
    patch.fairness !== undefined &&
    patch.seats.every(
      (seat) => seat !== null && seat.field !== undefined && seat.known !== undefined,
    )
  );
}

function buildView(
  state: GameState,
  viewer: Viewer,
  shared: SharedParts,
  unchanged: Unchanged | null,
): GameViewPatch {
  const { round } = state;
  const reveal = round.reveal;
  const mode = setupMode(state.settings);
  const ownSetup =
    typeof viewer === 'number' && state.phase === 'setup' ? round.seats[viewer]?.piles : null;
  const seats: (SeatViewPatch | null)[] = [];
  for (let index = 0; index < round.seats.length; index++) {
    seats.push(
      unchanged !== null && unchanged.seats[index] === null ? null : shared.seat(index, viewer),
    );
  }
  // Left-out parts stay as keys holding undefined (JSON leaves them out): one object shape.
  const view: GameViewPatch = {
    viewer,
    schemaVersion: state.schemaVersion,
    version: state.version,
    settings: unchanged?.settings ? undefined : state.settings,
    seatCount: state.seatCount,
    round: round.round,
    rounds: 5,
    dealer: round.dealer,
    phase: state.phase,
    seats,
    drawCount: round.drawPile.length,
    // Shared with the state, never copied: the piles hold faces only and nothing mutates a view.
    discardPile:
      unchanged !== null && (unchanged.discardPile || unchanged.discardTail !== null)
        ? undefined
        : (round.discardPile as Face[]),
    setup:
      state.phase === 'setup'
        ? {
            mode,
            piles:
              ownSetup && mode !== 'blind'
                ? { A: ownSetup.A as Card[], B: ownSetup.B as Card[] }
                : null,
          }
        : null,
    turn: shared.turn(viewer),
    finalTurns: shared.finalTurns,
    reshuffles: round.reshuffles,
    timer: shared.timer,
    reveal:
      reveal === null
        ? null
        : {
            reason: reveal.reason,
            finishLine: state.settings.houseRules.finishLine ? round.completedBy : null,
            seats: reveal.seats.map((r, index) => shared.revealSeat(r, index, viewer)),
            layoff: reveal.layoff,
          },
    scores: unchanged?.scores ? undefined : (state.scores as number[][]),
    // Already in view form (public faces): shared with the state, never copied.
    pastRounds: unchanged?.pastRounds ? undefined : (state.pastRounds as GameView['pastRounds']),
    totals: shared.totals,
    winners: shared.winners,
    abandoned: state.abandoned,
    fairness: unchanged?.fairness ? undefined : shared.fairness,
  };
  // Only patches have the key: a whole view is exactly a GameView.
  if (unchanged !== null) view.discardTail = unchanged.discardTail ?? undefined;
  return view;
}
