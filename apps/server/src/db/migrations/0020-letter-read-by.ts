import type { Kysely } from 'kysely';

/**
 * Who read a letter first (`letters.read_by_user_id`), as its `read_at` says when: in a shared
 * mailbox the letter then shows "Read by …". Null for letters read before it was kept, for
 * outbound letters, and once the reader's user is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('letters')
    .addColumn('read_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .execute();
}
