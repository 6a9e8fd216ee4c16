import type { Kysely } from 'kysely';
import type { AccountKind, AccountRole } from '@kuvert/shared/accounts';
import type { Database } from '../../db/schema.ts';

export interface AccountWithRoleRow {
  id: string;
  name: string;
  kind: string;
  role: string;
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
  return (
    db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['accounts.id', 'accounts.name', 'accounts.kind', 'memberships.role'])
      .where('memberships.user_id', '=', userId)
      // Personal mailbox first, then shared ones by name.
      .orderBy('accounts.kind', 'asc')
      .orderBy('accounts.name', 'asc')
      .orderBy('accounts.id', 'asc')
      .execute()
  );
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
