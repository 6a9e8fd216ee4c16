import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** The personal mailbox's address book goes; a shared mailbox's stays with it. */
async function eraseContactData(
  db: Kysely<Database>,
  _userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length === 0) return;
  await db.deleteFrom('contacts').where('account_id', 'in', subject.erasedAccountIds).execute();
}

export const contactErasure: PersonalDataEraser = {
  name: 'contacts',
  columns: ['contacts.account_id'],
  erase: eraseContactData,
};
