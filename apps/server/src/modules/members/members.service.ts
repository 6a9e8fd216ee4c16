import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  accountRoles,
  accountRoleSchema,
  type Account,
  type AccountRole,
} from '@kuvert/shared/accounts';
import {
  canManageMembers,
  type ChangeMemberRequest,
  type MailboxMember,
  type MailboxMembers,
} from '@kuvert/shared/members';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { RequestOrigin } from '../../plugins/audit.ts';
import {
  changeMembership,
  countOwners,
  findMembership,
  listMemberships,
  lockAccountMembers,
  type MembershipRow,
  removeMembership,
} from '../accounts/account-members.service.ts';
import {
  createAccount,
  describeAccountFor,
  listAccountsForUser,
} from '../accounts/accounts.service.ts';
import { fullName } from '../users/users.service.ts';
import { findUserContacts, type UserContact } from '../users/user-contact.service.ts';
import { listPendingInvitations } from './invitations.service.ts';
import { type AccountRow, isHolder, mailboxOfMember, mailboxOfOwner } from './mailbox-access.ts';
import { recordMemberEvent } from './member-audit.ts';

type MembersContext = Pick<FastifyInstance, 'db' | 'clock'>;

function roleRank(role: string): number {
  const rank = accountRoles.findIndex((candidate) => candidate === role);
  return rank === -1 ? accountRoles.length : rank;
}

function nameOf(contact: UserContact | undefined): string {
  if (!contact) return '';
  return fullName(contact) || contact.email;
}

function toMember(
  row: MembershipRow,
  contact: UserContact | undefined,
  account: AccountRow,
  callerId: string,
): MailboxMember {
  return {
    user_id: row.user_id,
    name: nameOf(contact),
    email: contact?.email ?? '',
    role: accountRoleSchema.parse(row.role),
    access_until: row.access_until,
    joined_at: new Date(row.created_at).toISOString(),
    is_me: row.user_id === callerId,
    is_current: row.is_current,
    is_holder: isHolder(account, row),
  };
}

/**
 * The mailbox's members: owners see everyone, ended memberships too, and the pending
 * invitations; the other roles see the current members.
 */
export async function listMailboxMembers(
  app: MembersContext,
  userId: string,
  accountId: string,
): Promise<MailboxMembers> {
  const { account, role } = await mailboxOfMember(app.db, userId, accountId);
  const rows = (await listMemberships(app.db, accountId))
    .filter((row) => canManageMembers(role) || row.is_current)
    // Owners first, then members, then viewers; each by when they joined.
    .toSorted((a, b) => roleRank(a.role) - roleRank(b.role));
  const contacts = await findUserContacts(
    app.db,
    rows.map((row) => row.user_id),
  );
  const own = (await listAccountsForUser(app.db, userId)).find((item) => item.id === accountId);
  return {
    account: describeAccountFor(account, role, own?.is_own ?? false),
    members: rows.map((row) => toMember(row, contacts.get(row.user_id), account, userId)),
    invitations: canManageMembers(role) ? await listPendingInvitations(app, accountId) : [],
  };
}

/** A new shared mailbox with the caller as its owner. */
export async function createSharedMailbox(
  app: MembersContext,
  userId: string,
  name: string,
  origin: RequestOrigin,
): Promise<Account> {
  const id = await createAccount(app, app.db, { name, kind: 'shared', userId, role: 'owner' });
  await recordMemberEvent(app, app.db, {
    accountId: id,
    type: 'mailbox_created',
    origin,
    details: { mailbox: name },
    alsoFor: [],
  });
  const created = (await listAccountsForUser(app.db, userId)).find((item) => item.id === id);
  if (!created) throw new AppError('INTERNAL');
  return created;
}

async function nameOfUser(db: Kysely<Database>, userId: string): Promise<string> {
  return nameOf((await findUserContacts(db, [userId])).get(userId));
}

/** Throws LAST_OWNER when taking `membership` away from the owners leaves none. */
async function assertOwnersRemain(
  db: Kysely<Database>,
  accountId: string,
  membership: MembershipRow,
): Promise<void> {
  if (membership.role !== 'owner' || !membership.is_current) return;
  if ((await countOwners(db, accountId)) <= 1) throw new AppError('LAST_OWNER');
}

/** Runs a change of the account's members with them locked against a concurrent change. */
async function withMembersLocked<T>(
  app: MembersContext,
  accountId: string,
  change: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return app.db.transaction().execute(async (trx) => {
    if (!(await lockAccountMembers(trx, accountId))) throw new AppError('NOT_FOUND');
    return change(trx);
  });
}

async function targetMembership(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<MembershipRow> {
  const membership = await findMembership(db, accountId, userId);
  if (!membership) throw new AppError('NOT_FOUND');
  return membership;
}

function assertNoEndDateForOwner(role: AccountRole, accessUntil: string | null): void {
  if (role === 'owner' && accessUntil !== null) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'An owner has no end date: make them a member or viewer first.',
      details: [
        {
          path: 'body.access_until',
          message: 'An owner has no end date',
          i18n: 'mailboxes.errors.ownerNoEndDate',
        },
      ],
    });
  }
}

