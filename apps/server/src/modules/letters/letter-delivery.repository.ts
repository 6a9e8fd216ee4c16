import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  Database,
  LetterDocumentsTable,
  LetterRecipientsTable,
  LettersTable,
} from '../../db/schema.ts';

/**
 * Rows one multi-row insert takes. SQLite allows 32,766 bound values; a letter row has about
 * 40 columns, so 400 letters stay well below it (and PostgreSQL's 65,535).
 */
const INSERT_BATCH = 400;
/** Values one `in (…)` list takes. */
const LOOKUP_BATCH = 5000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await insert(rows.slice(start, start + INSERT_BATCH));
  }
}

/** The only insert into `letters`: every letter arrives through `writeLetters`. */
export async function insertLetters(
  db: Kysely<Database>,
  rows: readonly Insertable<LettersTable>[],
): Promise<void> {
  await insertInBatches(rows, (batch) => db.insertInto('letters').values(batch).execute());
}

export async function insertRecipients(
  db: Kysely<Database>,
  rows: readonly Insertable<LetterRecipientsTable>[],
): Promise<void> {
  await insertInBatches(rows, (batch) =>
    db.insertInto('letter_recipients').values(batch).execute(),
  );
}

export async function insertDocuments(
  db: Kysely<Database>,
  rows: readonly Insertable<LetterDocumentsTable>[],
): Promise<void> {
  await insertInBatches(rows, (batch) => db.insertInto('letter_documents').values(batch).execute());
}

const recipientWithStatus = (status: string) =>
  sql`exists (select 1 from letter_recipients r
    where r.letter_id = letters.id and r.status = ${sql.lit(status)})`;

/**
 * Sets each letter's status to the least advanced of its recipients' (see the shared
 * `overallDeliveryStatus`); letters without recipient rows keep theirs.
 */
export async function refreshDeliveryStatus(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < letterIds.length; start += LOOKUP_BATCH) {
    const batch = letterIds.slice(start, start + LOOKUP_BATCH);
    await db
      .updateTable('letters')
      .set({
        delivery_status: sql<string>`case
          when ${recipientWithStatus('failed')} then 'failed'
          when ${recipientWithStatus('queued')} then 'queued'
          when ${recipientWithStatus('printed')} then 'printed'
          when ${recipientWithStatus('sent')} then 'sent'
          else 'delivered' end`,
        delivery_failure_reason: sql<string | null>`(select r.failure_reason
          from letter_recipients r where r.letter_id = letters.id and r.status = 'failed'
          order by r.position limit 1)`,
      })
      .where('id', 'in', batch)
      .where(
        sql<boolean>`exists (select 1 from letter_recipients r where r.letter_id = letters.id)`,
      )
      .execute();
  }
}
