import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountRole } from '@kuvert/shared/accounts';
import {
  findMemberUserIdRows,
  findMembershipRole,
  findOwnedPersonalAccountRows,
  type OwnedPersonalAccountRow,
  upsertMembership,
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
  return findOwnedPersonalAccountRows(db, userIds);
}

/** The ids of the account's members, in any role. */
export async function findMemberUserIds(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await findMemberUserIdRows(db, accountId);
  return rows.map((row) => row.user_id);
}

/** Makes the user a member of the account with `role`, or changes their role. */
export async function setMemberRole(
  db: Kysely<Database>,
  input: { accountId: string; userId: string; role: AccountRole; now: string },
): Promise<void> {
  await upsertMembership(db, input);
}
