import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import type { Engine } from './context.ts';
import { createMigrationProvider } from './index.ts';

const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function adminQuery(query: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A fresh database, for a migration test of its own. */
async function freshDatabase(engine: Engine): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-migration-'));
  let url: string | undefined;
  if (engine === 'postgres') {
    const name = `kuvert_migration_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database ${name}`);
    const parsed = new URL(process.env.TEST_DATABASE_URL ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  }
  const handle = connectDatabase({ databaseUrl: url, dataDir });
  cleanups.unshift(async () => {
    await handle.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

async function migrateTo(handle: DatabaseHandle, target: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: createMigrationProvider({ engine: handle.engine }),
  });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error;
}

const refreshJobs = (handle: DatabaseHandle) =>
  handle.db
    .selectFrom('jobs')
    .select(['type', 'status'])
    .where('type', '=', 'search.refresh')
    .execute();

describe.each(engines)('migration 0034 (search languages) on %s', (engine) => {
  it('queues one refresh of the search index where there is something indexed, none on a new installation', async () => {
    const fresh = await freshDatabase(engine);
    await migrateTo(fresh, '0034-search-languages');
    expect(await refreshJobs(fresh)).toEqual([]);

    const used = await freshDatabase(engine);
    await migrateTo(used, '0031-test-idp-entries');
    const now = new Date().toISOString();
    await used.db
      .insertInto('accounts')
      .values({ id: 'a1', name: 'Home', kind: 'personal', created_at: now })
      .execute();
    await used.db
      .insertInto('uploads')
      .values({
        id: 'u1',
        account_id: 'a1',
        created_by_user_id: null,
        name: 'Ærø.pdf',
        status: 'stored',
        content_type: 'application/pdf',
        size: 1,
        storage_key: null,
        sha256: null,
        text_failure: null,
        text_source: null,
        text: null,
        page_count: null,
        thumbnail_key: null,
        thumbnail_type: null,
        encoding: null,
        delimiter: null,
        created_at: now,
        updated_at: now,
        stored_at: now,
      })
      .execute();
    await migrateTo(used, '0034-search-languages');
    expect(await refreshJobs(used)).toEqual([{ type: 'search.refresh', status: 'pending' }]);
  });
});
