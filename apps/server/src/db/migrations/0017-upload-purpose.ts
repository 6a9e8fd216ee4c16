import type { Kysely } from 'kysely';

/**
 * What an upload is for: `library` (every upload so far) or `mail_merge` (a CSV of recipients
 * uploaded in the mail merge, kept for the merge but not among the person's uploads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('purpose', 'text', (column) => column.notNull().defaultTo('library'))
    .execute();
}
