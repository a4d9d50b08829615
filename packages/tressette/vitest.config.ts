import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tressette',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
