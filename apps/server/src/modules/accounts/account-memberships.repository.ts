import type { Kysely } from 'kysely';
import type { AccountRole } from '@kuvert/shared/accounts';
import type { Database } from '../../db/schema.ts';
import { membershipIsCurrent } from './account-scopes.ts';

/*
 * The writes and reads of members in the portal (modules/members decides what is allowed;
 * this module owns the table).
 */

export interface MembershipRow {
  user_id: string;
  role: string;
  access_until: string | null;
  created_at: string;
  /** Whether the end date, if any, is not past yet. */
  is_current: boolean;
}

/** Every membership of the account, ended ones too, oldest first. */
export async function findMembershipRows(
  db: Kysely<Database>,
  accountId: string,
): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .select(['user_id', 'role', 'access_until', 'created_at'])
    .select(membershipIsCurrent('memberships').as('is_current'))
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'asc')
    .orderBy('user_id', 'asc')
    .execute();
  // SQLite answers a boolean expression as 0 or 1, PostgreSQL as a boolean.
  return rows.map((row) => ({ ...row, is_current: Boolean(row.is_current) }));
}

/** The user's membership of the account, ended or not. */
export async function findMembershipRow(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  const rows = await findMembershipRows(db, accountId);
  return rows.find((row) => row.user_id === userId);
}

/** How many current owners the account has. */
export async function countCurrentOwners(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('owners'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .where(membershipIsCurrent('memberships'))
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

/** The ids of the account's current owners. */
export async function findCurrentOwnerIds(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .where(membershipIsCurrent('memberships'))
    .execute();
  return rows.map((row) => row.user_id);
}

export async function updateMembershipRow(
  db: Kysely<Database>,
  input: { accountId: string; userId: string; role: AccountRole; accessUntil: string | null },
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role: input.role, access_until: input.accessUntil })
    .where('account_id', '=', input.accountId)
    .where('user_id', '=', input.userId)
    .execute();
}

export async function deleteMembershipRow(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Holds the account's row until the transaction ends (PostgreSQL: a row lock by a no-op
 * update; SQLite's transactions hold the one write lock anyway), so two changes of its members
 * cannot both pass the last-owner check.
 */
export async function lockAccountRow(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
