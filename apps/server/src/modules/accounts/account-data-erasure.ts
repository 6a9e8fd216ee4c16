import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/**
 * Last: the person's memberships end (shared mailboxes carry on with their other members) and
 * the personal mailbox itself goes, with whatever an area left in it.
 */
async function eraseAccountData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  await db.deleteFrom('memberships').where('user_id', '=', userId).execute();
  if (subject.erasedAccountIds.length > 0) {
    await db.deleteFrom('accounts').where('id', 'in', subject.erasedAccountIds).execute();
  }
}

export const accountErasure: PersonalDataEraser = {
  name: 'accounts',
  columns: ['memberships.account_id', 'memberships.user_id'],
  erase: eraseAccountData,
};
