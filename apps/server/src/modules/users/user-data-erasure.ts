import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** The name a purged user keeps, shown wherever a record of them stays. */
export const DELETED_USER_FIRST_NAME = 'Deleted user';

/** The address a purged user keeps: unique, undeliverable (RFC 2606), and not theirs. */
export function tombstoneEmail(userId: string): string {
  return `deleted-${userId.toLowerCase()}@deleted.invalid`;
}

/**
 * Last of all: the users row stays as a tombstone, so the records that stay (signature audit,
 * what providers received) keep their foreign keys on both databases; nothing of the person
 * is left in it, it cannot log in, and the e-mail address is free for a new account.
 */
async function eraseUserData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: tombstoneEmail(userId),
      email_verified_at: null,
      password_hash: null,
      first_name: DELETED_USER_FIRST_NAME,
      last_name: '',
      language: 'en',
      disabled_at: subject.now,
      updated_at: subject.now,
      email_on_new_letter: 0,
      email_due_date_reminders: 0,
      address_street: null,
      address_postcode: null,
      address_city: null,
      address_country: null,
    })
    .where('id', '=', userId)
    .execute();
}

export const userErasure: PersonalDataEraser = {
  name: 'users',
  columns: [],
  erase: eraseUserData,
};
