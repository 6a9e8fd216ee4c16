import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Members in the portal: a membership may end on a day (`access_until`, YYYY-MM-DD, the last
 * day with access); owners invite people by e-mail (`account_invitations`, only the hash of the
 * mailed token is kept); a security event may say what it was about (`details`, JSON).
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema.alterTable('memberships').addColumn('access_until', 'text').execute();
  await db.schema.alterTable('audit_events').addColumn('details', 'text').execute();
  await db.schema
    .createTable('account_invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('owner', 'member', 'viewer')`),
    )
    .addColumn('access_until', 'text')
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('invited_by', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('accepted_at', timestamp)
    .addColumn('accepted_by', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema
    .createIndex('account_invitations_account_idx')
    .on('account_invitations')
    .columns(['account_id', 'created_at'])
    .execute();
}
