import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Account deletion (issue 25): one row per user who asked. While a mailed code is pending,
 * `code_hash` (SHA-256 over the user id and the code; the code itself is never stored), its
 * expiry and the wrong attempts so far; once confirmed, `due_at` (30 days later) until the
 * person cancels (row back to no due date) or the purge job erases the account (`purged_at`).
 * The users row then stays as a tombstone ("Deleted user", no e-mail, no name), so that the
 * signature audit and what providers received keep their foreign keys on both databases.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', timestamp)
    .addColumn('code_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('requested_at', timestamp)
    .addColumn('due_at', timestamp)
    .addColumn('purged_at', timestamp)
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  await sql`create index account_deletions_due_idx on account_deletions (due_at)
      where due_at is not null and purged_at is null`.execute(db);
}
