import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * Form submissions as the provider reads them in the Sender API's GET /messages: only its
 * own, and only once delivered (the PDF is made).
 */

/** The newest `size` delivered submissions before `cursor`, newest first by (created_at, id). */
export async function findDeliveredSubmissionKeyRows(
  db: Kysely<Database>,
  providerId: string,
  cursor: { createdAt: string; id: string } | undefined,
  size: number,
) {
  let submissions = db
    .selectFrom('form_submissions as s')
    .select(['s.id as id', 's.created_at as sort_at', 's.id as sort_id'])
    .where('s.provider_id', '=', providerId)
    .where('s.status', '=', sql.lit('delivered'));
  if (cursor) {
    submissions = submissions.where((eb) =>
      eb(eb.refTuple('s.created_at', 's.id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  return submissions.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(size).execute();
}

export async function findDeliveredSubmissionRows(
  db: Kysely<Database>,
  providerId: string,
  submissionIds: readonly string[],
) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('form_submissions as s')
    .select([
      's.id',
      's.form_id',
      's.form_version',
      's.reference',
      's.data',
      's.submitter_name',
      's.submitter_email',
      's.created_at',
    ])
    .where('s.id', 'in', [...submissionIds])
    .where('s.provider_id', '=', providerId)
    .where('s.status', '=', sql.lit('delivered'))
    .execute();
}

/** The documents of the submissions: each one's receipt PDF first, then its attachments. */
export async function findDocumentRowsOfSubmissions(
  db: Kysely<Database>,
  submissionIds: readonly string[],
) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('form_submission_documents')
    .select(['id', 'submission_id', 'filename', 'content_type', 'size'])
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('submission_id')
    .orderBy(sql`case when kind = ${sql.lit('receipt')} then 0 else 1 end`)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A document of one of the provider's delivered submissions. */
export async function findDeliveredSubmissionDocumentRow(
  db: Kysely<Database>,
  providerId: string,
  submissionId: string,
  documentId: string,
) {
  return db
    .selectFrom('form_submission_documents as d')
    .innerJoin('form_submissions as s', 's.id', 'd.submission_id')
    .select(['d.filename', 'd.content_type', 'd.size', 'd.storage_key'])
    .where('d.id', '=', documentId)
    .where('s.id', '=', submissionId)
    .where('s.provider_id', '=', providerId)
    .where('s.status', '=', sql.lit('delivered'))
    .executeTakeFirst();
}

/** How many submissions reached the provider (delivered) against each version of the forms. */
export async function countDeliveredSubmissionRowsByVersion(
  db: Kysely<Database>,
  formIds: readonly string[],
) {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('form_submissions as s')
    .select((eb) => ['s.form_id', 's.form_version', eb.fn.countAll<number>().as('count')])
    .where('s.form_id', 'in', [...formIds])
    .where('s.status', '=', sql.lit('delivered'))
    .groupBy(['s.form_id', 's.form_version'])
    .execute();
}
