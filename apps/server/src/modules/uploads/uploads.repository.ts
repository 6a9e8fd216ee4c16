import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { UploadContentType, UploadKind, UploadSort } from '@kuvert/shared/uploads';
import type { Database, UploadsTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';
import type { UploadCursor } from './upload-cursor.ts';

export type UploadRow = Selectable<UploadsTable>;
export type UploadRowWithRole = UploadRow & { role: string };
export type UploadDetailRow = UploadRow & {
  uploader_first_name: string | null;
  uploader_last_name: string | null;
};

/**
 * Which uploads a lookup may find: in progress, stored (live or trashed), stored and live,
 * stored in the trash, or any (tus asks about an upload that may have completed).
 */
export type UploadState = 'receiving' | 'stored' | 'live' | 'trashed' | 'any';

const typesOfKind: Record<UploadKind, UploadContentType[]> = {
  pdf: ['application/pdf'],
  image: ['image/png', 'image/jpeg', 'image/webp'],
  table: ['text/csv'],
  text: ['text/plain'],
};

export async function insertUpload(
  db: Kysely<Database>,
  row: Insertable<UploadsTable>,
): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/** The upload with the caller's role in its account; undefined when not theirs or not in `state`. */
export async function findUploadForUser(
  db: Kysely<Database>,
  userId: string,
  uploadId: string,
  state: UploadState,
): Promise<UploadRowWithRole | undefined> {
  let query = db
    .selectFrom('uploads as u')
    .selectAll('u')
    .select(callerRole(userId, 'u.account_id').as('role'))
    .where('u.id', '=', uploadId)
    .where(callerIsMember(userId, 'u.account_id'));
  if (state === 'receiving') query = query.where('u.status', '=', 'receiving');
  else if (state !== 'any') query = query.where('u.status', '=', 'stored');
  if (state === 'live') query = query.where('u.trashed_at', 'is', null);
  if (state === 'trashed') query = query.where('u.trashed_at', 'is not', null);
  return query.executeTakeFirst();
}

export async function findUploadById(
  db: Kysely<Database>,
  uploadId: string,
): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
}

