import type { FastifyInstance } from 'fastify';
import type { Folder } from '@kuvert/shared/folders';
import { addSeconds } from '../../clock.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import {
  announceFolderChange,
  deleteTrashedFolders,
  findFoldersInTrash,
  getFolder,
  markFolderRestored,
  markFolderTrashed,
  requireWritableFolder,
} from '../folders/folders.service.ts';
import {
  deleteLettersWithFolderForever,
  deleteTrashedLettersForever,
  findLettersInTrash,
  restoreLettersWithFolder,
  trashLettersWithFolder,
} from '../letters/letter-removal.service.ts';
import {
  announceContactsChanged,
  deleteTrashedContacts,
  findContactsInTrash,
} from '../contacts/contacts.service.ts';
import {
  announceCaseFilesChanged,
  deleteTrashedCaseFileItems,
  deleteTrashedCaseFiles,
  findCaseFileItemsInTrash,
  findCaseFilesInTrash,
} from '../case-files/case-file-trash.service.ts';
import {
  announceUploadsChanged,
  deleteTrashedUploadsForever,
  findUploadsInTrash,
} from '../uploads/uploads.service.ts';

/**
 * The trash: what is in it, folders going in and coming back, deleting for good by hand and
 * after the retention period. Letters go in by the letters' own bulk action; their rows and
 * files are removed by the letters area (letter-removal.service).
 */

export const TRASH_PURGE_JOB = 'trash.purge';
const PURGE_BATCH_SIZE = 500;

/** Deleting a folder: it goes to the trash with its letters, and comes back with them. */
export async function trashFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<void> {
  const folder = await requireWritableFolder(app, userId, folderId);
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await markFolderTrashed(trx, folder.id, at);
    await trashLettersWithFolder(trx, folder.id, at);
  });
  await announceFolderChange(app, folder.account_id);
}

/** The folder and the letters that went with it; renamed "Name (2)" if its name was taken. */
export async function restoreFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<Folder> {
  const folder = await requireWritableFolder(app, userId, folderId, 'trashed');
  const { trashed_at: trashedAt } = folder;
  if (trashedAt === null) throw new AppError('NOT_FOUND');
  await app.db.transaction().execute(async (trx) => {
    await markFolderRestored(trx, folder);
    await restoreLettersWithFolder(trx, folder.id, trashedAt);
  });
  await announceFolderChange(app, folder.account_id);
  return getFolder(app, userId, folder.id);
}

export async function deleteFolderForever(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<void> {
  const folder = await requireWritableFolder(app, userId, folderId, 'trashed');
  if (folder.trashed_at === null) throw new AppError('NOT_FOUND');
  await deleteLettersWithFolderForever(app, folder.id, folder.trashed_at);
  await deleteTrashedFolders(app, [folder.id]);
  await announceFolderChange(app, folder.account_id);
}

type TrashFilter = { accountId: string } | { trashedBefore: string };

/**
 * Letters first: a folder's letters are deleted with their rows' files, then the folders,
 * then the uploads with their files.
 */
async function deleteForever(app: FastifyInstance, filter: TrashFilter): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await findLettersInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) break;
    total += await deleteTrashedLettersForever(app, ids);
  }
  for (;;) {
    const ids = await findFoldersInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) break;
    total += await deleteTrashedFolders(app, ids);
  }
  for (;;) {
    const ids = await findContactsInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) break;
    total += await deleteTrashedContacts(app, ids);
  }
  // Items trashed on their own, then files with all their items.
  for (;;) {
    const ids = await findCaseFileItemsInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) break;
    total += await deleteTrashedCaseFileItems(app, ids);
  }
  for (;;) {
    const ids = await findCaseFilesInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) break;
    total += await deleteTrashedCaseFiles(app, ids);
  }
  return total + (await deleteUploadsForever(app, filter));
}

async function deleteUploadsForever(app: FastifyInstance, filter: TrashFilter): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await findUploadsInTrash(app, { ...filter, limit: PURGE_BATCH_SIZE });
    if (ids.length === 0) return total;
    total += await deleteTrashedUploadsForever(app, ids);
  }
}

export async function emptyTrash(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<number> {
  await assertAccountAction(app.db, userId, accountId, 'delete-forever');
  // Uploads first, so their pages hear of it only when some went.
  const uploads = await deleteUploadsForever(app, { accountId });
  const deleted = await deleteForever(app, { accountId });
  await announceFolderChange(app, accountId);
  await announceContactsChanged(app, accountId);
  await announceCaseFilesChanged(app, accountId);
  if (uploads > 0) await announceUploadsChanged(app, accountId);
  return deleted + uploads;
}

/** Deletes everything trashed longer ago than the retention period. */
export async function purgeExpiredTrash(app: FastifyInstance): Promise<number> {
  const cutoff = addSeconds(app.clock.now(), -app.config.trashRetentionDays * 24 * 3600);
  return deleteForever(app, { trashedBefore: cutoff.toISOString() });
}

/** Queues today's purge unless it ran already, as an instance's start does. */
export function scheduleTrashPurge(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(TRASH_PURGE_JOB);
}

/**
 * The daily purge, once for the whole cluster. The next day's run is queued once this one
 * finished, so a failed run is retried (the job system's backoff) instead of racing it.
 */
export function registerTrashJobs(app: FastifyInstance): void {
  app.jobs.every({
    type: TRASH_PURGE_JOB,
    period: 'day',
    run: async () => {
      const deleted = await purgeExpiredTrash(app);
      if (deleted > 0) app.log.info({ deleted }, 'purged what was trashed long ago');
    },
  });
}
