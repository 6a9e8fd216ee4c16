import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DeclineRequest, LetterSignature, SignRequest } from '@kuvert/shared/signatures';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { verifyPassword } from '../../plugins/passwords.ts';
import {
  clearRateLimitHits,
  releaseRateLimitHits,
  reserveRateLimitHits,
} from '../../plugins/rate-limit.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { findVerifiedIdentityOf } from '../identity/verified-identities.service.ts';
import { findLetterOfUser } from '../letters/letters.service.ts';
import { fullName, getUserById, type UserRow } from '../users/users.service.ts';
import { SIGNATURE_SEAL_JOB, SIGNATURE_SEAL_MAX_ATTEMPTS } from './signature-job-types.ts';
import { isExpiredNow } from './signatures.presenter.ts';
import {
  countPendingSigners,
  findRequestById,
  lockRequest,
  updatePendingRequest,
  updatePendingSigner,
  type SignatureRequestRow,
  type SignerWithUserRow,
} from './signatures.repository.ts';
import { publishSignaturesChanged, requireLetterSignature } from './signatures.service.ts';
import { findSigners } from './signers.ts';

interface SigningTarget {
  request: SignatureRequestRow;
  me: SignerWithUserRow;
}

/**
 * The caller's place in the request of a letter they see: 404 for strangers and letters
 * without a request, 403 for a viewer of the letter's account and for anyone not a signer.
 */
