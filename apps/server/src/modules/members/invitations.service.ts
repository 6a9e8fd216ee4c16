import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { accountRoleSchema } from '@kuvert/shared/accounts';
import { languageSchema } from '@kuvert/shared/auth';
import {
  INVITATION_TTL_DAYS,
  type AcceptInvitationAsNewUserRequest,
  type InvitationInfo,
  type InviteMemberRequest,
  type MailboxInvitation,
} from '@kuvert/shared/members';
import { addSeconds } from '../../clock.ts';
import { newId, newSecret } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { RequestOrigin } from '../../plugins/audit.ts';
import { mailboxInvitationMail } from '../../plugins/mail-templates.ts';
import { assertPasswordStrongEnough } from '../../plugins/passwords.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import { findMembership, setMemberRole } from '../accounts/account-members.service.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { findVerifiedIdentityOf } from '../identity/verified-identities.service.ts';
import {
  createUser,
  fullName,
  getUserByEmail,
  getUserById,
  normaliseEmail,
  userLanguage,
  type UserRow,
} from '../users/users.service.ts';
import { findUserContacts } from '../users/user-contact.service.ts';
import {
  claimInvitation,
  findInvitationByTokenHash,
  findPendingInvitations,
  insertInvitation,
  type InvitationRow,
  revokeInvitationRow,
  revokePendingInvitationsTo,
  setInvitationAcceptedBy,
  unclaimInvitation,
} from './invitations.repository.ts';
import { recordMemberEvent } from './member-audit.ts';
import { mailboxOfOwner } from './mailbox-access.ts';

type InvitationContext = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer' | 'engine'>;

const INVITATION_TTL_SECONDS = INVITATION_TTL_DAYS * 24 * 3600;
/** An owner sends at most this many invitations an hour, and a mailbox this many a day. */
const INVITATIONS_PER_OWNER_PER_HOUR = 20;
const INVITATIONS_PER_MAILBOX_PER_DAY = 50;
/** Tries to accept (or read) an invitation from one address block in ten minutes. */
const ACCEPTS_PER_ADDRESS = 30;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function todayOf(app: Pick<FastifyInstance, 'clock'>): string {
  return app.clock.now().toISOString().slice(0, 10);
}

function nameOf(user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  return fullName(user) || user.email;
}

/** The pending invitations of a mailbox, newest first, with the inviter's name. */
export async function listPendingInvitations(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  accountId: string,
): Promise<MailboxInvitation[]> {
  const rows = await findPendingInvitations(app.db, accountId, app.clock.now().toISOString());
  const inviters = await findUserContacts(
    app.db,
    rows.map((row) => row.invited_by),
  );
  return rows.map((row) => {
    const inviter = inviters.get(row.invited_by);
    return {
      id: row.id,
      email: row.email,
      role: accountRoleSchema.parse(row.role),
      access_until: row.access_until,
      invited_by: inviter ? nameOf(inviter) : '',
      created_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
      requires_identity: row.identity_requirement === 'verified',
    };
  });
}

function endDateInvalid(message: string, i18n: string): AppError {
  return new AppError('VALIDATION_FAILED', {
    message,
    details: [{ path: 'body.access_until', message, i18n }],
  });
}

/**
 * An owner invites someone by e-mail: a 256-bit single-use token, valid seven days, of which
 * only the hash is kept; the link goes out in the invitee's language when they have a Kuvert
 * login, else in the inviter's.
 */
