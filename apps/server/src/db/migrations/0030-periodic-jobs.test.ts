import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import type { JobStatus } from '../schema.ts';
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

/** A database migrated up to `target` only, as an installation before this release. */
async function databaseAt(engine: Engine, target: string): Promise<DatabaseHandle> {
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
  const { error } = await migrator(handle).migrateTo(target);
  if (error) throw error;
  return handle;
}

function migrator(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: createMigrationProvider({ engine: handle.engine }),
  });
}

describe.each(engines)('migration 0030 (periodic jobs) on %s', (engine) => {
  it('drops the old recurring keys and keeps a period’s key taken in every status', async () => {
    const handle = await databaseAt(engine, '0028-letter-forwarding');
    const { db } = handle;
    const now = '2026-11-29T08:00:00.000Z';
    const job = (id: string, status: JobStatus, uniqueKey: string | null) => ({
      id,
      type: 'trash.purge',
      payload: '{}',
      status,
      attempts: 0,
      max_attempts: 3,
      run_at: now,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      unique_key: uniqueKey,
    });
    // Under the old index two finished runs could share the key, beside a pending one.
    await db
      .insertInto('jobs')
      .values([
        job('j1', 'done', 'trash.purge'),
        job('j2', 'done', 'trash.purge'),
        job('j3', 'pending', 'trash.purge'),
        job('j4', 'pending', null),
      ])
      .execute();

    const { error } = await migrator(handle).migrateToLatest();
    expect(error).toBeUndefined();

    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'status', 'unique_key'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'j1', status: 'done', unique_key: null },
      { id: 'j2', status: 'done', unique_key: null },
      { id: 'j4', status: 'pending', unique_key: null },
    ]);

    await db
      .insertInto('jobs')
      .values(job('j5', 'done', 'trash.purge:2026-11-29'))
      .execute();
    const again = await db
      .insertInto('jobs')
      .values(job('j6', 'pending', 'trash.purge:2026-11-29'))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    expect(Number(again[0]?.numInsertedOrUpdatedRows ?? 0)).toBe(0);
    await expect(
      db
        .insertInto('jobs')
        .values(job('j7', 'failed', 'trash.purge:2026-11-29'))
        .execute(),
    ).rejects.toThrow(/unique/i);
    // Jobs without a key stay as many as they like.
    await db
      .insertInto('jobs')
      .values(job('j8', 'pending', null))
      .execute();
  });
});
