import type { Kysely } from 'kysely';
import { accountRoleSchema, type AccountRole } from '@kuvert/shared/accounts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';

/** viewer < member < owner: each role may do what the lower ones may. */
const rank: Record<AccountRole, number> = { viewer: 0, member: 1, owner: 2 };

/**
 * Throws 403 when `role` is below `minimum`. Only call it once membership is established:
 * a non-member must get 404, never 403, so they cannot learn that the object exists.
 */
export function assertRole(role: string, minimum: AccountRole): AccountRole {
  const parsed = accountRoleSchema.safeParse(role);
  if (!parsed.success || rank[parsed.data] < rank[minimum]) throw new AppError('FORBIDDEN');
  return parsed.data;
}

export function canWrite(role: string): boolean {
  const parsed = accountRoleSchema.safeParse(role);
  return parsed.success && rank[parsed.data] >= rank.member;
}

/** The caller's role in the account: 404 for non-members, 403 when below `minimum`. */
export async function assertAccountRole(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  minimum: AccountRole,
): Promise<AccountRole> {
  const membership = await db
    .selectFrom('memberships')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!membership) throw new AppError('NOT_FOUND');
  return assertRole(membership.role, minimum);
}

/** The personal mailbox of the user with this e-mail: where the Sender API delivers. */
export async function findPersonalAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<{ accountId: string; userId: string } | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['a.id as account_id', 'u.id as user_id'])
    .where('u.email', '=', email)
    .where('a.kind', '=', 'personal')
    .where('m.role', '=', 'owner')
    .orderBy('a.created_at')
    .executeTakeFirst();
  return row ? { accountId: row.account_id, userId: row.user_id } : undefined;
}

export interface NotifiableMember {
  email: string;
  firstName: string;
  language: string;
}

/** An e-mail a user can turn on or off in their notification preferences. */
export type MailPreference = 'email_on_new_letter' | 'email_due_date_reminders';

/** Members of the account who want this e-mail (by default: a notice when a letter arrives). */
export async function findMembersToNotify(
  db: Kysely<Database>,
  accountId: string,
  preference: MailPreference = 'email_on_new_letter',
): Promise<NotifiableMember[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.first_name', 'u.language'])
    .where('m.account_id', '=', accountId)
    .where(`u.${preference}`, '=', 1)
    .where('u.disabled_at', 'is', null)
    .where('u.email_verified_at', 'is not', null)
    .execute();
  return rows.map((row) => ({
    email: row.email,
    firstName: row.first_name,
    language: row.language,
  }));
}

export async function findAccountIdsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('account_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.account_id);
}
