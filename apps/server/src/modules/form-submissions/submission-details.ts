import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findVersionTitles, versionKey } from '../forms/form-titles.service.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import {
  findSubmissionRow,
  findSubmissionRowForUser,
  findSubmissionRowOfDraft,
  findSubmissionRowPage,
  type SubmissionTableRow,
} from './form-submissions.repository.ts';

/** A submission with what its summary, its PDF and its delivery show. */
export type SubmissionRow = SubmissionTableRow & {
  form_title: string;
  provider_name: string;
  provider_category: string;
  provider_logo_key: string | null;
  provider_verified_at: string | null;
};

/**
 * The submissions with their form version's title and their provider, each read at once for
 * all of them (from the forms and providers areas); the order stays.
 */
async function withFormAndProvider(
  db: Kysely<Database>,
  rows: SubmissionTableRow[],
): Promise<SubmissionRow[]> {
  if (rows.length === 0) return [];
  const [titles, providers] = await Promise.all([
    findVersionTitles(
      db,
      rows.map((row) => ({ formId: row.form_id, version: row.form_version })),
    ),
    findProviderRefs(
      db,
      rows.map((row) => row.provider_id),
    ),
  ]);
  return rows.flatMap((row) => {
    const title = titles.get(versionKey(row.form_id, row.form_version));
    const provider = providers.get(row.provider_id);
    if (title === undefined || !provider) return [];
    return [
      {
        ...row,
        form_title: title,
        provider_name: provider.name,
        provider_category: provider.category,
        provider_logo_key: provider.logo_key,
        provider_verified_at: provider.verified_at,
      },
    ];
  });
}

async function withFormAndProviderOfOne(
  db: Kysely<Database>,
  row: SubmissionTableRow | undefined,
): Promise<SubmissionRow | undefined> {
  if (!row) return undefined;
  const [submission] = await withFormAndProvider(db, [row]);
  return submission;
}

export async function findSubmission(
  db: Kysely<Database>,
  submissionId: string,
): Promise<SubmissionRow | undefined> {
  return withFormAndProviderOfOne(db, await findSubmissionRow(db, submissionId));
}

/** A submission of one of the caller's accounts; undefined for anyone else's (or anonymous). */
export async function findSubmissionForUser(
  db: Kysely<Database>,
  userId: string,
  submissionId: string,
): Promise<SubmissionRow | undefined> {
  return withFormAndProviderOfOne(db, await findSubmissionRowForUser(db, userId, submissionId));
}

export async function findSubmissionOfDraft(
  db: Kysely<Database>,
  draftId: string,
): Promise<SubmissionRow | undefined> {
  return withFormAndProviderOfOne(db, await findSubmissionRowOfDraft(db, draftId));
}

/** The account's submissions, newest first, after `after`; one more than `limit` if there are. */
export async function findSubmissionPage(
  db: Kysely<Database>,
  accountId: string,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<SubmissionRow[]> {
  return withFormAndProvider(db, await findSubmissionRowPage(db, accountId, after, limit));
}
