import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import type { Engine } from '../db/migrations/context.ts';
import { checkOutPostgresDatabase, prepareSqliteDatabase } from './database-templates.ts';

export interface TestDatabase {
  url: string | undefined;
  dataDir: string;
  handle: DatabaseHandle;
  /** Another pool on the same database, as a second server instance would have. */
  connectAgain(): DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database without the HTTP app, for testing infrastructure (jobs, storage)
 * below the modules: a SQLite file in a temp folder, or an empty PostgreSQL database.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-db-test-'));
  const postgres = engine === 'postgres' ? await checkOutPostgresDatabase() : undefined;
  if (!postgres) await prepareSqliteDatabase(dataDir);
  const url = postgres?.url;
  const connect = () =>
    connectDatabase({ databaseUrl: url, dataDir, poolSize: 4, onIdleConnectionError: () => {} });
  const handle = connect();
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
      await postgres?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
