import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UploadRow } from './uploads.repository.ts';

/** The account's uploads in progress, oldest first; only those `startedBy` started when given. */
export async function findUploadsInProgress(
  db: Kysely<Database>,
  accountId: string,
  startedBy: string | undefined,
): Promise<UploadRow[]> {
  let query = db
    .selectFrom('uploads as u')
    .selectAll('u')
    .where('u.account_id', '=', accountId)
    .where('u.status', '=', 'receiving');
  if (startedBy !== undefined) query = query.where('u.created_by_user_id', '=', startedBy);
  return query.orderBy('u.created_at', 'asc').orderBy('u.id', 'asc').limit(500).execute();
}
