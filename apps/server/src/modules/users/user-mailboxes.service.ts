import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findOwnedPersonalAccounts } from '../accounts/account-members.service.ts';
import { findActiveUsersByEmail } from './user-contact.service.ts';

/** A Kuvert user who can receive letters, with one personal account they own. */
export interface UserMailbox {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  account_id: string;
  account_created_at: string;
}

/**
 * The users (not disabled) with these e-mail addresses (compared as stored, lower-cased), each
 * with every personal account they own: their own, and any shared with them as owner. Callers
 * choose one per user (the oldest account). Two batched queries, whatever the count.
 */
export async function findMailboxesByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<UserMailbox[]> {
  const users = await findActiveUsersByEmail(db, emails);
  if (users.length === 0) return [];
  const accounts = await findOwnedPersonalAccounts(
    db,
    users.map((user) => user.id),
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  return accounts.flatMap((account) => {
    const user = byId.get(account.user_id);
    if (!user) return [];
    return [
      {
        user_id: user.id,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        account_id: account.account_id,
        account_created_at: account.account_created_at,
      },
    ];
  });
}
