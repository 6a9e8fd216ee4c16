import type { Kysely, Selectable } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database, LetterRecipientsTable } from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';

/*
 * The postal channel's SQL on letters' recipients (the postal module keeps its print batches
 * and asks here). Every function takes the caller's transaction where the caller has one, so
 * row locks and atomicity stay the caller's.
 */

export type RecipientRow = Selectable<LetterRecipientsTable>;

/** Postal recipients among `ids` still waiting for their print PDF. */
export function findRecipientsToRender(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('letter_recipients')
    .selectAll()
    .where('id', 'in', ids)
    .where('channel', '=', 'postal')
    .where('status', '=', 'queued')
    .where('print_storage_key', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The letter with what its printed copy needs, and who wrote it. */
export function findLetterToPrintRow(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letters')
    .select(['id', 'account_id', 'subject', 'body', 'created_at', 'created_by_user_id'])
    .where('id', '=', letterId)
    .executeTakeFirst();
}

export function findLetterAttachments(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letter_documents')
    .select(['filename', 'content_type', 'storage_key'])
    .where('letter_id', '=', letterId)
    .where('role', '=', 'original')
    .orderBy('position')
    .execute();
}

export async function markRecipientRendered(
  db: Kysely<Database>,
  recipientId: string,
  print: { storageKey: string; pageCount: number; now: string },
): Promise<RecipientRow | undefined> {
  return db
    .updateTable('letter_recipients')
    .set({
      print_storage_key: print.storageKey,
      print_page_count: print.pageCount,
      updated_at: print.now,
    })
    .where('id', '=', recipientId)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

export async function addRecipientToBatch(
  db: Kysely<Database>,
  recipientId: string,
  batchId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('letter_recipients')
    .set({ print_batch_id: batchId, updated_at: now })
    .where('id', '=', recipientId)
    .execute();
}

/** Fails recipients still queued; answers the letters they belong to. */
export async function markRecipientsFailed(
  db: Kysely<Database>,
  recipientIds: readonly string[],
  reason: string,
  now: string,
  statuses: ReadonlyArray<RecipientRow['status']> = ['queued'],
): Promise<string[]> {
  if (recipientIds.length === 0) return [];
  const rows = await db
    .updateTable('letter_recipients')
    .set({ status: 'failed', failure_reason: reason, failed_at: now, updated_at: now })
    .where('id', 'in', recipientIds)
    .where('status', 'in', statuses)
    .returning('letter_id')
    .execute();
  return [...new Set(rows.map((row) => row.letter_id))];
}

export function findAccountsOfLetters(db: Kysely<Database>, letterIds: readonly string[]) {
  if (letterIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('letters')
    .select('account_id')
    .distinct()
    .where('id', 'in', letterIds)
    .execute();
}

/** The recipient's print PDF, for a member of the sending account. */
export function findPrintPdfForUser(
  db: Kysely<Database>,
  userId: string,
  letterId: string,
  recipientId: string,
) {
  return db
    .selectFrom('letter_recipients as r')
    .innerJoin('letters as l', 'l.id', 'r.letter_id')
    .select(['r.print_storage_key', 'r.name', 'l.subject'])
    .where('r.id', '=', recipientId)
    .where('r.letter_id', '=', letterId)
    .where('l.direction', '=', 'outbound')
    .where('r.print_storage_key', 'is not', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirst();
}

/** How many recipients each batch holds and their printed pages, per batch id. */
export async function countBatchRecipientRows(db: Kysely<Database>, batchIds: readonly string[]) {
  return lookUpInBatches(batchIds, (batch) =>
    db
      .selectFrom('letter_recipients')
      .select((eb) => [
        'print_batch_id',
        eb.fn.count<string | number>('id').as('letters'),
        eb.fn.coalesce(eb.fn.sum<string | number>('print_page_count'), eb.lit(0)).as('pages'),
      ])
      .where('print_batch_id', 'in', batch)
      .groupBy('print_batch_id')
      .execute(),
  );
}

/** The batch's letters in the order they joined it. */
export function findBatchRecipients(db: Kysely<Database>, batchId: string) {
  return db
    .selectFrom('letter_recipients')
    .select(['id', 'letter_id', 'status', 'print_storage_key', 'print_page_count'])
    .where('print_batch_id', '=', batchId)
    .orderBy('created_at')
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}

/** Moves the batch's recipients that are in `from` to `to`; answers their letters. */
export async function moveBatchRecipients(
  db: Kysely<Database>,
  batchId: string,
  from: RecipientRow['status'],
  to: 'printed' | 'sent',
  now: string,
): Promise<string[]> {
  const rows = await db
    .updateTable('letter_recipients')
    .set({
      status: to,
      updated_at: now,
      ...(to === 'printed' ? { printed_at: now } : { sent_at: now }),
    })
    .where('print_batch_id', '=', batchId)
    .where('status', '=', from)
    .returning('letter_id')
    .execute();
  return [...new Set(rows.map((row) => row.letter_id))];
}

export function findBatchRecipient(db: Kysely<Database>, batchId: string, recipientId: string) {
  return db
    .selectFrom('letter_recipients')
    .select(['id', 'letter_id', 'status'])
    .where('id', '=', recipientId)
    .where('print_batch_id', '=', batchId)
    .executeTakeFirst();
}

/**
 * Moves a postal recipient to `status` when it is in one of `from` (a status never goes back);
 * answers its letter, or undefined when it did not move.
 */
export async function movePostalRecipient(
  db: Kysely<Database>,
  update: { recipientId: string; status: 'printed' | 'sent' | 'failed'; reason?: string },
  from: ReadonlyArray<RecipientRow['status']>,
  now: string,
) {
  return db
    .updateTable('letter_recipients')
    .set({
      status: update.status,
      updated_at: now,
      ...(update.status === 'printed' ? { printed_at: now } : {}),
      ...(update.status === 'sent' ? { sent_at: now } : {}),
      ...(update.status === 'failed'
        ? { failed_at: now, failure_reason: update.reason ?? 'The letter could not be posted.' }
        : {}),
    })
    .where('id', '=', update.recipientId)
    .where('channel', '=', 'postal')
    .where('status', 'in', from)
    .returning('letter_id')
    .executeTakeFirst();
}
