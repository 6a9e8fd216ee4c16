import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/**
 * The personal mailbox's case files go with their items, links and references (they hang on
 * the file); in a shared mailbox they stay, without who made them.
 */
async function eraseCaseFileData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('case_file_references')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
    await db
      .deleteFrom('case_file_items')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
    await db.deleteFrom('case_files').where('account_id', 'in', subject.erasedAccountIds).execute();
  }
  await db
    .updateTable('case_files')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
  await db
    .updateTable('case_file_items')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
}

export const caseFileErasure: PersonalDataEraser = {
  name: 'case-files',
  columns: [
    'case_files.account_id',
    'case_files.created_by_user_id',
    'case_file_items.account_id',
    'case_file_items.created_by_user_id',
    'case_file_references.account_id',
  ],
  erase: eraseCaseFileData,
};
