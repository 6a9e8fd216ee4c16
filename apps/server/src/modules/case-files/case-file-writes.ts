import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { refreshItemCount } from './case-file-trash.repository.ts';
import { findItemWithFile, type ItemWithFileRow } from './case-file-items.repository.ts';
import { findCaseFileById, lockCaseFiles, touchCaseFiles } from './case-files.repository.ts';

/**
 * The steps every change to items takes inside its transaction: hold the files, check they
 * (and the item) are still where the caller found them, and afterwards keep the files' item
 * count and latest activity.
 */

/** Locks the files and answers 404 when one went to the trash meanwhile. */
export async function lockLiveFiles(
  trx: Kysely<Database>,
  app: Pick<FastifyInstance, 'engine'>,
  fileIds: readonly string[],
): Promise<void> {
  await lockCaseFiles(trx, app.engine, fileIds);
  for (const fileId of fileIds) {
    const file = await findCaseFileById(trx, fileId);
    if (!file || file.trashed_at !== null) throw new AppError('NOT_FOUND');
  }
}

/** Locks the item's file and re-reads the item: 404 when it was moved or trashed meanwhile. */
export async function lockLiveItem(
  trx: Kysely<Database>,
  app: Pick<FastifyInstance, 'engine'>,
  item: { id: string; file_id: string },
): Promise<ItemWithFileRow> {
  await lockLiveFiles(trx, app, [item.file_id]);
  const current = await findItemWithFile(trx, item.id);
  if (!current || current.file_id !== item.file_id || current.trashed_at !== null) {
    throw new AppError('NOT_FOUND');
  }
  return current;
}

/** Their items changed: recounts them and marks the activity. */
export async function finishItemChange(
  trx: Kysely<Database>,
  fileIds: readonly string[],
  at: string,
): Promise<void> {
  await touchCaseFiles(trx, fileIds, at);
  for (const fileId of new Set(fileIds)) await refreshItemCount(trx, fileId);
}
