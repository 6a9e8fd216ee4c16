import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

/** An e-mail a user can turn on or off in their notification preferences. */
export type MailPreference = 'email_on_new_letter' | 'email_due_date_reminders';

export interface NotifiableUserRow {
  email: string;
  first_name: string;
  language: string;
}

/** The verified, active users among `userIds` whose `preference` is on. */
export async function findNotifiableUserRows(
  db: Kysely<Database>,
  userIds: readonly string[],
  preference: MailPreference,
): Promise<NotifiableUserRow[]> {
  return lookUpInBatches(userIds, (batch) =>
    db
      .selectFrom('users')
      .select(['email', 'first_name', 'language'])
      .where('id', 'in', batch)
      .where(preference, '=', 1)
      .where('disabled_at', 'is', null)
      .where('email_verified_at', 'is not', null)
      .execute(),
  );
}
