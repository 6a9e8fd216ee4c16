import type { FastifyInstance } from 'fastify';
import type {
  UploadDetail,
  UploadList,
  UploadListQuery,
  UploadSelection,
  UploadSort,
  UploadSummary,
  UploadUsage,
} from '@kuvert/shared/uploads';
import { uploadListQuerySchema } from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import { parseRange } from '../../plugins/content-disposition.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import { cleanFilename } from '../../plugins/uploads.ts';
import type { AccountAction } from '@kuvert/shared/roles';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import { updateUploadSearchIndex } from '../../plugins/search-index.ts';
import { decodeUploadCursor, encodeUploadCursor, type UploadCursor } from './upload-cursor.ts';
import { withUploaderName } from './upload-uploaders.ts';
import { toUploadDetail, toUploadSummary } from './uploads.presenter.ts';
import {
  deleteUploadRows,
  findEarlierCopyForUser,
  findLiveUploadsOfAccount,
  findTrashedUploadIds,
  findUploadById,
  findUploadForUser,
  findUploadKeys,
  findUploadPage,
  markUploadsTrashed,
  updateUpload,
  type UploadRow,
  type UploadRowWithRole,
  type UploadState,
} from './uploads.repository.ts';

/** A page of the account's stored uploads (not trashed), in the order asked. */
export async function listUploads(
  app: FastifyInstance,
  userId: string,
  input: UploadListQuery,
): Promise<UploadList> {
  const query = uploadListQuerySchema.parse(input);
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const rows = await findUploadPage(app.db, {
    accountId: query.account_id,
    sort: query.sort,
    kind: query.kind,
    name: query.name || undefined,
    cursor: decodeUploadCursor(query.cursor, query.sort),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  return {
    uploads: page.map(toUploadSummary),
    next_cursor: hasMore && last ? encodeUploadCursor(cursorOf(query.sort, last)) : null,
  };
}

function cursorOf(sort: UploadSort, row: UploadRow): UploadCursor {
  switch (sort) {
    case 'name':
      return { sort, value: row.name.toLowerCase(), id: row.id };
    case 'largest':
      return { sort, value: Number(row.size), id: row.id };
    default:
      return { sort, value: row.created_at, id: row.id };
  }
}

export async function getUploadUsage(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<UploadUsage> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  return {
    used_bytes: await app.storageQuota.storedBytesOf(app.db, { kind: 'account', accountId }),
    quota_bytes: app.config.uploads.accountQuotaBytes,
    max_file_bytes: app.config.uploads.maxBytes,
  };
}

/** The stored upload, with the caller's role; 404 when not theirs or not in `state`. */
async function requireUpload(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
  state: UploadState,
): Promise<UploadRowWithRole> {
  const row = await findUploadForUser(app.db, userId, uploadId, state);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The upload's page, with an earlier copy of its bytes the caller may see (to warn of it). */
async function detailOf(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<UploadDetail> {
  const found = await findUploadById(app.db, uploadId);
  if (!found) throw new AppError('NOT_FOUND');
  const row = await withUploaderName(app.db, found);
  return toUploadDetail(row, await findEarlierCopyForUser(app.db, userId, row));
}

/** One stored upload (also in the trash, so its page can offer "restore"). */
export async function getUploadDetail(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<UploadDetail> {
  await requireUpload(app, userId, uploadId, 'stored');
  return detailOf(app, userId, uploadId);
}

async function announce(app: FastifyInstance, accountId: string, uploadId: string | null) {
  await publishLiveEvent(app, {
    type: 'uploads.changed',
    account_id: accountId,
    upload_id: uploadId,
  });
}

export async function renameUpload(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
  name: string,
): Promise<UploadDetail> {
  const row = await requireUpload(app, userId, uploadId, 'live');
  assertCan(row.role, 'organize');
  const cleaned = cleanFilename(name, row.name);
  await app.db.transaction().execute(async (trx) => {
    await updateUpload(trx, uploadId, { name: cleaned, updated_at: app.clock.now().toISOString() });
    await updateUploadSearchIndex(app, trx, uploadId);
  });
  await announce(app, row.account_id, uploadId);
  return detailOf(app, userId, uploadId);
}

/**
 * The uploads of a selection, all stored and live in the selection's account; 404 when any
 * is not (a stranger learns nothing about which).
 */
async function requireSelection(
  app: FastifyInstance,
  userId: string,
  selection: UploadSelection,
  action: AccountAction,
): Promise<UploadRow[]> {
  await assertAccountAction(app.db, userId, selection.account_id, action);
  const ids = [...new Set(selection.ids)];
  const rows = await findLiveUploadsOfAccount(app.db, selection.account_id, ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function trashUploads(
  app: FastifyInstance,
  userId: string,
  selection: UploadSelection,
): Promise<void> {
  const rows = await requireSelection(app, userId, selection, 'organize');
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await markUploadsTrashed(
      trx,
      rows.map((row) => row.id),
      at,
    );
    for (const row of rows) await updateUploadSearchIndex(app, trx, row.id);
  });
  await announce(app, selection.account_id, rows.length === 1 ? (rows[0]?.id ?? null) : null);
}

/** The uploads to put in a ZIP, in the order selected; viewers may download too. */
export async function findUploadsForZip(
  app: FastifyInstance,
  userId: string,
  selection: UploadSelection,
): Promise<UploadRow[]> {
  return requireSelection(app, userId, selection, 'read');
}

/** The charset of a text upload as detected, so the browser shows it as it was written. */
function contentTypeHeader(row: UploadRow): string {
  const type = row.content_type ?? 'application/octet-stream';
  if (!type.startsWith('text/')) return type;
  return `${type}; charset=${row.encoding ?? 'utf-8'}`;
}

/**
 * The bytes that went up, exactly (a single Range honoured); 416 when the range lies outside.
 * Trashed uploads still open, so the trash can show what it holds.
 */
export async function openUploadContent(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
  rangeHeader: string | undefined,
): Promise<SendableDocument | { unsatisfiable: true; size: number }> {
  const row = await requireUpload(app, userId, uploadId, 'stored');
  if (!row.storage_key) throw new AppError('NOT_FOUND');
  const size = Number(row.size);
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { unsatisfiable: true, size };
  return {
    filename: row.name,
    contentType: contentTypeHeader(row),
    size,
    etag: `"${row.storage_key}"`,
    range,
    stream: await app.documents.open(row.storage_key, range),
  };
}

export interface UploadThumbnail {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** The small image made when the upload was read; 404 when there is none (yet). */
export async function readUploadThumbnail(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<UploadThumbnail> {
  const row = await requireUpload(app, userId, uploadId, 'stored');
  if (!row.thumbnail_key) throw new AppError('NOT_FOUND');
  return {
    bytes: await app.documents.read(row.thumbnail_key),
    contentType: row.thumbnail_type ?? 'image/png',
    etag: `"${row.thumbnail_key}"`,
  };
}

// The trash (modules/trash calls these).

export async function restoreUpload(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<UploadSummary> {
  const row = await requireUpload(app, userId, uploadId, 'trashed');
  assertCan(row.role, 'organize');
  await app.db.transaction().execute(async (trx) => {
    await updateUpload(trx, uploadId, {
      trashed_at: null,
      updated_at: app.clock.now().toISOString(),
    });
    await updateUploadSearchIndex(app, trx, uploadId);
  });
  await announce(app, row.account_id, uploadId);
  const restored = await requireUpload(app, userId, uploadId, 'live');
  return toUploadSummary(restored);
}

export async function deleteUploadForever(
  app: FastifyInstance,
  userId: string,
  uploadId: string,
): Promise<void> {
  const row = await requireUpload(app, userId, uploadId, 'trashed');
  assertCan(row.role, 'delete-forever');
  await deleteTrashedUploadsForever(app, [uploadId]);
  await announce(app, row.account_id, uploadId);
}

/**
 * Deletes the uploads' rows, then their files and thumbnails unless a letter or another upload
 * uses the same bytes (content-addressed keys are shared).
 */
export async function deleteTrashedUploadsForever(
  app: FastifyInstance,
  uploadIds: string[],
): Promise<number> {
  if (uploadIds.length === 0) return 0;
  const removed = await app.db.transaction().execute(async (trx) => {
    // Gathered first: the rows that name the keys go.
    const keys = await findUploadKeys(trx, uploadIds);
    const deleted = await deleteUploadRows(trx, uploadIds);
    for (const id of uploadIds) await updateUploadSearchIndex(app, trx, id);
    return { deleted, keys };
  });
  await collectUnreferencedDocuments(app, removed.keys);
  return removed.deleted;
}

/** Ids of trashed uploads, of one account or trashed before a moment; at most `limit`. */
export function findUploadsInTrash(
  app: Pick<FastifyInstance, 'db'>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  return findTrashedUploadIds(app.db, filter);
}

/** After the trash was emptied: open pages refresh their uploads. */
export async function announceUploadsChanged(
  app: FastifyInstance,
  accountId: string,
): Promise<void> {
  await announce(app, accountId, null);
}
