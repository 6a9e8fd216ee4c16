import type { FastifyInstance } from 'fastify';
import type { CreateFolderRequest, Folder } from '@kuvert/shared/folders';
import { newId } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountRole, assertRole } from '../accounts/accounts.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { toFolder } from './folders.presenter.ts';
import {
  deleteFolderRow,
  findFolderAccountId,
  findFolderForUser,
  findFolderWithCounts,
  findFoldersOfAccount,
  insertFolder,
  renameFolderRow,
} from './folders.repository.ts';

const NAME_TAKEN_MESSAGE = 'A folder with this name already exists in this mailbox.';

async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: NAME_TAKEN_MESSAGE });
    throw error;
  }
}

async function announce(
  app: FastifyInstance,
  accountId: string,
  hasLetters: boolean,
): Promise<void> {
  await publishLiveEvent(app, { type: 'folders.changed', account_id: accountId });
  if (hasLetters) await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
}

export async function listFolders(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<Folder[]> {
  await assertAccountRole(app.db, userId, accountId, 'viewer');
  return (await findFoldersOfAccount(app.db, userId, accountId)).map(toFolder);
}

async function requireFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<Folder> {
  const row = await findFolderWithCounts(app.db, userId, folderId);
  if (!row) throw new AppError('NOT_FOUND');
  return toFolder(row);
}

export async function createFolder(
  app: FastifyInstance,
  userId: string,
  input: CreateFolderRequest,
): Promise<Folder> {
  await assertAccountRole(app.db, userId, input.account_id, 'member');
  const now = app.clock.now();
  const id = newId(now.getTime());
  await withUniqueName(() =>
    insertFolder(app.db, {
      id,
      account_id: input.account_id,
      name: input.name,
      created_at: now.toISOString(),
    }),
  );
  await announce(app, input.account_id, false);
  return requireFolder(app, userId, id);
}

async function requireWritableFolder(app: FastifyInstance, userId: string, folderId: string) {
  const folder = await findFolderForUser(app.db, userId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  assertRole(folder.role, 'member');
  return folder;
}

export async function renameFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
  name: string,
): Promise<Folder> {
  const folder = await requireWritableFolder(app, userId, folderId);
  await withUniqueName(() => renameFolderRow(app.db, folderId, name));
  await announce(app, folder.account_id, false);
  return requireFolder(app, userId, folderId);
}

export async function deleteFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<void> {
  const folder = await requireWritableFolder(app, userId, folderId);
  await deleteFolderRow(app.db, folderId);
  await announce(app, folder.account_id, true);
}

/** The account a folder belongs to; for checks by other areas (the caller's access aside). */
export async function getFolderAccountId(
  app: Pick<FastifyInstance, 'db'>,
  folderId: string,
): Promise<string | undefined> {
  return findFolderAccountId(app.db, folderId);
}
