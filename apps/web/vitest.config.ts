import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Works on its own (`npx vitest run --root apps/web`) and as a project of the root config.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/jsdom-setup.ts'],
    restoreMocks: true,
  },
});
