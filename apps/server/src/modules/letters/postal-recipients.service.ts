import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countBatchRecipientRows } from './postal-recipients.repository.ts';

/*
 * What the postal channel reads and changes of letters' recipients: recipients to render, the
 * letter and documents to print, print batches' recipients and their statuses. Pass the
 * transaction the change belongs to: a recipient is handed over exactly once, and a batch's
 * letters move together.
 */
export {
  addRecipientToBatch,
  findAccountsOfLetters,
  findBatchRecipient,
  findBatchRecipients,
  findLetterAttachments,
  findLetterToPrintRow,
  findPrintPdfForUser,
  findRecipientsToRender,
  markRecipientRendered,
  markRecipientsFailed,
  moveBatchRecipients,
  movePostalRecipient,
  type RecipientRow,
} from './postal-recipients.repository.ts';

export interface BatchRecipientCount {
  letters: number;
  pages: number;
}

/** How many letters each batch holds and how many pages they print, by batch id. */
export async function countBatchRecipients(
  db: Kysely<Database>,
  batchIds: readonly string[],
): Promise<Map<string, BatchRecipientCount>> {
  if (batchIds.length === 0) return new Map();
  const rows = await countBatchRecipientRows(db, batchIds);
  const counts = new Map<string, BatchRecipientCount>();
  for (const row of rows) {
    if (row.print_batch_id === null) continue;
    counts.set(row.print_batch_id, { letters: Number(row.letters), pages: Number(row.pages) });
  }
  return counts;
}
