import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type {
  CompleteVerificationRequest,
  IdentityStatus,
  StartVerificationResponse,
} from '@kuvert/shared/identity';
import { addSeconds } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newSecret } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import { confirmedPerson } from './identity-claims.ts';
import { readSignedProcessId, signProcessId } from './identity-process-ids.ts';
import { RETURN_PATH_PREFIX } from './identity-provider-settings.ts';
import {
  deleteFinishedIdentityProcesses,
  findIdentityProcess,
  findUserOfIdentity,
  findVerifiedIdentity,
  insertIdentityProcess,
  markIdentityProcessUsed,
  saveVerifiedIdentity,
  type IdentityProcessRow,
} from './identity.repository.ts';
import { toVerifiedIdentity } from './identity.presenter.ts';
import { identityClient, type IdentityClient } from './oidc-client.ts';

/** How long a person has at the identity provider (DESIGN §9). */
export const IDENTITY_PROCESS_TTL_SECONDS = 10 * 60;

export async function getIdentityStatus(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
): Promise<IdentityStatus> {
  const row = await findVerifiedIdentity(app.db, userId);
  return { identity: row ? toVerifiedIdentity(row) : null };
}

/**
 * Starts a verification: a process holding state, nonce and PKCE verifier on the server, and
 * the provider's authorization URL, which returns to `/verify/id_process_id/{signed id}`.
 */
export async function startVerification(
  app: FastifyInstance,
  userId: string,
): Promise<StartVerificationResponse> {
  const { settings, configuration } = await identityClient(app);
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const now = app.clock.now();
  await deleteFinishedIdentityProcesses(app.db, userId, now.toISOString());

  const processId = newSecret(18);
  const redirectUri = `${app.config.publicUrl}${RETURN_PATH_PREFIX}${signProcessId(app, processId)}`;
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await insertIdentityProcess(app.db, {
    id: processId,
    user_id: userId,
    issuer: settings.issuer,
    state,
    nonce,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
    created_at: now.toISOString(),
    expires_at: addSeconds(now, IDENTITY_PROCESS_TTL_SECONDS).toISOString(),
    used_at: null,
  });
  const { acrValues, scopes } = app.config.identity;
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // Every verification is a fresh one: not a session the provider still remembers.
    prompt: 'login',
    ui_locales: userLanguage(user),
    ...(acrValues ? { acr_values: acrValues } : {}),
  });
  return { authorization_url: url.href };
}

function isSame(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Takes the process for this answer: Kuvert's signature, the caller's own, unanswered, in
 * time. It is used up here, whatever follows, so one answer at most completes it.
 */
async function takeProcess(
  app: FastifyInstance,
  userId: string,
  data: string,
): Promise<IdentityProcessRow> {
  const processId = readSignedProcessId(app, data);
  const process = processId ? await findIdentityProcess(app.db, processId, userId) : undefined;
  if (!process) throw new AppError('IDENTITY_RESPONSE_INVALID');
  if (process.used_at !== null) throw new AppError('IDENTITY_PROCESS_USED');
  const now = app.clock.now();
  if (Date.parse(process.expires_at) <= now.getTime()) {
    await markIdentityProcessUsed(app.db, process.id, now.toISOString());
    throw new AppError('IDENTITY_PROCESS_EXPIRED');
  }
  if (!(await markIdentityProcessUsed(app.db, process.id, now.toISOString()))) {
    throw new AppError('IDENTITY_PROCESS_USED');
  }
  return process;
}

/** What went wrong talking to the provider, as the person should hear it. */
function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TypeError) return new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
  if (error instanceof client.ResponseBodyError) {
    return error.status >= 500
      ? new AppError('IDENTITY_PROVIDER_UNAVAILABLE')
      : new AppError('IDENTITY_REJECTED');
  }
  if (
    error instanceof client.ClientError &&
    ['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM'].includes(error.code ?? '')
  ) {
    return new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
  }
  return new AppError('IDENTITY_RESPONSE_INVALID');
}

async function exchangeCode(
  identity: IdentityClient,
  process: IdentityProcessRow,
  input: CompleteVerificationRequest,
) {
  // The URL the provider sent the browser to, built from PUBLIC_URL (never from the request).
  const currentUrl = new URL(process.redirect_uri);
  if (input.code) currentUrl.searchParams.set('code', input.code);
  if (input.state) currentUrl.searchParams.set('state', input.state);
  if (input.iss) currentUrl.searchParams.set('iss', input.iss);
  const tokens = await client.authorizationCodeGrant(identity.configuration, currentUrl, {
    pkceCodeVerifier: process.code_verifier,
    expectedState: process.state,
    expectedNonce: process.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new AppError('IDENTITY_RESPONSE_INVALID');
  const userinfo = await client.fetchUserInfo(
    identity.configuration,
    tokens.access_token,
    idToken.sub,
  );
  return { idToken, userinfo };
}

/**
 * Completes a verification with the provider's answer. Every failure leaves the process used
 * and the user's identity as it was; only a confirmed person is stored, in one write.
 */
export async function completeVerification(
  app: FastifyInstance,
  userId: string,
  input: CompleteVerificationRequest,
  origin: RequestOrigin,
): Promise<IdentityStatus> {
  const process = await takeProcess(app, userId, input.data);
  if (input.error === 'access_denied') throw new AppError('IDENTITY_CANCELLED');
  if (input.error) throw new AppError('IDENTITY_REJECTED');
  if (!input.state || !isSame(input.state, process.state) || !input.code) {
    throw new AppError('IDENTITY_RESPONSE_INVALID');
  }
  const identity = await identityClient(app);
  if (identity.settings.issuer !== process.issuer) throw new AppError('IDENTITY_RESPONSE_INVALID');

  let answer: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    answer = await exchangeCode(identity, process, input);
  } catch (error) {
    const failure = providerFailure(error);
    app.log.info({ err: error, code: failure.code }, 'an identity verification failed');
    throw failure;
  }
  const person = confirmedPerson(app.config.identity, answer.userinfo, answer.idToken);
  const subject = answer.idToken.sub;
  const acr = typeof answer.idToken.acr === 'string' ? answer.idToken.acr : null;

  const boundTo = await findUserOfIdentity(app.db, process.issuer, subject);
  if (boundTo !== undefined && boundTo !== userId) throw new AppError('IDENTITY_TAKEN');
  try {
    await saveVerifiedIdentity(app.db, {
      user_id: userId,
      issuer: process.issuer,
      subject,
      name: person.name,
      birth_date: person.birthDate,
      acr,
      is_test: identity.settings.isTest ? 1 : 0,
      verified_at: app.clock.now().toISOString(),
    });
  } catch (error) {
    // Another user completed with the same identity at the same moment.
    if (isUniqueViolation(error)) throw new AppError('IDENTITY_TAKEN');
    throw error;
  }
  await recordAuditEvent(app, app.db, { userId, type: 'identity_verified', origin });
  return getIdentityStatus(app, userId);
}
