import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AuditEmailChange, AuditEvent, AuditEventDetails } from '@kuvert/shared/profile';
import { newId } from '../db/ids.ts';
import type { AuditEventsTable, Database } from '../db/schema.ts';

export type AuditEventRow = Selectable<AuditEventsTable>;
export type AuditEventType = AuditEvent['type'];
/** What an event was about: a mailbox's members, or the addresses of an e-mail change. */
export type StoredAuditDetails = AuditEventDetails | { email_change: AuditEmailChange };

const USER_AGENT_MAX_LENGTH = 512;

/** Who did it from where: the parts of a request an audit entry keeps. */
export interface RequestOrigin {
  ipAddress: string;
  userAgent: string;
}

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return {
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH),
  };
}

/** Security events the user sees in their profile (login, password, sessions). */
export async function recordAuditEvent(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  event: {
    userId: string;
    type: AuditEventType;
    origin: RequestOrigin;
    /** What it was about, for events about a mailbox or an e-mail change. */
    details?: StoredAuditDetails;
  },
): Promise<void> {
  await recordAuditEvents(app, db, [event.userId], event);
}

/** The same event in the security log of each of these users (a mailbox's owners). */
export async function recordAuditEvents(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  userIds: readonly string[],
  event: { type: AuditEventType; origin: RequestOrigin; details?: StoredAuditDetails },
): Promise<void> {
  const now = app.clock.now();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      unique.map((userId) => ({
        id: newId(now.getTime()),
        user_id: userId,
        type: event.type,
        created_at: now.toISOString(),
        ip_address: event.origin.ipAddress,
        user_agent: event.origin.userAgent,
        details: event.details === undefined ? null : JSON.stringify(event.details),
      })),
    )
    .execute();
}

export async function listRecentAuditEvents(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Forgets security events older than `before`; answers how many went. */
export async function deleteAuditEventsBefore(
  db: Kysely<Database>,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('audit_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
