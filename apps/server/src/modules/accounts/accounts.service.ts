import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Account, AccountKind, AccountRole } from '@kuvert/shared/accounts';
import type { AccountAction } from '@kuvert/shared/roles';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { AppError } from '../../plugins/app-error.ts';
import { toAccount } from './accounts.presenter.ts';
import {
  type AccountRow,
  findAccountIdsOfUser,
  findAccountRow,
  findAccountsOfUser,
  findMembershipRole,
  insertAccountWithMember,
  updatePersonalAccountName,
} from './accounts.repository.ts';

/*
 * Who may do what in an account: the policy is packages/shared/roles, applied by
 * plugins/account-policy.ts. The membership check inside other areas' queries is db/scopes.ts
 * (callerIsMember, callerRole); the check by account id, and the account queries other areas
 * need, are here, behind this service like any area's.
 */

/** The caller's role in the account: 404 for non-members, 403 when the role may not `action`. */
export async function assertAccountAction(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  action: AccountAction,
): Promise<AccountRole> {
  const role = await findMembershipRole(db, userId, accountId);
  if (role === undefined) throw new AppError('NOT_FOUND');
  return assertCan(role, action);
}

export { findAccountIdsOfUser };

/** Their own first, then shared mailboxes, then other people's personal ones, each by name. */
function listPlace(account: Account): number {
  if (account.is_own) return 0;
  return account.kind === 'shared' ? 1 : 2;
}

export async function listAccountsForUser(
  db: Kysely<Database>,
  userId: string,
): Promise<Account[]> {
  const rows = await findAccountsOfUser(db, userId);
  // The personal mailbox a person was made with is theirs; one they were added to later is
  // somebody else's, shared with them (even as its owner).
  const own = rows.find((row) => row.kind === 'personal' && row.role === 'owner');
  const accounts = rows.map((row) => toAccount(row, row === own));
  return accounts.toSorted(
    (a, b) =>
      listPlace(a) - listPlace(b) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
}

/** Creates an account with `userId` as its first member; returns the new account's id. */
export async function createAccount(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  input: { name: string; kind: AccountKind; userId: string; role?: AccountRole },
): Promise<string> {
  const now = app.clock.now();
  const id = newId(now.getTime());
  await insertAccountWithMember(db, {
    id,
    name: input.name,
    kind: input.kind,
    userId: input.userId,
    role: input.role ?? 'owner',
    now: now.toISOString(),
  });
  return id;
}

/** The personal account carries the user's name; it follows a change of name. */
export async function renamePersonalAccount(
  db: Kysely<Database>,
  userId: string,
  name: string,
): Promise<void> {
  await updatePersonalAccountName(db, userId, name);
}

/** The account itself (no membership check: the caller has made one). */
export async function findAccount(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountRow | undefined> {
  return findAccountRow(db, accountId);
}

/** The account as `userId`, a current member with `role`, sees it. */
export function describeAccountFor(row: AccountRow, role: AccountRole, isOwn: boolean): Account {
  return toAccount({ ...row, role, joined_at: row.created_at }, isOwn);
}
