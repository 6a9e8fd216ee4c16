import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tools',
    include: ['**/*.test.ts'],
    environment: 'node',
    // The check on the whole repository reads every source file: seconds, more on a busy machine.
    testTimeout: 120_000,
  },
});
