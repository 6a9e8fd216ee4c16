import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * Form submissions as the provider reads them in GET /messages: only its own, and only once
 * delivered (the PDF is made). Another module writes them.
 */

export async function findSubmissionMessages(
  db: Kysely<Database>,
  providerId: string,
  submissionIds: readonly string[],
) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('form_submissions as s')
    .innerJoin('forms as f', 'f.id', 's.form_id')
    .select([
      's.id',
      's.form_id',
      's.form_version',
      's.reference',
      's.data',
      's.submitter_name',
      's.submitter_email',
      's.created_at',
      'f.title',
    ])
    .where('s.id', 'in', submissionIds)
    .where('s.provider_id', '=', providerId)
    .where('s.status', '=', sql.lit('delivered'))
    .execute();
}

export type SubmissionMessageRow = Awaited<ReturnType<typeof findSubmissionMessages>>[number];

/** The documents of the submissions: each one's receipt PDF first, then its attachments. */
export async function findDocumentsOfSubmissions(
  db: Kysely<Database>,
  submissionIds: readonly string[],
) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('form_submission_documents')
    .select(['id', 'submission_id', 'filename', 'content_type', 'size'])
    .where('submission_id', 'in', submissionIds)
    .orderBy('submission_id')
    .orderBy(sql`case when kind = ${sql.lit('receipt')} then 0 else 1 end`)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A document of one of the provider's delivered submissions. */
export async function findSubmissionDocument(
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
