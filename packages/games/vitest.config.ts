import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'games',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
