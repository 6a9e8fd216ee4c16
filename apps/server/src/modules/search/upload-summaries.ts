import type { Kysely } from 'kysely';
import { uploadKindOf, type UploadSummary } from '@kuvert/shared/uploads';
import type { Database } from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';

/**
 * Uploads as lists show them, for search hits: stored ones outside the trash, of the account
 * searched, if the caller is a member of it (checked again here, whatever the index said).
 * The uploads area presents the same summaries for its own lists; this is the search's read
 * of them, kept to the columns a summary needs.
 */
export async function findUploadSummaries(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  uploadIds: string[],
): Promise<UploadSummary[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .selectFrom('uploads as u')
    .select([
      'u.id',
      'u.account_id',
      'u.name',
      'u.content_type',
      'u.size',
      'u.page_count',
      'u.text_status',
      'u.text_failure',
      'u.thumbnail_key',
      'u.created_at',
      'u.trashed_at',
    ])
    .where('u.id', 'in', uploadIds)
    .where('u.account_id', '=', accountId)
    .where('u.status', '=', 'stored')
    .where('u.purpose', '=', 'library')
    .where('u.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'u.account_id'))
    .execute();
  return rows.flatMap((row) => {
    // Stored uploads always have a type judged by content; a row without one is not shown.
    if (row.content_type === null) return [];
    return [
      {
        id: row.id,
        account_id: row.account_id,
        name: row.name,
        content_type: row.content_type,
        kind: uploadKindOf(row.content_type),
        size: Number(row.size),
        page_count: row.page_count,
        text_status: row.text_status,
        text_failure: row.text_failure,
        has_thumbnail: row.thumbnail_key !== null,
        created_at: row.created_at,
        trashed_at: row.trashed_at,
      },
    ];
  });
}
