import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/environment.ts';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Journeys run against the real server (built SPA, SQLite in a scratch folder) with a real
 * SMTP server capturing the mail it sends; global-setup starts both.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Bounds, not waits: a passing journey takes no longer for them. They are set for a slow
  // machine (CI's 2 cores, shared; machines differ up to threefold), where a 30 s journey at
  // home can take three times as long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    reducedMotion: 'reduce',
    // A trace records every step's screen and page: a third of the suite's processor time.
    // Ask for it when a journey needs looking into (E2E_TRACE=1); a failure still leaves
    // its screenshot and the error context.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: path.join(import.meta.dirname, 'e2e/support/chromium-yielding.sh'),
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
