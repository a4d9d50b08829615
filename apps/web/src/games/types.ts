import type { ComponentType, ReactNode } from 'react';
import type {
  AnyGameModule,
  GameRecord,
  NonceCommitments,
  Observation,
  Verification,
  Viewer,
} from '@trepenta/engine';
import type { RoomView } from '@trepenta/protocol';

/** One line of the move log, as a game words an event for one viewer. */
export interface Described {
  readonly text: string;
  /** Seen only by this viewer. */
  readonly own: boolean;
  /**
   * Worth announcing to a screen reader: done by someone else, or news to this viewer (the card
   * drawn, the card a face-down position held). The viewer's own moves are not read back.
   */
  readonly news: boolean;
  /**
   * For a game whose table shows only the latest steps of a round (Tressette's tricks, T21): the
   * log does the same. 'play': part of the step under way; 'step': closes a step (the log keeps
   * the last closed step and the one under way in sight, earlier ones folded into one line);
   * 'round': the round is over and all its lines show again. Absent: always shown.
   */
  readonly fold?: LogFold;
}

export type LogFold = 'play' | 'step' | 'round';

/**
 * What a game's web chunk gives the shell (src/games/<id>/index.ts, loaded when a room of that
 * game opens or its options are shown). The shell draws the lobby, seats, chat, log, timers,
 * score sheet and verification around it; the game draws its table, options and rules.
 */
export interface GameClient {
  /** The game's rules engine: views from updates, legal actions, the score sheet, replays. */
  readonly module: AnyGameModule;
  /** The table between the top bar and the side panel (the shell gives the frame). */
  readonly Table: ComponentType<{ game: unknown; room: RoomView }>;
  /** The host's options, explained, for creating a room, the lobby and a rematch. */
  readonly SettingsForm: ComponentType<{
    value: unknown;
    onChange: (settings: unknown) => void;
  }>;
  /** A room's rules in short, in the lobby (children: the host's controls). */
  readonly RulesCard: ComponentType<{ settings: unknown; children?: ReactNode }>;
  /** The rules of this room at the table (the side panel's Rules tab, the help dialog). */
  readonly RulesHelp: ComponentType<{ settings?: unknown; level?: 2 | 3 }>;
  /** The game's rules page (/rules/<id>), scrolled to an anchor. */
  readonly RulesPage: ComponentType<{ anchor: string | null }>;
  /** A game event in a player's words, for the log and the live region. */
  describe(event: unknown, viewer: Viewer, names: readonly string[]): readonly Described[];
  /**
   * The log's line in place of the folded steps (see `Described.fold`), in the game's words
   * ("3 earlier tricks: shown when the hand ends"); without it the shell's own words.
   */
  readonly folded?: (steps: number) => string;
  /**
   * The finished rounds a game keeps for review (the side panel's Rounds tab, shown once there is
   * one): how many the view holds, and their panel. Absent: no such tab.
   */
  readonly pastRounds?: {
    count(game: unknown): number;
    Panel: ComponentType<{ game: unknown; names: readonly string[] }>;
  };
  /**
   * A session game's (the module declares `sessions`; its host may close the table from the top
   * bar, `room:close`, after the hand in play): whether the view says it is closed already.
   */
  readonly sessions?: { closed(game: unknown): boolean };
  /** Whether this update makes it the viewer's own turn (the turn sound). */
  turnCame(previous: unknown, view: unknown): boolean;
  /** Called with an update's events once they are on the table (card flights, say). */
  played?(events: readonly unknown[]): void;
  /**
   * One of the viewer's moves in a few words ("draw from the draw pile"), said while it waits for
   * the connection to come back; without it the shell says "your move".
   */
  describeAction?(action: unknown, view: unknown): string;
}

/** Checks a finished game's record with the game's engine (`verifyGame`). */
export type Verify = (
  record: GameRecord & NonceCommitments,
  commitments: readonly string[],
  observation: Observation,
) => Verification;
