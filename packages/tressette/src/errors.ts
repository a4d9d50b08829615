/** Every refusal, with its usual message. Codes are stable: clients and tests rely on them. */
import type { RuleError } from '@trepenta/engine';

export const ERRORS = {
  INVALID_SETTINGS: 'The game settings are not valid.',
  INVALID_SEAT_COUNT: 'Tressette is played by 2, 3 or 4.',
  INVALID_RANDOMNESS: 'The randomness is malformed.',
  NOT_A_SEAT: 'There is no such seat.',
  SYSTEM_ONLY: 'Only the server can do that.',
  NOT_SYSTEM: 'The server does not play cards or press Ready itself.',
  GAME_OVER: 'The game is over.',
  NOT_YOUR_TURN: 'It is not your turn.',
  WRONG_PHASE: 'That is not possible now.',
  NOT_IN_HAND: 'That card is not in your hand.',
  MUST_FOLLOW: 'You must follow the suit that was led.',
  ALREADY_READY: 'You are ready already.',
  STALE_TIMER: 'That timer is no longer running.',
  BAD_STAND_IN: 'The stand-in’s move does not end that turn.',
  NOT_SUPPORTED: 'Tressette has no such action.',
} as const;

export type ErrorCode = keyof typeof ERRORS;

export function fail(code: ErrorCode, message: string = ERRORS[code]): RuleError {
  return { code, message };
}
