import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** The personal mailbox's folders go; a shared mailbox's stay with it. */
async function eraseFolderData(
  db: Kysely<Database>,
  _userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length === 0) return;
  await db.deleteFrom('folders').where('account_id', 'in', subject.erasedAccountIds).execute();
}

export const folderErasure: PersonalDataEraser = {
  name: 'folders',
  columns: ['folders.account_id'],
  erase: eraseFolderData,
};
