import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  EmailChangeConfirmed,
  EmailChangeLinkInfo,
  EmailChangeRequest,
  EmailChangeStatus,
  PendingEmailChange,
} from '@kuvert/shared/email-change';
import { addSeconds } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId, newSecret } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  emailChangeTakenMail,
} from '../../plugins/mail-templates-email-change.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { verifyPassword } from '../../plugins/passwords.ts';
import {
  clearRateLimitHits,
  releaseRateLimitHits,
  reserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import { findLiveSessionBySecret, revokeUserSessions } from '../../plugins/session-store.ts';
import type { RequestSession } from '../../plugins/session.ts';
import {
  changeUser,
  getUserByEmail,
  getUserById,
  normaliseEmail,
  userLanguage,
  type UserRow,
} from '../users/users.service.ts';
import {
  endPendingEmailChange,
  findEmailChangeByCancelHash,
  findEmailChangeByConfirmHash,
  findPendingEmailChange,
  insertEmailChange,
  renewPendingEmailChange,
  replacePendingEmailChanges,
  type EmailChangeRow,
} from './email-change.repository.ts';
import { toEmailChangeLinkInfo, toPendingEmailChange } from './email-change.presenter.ts';

const CHANGE_TTL_SECONDS = 24 * 3600;
/** Mails per user and window (requests and resends): no mail bombing of either address. */
const CHANGE_MAILS_PER_WINDOW = 5;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

async function requireUser(app: FastifyInstance, userId: string): Promise<UserRow> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

function isLive(app: FastifyInstance, row: EmailChangeRow): boolean {
  return row.status === 'pending' && Date.parse(row.expires_at) > app.clock.now().getTime();
}

/** What became of a change whose link is followed, as the named error, when it is not live. */
function assertLive(app: FastifyInstance, row: EmailChangeRow): void {
  if (row.status === 'confirmed') throw new AppError('EMAIL_CHANGE_USED');
  if (row.status === 'cancelled') throw new AppError('EMAIL_CHANGE_CANCELLED');
  if (row.status === 'replaced') throw new AppError('EMAIL_CHANGE_REPLACED');
  if (!isLive(app, row)) throw new AppError('EMAIL_CHANGE_EXPIRED');
}

async function reserveChangeMails(app: FastifyInstance, userId: string): Promise<void> {
  await reserveRateLimitHits(app, [
    {
      key: `email_change:mails:user:${userId}`,
      max: CHANGE_MAILS_PER_WINDOW,
      windowSeconds: app.config.loginWindowSeconds,
    },
  ]);
}

function confirmLinkOf(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/email-change/confirm?token=${encodeURIComponent(token)}`;
}

function cancelLinkOf(app: FastifyInstance, token: string): string {
  return `${app.config.publicUrl}/email-change/cancel?token=${encodeURIComponent(token)}`;
}

/**
 * The mail to the new address: the confirm link, or, when another login has the address, a
 * notice without one. Only whoever reads that inbox learns which it was; the person asking
 * sees the same "waiting for confirmation" either way, as an owner inviting a known address
 * does (invitations tell only the invitee whether a login exists).
 */
async function newAddressMail(
  app: FastifyInstance,
  user: UserRow,
  newEmail: string,
  confirmLink: string,
): Promise<MailMessage> {
  const holder = await getUserByEmail(app, newEmail);
  const input = {
    to: newEmail,
    language: userLanguage(user),
    firstName: user.first_name,
    oldEmail: user.email,
    newEmail,
  };
  if (holder && holder.id !== user.id) return emailChangeTakenMail(input);
  return emailChangeConfirmMail({ ...input, link: confirmLink });
}

export async function getEmailChangeStatus(
  app: FastifyInstance,
  userId: string,
): Promise<EmailChangeStatus> {
  const row = await findPendingEmailChange(app.db, userId);
  return { pending: row && isLive(app, row) ? toPendingEmailChange(row) : null };
}

/**
 * Needs the current password (limited like login: reserve, then verify). Replaces a pending
 * change; mails the new address the confirm link and the old one the link that stops it.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  session: RequestSession,
  input: EmailChangeRequest,
  origin: RequestOrigin,
): Promise<PendingEmailChange> {
  const passwordRule = {
    key: `email_change:user:${session.userId}`,
    max: app.config.loginMaxAttemptsPerAccount,
    windowSeconds: app.config.loginWindowSeconds,
  };
  const reservation = await reserveRateLimitHits(app, [passwordRule]);
  const user = await requireUser(app, session.userId);
  const isPasswordRight =
    user.password_hash !== null &&
    (await verifyPassword(input.current_password, user.password_hash));
  if (!isPasswordRight) throw new AppError('PASSWORD_WRONG');
  await releaseRateLimitHits(app, reservation);
  await clearRateLimitHits(app, passwordRule.key);

  const newEmail = normaliseEmail(input.new_email);
  if (newEmail === user.email) throw new AppError('EMAIL_CHANGE_SAME_ADDRESS');
  await reserveChangeMails(app, user.id);

  const now = app.clock.now();
  const confirmToken = newSecret(32);
  const cancelToken = newSecret(32);
  const row: EmailChangeRow = {
    id: newId(now.getTime()),
    user_id: user.id,
    old_email: user.email,
    new_email: newEmail,
    confirm_token_hash: hashToken(confirmToken),
    cancel_token_hash: hashToken(cancelToken),
    requested_session_id: session.id,
    status: 'pending',
    created_at: now.toISOString(),
    expires_at: addSeconds(now, CHANGE_TTL_SECONDS).toISOString(),
    ended_at: null,
  };
  const replaceAndInsert = () =>
    app.db.transaction().execute(async (trx) => {
      await replacePendingEmailChanges(trx, user.id, now.toISOString());
      await insertEmailChange(trx, row);
      await recordAuditEvent(app, trx, {
        userId: user.id,
        type: 'email_change_requested',
        origin,
        details: { email_change: { from: user.email, to: newEmail } },
      });
    });
  try {
    await replaceAndInsert();
  } catch (error) {
    // Two requests at once on PostgreSQL: the other one's pending row committed between our
    // replace and insert (one pending row per user is a unique index). Once more replaces it.
    if (!isUniqueViolation(error)) throw error;
    await replaceAndInsert();
  }

  await app.mailer.send(
    await newAddressMail(app, user, newEmail, confirmLinkOf(app, confirmToken)),
  );
  await app.mailer.send(
    emailChangeRequestedMail({
      to: user.email,
      language: userLanguage(user),
      firstName: user.first_name,
      oldEmail: user.email,
      newEmail,
      link: cancelLinkOf(app, cancelToken),
    }),
  );
  return toPendingEmailChange(row);
}

/**
 * A fresh link to the new address for the pending change, valid another 24 hours; the earlier
 * one stops working. The old address's link to stop it stays as it was.
 */
export async function resendEmailChange(
  app: FastifyInstance,
  userId: string,
): Promise<PendingEmailChange> {
  const user = await requireUser(app, userId);
  const pending = await findPendingEmailChange(app.db, userId);
  if (!pending || !isLive(app, pending)) throw new AppError('EMAIL_CHANGE_NOT_PENDING');
  await reserveChangeMails(app, userId);
  const now = app.clock.now();
  const confirmToken = newSecret(32);
  const renewed = {
    confirm_token_hash: hashToken(confirmToken),
    expires_at: addSeconds(now, CHANGE_TTL_SECONDS).toISOString(),
  };
  if (!(await renewPendingEmailChange(app.db, pending.id, renewed))) {
    throw new AppError('EMAIL_CHANGE_NOT_PENDING');
  }
  const confirmLink = confirmLinkOf(app, confirmToken);
  await app.mailer.send(await newAddressMail(app, user, pending.new_email, confirmLink));
  return toPendingEmailChange({ ...pending, ...renewed });
}

async function cancel(
  app: FastifyInstance,
  row: EmailChangeRow,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const now = app.clock.now().toISOString();
    if (!(await endPendingEmailChange(trx, row.id, 'cancelled', now))) {
      throw new AppError('EMAIL_CHANGE_NOT_PENDING');
    }
    await recordAuditEvent(app, trx, {
      userId: row.user_id,
      type: 'email_change_cancelled',
      origin,
      details: { email_change: { from: row.old_email, to: row.new_email } },
    });
  });
}

/** Withdraws the pending change from the profile. */
export async function cancelEmailChange(
  app: FastifyInstance,
  userId: string,
  origin: RequestOrigin,
): Promise<void> {
  const pending = await findPendingEmailChange(app.db, userId);
  if (!pending || !isLive(app, pending)) throw new AppError('EMAIL_CHANGE_NOT_PENDING');
  await cancel(app, pending, origin);
}

async function changeOfConfirmToken(app: FastifyInstance, token: string): Promise<EmailChangeRow> {
  const row = await findEmailChangeByConfirmHash(app.db, hashToken(token));
  if (!row) throw new AppError('TOKEN_INVALID');
  assertLive(app, row);
  return row;
}

async function changeOfCancelToken(app: FastifyInstance, token: string): Promise<EmailChangeRow> {
  const row = await findEmailChangeByCancelHash(app.db, hashToken(token));
  if (!row) throw new AppError('TOKEN_INVALID');
  assertLive(app, row);
  return row;
}

/** What the link to the new address is about; reading it uses nothing up. */
export async function getConfirmLinkInfo(
  app: FastifyInstance,
  token: string,
): Promise<EmailChangeLinkInfo> {
  return toEmailChangeLinkInfo(await changeOfConfirmToken(app, token));
}

/** What the link to the old address is about; reading it uses nothing up. */
export async function getCancelLinkInfo(
  app: FastifyInstance,
  token: string,
): Promise<EmailChangeLinkInfo> {
  return toEmailChangeLinkInfo(await changeOfCancelToken(app, token));
}

/** Stops a pending change with the link mailed to the old address; nobody need be logged in. */
export async function cancelEmailChangeByLink(
  app: FastifyInstance,
  token: string,
  origin: RequestOrigin,
): Promise<void> {
  await cancel(app, await changeOfCancelToken(app, token), origin);
}

/**
 * Makes the new address the login's: the old one no longer logs in, every other session ends
 * (the one that asked stays, when it is the one following the link), the security log names
 * both addresses and the old address is told.
 */
export async function confirmEmailChange(
  app: FastifyInstance,
  token: string,
  /** The session cookie the link was opened with, if any (the route is public). */
  sessionSecret: string | undefined,
  origin: RequestOrigin,
): Promise<EmailChangeConfirmed> {
  const row = await changeOfConfirmToken(app, token);
  const user = await getUserById(app.db, row.user_id);
  if (!user || user.disabled_at) throw new AppError('TOKEN_INVALID');
  const now = app.clock.now();
  const current = sessionSecret ? await findLiveSessionBySecret(app.db, sessionSecret, now) : null;
  const keepSessionId = current && current.id === row.requested_session_id ? current.id : undefined;

  await app.db.transaction().execute(async (trx) => {
    const holder = await getUserByEmail({ db: trx }, row.new_email);
    if (holder && holder.id !== user.id) throw new AppError('EMAIL_TAKEN');
    if (!(await endPendingEmailChange(trx, row.id, 'confirmed', now.toISOString()))) {
      throw new AppError('EMAIL_CHANGE_USED');
    }
    await changeUser(app, trx, user.id, {
      email: row.new_email,
      email_verified_at: now.toISOString(),
    });
    await revokeUserSessions(trx, user.id, now, keepSessionId);
    await recordAuditEvent(app, trx, {
      userId: user.id,
      type: 'email_changed',
      origin,
      details: { email_change: { from: row.old_email, to: row.new_email } },
    });
  });

  const notice = emailChangedMail({
    to: row.old_email,
    language: userLanguage(user),
    firstName: user.first_name,
    oldEmail: row.old_email,
    newEmail: row.new_email,
  });
  app.mailer.send(notice).catch((error: unknown) => {
    app.log.error({ err: error, userId: user.id }, 'e-mail change notice could not be sent');
  });
  return { email: row.new_email };
}
