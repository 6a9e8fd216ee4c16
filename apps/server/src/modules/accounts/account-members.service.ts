import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  findMembershipRole,
  findOwnedPersonalAccountRows,
  type OwnedPersonalAccountRow,
} from './accounts.repository.ts';

export type { OwnedPersonalAccountRow };

/** The user's role in the account, or undefined when they are not a member. */
export async function findRoleInAccount(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<string | undefined> {
  return findMembershipRole(db, userId, accountId);
}

/**
 * The personal accounts the users own, in no particular order: each user's own, and any
 * other person's shared with them as owner. Callers pick one by `joined_at` or
 * `account_created_at`.
 */
export async function findOwnedPersonalAccounts(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<OwnedPersonalAccountRow[]> {
  if (userIds.length === 0) return [];
  return findOwnedPersonalAccountRows(db, [...new Set(userIds)]);
}
