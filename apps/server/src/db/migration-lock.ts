import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';

/**
 * Migrations are applied by one process at a time, whichever process starts first: several
 * instances starting together on one PostgreSQL database, or the CLI (which migrates too)
 * beside a server starting on one SQLite file. The others wait, then find nothing left to do.
 */

/** The PostgreSQL advisory lock's key: any fixed number no other lock of the database uses. */
export const MIGRATION_LOCK_KEY = 7_238_657_246_401;

/** How long a process waits for another's migrations before it gives up. */
const WAIT_MS = 10 * 60_000;
const SQLITE_POLL_MS = 50;
const SQLITE_BUSY = 5;

/**
 * Runs `migrate` on one dedicated connection while holding a session-level advisory lock on
 * it. Another instance waits in `pg_advisory_lock`; the lock is released when `migrate` ends,
 * or by PostgreSQL itself if this process dies holding it (the session ends).
 */
export async function withPostgresMigrationLock<DB, T>(
  db: Kysely<DB>,
  migrate: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`set lock_timeout = ${sql.lit(`${WAIT_MS}ms`)}`.execute(connection);
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    const unlock = async () => {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
      await sql`reset lock_timeout`.execute(connection);
    };
    let result: T;
    try {
      result = await migrate(connection);
    } catch (error) {
      // The migration's error is the one to report; a connection that broke lost the lock.
      await unlock().catch(() => {});
      throw error;
    }
    await unlock();
    return result;
  });
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    (('errcode' in error && error.errcode === SQLITE_BUSY) ||
      /database is locked/i.test(error.message))
  );
}

/**
 * SQLite's migrations cannot run in one transaction (a table rebuild turns foreign keys off,
 * which a transaction ignores), so the database's own lock cannot keep a second process out
 * of them. A small lock file beside the database does: an exclusive transaction on it is held
 * while migrating, and the operating system drops it if the process dies. Waiting polls
 * (without a busy timeout, which would block the event loop), so that two callers in one
 * process wait for each other too.
 */
export async function withSqliteMigrationLock<T>(
  lockFile: string,
  migrate: () => Promise<T>,
): Promise<T> {
  const lock = new DatabaseSync(lockFile);
  try {
    lock.exec('PRAGMA busy_timeout = 0');
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        await sleep(SQLITE_POLL_MS);
      }
    }
    try {
      return await migrate();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
