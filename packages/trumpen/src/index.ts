export * from './common/cards';
export * from './common/writing';
export * from './common/commitment';
export * from './common/randomness';
export * from './common/base';
export * from './poker/hands';
export * from './poker/showdown';
export * from './poker/state';
export * from './poker/game';
export * from './poker/views';
export * from './poker/bots';
export { trumpenPoker, pokerLegalActions, pokerChooseBot, pokerSheet } from './poker/module';
export * from './twentyone/score';
export * from './twentyone/state';
export * from './twentyone/game';
export * from './twentyone/views';
export * from './twentyone/bots';
export {
  trumpen21,
  twentyOneLegalActions,
  twentyOneChooseBot,
  twentyOneSheet,
} from './twentyone/module';
export * from './tricks/rules';
export * from './tricks/state';
export * from './tricks/game';
export * from './tricks/views';
export { greedyPlay, greedyWrite as tricksGreedyWrite } from './tricks/bots';
export { trumpenTricks, tricksLegalActions, tricksChooseBot, tricksSheet } from './tricks/module';
export * from './speed/state';
export * from './speed/game';
export * from './speed/views';
export { speedChooseBot, speedLegalActions, speedBotPace, speedPlays } from './speed/bots';
export { trumpenSpeed, speedSheet } from './speed/module';
