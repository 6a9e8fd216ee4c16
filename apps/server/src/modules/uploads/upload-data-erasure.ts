import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/**
 * The personal mailbox's uploads go (their search entries go with the rows, by trigger); in a
 * shared mailbox the person's uploads stay for the others, without who uploaded them.
 */
async function eraseUploadData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<string[]> {
  const keys: string[] = [];
  if (subject.erasedAccountIds.length > 0) {
    const rows = await db
      .selectFrom('uploads')
      .select(['storage_key', 'thumbnail_key'])
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
    for (const row of rows) {
      if (row.storage_key) keys.push(row.storage_key);
      if (row.thumbnail_key) keys.push(row.thumbnail_key);
    }
    await db.deleteFrom('uploads').where('account_id', 'in', subject.erasedAccountIds).execute();
  }
  await db
    .updateTable('uploads')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
  return keys;
}

export const uploadErasure: PersonalDataEraser = {
  name: 'uploads',
  columns: ['uploads.account_id', 'uploads.created_by_user_id'],
  erase: eraseUploadData,
};
