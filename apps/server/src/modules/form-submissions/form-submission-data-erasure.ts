import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** What a deleted person's name becomes in a record a provider keeps. */
const DELETED_USER_NAME = 'Deleted user';

/**
 * Files attached to unsent forms in the personal mailbox go. What a provider received (the
 * submissions, their answers and PDFs) stays, since it is the provider's record: the person is
 * pseudonymised in it (no name, no e-mail, no link to them or their mailbox).
 */
async function eraseFormSubmissionData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<string[]> {
  const keys: string[] = [];
  if (subject.erasedAccountIds.length > 0) {
    const files = await db
      .selectFrom('form_files')
      .select('storage_key')
      .where('account_id', 'in', subject.erasedAccountIds)
      .where('submission_id', 'is', null)
      .execute();
    keys.push(...files.map((row) => row.storage_key));
    await db
      .deleteFrom('form_files')
      .where('account_id', 'in', subject.erasedAccountIds)
      .where('submission_id', 'is', null)
      .execute();
    // Sent ones belong to their submission, which stays with the provider.
    await db
      .updateTable('form_files')
      .set({ account_id: null, upload_id: null })
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
    await db
      .updateTable('form_submissions')
      .set({ account_id: null })
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .updateTable('form_submissions')
    .set({ submitted_by_user_id: null, submitter_name: DELETED_USER_NAME, submitter_email: null })
    .where('submitted_by_user_id', '=', userId)
    .execute();
  return keys;
}

export const formSubmissionErasure: PersonalDataEraser = {
  name: 'form-submissions',
  columns: [
    'form_files.account_id',
    'form_submissions.account_id',
    'form_submissions.submitted_by_user_id',
  ],
  erase: eraseFormSubmissionData,
};
