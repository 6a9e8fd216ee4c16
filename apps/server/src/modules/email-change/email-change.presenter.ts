import type { EmailChangeLinkInfo, PendingEmailChange } from '@kuvert/shared/email-change';
import type { EmailChangeRow } from './email-change.repository.ts';

export function toPendingEmailChange(row: EmailChangeRow): PendingEmailChange {
  return {
    new_email: row.new_email,
    requested_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

export function toEmailChangeLinkInfo(row: EmailChangeRow): EmailChangeLinkInfo {
  return { new_email: row.new_email, expires_at: new Date(row.expires_at).toISOString() };
}