/** Bytes the account's uploads take or have reserved: stored, receiving and trashed alike. */
export async function sumUploadBytes(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function updateUpload(
  db: Kysely<Database>,
  uploadId: string,
  changes: Updateable<UploadsTable>,
): Promise<void> {
  await db.updateTable('uploads').set(changes).where('id', '=', uploadId).execute();
}

/** Records the bytes kept so far, unless another request moved the offset meanwhile. */
export async function updateReceivedBytes(
  db: Kysely<Database>,
  uploadId: string,
  from: number,
  changes: Updateable<UploadsTable> & { received_bytes: number },
): Promise<boolean> {
  const result = await db
    .updateTable('uploads')
    .set(changes)
    .where('id', '=', uploadId)
    .where('status', '=', 'receiving')
    .where('received_bytes', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUploadRows(db: Kysely<Database>, uploadIds: string[]): Promise<number> {
  if (uploadIds.length === 0) return 0;
  const result = await db.deleteFrom('uploads').where('id', 'in', uploadIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface UploadPageFilter {
  accountId: string;
  sort: UploadSort;
  kind: UploadKind | undefined;
  name: string | undefined;
  cursor: UploadCursor | undefined;
  limit: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A page of the account's live stored uploads in the order asked, after the cursor (keyset:
 * each order ends with the id, so positions are unique and pages never overlap).
 */
export async function findUploadPage(
  db: Kysely<Database>,
  filter: UploadPageFilter,
): Promise<UploadRow[]> {
  let query = db
    .selectFrom('uploads')
    .selectAll()
    .where('account_id', '=', filter.accountId)
    .where('status', '=', 'stored')
    .where('purpose', '=', 'library')
    .where('trashed_at', 'is', null);
  if (filter.kind) query = query.where('content_type', 'in', typesOfKind[filter.kind]);
  if (filter.name) {
    query = query.where(
      sql<boolean>`lower(name) like ${`%${escapeLike(filter.name.toLowerCase())}%`} escape '\\'`,
    );
  }
  const { cursor } = filter;
  switch (filter.sort) {
    case 'newest':
    case 'oldest': {
      const direction = filter.sort === 'newest' ? 'desc' : 'asc';
      const after = filter.sort === 'newest' ? '<' : '>';
      if (cursor) {
        const createdAt = String(cursor.value);
        query = query.where((eb) =>
          eb.or([
            eb('created_at', after, createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', after, cursor.id)]),
          ]),
        );
      }
      query = query.orderBy('created_at', direction).orderBy('id', direction);
      break;
    }
    case 'name': {
      if (cursor) {
        const name = String(cursor.value);
        query = query.where(
          sql<boolean>`(lower(name) > ${name} or (lower(name) = ${name} and id > ${cursor.id}))`,
        );
      }
      query = query.orderBy(sql`lower(name)`, 'asc').orderBy('id', 'asc');
      break;
    }
    case 'largest': {
      if (cursor) {
        const size = Number(cursor.value);
        query = query.where((eb) =>
          eb.or([eb('size', '<', size), eb.and([eb('size', '=', size), eb('id', '<', cursor.id)])]),
        );
      }
      query = query.orderBy('size', 'desc').orderBy('id', 'desc');
      break;
    }
  }
  return query.limit(filter.limit + 1).execute();
}

/** The stored, live uploads of the account among `ids` (others, and strangers', are left out). */
export async function findLiveUploadsOfAccount(
  db: Kysely<Database>,
  accountId: string,
  ids: readonly string[],
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'stored')
    .where('trashed_at', 'is', null)
    .execute();
}

/**
 * The oldest live stored upload holding the same bytes as `upload`, uploaded before it, in its
 * account and only if the caller is a member there.
 */
export async function findEarlierCopyForUser(
  db: Kysely<Database>,
  userId: string,
  upload: Pick<UploadRow, 'id' | 'account_id' | 'storage_key' | 'created_at'>,
): Promise<Pick<UploadRow, 'id' | 'name' | 'created_at'> | undefined> {
  if (upload.storage_key === null) return undefined;
  const { id, created_at: createdAt } = upload;
  return db
    .selectFrom('uploads as u')
    .select(['u.id', 'u.name', 'u.created_at'])
    .where('u.storage_key', '=', upload.storage_key)
    .where('u.account_id', '=', upload.account_id)
    .where(callerIsMember(userId, 'u.account_id'))
    .where('u.status', '=', 'stored')
    .where('u.trashed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.created_at', '<', createdAt),
        eb.and([eb('u.created_at', '=', createdAt), eb('u.id', '<', id)]),
      ]),
    )
    .orderBy('u.created_at', 'asc')
    .orderBy('u.id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** A live stored upload of the account holding exactly these bytes, if there is one. */
export async function findLiveUploadByKey(
  db: Kysely<Database>,
  accountId: string,
  storageKey: string,
): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('storage_key', '=', storageKey)
    .where('account_id', '=', accountId)
    .where('status', '=', 'stored')
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
}

export async function markUploadsTrashed(
  db: Kysely<Database>,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('uploads')
    .set({ trashed_at: at, updated_at: at })
    .where('id', 'in', [...ids])
    .where('trashed_at', 'is', null)
    .execute();
}

/** Ids of trashed uploads, of one account or trashed before a moment; at most `limit`. */
export async function findTrashedUploadIds(
  db: Kysely<Database>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  let query = db
    .selectFrom('uploads')
    .select('id')
    .where('trashed_at', 'is not', null)
    .limit(filter.limit);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.trashedBefore) query = query.where('trashed_at', '<', filter.trashedBefore);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/** The document keys (content and thumbnail) of the uploads, to collect once they are gone. */
export async function findUploadKeys(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .select(['storage_key', 'thumbnail_key'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.flatMap((row) =>
    [row.storage_key, row.thumbnail_key].filter((key): key is string => key !== null),
  );
}

/** Removes the upload if it is still receiving and untouched since `before`; answers whether. */
export async function deleteStaleReceivingUpload(
  db: Kysely<Database>,
  uploadId: string,
  before: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads')
    .where('id', '=', uploadId)
    .where('status', '=', 'receiving')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Uploads still receiving, untouched since `before`: abandoned by their clients. */
export async function findStaleReceivingUploads(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<Array<{ id: string; account_id: string }>> {
  return db
    .selectFrom('uploads')
    .select(['id', 'account_id'])
    .where('status', '=', 'receiving')
    .where('updated_at', '<', before)
    .limit(limit)
    .execute();
}

/** Of `keys`, those an upload's file or the thumbnail made of it points at. */
export async function findUploadKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const files = await db
    .selectFrom('uploads')
    .select('storage_key as key')
    .where('storage_key', 'in', keys)
    .execute();
  const thumbnails = await db
    .selectFrom('uploads')
    .select('thumbnail_key as key')
    .where('thumbnail_key', 'in', keys)
    .execute();
  return [...files, ...thumbnails].flatMap((row) => (row.key === null ? [] : [row.key]));
}
