import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** Mail merges of the personal mailbox go (with their rows); shared ones lose their author. */
async function eraseMailMergeData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('mail_merges')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .updateTable('mail_merges')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
}

export const mailMergeErasure: PersonalDataEraser = {
  name: 'mail-merge',
  columns: ['mail_merges.account_id', 'mail_merges.created_by_user_id'],
  erase: eraseMailMergeData,
};
