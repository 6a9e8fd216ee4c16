import type { Kysely } from 'kysely';
import { accountRoleSchema, type AccountRole } from '@kuvert/shared/accounts';
import type { Database } from '../../db/schema.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findMembership, type MembershipRow } from '../accounts/account-members.service.ts';
import { findAccount } from '../accounts/accounts.service.ts';

/*
 * Who may see and change a mailbox's members: its current members see them; its owners change
 * them. An ended membership is no membership: 404, as for anyone else.
 */

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export interface MailboxOfCaller {
  account: AccountRow;
  role: AccountRole;
  membership: MembershipRow;
}

/** The mailbox as its current member sees it; 404 for anyone else (ended members too). */
export async function mailboxOfMember(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<MailboxOfCaller> {
  const account = await findAccount(db, accountId);
  const membership = account ? await findMembership(db, accountId, userId) : undefined;
  if (!account || !membership?.is_current) throw new AppError('NOT_FOUND');
  return { account, role: accountRoleSchema.parse(membership.role), membership };
}

/** `mailboxOfMember` for a role that may manage members (owners): 403 for the others. */
export async function mailboxOfOwner(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<MailboxOfCaller> {
  const mailbox = await mailboxOfMember(db, userId, accountId);
  assertCan(mailbox.role, 'manage-members');
  return mailbox;
}

/**
 * The person a personal mailbox was made for (their membership began with the mailbox): they
 * stay its owner, so the Sender API's post for them keeps arriving there.
 */
export function isHolder(
  account: AccountRow,
  membership: Pick<MembershipRow, 'created_at'>,
): boolean {
  return account.kind === 'personal' && membership.created_at === account.created_at;
}
