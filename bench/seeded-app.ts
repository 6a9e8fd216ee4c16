// The bench measures the real app in-process, so it imports server code (as mailbox.ts does).
// oxlint-disable no-restricted-imports
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './mailbox.ts';

/** An app on its own scratch SQLite database, seeded, listening, and the bench user's cookie. */
export interface SeededApp<Seeded> {
  appUrl: string;
  cookie: string;
  seeded: Seeded;
  seedSeconds: number;
  /** The app itself, for benches that run its jobs (it runs in the bench process). */
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

async function logIn(appUrl: string): Promise<string> {
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * Migrates a fresh database in a temporary directory, lets `seedDatabase` fill the SQLite file
 * (before the app opens it), then starts the app on it. `close` stops the app and removes the
 * directory; a failure on the way removes it too.
 */
export async function startSeededApp<Seeded>(
  name: string,
  seedDatabase: (file: string) => Promise<Seeded>,
): Promise<SeededApp<Seeded>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kuvert-bench-${name}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const migrating = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(migrating);
    await migrating.db.destroy();
    const seedStart = performance.now();
    const seeded = await seedDatabase(path.join(dataDir, 'kuvert.sqlite'));
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      KUVERT_DEMO: 'false',
      PUBLIC_URL: 'http://127.0.0.1',
    });
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    const app = await buildApp({ config, db: handle.db, engine: handle.engine });
    const close = async () => {
      await app.close();
      await handle.db.destroy();
      removeData();
    };
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port =
        typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
      const appUrl = `http://127.0.0.1:${port}`;
      return { appUrl, cookie: await logIn(appUrl), seeded, seedSeconds, app, dataDir, close };
    } catch (error) {
      await close();
      throw error;
    }
  } catch (error) {
    removeData();
    throw error;
  }
}
