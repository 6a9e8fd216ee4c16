import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import { Pool, types } from 'pg';
import type { Engine } from './migrations/context.ts';
import { withPostgresMigrationLock, withSqliteMigrationLock } from './migration-lock.ts';
import { createMigrationProvider } from './migrations/index.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The SQLite file, whose migrations a lock file beside it keeps to one process at a time. */
  sqliteFile?: string;
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;

// Both engines hand timestamps to the code as ISO strings and counts as numbers.
types.setTypeParser(PG_INT8, (value) => Number(value));
types.setTypeParser(PG_TIMESTAMPTZ, (value) => new Date(value).toISOString());
types.setTypeParser(PG_TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());

export interface ConnectOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** An idle pooled connection failed (server restart, network); the pool reconnects. */
  onIdleConnectionError?: (error: Error) => void;
}

function warnIdleConnectionError(error: Error): void {
  console.warn(`Kuvert: an idle database connection was closed (${error.message})`);
}

/** PostgreSQL when a URL is given, else the embedded SQLite file in the data folder. */
export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Without a listener, an idle client's error is thrown as an uncaught exception and ends
    // the process; the pool replaces the connection on its own.
    pool.on('error', options.onIdleConnectionError ?? warnIdleConnectionError);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      engine: 'postgres',
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqliteFile = path.join(options.dataDir, 'kuvert.sqlite');
  const database = openNodeSqlite(sqliteFile);
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) }),
    engine: 'sqlite',
    sqliteFile,
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE), where the busy timeout
 * waits for it. A deferred BEGIN would read first and then fail at once with "database is
 * locked" when another process (the CLI beside the server) wrote in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Applies every pending migration; throws with the failing migration's error. One process at
 * a time (migration-lock.ts): instances starting together on one database all succeed, the
 * first migrating while the others wait, then find nothing left to do.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    // The migrator runs on the locked connection itself: no second connection is needed.
    return withPostgresMigrationLock(handle.db, (connection) => migrate(handle, connection));
  }
  const { sqliteFile } = handle;
  if (!sqliteFile) return migrate(handle, handle.db);
  return withSqliteMigrationLock(`${sqliteFile}${SQLITE_MIGRATION_LOCK_SUFFIX}`, () =>
    migrate(handle, handle.db),
  );
}

/** Beside `kuvert.sqlite`: held (an exclusive transaction on it) while migrating. */
export const SQLITE_MIGRATION_LOCK_SUFFIX = '.migration-lock';

async function migrate(handle: DatabaseHandle, db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: createMigrationProvider({ engine: handle.engine }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
