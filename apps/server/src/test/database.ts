import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../db/connect.ts';
import type { Engine } from '../db/migrations/context.ts';

export interface TestDatabase {
  url: string | undefined;
  dataDir: string;
  handle: DatabaseHandle;
  /** Another pool on the same database, as a second server instance would have. */
  connectAgain(): DatabaseHandle;
  close(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function runAdminQuery(query: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database without the HTTP app, for testing infrastructure (jobs, storage)
 * below the modules: a SQLite file in a temp folder, or a new PostgreSQL database.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-db-test-'));
  let url: string | undefined;
  let name: string | undefined;
  if (engine === 'postgres') {
    name = `kuvert_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await runAdminQuery(`create database ${name}`);
    const parsed = new URL(adminUrl());
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  const connect = () =>
    connectDatabase({ databaseUrl: url, dataDir, poolSize: 4, onIdleConnectionError: () => {} });
  const handle = connect();
  await migrateToLatest(handle);
  const extraHandles: DatabaseHandle[] = [];

  return {
    url,
    dataDir,
    handle,
    connectAgain() {
      const extra = connect();
      extraHandles.push(extra);
      return extra;
    },
    async close() {
      for (const extra of extraHandles) await extra.db.destroy();
      await handle.db.destroy();
      if (name) await runAdminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
