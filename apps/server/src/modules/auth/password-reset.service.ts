import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { passwordResetMail } from '../../plugins/mail-templates.ts';
import { consumeToken, findUsableToken, issueOneTimeToken } from '../../plugins/one-time-tokens.ts';
import { assertPasswordStrongEnough, hashPassword } from '../../plugins/passwords.ts';
import {
  addressKey,
  clearRateLimitHits,
  reserveRateLimitHits,
  tryReserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import { revokeUserSessions } from '../../plugins/session-store.ts';
import {
  changeUser,
  getUserByEmail,
  getUserById,
  normaliseEmail,
  userLanguage,
} from '../users/users.service.ts';
import { loginAccountKey } from './auth.service.ts';

const RESET_TTL_SECONDS = 3600;
/** Reset mails to one address per window; more are dropped silently (no mail bombing). */
const RESET_MAILS_PER_ACCOUNT = 3;

/**
 * Always answers the same: whether the address has a login is not revealed. The mail is
 * sent in the background so a slow mail server does not make known addresses slower. Each
 * request is counted before anything else (reserve, then act), so parallel requests get no
 * more than serial ones, against the client address and against the e-mail address alike.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  email: string,
  origin: RequestOrigin,
): Promise<void> {
  const windowSeconds = app.config.loginWindowSeconds;
  await reserveRateLimitHits(app, [
    {
      key: addressKey('password_reset', origin.ipAddress),
      max: app.config.loginMaxAttemptsPerAddress,
      windowSeconds,
    },
  ]);
  // Counted for unknown e-mails too, so both take the same path; over the limit the mail is
  // dropped silently (no mail bombing).
  const mayMail = await tryReserveRateLimitHits(app, [
    {
      key: `password_reset:account:${normaliseEmail(email)}`,
      max: RESET_MAILS_PER_ACCOUNT,
      windowSeconds,
    },
  ]);

  const user = await getUserByEmail(app, email);
  if (!user || user.disabled_at || !mayMail) return;

  const token = await issueOneTimeToken(app, app.db, {
    userId: user.id,
    purpose: 'password_reset',
    email: user.email,
    ttlSeconds: RESET_TTL_SECONDS,
  });
  const mail = passwordResetMail({
    to: user.email,
    language: userLanguage(user),
    firstName: user.first_name,
    link: `${app.config.publicUrl}/reset/password/${token}`,
  });
  app.mailer.send(mail).catch((error: unknown) => {
    app.log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
  });
}

/** Sets the new password and ends every session: whoever else was logged in is out. */
/** Whether a reset link can still be used; reading it does not use it up. */
export async function getPasswordResetInfo(
  app: FastifyInstance,
  tokenValue: string,
): Promise<{ email: string }> {
  const token = await findUsableToken(app, app.db, tokenValue, 'password_reset');
  const user = token ? await getUserById(app.db, token.user_id) : undefined;
  if (!token || !user || user.disabled_at) throw new AppError('TOKEN_INVALID');
  return { email: user.email };
}

export async function confirmPasswordReset(
  app: FastifyInstance,
  input: { token: string; password: string },
  origin: RequestOrigin,
): Promise<void> {
  const token = await findUsableToken(app, app.db, input.token, 'password_reset');
  const user = token ? await getUserById(app.db, token.user_id) : undefined;
  if (!token || !user || user.disabled_at) throw new AppError('TOKEN_INVALID');
  assertPasswordStrongEnough(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  const now = app.clock.now();

  await app.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(app, trx, token.id))) throw new AppError('TOKEN_INVALID');
    // The link reached the inbox of this address, which proves the user owns it.
    const isSameAddress = token.email === user.email;
    await changeUser(app, trx, user.id, {
      password_hash: passwordHash,
      email_verified_at: user.email_verified_at ?? (isSameAddress ? now.toISOString() : null),
    });
    await revokeUserSessions(trx, user.id, now);
    await recordAuditEvent(app, trx, { userId: user.id, type: 'password_reset', origin });
  });
  // The owner proved control of the mailbox: earlier failed guesses no longer lock them out.
  await clearRateLimitHits(app, loginAccountKey(user.email));
}
