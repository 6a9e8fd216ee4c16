import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cluster',
    include: ['**/*.test.ts'],
    environment: 'node',
    // Starting three instances and HAProxy, then the load with a kill and a restart: about
    // half a minute, more on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
