export { describeGameModule } from './contract';
export type { ContractCase, ContractHooks } from './contract';
export { deepFreeze, drive, isLegal, pick, seededRandom, viewersOf } from '../drive';
export type { DriveOptions, DrivenGame, DrivenStep } from '../drive';
export { mutations } from './mutate';
export { race } from './race';
export { pot } from './pot';
export type { PotAction, PotSettings, PotState, PotView } from './pot';
export type { RaceAction, RaceSettings, RaceState, RaceView } from './race';