/** An owner changes a member's role, end date, or both. */
export async function changeMember(
  app: MembersContext,
  input: {
    callerId: string;
    accountId: string;
    userId: string;
    change: ChangeMemberRequest;
    origin: RequestOrigin;
  },
): Promise<void> {
  const { account } = await mailboxOfOwner(app.db, input.callerId, input.accountId);
  await withMembersLocked(app, input.accountId, async (trx) => {
    const membership = await targetMembership(trx, input.accountId, input.userId);
    const role = input.change.role ?? accountRoleSchema.parse(membership.role);
    // Becoming owner ends an end date; a change of role alone keeps the one there was.
    const accessUntil =
      input.change.access_until !== undefined
        ? input.change.access_until
        : role === 'owner'
          ? null
          : membership.access_until;
    assertNoEndDateForOwner(role, accessUntil);
    if (role !== 'owner' || accessUntil !== null) {
      if (isHolder(account, membership)) throw new AppError('MAILBOX_HOLDER');
      await assertOwnersRemain(trx, input.accountId, membership);
    }
    await changeMembership(trx, {
      accountId: input.accountId,
      userId: input.userId,
      role,
      accessUntil,
    });
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_member_changed',
      origin: input.origin,
      details: {
        mailbox: account.name,
        by: await nameOfUser(trx, input.callerId),
        member: await nameOfUser(trx, input.userId),
        role,
        access_until: accessUntil,
      },
      alsoFor: [input.callerId, input.userId],
    });
  });
}

/** An owner removes a member (ended ones too); the last owner stays. */
export async function removeMember(
  app: MembersContext,
  input: { callerId: string; accountId: string; userId: string; origin: RequestOrigin },
): Promise<void> {
  const { account } = await mailboxOfOwner(app.db, input.callerId, input.accountId);
  await withMembersLocked(app, input.accountId, async (trx) => {
    const membership = await targetMembership(trx, input.accountId, input.userId);
    if (isHolder(account, membership)) throw new AppError('MAILBOX_HOLDER');
    await assertOwnersRemain(trx, input.accountId, membership);
    const member = await nameOfUser(trx, input.userId);
    await removeMembership(trx, input.accountId, input.userId);
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_member_removed',
      origin: input.origin,
      details: { mailbox: account.name, by: await nameOfUser(trx, input.callerId), member },
      alsoFor: [input.callerId, input.userId],
    });
  });
}

/** The owner makes another current member owner and becomes a member themselves. */
export async function handOverOwnership(
  app: MembersContext,
  input: { callerId: string; accountId: string; userId: string; origin: RequestOrigin },
): Promise<void> {
  const { account, membership: own } = await mailboxOfOwner(
    app.db,
    input.callerId,
    input.accountId,
  );
  if (input.userId === input.callerId) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Hand the mailbox over to another member.',
      details: [{ path: 'body.user_id', message: 'Choose another member' }],
    });
  }
  if (isHolder(account, own)) throw new AppError('MAILBOX_HOLDER');
  await withMembersLocked(app, input.accountId, async (trx) => {
    const target = await targetMembership(trx, input.accountId, input.userId);
    if (!target.is_current) throw new AppError('NOT_FOUND');
    await changeMembership(trx, {
      accountId: input.accountId,
      userId: input.userId,
      role: 'owner',
      accessUntil: null,
    });
    await changeMembership(trx, {
      accountId: input.accountId,
      userId: input.callerId,
      role: 'member',
      accessUntil: null,
    });
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_ownership_handed_over',
      origin: input.origin,
      details: {
        mailbox: account.name,
        by: await nameOfUser(trx, input.callerId),
        member: await nameOfUser(trx, input.userId),
        role: 'owner',
      },
      alsoFor: [input.callerId],
    });
  });
}

/** Anyone leaves a mailbox, but the last owner and a personal mailbox's holder. */
export async function leaveMailbox(
  app: MembersContext,
  input: { callerId: string; accountId: string; origin: RequestOrigin },
): Promise<void> {
  const { account } = await mailboxOfMember(app.db, input.callerId, input.accountId);
  await withMembersLocked(app, input.accountId, async (trx) => {
    const membership = await targetMembership(trx, input.accountId, input.callerId);
    if (isHolder(account, membership)) throw new AppError('MAILBOX_HOLDER');
    await assertOwnersRemain(trx, input.accountId, membership);
    await removeMembership(trx, input.accountId, input.callerId);
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_member_left',
      origin: input.origin,
      details: { mailbox: account.name, member: await nameOfUser(trx, input.callerId) },
      alsoFor: [input.callerId],
    });
  });
}