export async function inviteMember(
  app: InvitationContext,
  input: {
    callerId: string;
    accountId: string;
    request: InviteMemberRequest;
    origin: RequestOrigin;
  },
): Promise<void> {
  const { account } = await mailboxOfOwner(app.db, input.callerId, input.accountId);
  const email = normaliseEmail(input.request.email);
  const accessUntil = input.request.access_until ?? null;
  if (input.request.role === 'owner' && accessUntil !== null) {
    throw endDateInvalid('An owner has no end date.', 'mailboxes.errors.ownerNoEndDate');
  }
  if (accessUntil !== null && accessUntil < todayOf(app)) {
    throw endDateInvalid('The end date is in the past.', 'mailboxes.errors.endDatePast');
  }
  const invitee = await getUserByEmail(app, email);
  if (invitee) {
    const membership = await findMembership(app.db, input.accountId, invitee.id);
    if (membership?.is_current) {
      throw new AppError('CONFLICT', {
        message: `${email} is a member of this mailbox already.`,
        details: [
          {
            path: 'body.email',
            message: 'Already a member',
            i18n: 'mailboxes.errors.alreadyMember',
          },
        ],
      });
    }
  }
  await reserveRateLimitHits(app, [
    {
      key: `invitations:owner:${input.callerId}`,
      max: INVITATIONS_PER_OWNER_PER_HOUR,
      windowSeconds: 3600,
    },
    {
      key: `invitations:mailbox:${input.accountId}`,
      max: INVITATIONS_PER_MAILBOX_PER_DAY,
      windowSeconds: 24 * 3600,
    },
  ]);
  const inviter = await getUserById(app.db, input.callerId);
  if (!inviter) throw new AppError('UNAUTHENTICATED');
  const language = invitee ? userLanguage(invitee) : userLanguage(inviter);
  const now = app.clock.now();
  const token = newSecret(32);
  await app.db.transaction().execute(async (trx) => {
    await revokePendingInvitationsTo(trx, {
      accountId: input.accountId,
      email,
      now: now.toISOString(),
    });
    await insertInvitation(trx, {
      id: newId(now.getTime()),
      account_id: input.accountId,
      email,
      role: input.request.role,
      access_until: accessUntil,
      token_hash: hashToken(token),
      invited_by: input.callerId,
      language,
      created_at: now.toISOString(),
      expires_at: addSeconds(now, INVITATION_TTL_SECONDS).toISOString(),
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
      identity_requirement: input.request.requires_identity === true ? 'verified' : null,
    });
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_member_invited',
      origin: input.origin,
      details: {
        mailbox: account.name,
        by: nameOf(inviter),
        member: email,
        role: input.request.role,
        access_until: accessUntil,
      },
      alsoFor: [input.callerId],
    });
  });
  await app.mailer.send(
    mailboxInvitationMail({
      to: email,
      language,
      firstName: invitee?.first_name ?? '',
      inviterName: nameOf(inviter),
      mailboxName: account.name,
      role: input.request.role,
      accessUntil,
      link: `${app.config.publicUrl}/invitation?token=${encodeURIComponent(token)}`,
    }),
  );
}

/** An owner withdraws a pending invitation; its link then answers INVITATION_REVOKED. */
export async function revokeInvitation(
  app: InvitationContext,
  input: { callerId: string; accountId: string; invitationId: string; origin: RequestOrigin },
): Promise<void> {
  const { account } = await mailboxOfOwner(app.db, input.callerId, input.accountId);
  await app.db.transaction().execute(async (trx) => {
    const row = await revokeInvitationRow(trx, {
      accountId: input.accountId,
      invitationId: input.invitationId,
      now: app.clock.now().toISOString(),
    });
    if (!row) throw new AppError('NOT_FOUND');
    const caller = await getUserById(trx, input.callerId);
    await recordMemberEvent(app, trx, {
      accountId: input.accountId,
      type: 'mailbox_invitation_revoked',
      origin: input.origin,
      details: {
        mailbox: account.name,
        ...(caller ? { by: nameOf(caller) } : {}),
        member: row.email,
        role: accountRoleSchema.parse(row.role),
      },
      alsoFor: [input.callerId],
    });
  });
}

/**
 * The invitation behind a link, if it can still be accepted; else a clear error: used,
 * withdrawn, expired (its seven days or the end date it grants are over), or unknown.
 */
async function usableInvitation(
  app: InvitationContext,
  token: string,
  origin: RequestOrigin,
): Promise<InvitationRow> {
  await reserveRateLimitHits(app, [
    {
      key: addressKey('invitation', origin.ipAddress),
      max: ACCEPTS_PER_ADDRESS,
      windowSeconds: 600,
    },
  ]);
  const row = await findInvitationByTokenHash(app.db, hashToken(token));
  if (!row) throw new AppError('TOKEN_INVALID');
  if (row.accepted_at !== null) throw new AppError('INVITATION_USED');
  if (row.revoked_at !== null) throw new AppError('INVITATION_REVOKED');
  const now = app.clock.now().toISOString();
  if (new Date(row.expires_at).toISOString() <= now) throw new AppError('INVITATION_EXPIRED');
  if (row.access_until !== null && row.access_until < todayOf(app)) {
    throw new AppError('INVITATION_EXPIRED');
  }
  return row;
}

