import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UploadDetailRow } from './uploads.repository.ts';

/**
 * The account's uploads in progress, oldest first, with who started each; only those
 * `startedBy` started when given.
 */
export async function findUploadsInProgress(
  db: Kysely<Database>,
  accountId: string,
  startedBy: string | undefined,
): Promise<UploadDetailRow[]> {
  let query = db
    .selectFrom('uploads as u')
    .leftJoin('users as uploader', 'uploader.id', 'u.created_by_user_id')
    .selectAll('u')
    .select([
      'uploader.first_name as uploader_first_name',
      'uploader.last_name as uploader_last_name',
    ])
    .where('u.account_id', '=', accountId)
    .where('u.status', '=', 'receiving');
  if (startedBy !== undefined) query = query.where('u.created_by_user_id', '=', startedBy);
  return query.orderBy('u.created_at', 'asc').orderBy('u.id', 'asc').limit(500).execute();
}
