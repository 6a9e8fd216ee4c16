import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Letters forwarded by e-mail (issue 25).
 *
 * - `forwarding_settings`: a row while a person has forwarding on; `scope` is `all` or
 *   `chosen` (then `forwarding_providers` lists the providers).
 * - `forwarded_letters`: each letter forwarded to a person, once: the job that sends it looks
 *   here first, so a retried job sends nothing twice.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('forwarding_settings')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('forwarding_providers')
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('forwarding_providers_pk', ['user_id', 'provider_id'])
    .execute();

  await db.schema
    .createTable('forwarded_letters')
    .addColumn('letter_id', 'text', (column) =>
      column.notNull().references('letters.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('sent_at', timestamp, (column) => column.notNull())
    .addPrimaryKeyConstraint('forwarded_letters_pk', ['letter_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('forwarded_letters_user_idx')
    .on('forwarded_letters')
    .column('user_id')
    .execute();
}
