import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

/** Each recipient's delivery of the given letters, in the letters' recipient order. */
export async function findRecipientDeliveryRows(
  db: Kysely<Database>,
  letterIds: readonly string[],
) {
  return lookUpInBatches(letterIds, (batch) =>
    db
      .selectFrom('letter_recipients')
      .select(['letter_id', 'status', 'failure_reason'])
      .where('letter_id', 'in', batch)
      .orderBy('letter_id')
      .orderBy('position')
      .execute(),
  );
}

/** The recipients of the merges' letters counted by delivery status, per merge. */
export async function countRecipientDeliveryRowsOfMerges(
  db: Kysely<Database>,
  mailMergeIds: readonly string[],
) {
  return lookUpInBatches(mailMergeIds, (batch) =>
    db
      .selectFrom('letter_recipients as r')
      .innerJoin('letters as l', 'l.id', 'r.letter_id')
      .select([
        'l.mail_merge_id',
        'r.status',
        (eb) => eb.fn.countAll<string | number>().as('count'),
      ])
      .where('l.mail_merge_id', 'in', batch)
      .groupBy(['l.mail_merge_id', 'r.status'])
      .execute(),
  );
}

/** The letter whose Kuvert recipient was delivered as `copyId`. */
export async function findLetterRowOfCopy(db: Kysely<Database>, copyId: string) {
  return db
    .selectFrom('letter_recipients as r')
    .innerJoin('letters as l', 'l.id', 'r.letter_id')
    .select(['l.id', 'l.account_id'])
    .where('r.delivered_letter_id', '=', copyId)
    .executeTakeFirst();
}

/** Letter documents' text already read, by the key of their bytes. */
export async function findExtractedDocumentTextRows(db: Kysely<Database>, keys: readonly string[]) {
  return lookUpInBatches(keys, (batch) =>
    db
      .selectFrom('letter_documents')
      .select(['storage_key', 'text', 'page_count'])
      .where('storage_key', 'in', batch)
      .where('text_status', '=', 'extracted')
      .execute(),
  );
}
