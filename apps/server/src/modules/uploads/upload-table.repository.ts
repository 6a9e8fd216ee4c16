import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';

/** An upload of one of the caller's accounts (any role may look at it), for its table. */
export async function findUploadForTable(db: Kysely<Database>, userId: string, uploadId: string) {
  return db
    .selectFrom('uploads as u')
    .select([
      'u.id',
      'u.status',
      'u.content_type',
      'u.storage_key',
      'u.size',
      'u.encoding',
      'u.delimiter',
    ])
    .where('u.id', '=', uploadId)
    .where(callerIsMember(userId, 'u.account_id'))
    .executeTakeFirst();
}
