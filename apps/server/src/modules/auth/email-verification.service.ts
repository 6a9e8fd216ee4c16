import type { FastifyInstance } from 'fastify';
import type { EmailVerificationConfirm, EmailVerificationInfo } from '@kuvert/shared/auth';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import {
  consumeToken,
  findUsableToken,
  type OneTimeTokenRow,
} from '../../plugins/one-time-tokens.ts';
import { assertPasswordStrongEnough, hashPassword } from '../../plugins/passwords.ts';
import { renamePersonalAccount } from '../accounts/accounts.service.ts';
import {
  changeUser,
  fullName,
  getUserByEmail,
  getUserById,
  type UserRow,
} from '../users/users.service.ts';

async function findVerification(
  app: FastifyInstance,
  token: string,
): Promise<{ token: OneTimeTokenRow; user: UserRow }> {
  const row = await findUsableToken(app, app.db, token, 'email_verification');
  const user = row ? await getUserById(app.db, row.user_id) : undefined;
  if (!row || !user || user.disabled_at) throw new AppError('TOKEN_INVALID');
  return { token: row, user };
}

function purposeOf(token: OneTimeTokenRow, user: UserRow): EmailVerificationInfo['purpose'] {
  if (user.password_hash === null) return 'invitation';
  return token.email === user.email ? 'signup' : 'email_change';
}

/** What the link is for; reading it does not use the token up. */
export async function getEmailVerificationInfo(
  app: FastifyInstance,
  tokenValue: string,
): Promise<EmailVerificationInfo> {
  const { token, user } = await findVerification(app, tokenValue);
  return {
    email: token.email,
    purpose: purposeOf(token, user),
    needs_password: user.password_hash === null,
    first_name: user.password_hash === null ? user.first_name || null : null,
    last_name: user.password_hash === null ? user.last_name || null : null,
  };
}

/**
 * Confirms the address (switching to it for an e-mail change) and, for an invitation, sets
 * the first password. The token is used up only when everything succeeded.
 */
export async function confirmEmailVerification(
  app: FastifyInstance,
  input: EmailVerificationConfirm,
  origin: RequestOrigin,
): Promise<void> {
  const { token, user } = await findVerification(app, input.token);
  const needsPassword = user.password_hash === null;
  if (needsPassword && input.password === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'body.password', message: 'A password is required' }],
    });
  }
  let passwordHash = user.password_hash;
  if (needsPassword && input.password !== undefined) {
    assertPasswordStrongEnough(input.password, token.email);
    passwordHash = await hashPassword(input.password);
  }
  const now = app.clock.now();

  await app.db.transaction().execute(async (trx) => {
    if (token.email !== user.email) {
      const holder = await getUserByEmail({ db: trx }, token.email);
      if (holder && holder.id !== user.id) throw new AppError('EMAIL_TAKEN');
    }
    if (!(await consumeToken(app, trx, token.id))) throw new AppError('TOKEN_INVALID');
    const updated = await changeUser(app, trx, user.id, {
      email: token.email,
      email_verified_at: now.toISOString(),
      password_hash: passwordHash,
      first_name: input.first_name ?? user.first_name,
      last_name: input.last_name ?? user.last_name,
    });
    if (input.first_name !== undefined || input.last_name !== undefined) {
      await renamePersonalAccount(trx, user.id, fullName(updated) || updated.email);
    }
    await recordAuditEvent(app, trx, { userId: user.id, type: 'email_verified', origin });
  });
}
