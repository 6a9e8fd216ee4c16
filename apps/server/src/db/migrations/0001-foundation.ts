import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('email_verified_at', timestamp)
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('disabled_at', timestamp)
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('personal', 'shared')`),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('owner', 'member', 'viewer')`),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('csrf_token', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('last_seen_at', timestamp, (column) => column.notNull())
    .addColumn('idle_expires_at', timestamp, (column) => column.notNull())
    .addColumn('absolute_expires_at', timestamp, (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('ip_address', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', context.engine === 'postgres' ? 'bigserial' : 'integer', (column) =>
      column.primaryKey(),
    )
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('hit_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_key_idx')
    .on('rate_limit_hits')
    .columns(['key', 'hit_at'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('ip_address', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('audit_events_user_idx')
    .on('audit_events')
    .columns(['user_id', 'created_at'])
    .execute();
}
