import type { FastifyInstance } from 'fastify';
import type { Language } from '@kuvert/shared/auth';
import {
  ONBOARDING_TTL_DAYS,
  type CompleteOnboardingVerificationRequest,
  type OnboardingInfo,
  type StartVerificationResponse,
} from '@kuvert/shared/identity';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { onboardingMail } from '../../plugins/mail-templates.ts';
import {
  consumeToken,
  findUsableToken,
  issueOneTimeToken,
  type OneTimeTokenRow,
} from '../../plugins/one-time-tokens.ts';
import { assertPasswordStrongEnough, hashPassword } from '../../plugins/passwords.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import { renamePersonalAccount } from '../accounts/accounts.service.ts';
import {
  changeUser,
  createUser,
  fullName,
  getUserByEmail,
  getUserById,
  userLanguage,
  type UserRow,
} from '../users/users.service.ts';
import { findVerifiedIdentity } from './identity.repository.ts';
import { toVerifiedIdentity } from './identity.presenter.ts';
import { completeVerification, startVerification } from './identity.service.ts';

/*
 * Onboarding by identity (issue 24). The operator makes a link for an address; the user it
 * belongs to is made without a password (as `kuvert user invite` does). With the link, and no
 * login, the person verifies their identity (the ordinary verification, bound to that user
 * through the link's token: state, nonce, PKCE, signed process id, single use, ten minutes all
 * hold), takes the verified name, and then sets a password, which uses the link up.
 */

const ONBOARDING_TTL_SECONDS = ONBOARDING_TTL_DAYS * 24 * 3600;
/** Tries with onboarding links from one address block in ten minutes. */
const TRIES_PER_ADDRESS = 30;

type OnboardingContext = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer'>;

/**
 * Makes (or makes anew: only the latest link works) the onboarding link for `email`, mails it
 * and answers it for the operator. An address whose user already has a login is refused.
 */
export async function createOnboardingLink(
  app: OnboardingContext,
  input: { email: string; firstName?: string; lastName?: string; language?: Language },
): Promise<{ user: UserRow; link: string; isResent: boolean }> {
  const existing = await getUserByEmail(app, input.email);
  if (existing && (existing.password_hash !== null || existing.email_verified_at !== null)) {
    throw new AppError('EMAIL_TAKEN');
  }
  const user = existing ?? (await createUser(app, input));
  const token = await issueOneTimeToken(app, app.db, {
    userId: user.id,
    purpose: 'onboarding',
    email: user.email,
    ttlSeconds: ONBOARDING_TTL_SECONDS,
  });
  const link = `${app.config.publicUrl}/onboarding?token=${encodeURIComponent(token)}`;
  await app.mailer.send(
    onboardingMail({
      to: user.email,
      language: userLanguage(user),
      firstName: user.first_name,
      link,
    }),
  );
  return { user, link, isResent: existing !== undefined };
}

/** The link's token and its user, if it can still be used; else TOKEN_INVALID. */
async function usableOnboarding(
  app: FastifyInstance,
  token: string,
  origin: RequestOrigin,
): Promise<{ row: OneTimeTokenRow; user: UserRow }> {
  await reserveRateLimitHits(app, [
    { key: addressKey('onboarding', origin.ipAddress), max: TRIES_PER_ADDRESS, windowSeconds: 600 },
  ]);
  const row = await findUsableToken(app, app.db, token, 'onboarding');
  const user = row ? await getUserById(app.db, row.user_id) : undefined;
  if (!row || !user || user.disabled_at !== null || user.password_hash !== null) {
    throw new AppError('TOKEN_INVALID');
  }
  return { row, user };
}

async function infoOf(app: FastifyInstance, user: UserRow): Promise<OnboardingInfo> {
  const identity = await findVerifiedIdentity(app.db, user.id);
  return { email: user.email, identity: identity ? toVerifiedIdentity(identity) : null };
}

export async function getOnboardingInfo(
  app: FastifyInstance,
  token: string,
  origin: RequestOrigin,
): Promise<OnboardingInfo> {
  const { user } = await usableOnboarding(app, token, origin);
  return infoOf(app, user);
}

export async function startOnboardingVerification(
  app: FastifyInstance,
  token: string,
  origin: RequestOrigin,
): Promise<StartVerificationResponse> {
  const { user } = await usableOnboarding(app, token, origin);
  return startVerification(app, user.id);
}

/** The verified name as first and last name: the last word is the family name. */
function splitName(name: string): { first_name: string; last_name: string } {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(' ');
  if (space < 0) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1) };
}

/**
 * The return leg of the onboarding's verification: completes it for the link's user (the
 * process must be theirs), and gives them the verified name.
 */
export async function completeOnboardingVerification(
  app: FastifyInstance,
  input: CompleteOnboardingVerificationRequest,
  origin: RequestOrigin,
): Promise<OnboardingInfo> {
  const { token, ...answer } = input;
  const { user } = await usableOnboarding(app, token, origin);
  const status = await completeVerification(app, user.id, answer, origin);
  if (status.identity) {
    await app.db.transaction().execute(async (trx) => {
      const updated = await changeUser(app, trx, user.id, splitName(status.identity?.name ?? ''));
      await renamePersonalAccount(trx, user.id, fullName(updated) || updated.email);
    });
  }
  return infoOf(app, user);
}

/**
 * Sets the first password once the identity is verified: the link is used up, the address
 * counts as confirmed (the link was mailed to it), and the person is who the route logs in.
 */
export async function finishOnboarding(
  app: FastifyInstance,
  input: { token: string; password: string },
  origin: RequestOrigin,
): Promise<UserRow> {
  const { row, user } = await usableOnboarding(app, input.token, origin);
  if ((await findVerifiedIdentity(app.db, user.id)) === undefined) {
    throw new AppError('ONBOARDING_IDENTITY_REQUIRED');
  }
  assertPasswordStrongEnough(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  const now = app.clock.now().toISOString();
  return app.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(app, trx, row.id))) throw new AppError('TOKEN_INVALID');
    const updated = await changeUser(app, trx, user.id, {
      password_hash: passwordHash,
      email_verified_at: now,
    });
    await recordAuditEvent(app, trx, { userId: user.id, type: 'email_verified', origin });
    return updated;
  });
}
