import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { callerIsMember } from '../../db/scopes.ts';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database, LetterRecipientsTable, PrintBatchesTable } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';

export type RecipientRow = Selectable<LetterRecipientsTable>;
export type PrintBatchRow = Selectable<PrintBatchesTable>;

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

/** The letter with what its printed copy needs of its writer. */
export function findLetterToPrint(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letters as l')
    .leftJoin('users as u', 'u.id', 'l.created_by_user_id')
    .select([
      'l.id',
      'l.account_id',
      'l.subject',
      'l.body',
      'l.created_at',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.language',
      'u.address_street',
      'u.address_postcode',
      'u.address_city',
      'u.address_country',
    ])
    .where('l.id', '=', letterId)
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

/**
 * The one open batch, created when there is none. The unique partial index keeps it to one:
 * a parallel job's insert waits for ours (PostgreSQL) or runs after it (SQLite's write
 * transactions run one at a time) and then does nothing. On PostgreSQL the batch row is
 * locked until the caller's transaction ends, so a download cannot close it in between.
 */
export async function openBatchForUpdate(
  db: Kysely<Database>,
  engine: Engine,
  now: string,
): Promise<string> {
  for (;;) {
    await db
      .insertInto('print_batches')
      .values({ id: newId(Date.parse(now)), status: 'open', created_at: now, updated_at: now })
      .onConflict((conflict) =>
        // The index's own predicate, written out: SQLite matches it as text.
        conflict
          .column('status')
          .where(sql<SqlBool>`status = 'open'`)
          .doNothing(),
      )
      .execute();
    const open = await db
      .selectFrom('print_batches')
      .select('id')
      .where('status', '=', 'open')
      .$if(engine === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    // Closed by a download between the two statements: start another.
    if (open) return open.id;
  }
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

export interface BatchListRow {
  id: string;
  status: string;
  created_at: string;
  letters: number;
  pages: number;
}

export async function listBatches(db: Kysely<Database>): Promise<BatchListRow[]> {
  const rows = await db
    .selectFrom('print_batches as b')
    .leftJoin('letter_recipients as r', 'r.print_batch_id', 'b.id')
    .select((eb) => [
      'b.id',
      'b.status',
      'b.created_at',
      eb.fn.count<string | number>('r.id').as('letters'),
      eb.fn.coalesce(eb.fn.sum<string | number>('r.print_page_count'), eb.lit(0)).as('pages'),
    ])
    .groupBy(['b.id', 'b.status', 'b.created_at'])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, letters: Number(row.letters), pages: Number(row.pages) }));
}

export function findBatch(db: Kysely<Database>, batchId: string) {
  return db.selectFrom('print_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** Closes the batch when it is open (it then takes no more letters); answers the batch. */
export async function closeBatch(
  db: Kysely<Database>,
  batchId: string,
  now: string,
): Promise<PrintBatchRow | undefined> {
  await db
    .updateTable('print_batches')
    .set({ status: 'downloaded', downloaded_at: now, updated_at: now })
    .where('id', '=', batchId)
    .where('status', '=', 'open')
    .execute();
  return findBatch(db, batchId);
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

export async function markBatchSent(
  db: Kysely<Database>,
  batchId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('print_batches')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}

export function findBatchRecipient(db: Kysely<Database>, batchId: string, recipientId: string) {
  return db
    .selectFrom('letter_recipients')
    .select(['id', 'letter_id', 'status'])
    .where('id', '=', recipientId)
    .where('print_batch_id', '=', batchId)
    .executeTakeFirst();
}
