import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  deleteEmailChangesOfUser,
  listEmailChangesOfUser,
  type EmailChangeStatus,
} from './email-change.repository.ts';

/*
 * What the e-mail change keeps about a person, for the export of their data and the deletion
 * of their account (issue 25). The tokens' hashes and the session id stay out of the export:
 * they are credentials, not data about the person.
 */

export interface EmailChangeExportRow {
  id: string;
  old_email: string;
  new_email: string;
  /** `pending`, `confirmed`, `cancelled`, or `replaced` by a newer request. */
  status: EmailChangeStatus;
  requested_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** Every change of e-mail address the user asked for (pending or ended), oldest first. */
export async function exportEmailChangeData(
  db: Kysely<Database>,
  userId: string,
): Promise<EmailChangeExportRow[]> {
  const rows = await listEmailChangesOfUser(db, userId);
  return rows.map((row) => ({
    id: row.id,
    old_email: row.old_email,
    new_email: row.new_email,
    status: row.status,
    requested_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
  }));
}

/** Erases every change of e-mail address of the user, pending or not; answers how many went. */
export async function eraseEmailChangeData(db: Kysely<Database>, userId: string): Promise<number> {
  return deleteEmailChangesOfUser(db, userId);
}
