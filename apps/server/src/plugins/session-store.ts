import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { addSeconds } from '../clock.ts';
import { newSecret } from '../db/ids.ts';
import { queryTemplate } from '../db/query-template.ts';
import type { Database, SessionsTable } from '../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;
type SessionContext = Pick<FastifyInstance, 'db' | 'clock' | 'config'>;

const USER_AGENT_MAX_LENGTH = 512;

/** Every request with a session runs it: the one-shot hash costs a fraction of a Hash object. */
export function hashSessionSecret(secret: string): string {
  return hash('sha256', secret, 'base64url');
}

/** The earlier of the two expiries: when the session ends if nothing else happens. */
export function sessionExpiresAt(
  session: Pick<SessionRow, 'idle_expires_at' | 'absolute_expires_at'>,
): Date {
  return new Date(
    Math.min(Date.parse(session.idle_expires_at), Date.parse(session.absolute_expires_at)),
  );
}

export interface NewSessionInput {
  userId: string;
  userAgent: string;
  ipAddress: string;
}

/** A fresh session: new public id, new cookie secret, new CSRF token. */
export async function createSession(
  app: SessionContext,
  input: NewSessionInput,
): Promise<{ session: SessionRow; secret: string }> {
  const now = app.clock.now();
  const secret = newSecret(32);
  const absoluteExpiresAt = addSeconds(now, app.config.sessionAbsoluteSeconds);
  const idleExpiresAt = new Date(
    Math.min(addSeconds(now, app.config.sessionIdleSeconds).getTime(), absoluteExpiresAt.getTime()),
  );
  const session: SessionRow = {
    id: newSecret(18),
    secret_hash: hashSessionSecret(secret),
    user_id: input.userId,
    csrf_token: newSecret(32),
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    idle_expires_at: idleExpiresAt.toISOString(),
    absolute_expires_at: absoluteExpiresAt.toISOString(),
    user_agent: input.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
    ip_address: input.ipAddress,
    revoked_at: null,
  };
  await app.db.insertInto('sessions').values(session).execute();
  return { session, secret };
}

/** Every request with a session cookie runs it, so it is compiled once (see queryTemplate). */
const liveSessionQuery = queryTemplate(
  () => 'live',
  (db, _shape: null, values: { secretHash: string; now: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .where('sessions.secret_hash', '=', values.secretHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.idle_expires_at', '>', values.now)
      .where('sessions.absolute_expires_at', '>', values.now)
      .where('users.disabled_at', 'is', null),
);

/** The live session a cookie secret belongs to: not revoked, not expired, user not disabled. */
export async function findLiveSessionBySecret(
  db: Kysely<Database>,
  secret: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const rows = await liveSessionQuery.execute(db, null, {
    secretHash: hashSessionSecret(secret),
    now: now.toISOString(),
  });
  return rows[0];
}

/** Slides the idle expiry forward, never past the absolute one. */
export async function slideSession(
  app: SessionContext,
  session: Pick<SessionRow, 'id' | 'absolute_expires_at'>,
): Promise<Pick<SessionRow, 'idle_expires_at' | 'last_seen_at'>> {
  const now = app.clock.now();
  const idle = Math.min(
    addSeconds(now, app.config.sessionIdleSeconds).getTime(),
    Date.parse(session.absolute_expires_at),
  );
  const changes = {
    idle_expires_at: new Date(idle).toISOString(),
    last_seen_at: now.toISOString(),
  };
  await app.db.updateTable('sessions').set(changes).where('id', '=', session.id).execute();
  return changes;
}

export async function markSessionSeen(
  db: Kysely<Database>,
  sessionId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

/** Revokes one of the user's sessions by its public id; false when there is no such session. */
export async function revokeUserSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every session of the user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function listLiveSessions(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  const nowIso = now.toISOString();
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', nowIso)
    .where('absolute_expires_at', '>', nowIso)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends the session a cookie secret belongs to, whoever's it is (a fresh login replaces it). */
export async function revokeSessionBySecret(
  db: Kysely<Database>,
  secret: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('secret_hash', '=', hashSessionSecret(secret))
    .where('revoked_at', 'is', null)
    .execute();
}
