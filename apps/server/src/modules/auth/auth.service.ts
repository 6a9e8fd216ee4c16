import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@kuvert/shared/auth';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { spendPasswordVerification, verifyPassword } from '../../plugins/passwords.ts';
import {
  addressKey,
  clearRateLimitHits,
  type RateLimitRule,
  releaseRateLimitHits,
  reserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import {
  createSession,
  revokeSessionBySecret,
  revokeUserSession,
  slideSession,
} from '../../plugins/session-store.ts';
import { toRequestSession, type RequestSession } from '../../plugins/session.ts';
import { listAccountsForUser } from '../accounts/accounts.service.ts';
import {
  cancelAccountDeletion,
  offerDeletionCancel,
} from '../account-deletion/account-deletion.service.ts';
import {
  getUserByEmail,
  getUserById,
  normaliseEmail,
  type UserRow,
} from '../users/users.service.ts';
import { toSessionResponse } from './auth.presenter.ts';

export function loginAccountKey(email: string): string {
  return `login:account:${normaliseEmail(email)}`;
}

function loginRules(app: FastifyInstance, email: string, origin: RequestOrigin): RateLimitRule[] {
  const windowSeconds = app.config.loginWindowSeconds;
  return [
    { key: loginAccountKey(email), max: app.config.loginMaxAttemptsPerAccount, windowSeconds },
    {
      key: addressKey('login', origin.ipAddress),
      max: app.config.loginMaxAttemptsPerAddress,
      windowSeconds,
    },
  ];
}

/** True when the user has a password and it matches; always spends one hash. */
async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user?.password_hash) {
    await spendPasswordVerification(password);
    return false;
  }
  return verifyPassword(password, user.password_hash);
}

async function describeSession(
  app: FastifyInstance,
  session: RequestSession,
  user: UserRow,
): Promise<SessionResponse> {
  const accounts = await listAccountsForUser(app.db, user.id);
  return toSessionResponse({ now: app.clock.now(), session, user, accounts });
}

export interface LoginInput {
  email: string;
  password: string;
  origin: RequestOrigin;
  /** The secret of a session cookie the browser still had: replaced, never reused. */
  previousSecret?: string;
}

/**
 * Reserves the attempt against both limits before the password is checked (reserve, then
 * verify), so parallel guesses get no more tries than serial ones and a locked-out guesser
 * learns nothing more, not even from the right password. The answer for unknown e-mail,
 * wrong password, no password yet or disabled user is the same, and each spends one hash.
 */
export async function login(
  app: FastifyInstance,
  input: LoginInput,
): Promise<{ response: SessionResponse; secret: string }> {
  const reservation = await reserveRateLimitHits(app, loginRules(app, input.email, input.origin));

  const user = await getUserByEmail(app, input.email);
  // Checked for unknown e-mails too: they spend the same hash as known ones.
  const matches = await passwordMatches(user, input.password);
  if (user && matches && user.disabled_at !== null) {
    // The account awaits deletion: the right password opens nothing but the offer to cancel.
    const offer = await offerDeletionCancel(app, user);
    if (offer) {
      await clearRateLimitHits(app, loginAccountKey(user.email));
      await releaseRateLimitHits(app, reservation);
      throw new AppError('ACCOUNT_DELETION_PENDING', { details: offer });
    }
  }
  const isValid = matches && user?.disabled_at === null;
  if (!user || !isValid) {
    // The reserved hits stay: they are this failure's count.
    if (user) {
      await recordAuditEvent(app, app.db, {
        userId: user.id,
        type: 'login_failed',
        origin: input.origin,
      });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }

  // Only failures count: a success clears the account's failures (this hit among them) and
  // gives back its hit on the address.
  await clearRateLimitHits(app, loginAccountKey(user.email));
  await releaseRateLimitHits(app, reservation);
  if (input.previousSecret) {
    await revokeSessionBySecret(app.db, input.previousSecret, app.clock.now());
  }
  const { session, secret } = await createSession(app, {
    userId: user.id,
    userAgent: input.origin.userAgent,
    ipAddress: input.origin.ipAddress,
  });
  await recordAuditEvent(app, app.db, {
    userId: user.id,
    type: 'login_succeeded',
    origin: input.origin,
  });
  return { response: await describeSession(app, toRequestSession(session), user), secret };
}

/**
 * Cancels the account's deletion with the token a login during the grace period answered,
 * and logs the person in, as the right password would have.
 */
export async function cancelDeletionAndLogIn(
  app: FastifyInstance,
  input: { token: string; origin: RequestOrigin; previousSecret?: string },
): Promise<{ response: SessionResponse; secret: string }> {
  const user = await cancelAccountDeletion(app, input);
  if (input.previousSecret) {
    await revokeSessionBySecret(app.db, input.previousSecret, app.clock.now());
  }
  const { session, secret } = await createSession(app, {
    userId: user.id,
    userAgent: input.origin.userAgent,
    ipAddress: input.origin.ipAddress,
  });
  await recordAuditEvent(app, app.db, {
    userId: user.id,
    type: 'login_succeeded',
    origin: input.origin,
  });
  return { response: await describeSession(app, toRequestSession(session), user), secret };
}

export async function logout(
  app: FastifyInstance,
  session: RequestSession,
  origin: RequestOrigin,
): Promise<void> {
  await revokeUserSession(app.db, session.userId, session.id, app.clock.now());
  await recordAuditEvent(app, app.db, { userId: session.userId, type: 'logout', origin });
}

async function sessionUser(app: FastifyInstance, session: RequestSession): Promise<UserRow> {
  const user = await getUserById(app.db, session.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

export async function getSession(
  app: FastifyInstance,
  session: RequestSession,
): Promise<SessionResponse> {
  return describeSession(app, session, await sessionUser(app, session));
}

/** Slides the idle expiry forward (never past the absolute one). */
export async function refreshSession(
  app: FastifyInstance,
  session: RequestSession,
): Promise<SessionResponse> {
  const user = await sessionUser(app, session);
  const slid = await slideSession(app, {
    id: session.id,
    absolute_expires_at: session.absoluteExpiresAt.toISOString(),
  });
  return describeSession(app, { ...session, idleExpiresAt: new Date(slid.idle_expires_at) }, user);
}
