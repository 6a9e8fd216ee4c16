import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * The private calendar feed (issue 25, DESIGN §9): one per person. The feed's address carries a
 * secret of 256 bits and nothing else; only its SHA-256 is kept (unique: the public route finds
 * the person by it). Making a new address replaces the row, revoking deletes it.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', timestampType(context), (column) => column.notNull())
    .execute();
}
