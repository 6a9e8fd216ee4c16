import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETION_CODE_LENGTH,
  DELETION_CODE_MAX_ATTEMPTS,
  DELETION_CODE_TTL_MINUTES,
  type AccountDeletionScheduled,
  type DeletionPendingDetails,
} from '@kuvert/shared/account-deletion';
import { addSeconds } from '../../clock.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import {
  deletionCodeMail,
  deletionScheduledMail,
} from '../../plugins/mail-templates-account-deletion.ts';
import { consumeToken, findUsableToken, issueOneTimeToken } from '../../plugins/one-time-tokens.ts';
import { verifyPassword } from '../../plugins/passwords.ts';
import { reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import { revokeUserSessions } from '../../plugins/session-store.ts';
import { changeUser, getUserById, userLanguage, type UserRow } from '../users/users.service.ts';
import {
  countCodeAttempt,
  findDeletionRow,
  saveDeletionCode,
  scheduleDeletion,
  unscheduleDeletion,
} from './account-deletions.repository.ts';
import { findDeletionScope } from './deletion-blockers.ts';

const CANCEL_TOKEN_TTL_SECONDS = 15 * 60;
/** Password tries and mailed codes per person and hour. */
const REQUESTS_PER_HOUR = 5;

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 10 ** DELETION_CODE_LENGTH)).padStart(DELETION_CODE_LENGTH, '0');
}

async function requireUser(app: FastifyInstance, userId: string): Promise<UserRow> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

async function assertNothingInTheWay(app: FastifyInstance, userId: string): Promise<void> {
  const { blockers } = await findDeletionScope(app.db, userId);
  if (blockers.length > 0) {
    const names = blockers.map((mailbox) => `"${mailbox.name}"`).join(', ');
    throw new AppError('ACCOUNT_DELETION_BLOCKED', {
      message: `You are the only owner of ${names}, which others use: make one of its members owner first.`,
      details: { mailboxes: blockers },
    });
  }
}

/**
 * Step one: the password, then a code to the person's address. Refused while they alone own a
 * mailbox that others use. Tries and mails are limited per person (reserve, then verify).
 */
export async function requestAccountDeletion(
  app: FastifyInstance,
  input: { userId: string; password: string; origin: RequestOrigin },
): Promise<void> {
  await reserveRateLimitHits(app, [
    { key: `account_deletion:user:${input.userId}`, max: REQUESTS_PER_HOUR, windowSeconds: 3600 },
  ]);
  const user = await requireUser(app, input.userId);
  const isRight =
    user.password_hash !== null && (await verifyPassword(input.password, user.password_hash));
  if (!isRight) throw new AppError('PASSWORD_WRONG');
  await assertNothingInTheWay(app, user.id);
  const code = newCode();
  const now = app.clock.now();
  await saveDeletionCode(app.db, {
    userId: user.id,
    codeHash: hashCode(user.id, code),
    expiresAt: addSeconds(now, DELETION_CODE_TTL_MINUTES * 60).toISOString(),
    now: now.toISOString(),
  });
  await app.mailer.send(
    deletionCodeMail({
      to: user.email,
      language: userLanguage(user),
      firstName: user.first_name,
      code,
      minutes: DELETION_CODE_TTL_MINUTES,
    }),
  );
}

/**
 * Step two: the mailed code. Each try counts before it is compared; a code lives 15 minutes
 * and a few tries. Then every session of the person ends, the account is disabled and due for
 * deletion in 30 days, and a mail says when and how to cancel.
 */
export async function confirmAccountDeletion(
  app: FastifyInstance,
  input: { userId: string; code: string; origin: RequestOrigin },
): Promise<AccountDeletionScheduled> {
  const now = app.clock.now();
  const counted = await countCodeAttempt(app.db, {
    userId: input.userId,
    maxAttempts: DELETION_CODE_MAX_ATTEMPTS,
    now: now.toISOString(),
  });
  if (!counted?.code_hash) throw new AppError('DELETION_CODE_EXPIRED');
  const codeHash = hashCode(input.userId, input.code);
  if (!sameHash(counted.code_hash, codeHash)) {
    throw new AppError('DELETION_CODE_INVALID', {
      details: { attempts_left: Math.max(0, DELETION_CODE_MAX_ATTEMPTS - counted.code_attempts) },
    });
  }
  await assertNothingInTheWay(app, input.userId);
  const dueAt = addSeconds(now, ACCOUNT_DELETION_GRACE_DAYS * 24 * 3600);
  const user = await app.db.transaction().execute(async (trx) => {
    const isScheduled = await scheduleDeletion(trx, {
      userId: input.userId,
      codeHash,
      dueAt: dueAt.toISOString(),
      now: now.toISOString(),
    });
    // Another request used the code first.
    if (!isScheduled) throw new AppError('DELETION_CODE_EXPIRED');
    const changed = await changeUser(app, trx, input.userId, { disabled_at: now.toISOString() });
    await revokeUserSessions(trx, input.userId, now);
    await recordAuditEvent(app, trx, {
      userId: input.userId,
      type: 'account_deletion_requested',
      origin: input.origin,
    });
    return changed;
  });
  await app.mailer.send(
    deletionScheduledMail({
      to: user.email,
      language: userLanguage(user),
      firstName: user.first_name,
      dueAt,
      timeZone: app.config.timeZone,
      loginLink: `${app.config.publicUrl}/login`,
    }),
  );
  return { deletion_due_at: dueAt.toISOString() };
}

/**
 * For a login with the right password while the account awaits deletion: when it is due and
 * a single-use token that cancels it. Undefined when no deletion is scheduled.
 */
export async function offerDeletionCancel(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<DeletionPendingDetails | undefined> {
  const row = await findDeletionRow(app.db, user.id);
  if (!row?.due_at || row.purged_at) return undefined;
  const token = await issueOneTimeToken(app, app.db, {
    userId: user.id,
    purpose: 'deletion_cancel',
    email: user.email,
    ttlSeconds: CANCEL_TOKEN_TTL_SECONDS,
  });
  return { deletion_due_at: new Date(row.due_at).toISOString(), cancel_token: token };
}

/** Cancels the deletion with the token a login answered; the account is as it was. */
export async function cancelAccountDeletion(
  app: FastifyInstance,
  input: { token: string; origin: RequestOrigin },
): Promise<UserRow> {
  const token = await findUsableToken(app, app.db, input.token, 'deletion_cancel');
  if (!token) throw new AppError('TOKEN_INVALID');
  return app.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(app, trx, token.id))) throw new AppError('TOKEN_INVALID');
    const now = app.clock.now().toISOString();
    if (!(await unscheduleDeletion(trx, token.user_id, now))) throw new AppError('TOKEN_INVALID');
    const user = await changeUser(app, trx, token.user_id, { disabled_at: null });
    await recordAuditEvent(app, trx, {
      userId: token.user_id,
      type: 'account_deletion_cancelled',
      origin: input.origin,
    });
    return user;
  });
}