/** What an invitation link offers; reading it does not use it up. */
export async function getInvitationInfo(
  app: InvitationContext,
  token: string,
  origin: RequestOrigin,
): Promise<InvitationInfo> {
  const row = await usableInvitation(app, token, origin);
  const account = await findAccount(app.db, row.account_id);
  if (!account) throw new AppError('TOKEN_INVALID');
  const inviter = await getUserById(app.db, row.invited_by);
  return {
    mailbox_name: account.name,
    inviter_name: inviter ? nameOf(inviter) : '',
    email: row.email,
    role: accountRoleSchema.parse(row.role),
    access_until: row.access_until,
    expires_at: new Date(row.expires_at).toISOString(),
    has_account: (await getUserByEmail(app, row.email)) !== undefined,
    requires_identity: row.identity_requirement === 'verified',
  };
}

async function join(
  app: InvitationContext,
  row: InvitationRow,
  user: UserRow,
  origin: RequestOrigin,
  options: { isClaimed: boolean } = { isClaimed: false },
): Promise<{ account_id: string }> {
  const account = await findAccount(app.db, row.account_id);
  if (!account) throw new AppError('TOKEN_INVALID');
  const now = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    if (!options.isClaimed && !(await claimInvitation(trx, { invitationId: row.id, now }))) {
      throw new AppError('INVITATION_USED');
    }
    await setInvitationAcceptedBy(trx, row.id, user.id);
    const existing = await findMembership(trx, row.account_id, user.id);
    // An owner already there stays one: an invitation never lowers anyone.
    const keepsOwnership = existing?.is_current === true && existing.role === 'owner';
    if (!keepsOwnership) {
      await setMemberRole(trx, {
        accountId: row.account_id,
        userId: user.id,
        role: accountRoleSchema.parse(row.role),
        accessUntil: row.access_until,
        now,
      });
    }
    await recordMemberEvent(app, trx, {
      accountId: row.account_id,
      type: 'mailbox_invitation_accepted',
      origin,
      details: {
        mailbox: account.name,
        member: nameOf(user),
        role: accountRoleSchema.parse(row.role),
        access_until: row.access_until,
      },
      alsoFor: [user.id],
    });
  });
  return { account_id: row.account_id };
}

/**
 * The logged-in caller accepts: they join with the invitation's role and end date, if they are
 * the person it was sent to (their e-mail is the invited one).
 */
export async function acceptInvitation(
  app: InvitationContext,
  input: { userId: string; token: string; origin: RequestOrigin },
): Promise<{ account_id: string }> {
  const row = await usableInvitation(app, input.token, input.origin);
  const user = await getUserById(app.db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  // The link may have been passed on: only the person it was sent to may use it.
  if (normaliseEmail(user.email) !== row.email) throw new AppError('INVITATION_FOR_OTHER_USER');
  if (
    row.identity_requirement === 'verified' &&
    (await findVerifiedIdentityOf(app.db, user.id)) === undefined
  ) {
    throw new AppError('INVITATION_IDENTITY_REQUIRED');
  }
  return join(app, row, user, input.origin);
}

/**
 * Someone without a Kuvert login accepts: the link they were mailed verifies the address, so
 * the user is made verified with the password they chose, and joins. Nothing is left half done:
 * the invitation is claimed first, and given back when the user cannot be made.
 *
 * When the invitation requires a verified identity, the user is made (and logged in by the
 * route) but does not join: the invitation stays open, and they accept it once they have
 * verified their identity (`account_id` null says so).
 */
export async function acceptInvitationAsNewUser(
  app: InvitationContext,
  input: { request: AcceptInvitationAsNewUserRequest; origin: RequestOrigin },
): Promise<{ account_id: string | null; user: UserRow }> {
  const row = await usableInvitation(app, input.request.token, input.origin);
  if (await getUserByEmail(app, row.email)) throw new AppError('EMAIL_TAKEN');
  assertPasswordStrongEnough(input.request.password, row.email);
  if (row.identity_requirement === 'verified') {
    const user = await createUser(app, {
      email: row.email,
      firstName: input.request.first_name,
      lastName: input.request.last_name,
      language: languageSchema.catch('en').parse(row.language),
      password: input.request.password,
      isEmailVerified: true,
    });
    return { account_id: null, user };
  }
  const now = app.clock.now().toISOString();
  if (!(await claimInvitation(app.db, { invitationId: row.id, now }))) {
    throw new AppError('INVITATION_USED');
  }
  let user: UserRow;
  try {
    user = await createUser(app, {
      email: row.email,
      firstName: input.request.first_name,
      lastName: input.request.last_name,
      language: languageSchema.catch('en').parse(row.language),
      password: input.request.password,
      isEmailVerified: true,
    });
  } catch (error) {
    await unclaimInvitation(app.db, row.id);
    throw error;
  }
  const joined = await join(app, row, user, input.origin, { isClaimed: true });
  return { ...joined, user };
}
