import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  FormSubmissionDocumentsTable,
  FormSubmissionsTable,
} from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';

export type NewSubmissionRow = Insertable<FormSubmissionsTable>;
export type SubmissionDocumentRow = Selectable<FormSubmissionDocumentsTable>;

export type SubmissionTableRow = Selectable<FormSubmissionsTable>;

function submissions(db: Kysely<Database>) {
  return db.selectFrom('form_submissions as s').selectAll('s');
}

export async function findSubmissionRow(
  db: Kysely<Database>,
  submissionId: string,
): Promise<SubmissionTableRow | undefined> {
  return submissions(db).where('s.id', '=', submissionId).executeTakeFirst();
}

/** A submission of one of the caller's accounts; undefined for anyone else's (or anonymous). */
export async function findSubmissionRowForUser(
  db: Kysely<Database>,
  userId: string,
  submissionId: string,
): Promise<SubmissionTableRow | undefined> {
  return submissions(db)
    .where('s.id', '=', submissionId)
    .where('s.account_id', 'is not', null)
    .where(callerIsMember(userId, 's.account_id'))
    .executeTakeFirst();
}

export async function findSubmissionRowOfDraft(
  db: Kysely<Database>,
  draftId: string,
): Promise<SubmissionTableRow | undefined> {
  return submissions(db).where('s.draft_id', '=', draftId).executeTakeFirst();
}

/** The account's submissions, newest first, after `after`; one more than `limit` if there are. */
export async function findSubmissionRowPage(
  db: Kysely<Database>,
  accountId: string,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<SubmissionTableRow[]> {
  let query = submissions(db).where('s.account_id', '=', accountId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('s.created_at', '<', after.createdAt),
        eb.and([eb('s.created_at', '=', after.createdAt), eb('s.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function insertSubmission(
  trx: Kysely<Database>,
  row: NewSubmissionRow,
): Promise<void> {
  await trx.insertInto('form_submissions').values(row).execute();
}

/** Marks a submission delivered, once: false when it was not processing any more. */
export async function markDelivered(
  trx: Kysely<Database>,
  submissionId: string,
  deliveredAt: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('form_submissions')
    .set({ status: 'delivered', delivered_at: deliveredAt, failure_reason: null })
    .where('id', '=', submissionId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a submission failed, unless it was delivered meanwhile; false then. */
export async function markFailed(
  db: Kysely<Database>,
  submissionId: string,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('form_submissions')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', submissionId)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertSubmissionDocuments(
  trx: Kysely<Database>,
  rows: Insertable<FormSubmissionDocumentsTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('form_submission_documents').values(rows).execute();
}

export async function findReceiptDocument(
  db: Kysely<Database>,
  submissionId: string,
): Promise<SubmissionDocumentRow | undefined> {
  return db
    .selectFrom('form_submission_documents')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'receipt')
    .executeTakeFirst();
}

/** Of `keys`, those the PDF or an attachment of a submission points at; the provider fetches them. */
export async function findSubmissionKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('form_submission_documents')
    .select('storage_key as key')
    .where('storage_key', 'in', keys)
    .execute();
  return rows.map((row) => row.key);
}
