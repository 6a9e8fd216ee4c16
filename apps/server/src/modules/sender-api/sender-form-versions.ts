import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countDeliveredSubmissionsByVersion } from '../form-submissions/provider-submissions.service.ts';
import { versionKey } from '../forms/form-titles.service.ts';
import { findVersionsOfForms } from '../forms/provider-forms.service.ts';

export interface VersionCountRow {
  form_id: string;
  version: number;
  created_at: string;
  submission_count: number;
}

/**
 * Every version of the forms, oldest first, each with how many submissions reached the
 * provider (delivered: what GET /messages lists) against it.
 */
export async function findVersionsWithCounts(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<VersionCountRow[]> {
  const [versions, counts] = await Promise.all([
    findVersionsOfForms(db, formIds),
    countDeliveredSubmissionsByVersion(db, formIds),
  ]);
  return versions.map((version) => ({
    ...version,
    submission_count: counts.get(versionKey(version.form_id, version.version)) ?? 0,
  }));
}
