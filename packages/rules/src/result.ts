export { err, exhaustive, ok } from '@trepenta/engine';
export type { Result } from '@trepenta/engine';
