import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A file attached to a draft's answers, as the draft shows it. */
export interface DraftFile {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

/**
 * Where a form draft learns of the files its answers name. The form submissions area keeps
 * form files and answers it (it builds on forms, so forms cannot import it); app.ts installs
 * it as `app.draftFiles`.
 */
export interface DraftFilesSource {
  /** The account's files of the form among `ids` (ids of anything else are not found). */
  find(
    db: Kysely<Database>,
    accountId: string,
    formId: string,
    ids: readonly string[],
  ): Promise<DraftFile[]>;
}
