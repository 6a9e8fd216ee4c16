import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** Form drafts of the personal mailbox go; a shared mailbox keeps its drafts, without author. */
async function eraseFormDraftData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('form_drafts')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .updateTable('form_drafts')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
}

export const formDraftErasure: PersonalDataEraser = {
  name: 'form-drafts',
  columns: ['form_drafts.account_id', 'form_drafts.created_by_user_id'],
  erase: eraseFormDraftData,
};