async function requireSigner(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<SigningTarget> {
  const letter = await findLetterOfUser(app, userId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  // A viewer may read the letter, so learning it is a request tells them nothing new.
  assertCan(letter.role, 'sign');
  const request = letter.signature_request_id
    ? await findRequestById(app.db, letter.signature_request_id)
    : undefined;
  if (!request) throw new AppError('NOT_FOUND');
  const signers = await findSigners(app.db, [request.id]);
  const me = signers.find((signer) => signer.user_id === userId);
  if (!me) {
    throw new AppError('FORBIDDEN', { message: 'Only the people asked to sign can sign.' });
  }
  return { request, me };
}

/** Not completed, declined, cancelled, nor past its due date (before the expiry job ran, too). */
function isOpen(app: FastifyInstance, request: SignatureRequestRow | undefined): boolean {
  return request?.status === 'pending' && !isExpiredNow(request, todayOf(app));
}

function assertOpen(app: FastifyInstance, request: SignatureRequestRow | undefined): void {
  if (!isOpen(app, request)) throw new AppError('SIGNATURE_CLOSED');
}

/**
 * A session alone cannot sign: the password again, limited like login and counted before it
 * is checked (reserve, then verify), so parallel guesses get no more tries than serial ones.
 */
async function confirmPassword(
  app: FastifyInstance,
  userId: string,
  password: string,
): Promise<UserRow> {
  const rule = {
    key: `signature_sign:user:${userId}`,
    max: app.config.loginMaxAttemptsPerAccount,
    windowSeconds: app.config.loginWindowSeconds,
  };
  const reservation = await reserveRateLimitHits(app, [rule]);
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const isRight =
    user.password_hash !== null && (await verifyPassword(password, user.password_hash));
  if (!isRight) throw new AppError('PASSWORD_WRONG', { message: 'The password is wrong.' });
  await releaseRateLimitHits(app, reservation);
  await clearRateLimitHits(app, rule.key);
  return user;
}

/**
 * Closes the request when nobody is left to sign, or at once on a decline, and queues the
 * one seal job. Runs under the request's lock, so exactly one signer closes it.
 */
async function closeIfDone(
  app: FastifyInstance,
  trx: Kysely<Database>,
  request: SignatureRequestRow,
  outcome: 'completed' | 'declined',
  nowIso: string,
): Promise<void> {
  if (outcome === 'completed' && (await countPendingSigners(trx, request.id)) > 0) return;
  const isClosed = await updatePendingRequest(trx, request.id, {
    status: outcome,
    ...(outcome === 'completed' ? { completed_at: nowIso } : { declined_at: nowIso }),
    seal_status: 'sealing',
    updated_at: nowIso,
  });
  if (!isClosed) return;
  await app.jobs.enqueue(trx, {
    type: SIGNATURE_SEAL_JOB,
    payload: { request_id: request.id },
    maxAttempts: SIGNATURE_SEAL_MAX_ATTEMPTS,
  });
}

/** POST /api/letters/{id}/signature/sign. Signing twice records once. */
export async function signLetter(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  input: SignRequest,
  origin: RequestOrigin,
): Promise<LetterSignature> {
  const { request, me } = await requireSigner(app, userId, letterId);
  if (me.status === 'signed') return requireLetterSignature(app, userId, letterId);
  assertOpen(app, request);
  if (me.status !== 'pending') throw new AppError('SIGNATURE_CLOSED');
  // Asked before the password, so nobody types it for a signature that cannot be made yet.
  const identity =
    me.identity_requirement === 'verified'
      ? await findVerifiedIdentityOf(app.db, userId)
      : undefined;
  if (me.identity_requirement === 'verified' && !identity) {
    throw new AppError('IDENTITY_VERIFICATION_REQUIRED');
  }
  const user = await confirmPassword(app, userId, input.password);
  const isSigned = await app.db.transaction().execute(async (trx) => {
    // Closed meanwhile: by this signer's other tab (answered below as done), or by anyone.
    if (!isOpen(app, await lockRequest(trx, app.engine, request.id))) return false;
    const nowIso = app.clock.now().toISOString();
    const isChanged = await updatePendingSigner(trx, me.id, {
      status: 'signed',
      method: input.method,
      typed_name: input.method === 'typed' ? (input.typed_name ?? null) : null,
      strokes: input.method === 'drawn' && input.strokes ? JSON.stringify(input.strokes) : null,
      signer_name: fullName(user) || user.email,
      signed_at: nowIso,
      ip_address: origin.ipAddress,
      user_agent: origin.userAgent,
      ...(identity
        ? {
            identified_by: 'verified_identity',
            identity_issuer: identity.issuer,
            identity_acr: identity.acr,
            identity_name: identity.name,
          }
        : { identified_by: 'password' }),
    });
    if (!isChanged) return false;
    await recordAuditEvent(app, trx, { userId, type: 'document_signed', origin });
    await closeIfDone(app, trx, request, 'completed', nowIso);
    return true;
  });
  if (isSigned) await publishSignaturesChanged(app, request.id);
  const after = await requireLetterSignature(app, userId, letterId);
  // A parallel request of the same signer signed first: once is enough. Anything else closed it.
  if (!isSigned && after.my_status !== 'signed') throw new AppError('SIGNATURE_CLOSED');
  return after;
}

/** POST /api/letters/{id}/signature/decline: the request is declined at once, for everyone. */
export async function declineLetter(
  app: FastifyInstance,
  userId: string,
  letterId: string,
  input: DeclineRequest,
  origin: RequestOrigin,
): Promise<LetterSignature> {
  const { request, me } = await requireSigner(app, userId, letterId);
  if (me.status === 'declined') return requireLetterSignature(app, userId, letterId);
  assertOpen(app, request);
  if (me.status !== 'pending') throw new AppError('SIGNATURE_CLOSED');
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const isDeclined = await app.db.transaction().execute(async (trx) => {
    // Closed meanwhile: by this signer's other tab (answered below as done), or by anyone.
    if (!isOpen(app, await lockRequest(trx, app.engine, request.id))) return false;
    const nowIso = app.clock.now().toISOString();
    const isChanged = await updatePendingSigner(trx, me.id, {
      status: 'declined',
      signer_name: fullName(user) || user.email,
      declined_at: nowIso,
      declined_reason: input.reason,
      ip_address: origin.ipAddress,
      user_agent: origin.userAgent,
      identified_by: 'session',
    });
    if (!isChanged) return false;
    await recordAuditEvent(app, trx, { userId, type: 'signature_declined', origin });
    await closeIfDone(app, trx, request, 'declined', nowIso);
    return true;
  });
  if (isDeclined) await publishSignaturesChanged(app, request.id);
  const after = await requireLetterSignature(app, userId, letterId);
  if (!isDeclined && after.my_status !== 'declined') throw new AppError('SIGNATURE_CLOSED');
  return after;
}
