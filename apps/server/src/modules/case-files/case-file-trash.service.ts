import type { FastifyInstance } from 'fastify';
import type { AccountAction } from '@kuvert/shared/roles';
import { AppError } from '../../plugins/app-error.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import {
  deleteCaseFileItemRows,
  deleteCaseFileRows,
  findCaseFileForUser,
  findCaseFileItemForUser,
  findTrashedCaseFileIds,
  findTrashedCaseFileItemIds,
  setCaseFileItemRestored,
  setCaseFileItemTrashed,
  setCaseFileRestored,
  setCaseFileTrashed,
  type CaseFileItemRow,
  type CaseFileRow,
  type LiveOrTrashed,
  type TrashFilter,
} from './case-file-trash.repository.ts';
import { lockCaseFiles } from './case-files.repository.ts';

/**
 * Access to case files and their items, and their way into and out of the trash. A file goes
 * to the trash with its live items (at the same instant) and comes back with exactly those;
 * an item trashed on its own comes back into its file.
 */

type Db = Pick<FastifyInstance, 'db'>;

/**
 * A file of one of the caller's accounts, in the given state, where the caller's role may do
 * `action`: 404 for another account's (or a missing) file, 403 for a viewer's change.
 */
export async function requireCaseFile(
  app: Db,
  userId: string,
  fileId: string,
  action: AccountAction,
  state: LiveOrTrashed = 'live',
): Promise<CaseFileRow> {
  const file = await findCaseFileForUser(app.db, userId, fileId, state);
  if (!file) throw new AppError('NOT_FOUND');
  assertCan(file.role, action);
  return file;
}

/**
 * An item of one of the caller's accounts. `live`: the item and its file are live; `trashed`:
 * the item was trashed on its own and its file is live. `fileId`, when given, must be its
 * file (the URL names both).
 */
export async function requireCaseFileItem(
  app: Db,
  userId: string,
  itemId: string,
  action: AccountAction,
  options: { fileId?: string; state?: LiveOrTrashed } = {},
): Promise<CaseFileItemRow> {
  const item = await findCaseFileItemForUser(app.db, userId, itemId);
  const state = options.state ?? 'live';
  const matches =
    item !== undefined &&
    item.file_trashed_at === null &&
    (options.fileId === undefined || item.file_id === options.fileId) &&
    (state === 'live' ? item.trashed_at === null : item.trashed_at !== null);
  if (!matches) throw new AppError('NOT_FOUND');
  assertCan(item.role, action);
  return item;
}

/** Tells the account's open pages (files, the trash, letter pages) that case files changed. */
export async function announceCaseFilesChanged(
  app: FastifyInstance,
  accountId: string,
): Promise<void> {
  await publishLiveEvent(app, { type: 'case_files.changed', account_id: accountId });
}

export async function trashCaseFile(
  app: FastifyInstance,
  userId: string,
  fileId: string,
): Promise<void> {
  const file = await requireCaseFile(app, userId, fileId, 'organize');
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await lockCaseFiles(trx, app.engine, [file.id]);
    await setCaseFileTrashed(trx, file, at);
  });
  await announceCaseFilesChanged(app, file.account_id);
}

/** The file and the items that went to the trash with it. Answers the file's account. */
export async function restoreCaseFile(
  app: FastifyInstance,
  userId: string,
  fileId: string,
): Promise<string> {
  const file = await requireCaseFile(app, userId, fileId, 'organize', 'trashed');
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await lockCaseFiles(trx, app.engine, [file.id]);
    await setCaseFileRestored(trx, file, at);
  });
  await announceCaseFilesChanged(app, file.account_id);
  return file.account_id;
}

/** For good, with all its items; the letters and uploads they linked stay where they are. */
export async function deleteCaseFileForever(
  app: FastifyInstance,
  userId: string,
  fileId: string,
): Promise<void> {
  const file = await requireCaseFile(app, userId, fileId, 'delete-forever', 'trashed');
  await deleteCaseFileRows(app.db, [file.id]);
  await announceCaseFilesChanged(app, file.account_id);
}

export async function trashCaseFileItem(
  app: FastifyInstance,
  userId: string,
  itemId: string,
  fileId?: string,
): Promise<void> {
  const item = await requireCaseFileItem(app, userId, itemId, 'organize', { fileId });
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await lockCaseFiles(trx, app.engine, [item.file_id]);
    await setCaseFileItemTrashed(trx, item, at);
  });
  await announceCaseFilesChanged(app, item.account_id);
}

/** Back into its file (which must be live). Answers the item's file. */
export async function restoreCaseFileItem(
  app: FastifyInstance,
  userId: string,
  itemId: string,
): Promise<string> {
  const item = await requireCaseFileItem(app, userId, itemId, 'organize', { state: 'trashed' });
  const at = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await lockCaseFiles(trx, app.engine, [item.file_id]);
    await setCaseFileItemRestored(trx, item, at);
  });
  await announceCaseFilesChanged(app, item.account_id);
  return item.file_id;
}

export async function deleteCaseFileItemForever(
  app: FastifyInstance,
  userId: string,
  itemId: string,
): Promise<void> {
  const item = await requireCaseFileItem(app, userId, itemId, 'delete-forever', {
    state: 'trashed',
  });
  await deleteCaseFileItemRows(app.db, [item.id]);
  await announceCaseFilesChanged(app, item.account_id);
}

/** For emptying the trash and the purge: trashed files, oldest first. */
export function findCaseFilesInTrash(
  app: Db,
  filter: TrashFilter & { limit: number },
): Promise<string[]> {
  return findTrashedCaseFileIds(app.db, filter);
}

/** For emptying the trash and the purge: items trashed on their own, oldest first. */
export function findCaseFileItemsInTrash(
  app: Db,
  filter: TrashFilter & { limit: number },
): Promise<string[]> {
  return findTrashedCaseFileItemIds(app.db, filter);
}

export function deleteTrashedCaseFiles(app: Db, fileIds: readonly string[]): Promise<number> {
  return deleteCaseFileRows(app.db, fileIds);
}

export function deleteTrashedCaseFileItems(app: Db, itemIds: readonly string[]): Promise<number> {
  return deleteCaseFileItemRows(app.db, itemIds);
}
