import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { inject } from 'vitest';
import { connectDatabase, migrateToLatest } from '../db/connect.ts';

/**
 * Migrating a database for every test cost more than most tests themselves, and creating and
 * dropping a PostgreSQL database waits for checkpoints. So the server project's global setup
 * migrates once per run (a SQLite file, and a PostgreSQL database per run); a test's SQLite
 * file is a copy of the migrated one, and a test's PostgreSQL database is one this worker has
 * used before, emptied, or a copy of the template when none is free.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy; unset outside the server project's global setup. */
    sqliteTemplatePath?: string;
    /** Prefix of this run's PostgreSQL databases; `<prefix>_template` is the migrated one. */
    postgresRunPrefix?: string;
    /** The template's schema fingerprint: a used database that differs is not used again. */
    postgresSchemaFingerprint?: string;
  }
}

const SQLITE_FILE = 'kuvert.sqlite';

export function adminDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  // Tests need no durability: a commit need not wait for the disk.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

/**
 * Tables, columns, indexes, constraints and triggers of the public schema, hashed: a test may
 * change the schema (one drops a table to see a failure answered well), and a database whose
 * schema is no longer the template's must not serve the next test.
 */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(part, '|' order by part)) as fingerprint from (
    select table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
      || ':' || coalesce(column_default, '') as part
      from information_schema.columns where table_schema = 'public'
    union all
    select indexdef from pg_indexes where schemaname = 'public'
    union all
    select conrelid::regclass || ':' || conname || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select tgrelid::regclass || ':' || tgname from pg_trigger
      where not tgisinternal and tgrelid in
        (select oid from pg_class where relnamespace = 'public'::regnamespace)
  ) as schema_parts`;

async function schemaFingerprint(client: Client): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Global setup: migrates the templates once; the teardown drops every database of the run. */
export async function prepareDatabaseTemplates(): Promise<{
  provided: {
    sqliteTemplatePath: string;
    postgresRunPrefix?: string;
    postgresSchemaFingerprint?: string;
  };
  teardown(): Promise<void>;
}> {
  const sqliteFolder = mkdtempSync(path.join(tmpdir(), 'kuvert-template-'));
  const sqlite = connectDatabase({ databaseUrl: undefined, dataDir: sqliteFolder });
  await migrateToLatest(sqlite);
  // Closing checkpoints the write-ahead log into the file, so a copy of the file is complete.
  await sqlite.db.destroy();
  const sqliteTemplatePath = path.join(sqliteFolder, SQLITE_FILE);

  let postgresRunPrefix: string | undefined;
  let postgresSchemaFingerprint: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    postgresRunPrefix = `kuvert_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const template = `${postgresRunPrefix}_template`;
    await withClient(adminDatabaseUrl(), (admin) => admin.query(`create database ${template}`));
    const postgres = connectDatabase({ databaseUrl: databaseUrl(template), dataDir: sqliteFolder });
    await migrateToLatest(postgres);
    await postgres.db.destroy();
    postgresSchemaFingerprint = await withClient(databaseUrl(template), schemaFingerprint);
  }

  return {
    provided: {
      sqliteTemplatePath,
      ...(postgresRunPrefix ? { postgresRunPrefix, postgresSchemaFingerprint } : {}),
    },
    async teardown() {
      rmSync(sqliteFolder, { recursive: true, force: true });
      if (!postgresRunPrefix) return;
      const prefix = postgresRunPrefix;
      await withClient(adminDatabaseUrl(), async (admin) => {
        const { rows } = await admin.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [`${prefix}_`],
        );
        for (const { datname } of rows) await admin.query(`drop database ${datname} with (force)`);
      });
    },
  };
}

/** A migrated SQLite file at `<dataDir>/kuvert.sqlite`, where connectDatabase looks for it. */
export async function prepareSqliteDatabase(dataDir: string): Promise<void> {
  const template = inject('sqliteTemplatePath');
  if (!template) {
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(handle);
    await handle.db.destroy();
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(template, path.join(dataDir, SQLITE_FILE));
}

export interface PostgresTestDatabase {
  url: string;
  /** Gives the database back for the next test of this worker; its pools must be closed. */
  release(): Promise<void>;
}

/**
 * Names of this worker's databases nobody uses now. A worker runs one file at a time, and
 * every file starts with fresh modules, so the first test of a file finds them by name.
 */
let freeDatabases: string[] | undefined;
let databaseCount = 0;
let tablesToEmpty: string | undefined;

function workerPrefix(runPrefix: string): string {
  return `${runPrefix}_w${process.env.VITEST_POOL_ID ?? '0'}`;
}

async function findFreeDatabases(runPrefix: string): Promise<string[]> {
  const prefix = `${workerPrefix(runPrefix)}_`;
  const { rows } = await withClient(adminDatabaseUrl(), (admin) =>
    admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    ),
  );
  databaseCount = rows.length;
  return rows.map((row) => row.datname);
}

/**
 * Empties every table but the migrator's own, as a fresh copy of the template would be;
 * answers false, leaving it as it is, when a test changed its schema.
 */
async function emptyDatabase(name: string): Promise<boolean> {
  return withClient(databaseUrl(name), async (client) => {
    if ((await schemaFingerprint(client)) !== inject('postgresSchemaFingerprint')) return false;
    if (tablesToEmpty === undefined) {
      const { rows } = await client.query<{ tablename: string }>(
        "select tablename from pg_tables where schemaname = 'public' and not starts_with(tablename, 'kysely_')",
      );
      tablesToEmpty = rows.map((row) => `"${row.tablename}"`).join(', ');
    }
    await client.query(`truncate ${tablesToEmpty} restart identity`);
    return true;
  });
}

async function createDatabase(name: string, template: string | undefined): Promise<void> {
  const from = template ? ` template ${template}` : '';
  await withClient(adminDatabaseUrl(), (admin) => admin.query(`create database ${name}${from}`));
  if (template) return;
  const handle = connectDatabase({ databaseUrl: databaseUrl(name), dataDir: tmpdir() });
  await migrateToLatest(handle);
  await handle.db.destroy();
}

/** A migrated, empty PostgreSQL database for one test. */
export async function checkOutPostgresDatabase(): Promise<PostgresTestDatabase> {
  const runPrefix = inject('postgresRunPrefix');
  if (!runPrefix) {
    // Outside the server project's global setup: a database of its own, dropped at release.
    const name = `kuvert_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await createDatabase(name, undefined);
    return {
      url: databaseUrl(name),
      release: () =>
        withClient(adminDatabaseUrl(), (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        ).then(() => undefined),
    };
  }
  freeDatabases ??= await findFreeDatabases(runPrefix);
  let name = freeDatabases.pop();
  // A database whose schema a test changed stays unused; the teardown drops it.
  while (name !== undefined && !(await emptyDatabase(name))) name = freeDatabases.pop();
  if (name === undefined) {
    databaseCount += 1;
    name = `${workerPrefix(runPrefix)}_${databaseCount}`;
    await createDatabase(name, `${runPrefix}_template`);
  }
  const checkedOut = name;
  return {
    url: databaseUrl(checkedOut),
    async release() {
      freeDatabases?.push(checkedOut);
    },
  };
}
