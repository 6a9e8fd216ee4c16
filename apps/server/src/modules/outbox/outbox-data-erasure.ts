import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** Drafts of the personal mailbox go; a shared mailbox keeps its drafts, without their writer. */
async function eraseDraftData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('letter_drafts')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .updateTable('letter_drafts')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
}

export const draftErasure: PersonalDataEraser = {
  name: 'letter-drafts',
  columns: ['letter_drafts.account_id', 'letter_drafts.created_by_user_id'],
  erase: eraseDraftData,
};
