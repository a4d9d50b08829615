/**
 * Stable error codes of the rules. A refusal's message depends only on what the actor can see
 * (docs/rules/trepenta.md §7: "that card is not in your hand", never whose hand it is in).
 */
export const RULE_ERRORS = {
  INVALID_SETTINGS: 'The game settings are not valid.',
  INVALID_SEAT_COUNT: 'A game needs 1 to 6 seats.',
  INVALID_RANDOMNESS: 'The game randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat at this table.',
  WRONG_PHASE: 'That action is not possible at this point of the game.',
  NOT_YOUR_TURN: 'It is not your turn.',
  WRONG_STEP: 'That is not the current step of your turn.',
  ALREADY_CHOSEN: 'You have already done that for this step.',
  WRONG_SETUP_MODE: 'This room chooses the field another way.',
  BAD_FIELD_CHOICE: 'That field choice does not use the cards you were dealt.',
  CARD_NOT_IN_HAND: 'That card is not in your hand.',
  EMPTY_PILE: 'That pile is empty.',
  BAD_POSITION: 'There is no such field position.',
  POSITION_FACE_UP: 'That field position is already face up.',
  POSITION_FACE_DOWN: 'That field position is face down.',
  VALUE_MISMATCH: "The card's value does not match that position.",
  NO_EXCHANGE_LEFT: 'You have already made your exchange this turn.',
  OPEN_FIELD_OFF: 'Open Field is not in play in this room.',
  ALREADY_SWAPPED: 'That position has already been swapped this turn.',
  DISCARD_TAKEN_CARD: 'You cannot discard the card you took from the discard pile this turn.',
  BAD_ARRANGEMENT: 'That is not one of the ways your hand can be melded.',
  RIVAL_SETS_OFF: 'Rival Sets is not in play in this room.',
  NOT_A_MELD: 'There is no such meld.',
  OWN_MELD: 'You can only lay off onto another player’s meld.',
  CANNOT_LAY_OFF: 'That card does not fit that meld there.',
  CARD_IN_MELD: 'That card is already in one of your melds.',
  STALE_TIMER: 'That timer is no longer running.',
  BAD_STAND_IN: 'The stand-in’s moves do not finish the timed-out turn.',
  SYSTEM_ONLY: 'Only the server can do that.',
  GAME_OVER: 'The game is over.',
} as const;

export type RuleErrorCode = keyof typeof RULE_ERRORS;

export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export function ruleError(code: RuleErrorCode, message: string = RULE_ERRORS[code]): RuleError {
  return { code, message };
}
