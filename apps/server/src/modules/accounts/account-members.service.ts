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
import {
  countCurrentOwners,
  deleteMembershipRow,
  findCurrentOwnerIds,
  findMembershipRow,
  findMembershipRows,
  lockAccountRow,
  type MembershipRow,
  updateMembershipRow,
} from './account-memberships.repository.ts';

export type { MembershipRow, OwnedPersonalAccountRow };

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

/**
 * Makes the user a member of the account with `role` until `accessUntil` (the last day with
 * access, YYYY-MM-DD; null or left out: no end), or changes both when they are one already.
 */
export async function setMemberRole(
  db: Kysely<Database>,
  input: {
    accountId: string;
    userId: string;
    role: AccountRole;
    now: string;
    accessUntil?: string | null;
  },
): Promise<void> {
  await upsertMembership(db, { ...input, accessUntil: input.accessUntil ?? null });
}

/** Every membership of the account, ended ones too (`is_current` false), oldest first. */
export async function listMemberships(
  db: Kysely<Database>,
  accountId: string,
): Promise<MembershipRow[]> {
  return findMembershipRows(db, accountId);
}

/** The user's membership of the account, ended or not; undefined when there is none. */
export async function findMembership(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  return findMembershipRow(db, accountId, userId);
}

export async function countOwners(db: Kysely<Database>, accountId: string): Promise<number> {
  return countCurrentOwners(db, accountId);
}

export async function findOwnerIds(db: Kysely<Database>, accountId: string): Promise<string[]> {
  return findCurrentOwnerIds(db, accountId);
}

/** Changes a membership's role and end date. */
export async function changeMembership(
  db: Kysely<Database>,
  input: { accountId: string; userId: string; role: AccountRole; accessUntil: string | null },
): Promise<void> {
  await updateMembershipRow(db, input);
}

export async function removeMembership(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<void> {
  await deleteMembershipRow(db, accountId, userId);
}

/** Serialises changes of the account's members inside a transaction; false: no such account. */
export async function lockAccountMembers(
  db: Kysely<Database>,
  accountId: string,
): Promise<boolean> {
  return lockAccountRow(db, accountId);
}
