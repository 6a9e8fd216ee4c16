import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findFormTitles, versionKey } from '../forms/form-titles.service.ts';
import {
  countDeliveredSubmissionRowsByVersion,
  findDeliveredSubmissionDocumentRow,
  findDeliveredSubmissionKeyRows,
  findDeliveredSubmissionRows,
  findDocumentRowsOfSubmissions,
} from './provider-submissions.repository.ts';

/*
 * Form submissions as the provider reads them through the Sender API (an adapter, which
 * calls these): only its own, and only once delivered (the PDF is made).
 */

/** The newest `size` delivered submissions before `cursor`, newest first by (created_at, id). */
export async function findDeliveredSubmissionKeys(
  db: Kysely<Database>,
  providerId: string,
  cursor: { createdAt: string; id: string } | undefined,
  size: number,
): Promise<Array<{ id: string; sort_at: string; sort_id: string }>> {
  return findDeliveredSubmissionKeyRows(db, providerId, cursor, size);
}

/** The provider's delivered submissions among `submissionIds`, with their form's title. */
export async function findDeliveredSubmissions(
  db: Kysely<Database>,
  providerId: string,
  submissionIds: readonly string[],
) {
  const rows = await findDeliveredSubmissionRows(db, providerId, submissionIds);
  const titles = await findFormTitles(
    db,
    rows.map((row) => row.form_id),
  );
  return rows.flatMap((row) => {
    const title = titles.get(row.form_id);
    return title === undefined ? [] : [{ ...row, title }];
  });
}

export type DeliveredSubmission = Awaited<ReturnType<typeof findDeliveredSubmissions>>[number];

/** The documents of the submissions: each one's receipt PDF first, then its attachments. */
export async function findDocumentsOfSubmissions(
  db: Kysely<Database>,
  submissionIds: readonly string[],
) {
  return findDocumentRowsOfSubmissions(db, submissionIds);
}

/** A document of one of the provider's delivered submissions. */
export async function findDeliveredSubmissionDocument(
  db: Kysely<Database>,
  providerId: string,
  submissionId: string,
  documentId: string,
) {
  return findDeliveredSubmissionDocumentRow(db, providerId, submissionId, documentId);
}

/**
 * How many submissions reached the provider (delivered: what GET /messages lists) against
 * each version of the forms, by `versionKey`; a version none reached is missing.
 */
export async function countDeliveredSubmissionsByVersion(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await countDeliveredSubmissionRowsByVersion(db, [...new Set(formIds)]);
  return new Map(
    rows.map((row) => [versionKey(row.form_id, Number(row.form_version)), Number(row.count)]),
  );
}
