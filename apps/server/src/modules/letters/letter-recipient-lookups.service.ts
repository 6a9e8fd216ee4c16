import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  countRecipientDeliveryRowsOfMerges,
  findExtractedDocumentTextRows,
  findLetterRowOfCopy,
  findRecipientDeliveryRows,
} from './letter-recipient-lookups.repository.ts';

/*
 * What the outbox and mail merges read of letters they wrote: recipients' deliveries, the
 * letter a copy was delivered from, text already read from documents' bytes.
 */

/** Each recipient's delivery of the given letters, ordered by letter id, then recipient position. */
export async function findRecipientDeliveries(db: Kysely<Database>, letterIds: readonly string[]) {
  return findRecipientDeliveryRows(db, letterIds);
}

/** The recipients of the merges' letters counted by delivery status, one row per merge and status. */
export async function countRecipientDeliveriesOfMerges(
  db: Kysely<Database>,
  mailMergeIds: readonly string[],
) {
  return countRecipientDeliveryRowsOfMerges(db, mailMergeIds);
}

/** The letter a Kuvert copy was delivered from; undefined when it was deleted. */
export async function findOutboundLetterOfCopy(
  db: Kysely<Database>,
  copyId: string,
): Promise<{ id: string; account_id: string } | undefined> {
  return findLetterRowOfCopy(db, copyId);
}

/**
 * Text already read from letter documents' bytes, by storage key (documents are stored by
 * content, so the same key is the same bytes). `db` may be the caller's transaction.
 */
export async function findKnownDocumentTexts(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Array<{ storageKey: string; text: string; pageCount: number | null }>> {
  if (keys.length === 0) return [];
  const rows = await findExtractedDocumentTextRows(db, keys);
  return rows.flatMap((row) =>
    row.text !== null
      ? [{ storageKey: row.storage_key, text: row.text, pageCount: row.page_count }]
      : [],
  );
}
