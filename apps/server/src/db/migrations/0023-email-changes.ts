import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Changes of a login's e-mail address (issue 25). One row per request: the link to the new
 * address confirms it, the link to the old one cancels it while it is pending; only the
 * SHA-256 of each link's token is kept. `status` is `pending`, then `confirmed`, `cancelled`
 * or `replaced` (a newer request of the same user), and the row stays, so a link followed
 * again names what became of it. At most one pending row per user: a partial unique index.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('old_email', 'text', (column) => column.notNull())
    .addColumn('new_email', 'text', (column) => column.notNull())
    .addColumn('confirm_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('cancel_token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('requested_session_id', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('ended_at', timestamp)
    .execute();
  await db.schema
    .createIndex('email_changes_user_idx')
    .on('email_changes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('email_changes_one_pending_idx')
    .on('email_changes')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
}
