import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../test/helper.ts';
import { createScratchPostgresDatabase } from '../test/scratch-postgres.ts';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from './connect.ts';
import type { Engine } from './migrations/context.ts';
import { createMigrationProvider } from './migrations/index.ts';
import { MIGRATION_LOCK_KEY } from './migration-lock.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

/** An empty database, and a way to open as many pools on it as instances would. */
async function emptyDatabase(engine: Engine): Promise<{ url?: string; open(): DatabaseHandle }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-migrate-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (engine === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    url = scratch.url;
  }
  return {
    ...(url ? { url } : {}),
    open() {
      const handle = connectDatabase({
        databaseUrl: url,
        dataDir,
        poolSize: 2,
        onIdleConnectionError: () => {},
      });
      cleanups.push(() => handle.db.destroy());
      return handle;
    },
  };
}

async function appliedMigrations(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(handle.db);
  return rows.map((row) => row.name);
}

/** Every table and column, as the schema lists them. */
async function schemaOf(handle: DatabaseHandle): Promise<string[]> {
  if (handle.engine === 'postgres') {
    const { rows } = await sql<{ part: string }>`
      select table_name || '.' || column_name || ':' || data_type as part
      from information_schema.columns where table_schema = 'public'
      order by part`.execute(handle.db);
    return rows.map((row) => row.part);
  }
  const { rows } = await sql<{ part: string }>`
    select m.name || '.' || p.name || ':' || p.type as part
    from sqlite_master m, pragma_table_info(m.name) p
    where m.type = 'table' order by part`.execute(handle.db);
  return rows.map((row) => row.part);
}

describe.each(testEngines)('migrations when instances start together (%s)', (engine) => {
  it('three instances migrating an empty database at once all succeed, and the schema is complete', async () => {
    const database = await emptyDatabase(engine);
    const first = database.open();
    const instances = [first, database.open(), database.open()];

    const outcomes = await Promise.allSettled(instances.map((handle) => migrateToLatest(handle)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const expected = Object.keys(await createMigrationProvider({ engine }).getMigrations());
    expect(await appliedMigrations(first)).toEqual(expected.toSorted());

    // The same schema as one instance alone makes.
    const alone = (await emptyDatabase(engine)).open();
    await migrateToLatest(alone);
    expect(await schemaOf(first)).toEqual(await schemaOf(alone));
  });

  it('a start after the others finds nothing left to do', async () => {
    const database = await emptyDatabase(engine);
    await migrateToLatest(database.open());
    const later = database.open();
    await migrateToLatest(later);
    const names = await appliedMigrations(later);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe.runIf(testEngines.includes('postgres'))('the PostgreSQL migration lock', () => {
  it('waits while another session holds the advisory lock, and goes on when it is released', async () => {
    const database = await emptyDatabase('postgres');
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);

    const handle = database.open();
    let isDone = false;
    const migrating = migrateToLatest(handle).then(() => {
      isDone = true;
    });
    // Wait until the migration is seen waiting for the lock.
    for (;;) {
      const { rows } = await holder.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted and objid = $1`,
        [MIGRATION_LOCK_KEY % 2 ** 32],
      );
      if ((rows[0]?.waiting ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(isDone).toBe(false);
    const { rows: tables } = await holder.query(
      "select 1 from pg_tables where schemaname = 'public' and tablename = 'letters'",
    );
    expect(tables).toEqual([]);

    await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    await migrating;
    expect(isDone).toBe(true);
    // And the lock is not left behind: another session takes it at once.
    const { rows } = await holder.query<{ taken: boolean }>(
      `select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) as taken`,
    );
    expect(rows[0]?.taken).toBe(true);
  });
});
