import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_MAIL_DIR,
  E2E_ROOT,
  E2E_SMTP_PORT,
  REPO_ROOT,
  serverEnvironment,
} from './environment.ts';
import { startSmtpCapture } from './smtp-capture.ts';

const START_TIMEOUT_MS = 60_000;

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in time');
}

/** Starts a capturing SMTP server and the real Kuvert server on a scratch database. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_ROOT, { recursive: true, force: true });
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  const smtp = await startSmtpCapture(E2E_SMTP_PORT, E2E_MAIL_DIR);
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    env: { ...process.env, ...serverEnvironment() },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(server);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
