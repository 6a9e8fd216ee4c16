import type { FastifyInstance } from 'fastify';
import type {
  ActiveSession,
  AuditEvent,
  ChangePasswordRequest,
  PatchProfileRequest,
  Profile,
} from '@kuvert/shared/profile';
import { AppError } from '../../plugins/app-error.ts';
import {
  listRecentAuditEvents,
  recordAuditEvent,
  type RequestOrigin,
} from '../../plugins/audit.ts';
import {
  assertPasswordStrongEnough,
  hashPassword,
  verifyPassword,
} from '../../plugins/passwords.ts';
import {
  clearRateLimitHits,
  releaseRateLimitHits,
  reserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import {
  listLiveSessions,
  revokeUserSession,
  revokeUserSessions,
} from '../../plugins/session-store.ts';
import type { RequestSession } from '../../plugins/session.ts';
import { renamePersonalAccount } from '../accounts/accounts.service.ts';
import { changeUser, fullName, getUserById, type UserRow } from '../users/users.service.ts';
import { toActiveSession, toAuditEvents, toProfile } from './profile.presenter.ts';

const AUDIT_EVENTS_SHOWN = 50;

async function requireUser(app: FastifyInstance, userId: string): Promise<UserRow> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

export async function getProfile(app: FastifyInstance, userId: string): Promise<Profile> {
  return toProfile(await requireUser(app, userId));
}

/** The address as the users table keeps it: null clears all four, undefined leaves them. */
function addressColumns(address: PatchProfileRequest['address']) {
  if (address === undefined) return {};
  return {
    address_street: address?.street ?? null,
    address_postcode: address?.postcode ?? null,
    address_city: address?.city ?? null,
    address_country: address?.country ?? null,
  };
}

function identityOf(user: UserRow): string {
  return [
    user.first_name,
    user.last_name,
    user.address_street,
    user.address_postcode,
    user.address_city,
    user.address_country,
  ].join('\u0000');
}

/** A name or an address is who and where the person is; the interface language is not. */
function isIdentityChanged(before: UserRow, after: UserRow): boolean {
  return identityOf(before) !== identityOf(after);
}

/** Changes the fields given (PUT gives all, PATCH some); a field left out stays as it is. */
export async function updateProfile(
  app: FastifyInstance,
  userId: string,
  input: PatchProfileRequest,
  origin: RequestOrigin,
): Promise<Profile> {
  const before = await requireUser(app, userId);
  const user = await app.db.transaction().execute(async (trx) => {
    // Kysely leaves out columns whose value is undefined.
    const updated = await changeUser(app, trx, userId, {
      first_name: input.first_name,
      last_name: input.last_name,
      language: input.language,
      ...addressColumns(input.address),
    });
    if (input.first_name !== undefined || input.last_name !== undefined) {
      await renamePersonalAccount(trx, userId, fullName(updated) || updated.email);
    }
    if (isIdentityChanged(before, updated)) {
      await recordAuditEvent(app, trx, { userId, type: 'profile_updated', origin });
    }
    return updated;
  });
  return toProfile(user);
}

/**
 * Needs the current password (a borrowed, unlocked device is not enough), is limited like
 * login, and logs out every other device; this one stays logged in.
 */
export async function changePassword(
  app: FastifyInstance,
  session: RequestSession,
  input: ChangePasswordRequest,
  origin: RequestOrigin,
): Promise<void> {
  const rule = {
    key: `password_change:user:${session.userId}`,
    max: app.config.loginMaxAttemptsPerAccount,
    windowSeconds: app.config.loginWindowSeconds,
  };
  // Reserve, then verify: parallel guesses get no more tries than serial ones.
  const reservation = await reserveRateLimitHits(app, [rule]);
  const user = await requireUser(app, session.userId);
  const isCurrentRight =
    user.password_hash !== null &&
    (await verifyPassword(input.current_password, user.password_hash));
  if (!isCurrentRight) throw new AppError('PASSWORD_WRONG');
  // The right current password was no guess, even if the new one is refused below.
  await releaseRateLimitHits(app, reservation);
  assertPasswordStrongEnough(input.new_password, user.email);
  const passwordHash = await hashPassword(input.new_password);
  await app.db.transaction().execute(async (trx) => {
    await changeUser(app, trx, user.id, { password_hash: passwordHash });
    await revokeUserSessions(trx, user.id, app.clock.now(), session.id);
    await recordAuditEvent(app, trx, { userId: user.id, type: 'password_changed', origin });
  });
  await clearRateLimitHits(app, rule.key);
}

export async function listSessions(
  app: FastifyInstance,
  session: RequestSession,
): Promise<ActiveSession[]> {
  const rows = await listLiveSessions(app.db, session.userId, app.clock.now());
  return rows.map((row) => toActiveSession(row, session.id));
}

/** Revokes one of the caller's own sessions; anybody else's id is simply not found. */
export async function revokeSession(
  app: FastifyInstance,
  session: RequestSession,
  sessionId: string,
  origin: RequestOrigin,
): Promise<void> {
  const isRevoked = await revokeUserSession(app.db, session.userId, sessionId, app.clock.now());
  if (!isRevoked) throw new AppError('SESSION_NOT_FOUND');
  await recordAuditEvent(app, app.db, { userId: session.userId, type: 'session_revoked', origin });
}

/** Logs out every device but this one, as after a password change. */
export async function revokeOtherSessions(
  app: FastifyInstance,
  session: RequestSession,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await revokeUserSessions(trx, session.userId, app.clock.now(), session.id);
    await recordAuditEvent(app, trx, {
      userId: session.userId,
      type: 'other_sessions_revoked',
      origin,
    });
  });
}

export async function listAuditEvents(app: FastifyInstance, userId: string): Promise<AuditEvent[]> {
  return toAuditEvents(await listRecentAuditEvents(app.db, userId, AUDIT_EVENTS_SHOWN));
}
