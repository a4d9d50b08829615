export { trefeltromp, DOMAIN } from './module';
export * from './cards';
export * from './settings';
export * from './errors';
export * from './actions';
export * from './betting';
export * from './state';
export * from './views';
export * from './bots';
export {
  applyAction,
  createSession,
  canDeal,
  dealOrder,
  dealtInNext,
  pendingOf,
  splitCarry,
  standInMoves,
  timerOf,
  tableOf,
} from './game';
