import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACTIVE_ACCESS_TOKENS,
  type AccessTokenList,
  type AccessTokenScope,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
} from '@kuvert/shared/access-tokens';
import { newId, newSecret } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { expiryOf } from './access-token-expiry.ts';
import { toAccessToken, toAccessTokenScope } from './access-tokens.presenter.ts';
import {
  countLiveAccessTokens,
  findLiveAccessTokenByHash,
  findLiveAccessTokens,
  insertAccessToken,
  markAccessTokenUsed,
  revokeAccessTokenOfUser,
} from './access-tokens.repository.ts';

type App = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'engine'>;

/** `kvp_` and 43 characters: 256 bits of randomness, base64url. */
const TOKEN_PATTERN = /^kvp_[A-Za-z0-9_-]{43}$/;
const TOKEN_PREFIX_SHOWN = ACCESS_TOKEN_PREFIX.length + 4;
/** last_used_at is written at most this often, not on every request. */
const USE_RESOLUTION_MS = 60_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `given` is the stored hash, compared in constant time. */
function isSameHash(given: string, stored: string): boolean {
  const a = Buffer.from(given, 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function listAccessTokens(app: App, userId: string): Promise<AccessTokenList> {
  const rows = await findLiveAccessTokens(app.db, userId, app.clock.now().toISOString());
  return { tokens: rows.map(toAccessToken) };
}

/**
 * A new token, shown this once: only its hash is kept. Counted and written in one serialised
 * step, so two tabs making tokens at once cannot pass the limit together.
 */
export async function createAccessToken(
  app: App,
  userId: string,
  input: CreateAccessTokenRequest,
  origin: RequestOrigin,
): Promise<CreatedAccessToken> {
  const now = app.clock.now();
  const expiresAt = expiryOf(input.expires_on, now, app.config.timeZone);
  const token = `${ACCESS_TOKEN_PREFIX}${newSecret(32)}`;
  const row = {
    id: newId(now.getTime()),
    user_id: userId,
    name: input.name,
    scope: input.scope,
    token_hash: hashToken(token),
    token_prefix: token.slice(0, TOKEN_PREFIX_SHOWN),
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await app.db.transaction().execute(async (trx) => {
    if (app.engine === 'postgres') {
      // SQLite's transactions hold the one write lock from BEGIN; PostgreSQL needs a lock per person.
      await sql`select pg_advisory_xact_lock(hashtext(${`personal_access_tokens:${userId}`}))`.execute(
        trx,
      );
    }
    const live = await countLiveAccessTokens(trx, userId, row.created_at);
    if (live >= MAX_ACTIVE_ACCESS_TOKENS) {
      throw new AppError('ACCESS_TOKEN_LIMIT_REACHED', {
        details: { max_active_tokens: MAX_ACTIVE_ACCESS_TOKENS },
      });
    }
    await insertAccessToken(trx, row);
    await recordAuditEvent(app, trx, { userId, type: 'access_token_created', origin });
  });
  return { token, access_token: toAccessToken(row) };
}

export async function revokeAccessToken(
  app: App,
  userId: string,
  tokenId: string,
  origin: RequestOrigin,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const revoked = await revokeAccessTokenOfUser(
      trx,
      userId,
      tokenId,
      app.clock.now().toISOString(),
    );
    if (!revoked) throw new AppError('NOT_FOUND');
    await recordAuditEvent(app, trx, { userId, type: 'access_token_revoked', origin });
  });
}

/** Who a personal API request acts for, and what the token lets it do. */
export interface AccessTokenHolder {
  tokenId: string;
  userId: string;
  scope: AccessTokenScope;
}

/**
 * The holder of a Bearer token, or undefined for anything that is not a live token (malformed,
 * unknown, revoked, expired). The last use is recorded, once a minute at most.
 */
export async function authenticateAccessToken(
  app: App,
  token: string,
): Promise<AccessTokenHolder | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const now = app.clock.now();
  const hash = hashToken(token);
  const row = await findLiveAccessTokenByHash(app.db, hash, now.toISOString());
  if (!row || !isSameHash(hash, row.token_hash)) return undefined;
  const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
  if (now.getTime() - lastUsed > USE_RESOLUTION_MS) {
    await markAccessTokenUsed(app.db, row.id, now.toISOString());
  }
  return { tokenId: row.id, userId: row.user_id, scope: toAccessTokenScope(row.scope) };
}
