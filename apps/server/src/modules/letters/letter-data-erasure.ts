import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** What a deleted person's name becomes where a record of them stays. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The letters of the personal mailbox go, with their documents, recipients and payments (the
 * rows hang on the letter); letters the person wrote to others stay with those others, the
 * sender pseudonymised; in shared mailboxes the person's marks (read by, paid by, written by)
 * are forgotten.
 */
async function eraseLetterData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<string[]> {
  const keys: string[] = [];
  if (subject.erasedAccountIds.length > 0) {
    const documents = await db
      .selectFrom('letter_documents')
      .innerJoin('letters', 'letters.id', 'letter_documents.letter_id')
      .select('letter_documents.storage_key')
      .where('letters.account_id', 'in', subject.erasedAccountIds)
      .execute();
    const prints = await db
      .selectFrom('letter_recipients')
      .innerJoin('letters', 'letters.id', 'letter_recipients.letter_id')
      .select('letter_recipients.print_storage_key')
      .where('letters.account_id', 'in', subject.erasedAccountIds)
      .where('letter_recipients.print_storage_key', 'is not', null)
      .execute();
    keys.push(...documents.map((row) => row.storage_key));
    keys.push(...prints.flatMap((row) => (row.print_storage_key ? [row.print_storage_key] : [])));
    await db.deleteFrom('letters').where('account_id', 'in', subject.erasedAccountIds).execute();
  }
  await db
    .updateTable('letters')
    .set({ read_by_user_id: null })
    .where('read_by_user_id', '=', userId)
    .execute();
  await db
    .updateTable('letters')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
  await db
    .updateTable('letters')
    .set({ invoice_paid_by_user_id: null })
    .where('invoice_paid_by_user_id', '=', userId)
    .execute();
  await db
    .updateTable('letters')
    .set({ sender_user_id: null, sender_name: DELETED_USER_NAME, sender_email: null })
    .where('sender_user_id', '=', userId)
    .execute();
  await db
    .updateTable('letter_recipients')
    .set({ user_id: null })
    .where('user_id', '=', userId)
    .execute();
  return keys;
}

export const letterErasure: PersonalDataEraser = {
  name: 'letters',
  columns: [
    'letters.account_id',
    'letters.read_by_user_id',
    'letters.created_by_user_id',
    'letters.invoice_paid_by_user_id',
    'letters.sender_user_id',
    'letter_recipients.user_id',
  ],
  erase: eraseLetterData,
};
