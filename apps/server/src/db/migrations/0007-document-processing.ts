import { sql, type Kysely } from 'kysely';

/**
 * Where reading each document's text stands, so a letter can say "the text of this document
 * could not be read" instead of waiting forever: pending, extracted, failed (with the limit it
 * broke) or not applicable (images). Existing rows take the state their columns imply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('letter_documents')
    .addColumn('text_status', 'text', (column) => column.notNull().defaultTo('pending'))
    .execute();
  await db.schema.alterTable('letter_documents').addColumn('text_failure', 'text').execute();
  await sql`update letter_documents set text_status = case
      when extracted_at is not null then 'extracted'
      when content_type <> 'application/pdf' then 'not_applicable'
      else 'pending' end`.execute(db);
}
