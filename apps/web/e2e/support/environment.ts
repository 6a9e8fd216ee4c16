import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the e2e server listens and where its scratch data and captured mail live.
 * `E2E_PORT` moves all of it, so two checkouts on one machine can run journeys side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = E2E_PORT + 25;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ROOT = path.join(tmpdir(), `kuvert-e2e-${E2E_PORT}`);
export const E2E_DATA_DIR = path.join(E2E_ROOT, 'data');
export const E2E_MAIL_DIR = path.join(E2E_ROOT, 'mail');
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** Small, so a file over the limit is quick to make; above one tus chunk (8 MiB). */
export const E2E_UPLOAD_MAX_BYTES = 12 * 1024 * 1024;

export function serverEnvironment(): Record<string, string> {
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: E2E_DATA_DIR,
    PUBLIC_URL: E2E_BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    KUVERT_DEMO: 'false',
    // The test's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    UPLOAD_MAX_BYTES: String(E2E_UPLOAD_MAX_BYTES),
    // Errors only: providers whose webhook nobody answers fill the log with retry warnings.
    LOG_LEVEL: 'error',
    // Journeys wait for background jobs (mail, webhooks, reading, sealing) as a user would:
    // the default second between looks would be most of each wait.
    JOB_POLL_INTERVAL_MS: '100',
  };
}
