import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Which files also run on PostgreSQL (src/test/engines-for-file.ts).
    setupFiles: ['src/test/engines-for-file.ts'],
    // Files share a worker's loaded modules: each file builds its own app and database, and no
    // test changes a module's state (spies are restored after each test). Loading the server
    // once per worker instead of once per file halves the suite's time (250 s → 120 s).
    isolate: false,
    restoreMocks: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
