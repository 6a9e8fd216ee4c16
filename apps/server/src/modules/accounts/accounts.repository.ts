import type { Kysely } from 'kysely';
import type { AccountKind, AccountRole } from '@kuvert/shared/accounts';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';
import { membershipIsCurrent } from './account-scopes.ts';

export interface AccountWithRoleRow {
  id: string;
  name: string;
  kind: string;
  role: string;
  /** When this user became a member: the mailbox they were made with came first. */
  joined_at: string;
}

export async function insertAccountWithMember(
  db: Kysely<Database>,
  input: {
    id: string;
    name: string;
    kind: AccountKind;
    userId: string;
    role: AccountRole;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ id: input.id, name: input.name, kind: input.kind, created_at: input.now })
    .execute();
  await db
    .insertInto('memberships')
    .values({
      account_id: input.id,
      user_id: input.userId,
      role: input.role,
      created_at: input.now,
    })
    .execute();
}

/** The accounts the user is a member of: the membership join is the ownership check. */
export async function findAccountsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountWithRoleRow[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select([
      'accounts.id',
      'accounts.name',
      'accounts.kind',
      'memberships.role',
      'memberships.created_at as joined_at',
    ])
    .where('memberships.user_id', '=', userId)
    .where(membershipIsCurrent('memberships'))
    .orderBy('memberships.created_at', 'asc')
    .orderBy('accounts.id', 'asc')
    .execute();
}

export async function updatePersonalAccountName(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ name })
    .where('kind', '=', 'personal')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('memberships')
        .select('account_id')
        .where('user_id', '=', userId)
        .where('role', '=', 'owner'),
    )
    .execute();
}

/** The caller's role in the account, or undefined when they are not a member. */
export async function findMembershipRole(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<string | undefined> {
  const membership = await db
    .selectFrom('memberships')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where(membershipIsCurrent('memberships'))
    .executeTakeFirst();
  return membership?.role;
}

/** The users who are members of the account, in any role. */
export async function findMemberUserIdRows(
  db: Kysely<Database>,
  accountId: string,
): Promise<Array<{ user_id: string }>> {
  return db
    .selectFrom('memberships')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where(membershipIsCurrent('memberships'))
    .execute();
}

/** The ids of every account the user is a member of (live events are scoped by them). */
export async function findAccountIdsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('account_id')
    .where('user_id', '=', userId)
    .where(membershipIsCurrent('memberships'))
    .execute();
  return rows.map((row) => row.account_id);
}

/** Adds the member, or changes their role and end date when they are one already. */
export async function upsertMembership(
  db: Kysely<Database>,
  input: {
    accountId: string;
    userId: string;
    role: AccountRole;
    now: string;
    accessUntil: string | null;
  },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      account_id: input.accountId,
      user_id: input.userId,
      role: input.role,
      created_at: input.now,
      access_until: input.accessUntil,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['account_id', 'user_id'])
        .doUpdateSet({ role: input.role, access_until: input.accessUntil }),
    )
    .execute();
}

export interface OwnedPersonalAccountRow {
  user_id: string;
  account_id: string;
  account_created_at: string;
  /** When the user became its owner: their own came with them, another's later. */
  joined_at: string;
}

/** The personal accounts these users own (their own, and any shared with them as owner). */
export async function findOwnedPersonalAccountRows(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<OwnedPersonalAccountRow[]> {
  return lookUpInBatches(userIds, (batch) =>
    db
      .selectFrom('memberships as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select([
        'm.user_id',
        'a.id as account_id',
        'a.created_at as account_created_at',
        'm.created_at as joined_at',
      ])
      .where('m.user_id', 'in', batch)
      .where('a.kind', '=', 'personal')
      .where('m.role', '=', 'owner')
      .where(membershipIsCurrent('m'))
      .execute(),
  );
}

export interface AccountRow {
  id: string;
  name: string;
  kind: string;
  created_at: string;
}

export async function findAccountRow(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id', 'name', 'kind', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}
