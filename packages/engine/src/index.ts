export * from './module';
export * from './result';
export * from './fairness';
export * from './log';
export * from './verify';
export * from './selfplay';
export * from './bots';
export * from './randomness';
