import {
  auditEmailChangeSchema,
  auditEventDetailsSchema,
  auditEventSchema,
  type ActiveSession,
  type AuditEvent,
  type AuditEmailChange,
  type AuditEventDetails,
  type Profile,
} from '@kuvert/shared/profile';
import type { AuditEventRow } from '../../plugins/audit.ts';
import { sessionExpiresAt, type SessionRow } from '../../plugins/session-store.ts';
import { userLanguage, type UserRow } from '../users/users.service.ts';

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.email_verified_at !== null,
    first_name: user.first_name,
    last_name: user.last_name,
    language: userLanguage(user),
    address:
      user.address_street !== null &&
      user.address_postcode !== null &&
      user.address_city !== null &&
      user.address_country !== null
        ? {
            street: user.address_street,
            postcode: user.address_postcode,
            city: user.address_city,
            country: user.address_country,
          }
        : null,
    created_at: user.created_at,
  };
}

export function toActiveSession(session: SessionRow, currentSessionId: string): ActiveSession {
  return {
    id: session.id,
    created_at: session.created_at,
    last_seen_at: session.last_seen_at,
    expires_at: sessionExpiresAt(session).toISOString(),
    user_agent: session.user_agent,
    ip_address: session.ip_address,
    is_current: session.id === currentSessionId,
  };
}

const auditEventTypeSchema = auditEventSchema.shape.type;

/**
 * The event's details as stored (JSON), when there are any this version can read: a mailbox's
 * members, or the two addresses of an e-mail change (stored as `{ email_change: … }`).
 */
function detailsOf(stored: string | null): {
  details?: AuditEventDetails;
  email_change?: AuditEmailChange;
} {
  if (stored === null) return {};
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return {};
  }
  const emailChange = auditEmailChangeSchema.safeParse(
    typeof json === 'object' && json !== null && 'email_change' in json
      ? json.email_change
      : undefined,
  );
  if (emailChange.success) return { email_change: emailChange.data };
  const parsed = auditEventDetailsSchema.safeParse(json);
  return parsed.success ? { details: parsed.data } : {};
}

/** Events of a type this version does not know (written by a newer one) are left out. */
export function toAuditEvents(rows: AuditEventRow[]): AuditEvent[] {
  return rows.flatMap((row) => {
    const type = auditEventTypeSchema.safeParse(row.type);
    if (!type.success) return [];
    return [
      {
        id: row.id,
        type: type.data,
        created_at: row.created_at,
        ip_address: row.ip_address,
        user_agent: row.user_agent,
        ...detailsOf(row.details),
      },
    ];
  });
}
