import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Works on its own (`npx vitest run --root apps/web`) and as a project of the root config.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    // A page for the components' tests. Tests of plain logic start with
    // `// @vitest-environment node`: a jsdom window costs some 0.7 s of CPU per file.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/jsdom-setup.ts'],
    restoreMocks: true,
  },
});
