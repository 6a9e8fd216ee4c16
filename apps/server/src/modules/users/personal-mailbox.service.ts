import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountRole } from '@kuvert/shared/accounts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findOwnedPersonalAccounts, setMemberRole } from '../accounts/account-members.service.ts';
import { findUserByEmail } from './users.repository.ts';

/**
 * The personal mailbox of the user with this e-mail: where the Sender API delivers. None for a
 * disabled user, such as one whose account awaits deletion: the sender hears RECIPIENT_UNKNOWN
 * as for an unknown address, and can send by other means, instead of post that would be
 * erased unread (README, "Deleting your account").
 */
export async function findPersonalAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<{ accountId: string; userId: string } | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabled_at !== null) return undefined;
  const owned = await findOwnedPersonalAccounts(db, [user.id]);
  // Their own came with them; another person's, shared with them as owner, came later.
  const [own] = owned.toSorted(
    (a, b) => a.joined_at.localeCompare(b.joined_at) || a.account_id.localeCompare(b.account_id),
  );
  return own ? { accountId: own.account_id, userId: user.id } : undefined;
}

/**
 * The operator shares a user's personal account with another user (`kuvert account
 * add-member`): the member sees its letters with `role` until `accessUntil`; run again to
 * change them.
 */
export async function addMemberToPersonalAccount(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  input: {
    ownerEmail: string;
    memberEmail: string;
    role: AccountRole;
    /** The last day with access (YYYY-MM-DD; a past day ends it); null: no end. */
    accessUntil?: string | null;
  },
): Promise<{ accountId: string }> {
  const owner = await findPersonalAccountByEmail(app.db, input.ownerEmail);
  if (!owner) {
    throw new AppError('NOT_FOUND', {
      message: `No Kuvert user has the e-mail ${input.ownerEmail}.`,
    });
  }
  const member = await findPersonalAccountByEmail(app.db, input.memberEmail);
  if (!member) {
    throw new AppError('NOT_FOUND', {
      message: `No Kuvert user has the e-mail ${input.memberEmail}.`,
    });
  }
  if (member.userId === owner.userId) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The owner of the account is a member already.',
    });
  }
  await setMemberRole(app.db, {
    accountId: owner.accountId,
    userId: member.userId,
    role: input.role,
    accessUntil: input.accessUntil ?? null,
    now: app.clock.now().toISOString(),
  });
  return { accountId: owner.accountId };
}
