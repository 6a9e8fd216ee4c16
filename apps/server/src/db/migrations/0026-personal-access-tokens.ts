import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Personal access tokens (DESIGN §9): the credentials of the personal API (/api/personal/v1).
 * Like the providers' API keys, only the SHA-256 of a token is kept (`token_hash`, unique);
 * `token_prefix` is what the profile shows to tell tokens apart. A token is live while it is
 * neither revoked nor past `expires_at`; `last_used_at` is written at most once a minute.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('token_prefix', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('last_used_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_user_idx')
    .on('personal_access_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}
