import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { InlineConfig } from 'vite';
import { LOGIN_ROUTE_MODULES, chunkGroups, planChunkGroups } from './vite/chunk-groups.ts';
import { mantineUseId } from './vite/mantine-use-id.ts';
import { preloadLandingRoute } from './vite/preload-landing-route.ts';

const baseConfig = {
  root: import.meta.dirname,
  plugins: [mantineUseId(), react()],
  base: '/',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Modern browsers only: the polyfill would add code to every first load for nothing.
    modulePreload: { polyfill: false },
  },
} satisfies InlineConfig;

export default defineConfig(async ({ command, mode }) => {
  // Few files instead of many tiny ones; see vite/chunk-groups.ts.
  const groups = command === 'build' ? await planChunkGroups({ ...baseConfig, mode }) : new Map();
  return {
    ...baseConfig,
    // The login is where visitors land: its chunks are fetched with the entry.
    plugins: [...baseConfig.plugins, preloadLandingRoute(LOGIN_ROUTE_MODULES)],
    build: {
      ...baseConfig.build,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Earlier groups first: what the entry or the login page needs is never pulled
            // into a larger file along with a module that needs it.
            groups: chunkGroups.map((group, index) => ({
              name: group,
              test: (moduleId: string) => groups.get(moduleId) === group,
              priority: chunkGroups.length - index,
            })),
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    },
    preview: {
      port: 4173,
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    },
  };
});
