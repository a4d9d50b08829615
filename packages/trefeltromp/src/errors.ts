/**
 * Every refusal, with a stable code. A message says why in words that depend only on what the
 * actor can see (F19).
 */
export const ERRORS = {
  INVALID_SETTINGS: 'The settings are not valid.',
  INVALID_SEAT_COUNT: 'Trefeltromp takes 2 to 8 seats.',
  INVALID_RANDOMNESS: 'The randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat.',
  EMPTY_SEAT: 'Nobody sits there.',
  SYSTEM_ONLY: 'Only the server can do that.',
  WRONG_PHASE: 'That is not possible at this point of the hand.',
  NOT_IN_HAND: 'You are not in this hand.',
  NOT_YOUR_TURN: 'It is not your turn.',
  CANNOT_CHECK: 'There is a bet to call: you cannot check.',
  NOTHING_TO_CALL: 'There is nothing to call.',
  CANNOT_BET: 'Somebody has already bet in this call: raise instead.',
  CANNOT_RAISE: 'You may not bet or raise now.',
  BAD_AMOUNT: 'That amount is not allowed here.',
  NOT_PRIVILEGED: 'Only a player with the Fool’s privilege facing a bet may stay.',
  ALREADY_CHOSEN: 'You have already chosen.',
  CARD_NOT_IN_HAND: 'That card is not in your hand.',
  NOT_BETWEEN_HANDS: 'That is possible only between hands.',
  NOTHING_TO_SHOW: 'You have no cards left to show from the last hand.',
  REBUY_OFF: 'Rebuys are off at this table.',
  REBUY_NOT_NEEDED: 'You may rebuy only with less than one ante.',
  NOT_A_PERSON: 'Only a person does that.',
  ALREADY_SO: 'That is already so.',
  SEATS_CLOSED: 'Seats change only between hands.',
  SEAT_TAKEN: 'That seat is taken.',
  LATE_JOIN_OFF: 'Late joining is off at this table.',
  WRONG_NONCES: 'That is not the nonce set the table waits for.',
  STALE_TIMER: 'That timer is no longer running.',
  BAD_STAND_IN: 'The stand-in’s moves do not finish the timed-out step.',
  GAME_OVER: 'The session is over.',
} as const;

export type ErrorCode = keyof typeof ERRORS;

export function fail(code: ErrorCode): { code: ErrorCode; message: string } {
  return { code, message: ERRORS[code] };
}
