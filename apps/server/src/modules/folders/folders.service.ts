import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CreateFolderRequest, Folder } from '@kuvert/shared/folders';
import { FOLDER_NAME_MAX_LENGTH } from '@kuvert/shared/folders';
import { newId } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { toFolder } from './folders.presenter.ts';
import {
  deleteTrashedFolderRows,
  findFolderAccountId,
  findFolderForUser,
  findFoldersOfAccount,
  findLiveFolderIdsAmong,
  findLiveFolderNames,
  findLiveFolderOfUser,
  findTrashedFolderIds,
  insertFolder,
  renameFolderRow,
  setFolderTrashedAt,
  type FolderRow,
  type FolderWithCountsRow,
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
  await assertAccountAction(app.db, userId, accountId, 'read');
  const rows = await withLetterCounts(app, await findFoldersOfAccount(app.db, userId, accountId));
  return rows.map(toFolder).toSorted(byName);
}

/** The folders with their letter counts, which the letters area answers for all at once. */
async function withLetterCounts(
  app: Pick<FastifyInstance, 'db' | 'folderLetterCounts'>,
  folders: readonly FolderRow[],
): Promise<FolderWithCountsRow[]> {
  const counts = await app.folderLetterCounts.count(
    app.db,
    folders.map((folder) => folder.id),
  );
  return folders.map((folder) => ({
    ...folder,
    letter_count: counts.get(folder.id)?.letter_count ?? 0,
    unread_count: counts.get(folder.id)?.unread_count ?? 0,
  }));
}

/**
 * Neither engine sorts text as people do (SQLite by code point: "Ä" after "Z"), so folders
 * are ordered here by the Unicode root collation, which files "Ä" with "A" for every language;
 * the web client orders them again in the reader's own language.
 */
const nameCollator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

function byName(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return nameCollator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
}

/** A live folder of the caller's accounts with its counts; 404 otherwise. */
export async function getFolder(
  app: FastifyInstance,
  userId: string,
  folderId: string,
): Promise<Folder> {
  const folder = await findLiveFolderOfUser(app.db, userId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  const [row] = await withLetterCounts(app, [folder]);
  if (!row) throw new AppError('NOT_FOUND');
  return toFolder(row);
}

export async function createFolder(
  app: FastifyInstance,
  userId: string,
  input: CreateFolderRequest,
): Promise<Folder> {
  await assertAccountAction(app.db, userId, input.account_id, 'organize');
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
  return getFolder(app, userId, id);
}

/** A folder the caller may change, live or in the trash: 404 when not theirs, 403 for viewers. */
export async function requireWritableFolder(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  folderId: string,
  state: 'live' | 'trashed' = 'live',
): Promise<FolderRow> {
  const folder = await findFolderForUser(app.db, userId, folderId, state);
  if (!folder) throw new AppError('NOT_FOUND');
  assertCan(folder.role, 'organize');
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
  return getFolder(app, userId, folderId);
}

/** Moves a live folder to the trash; `db` may be a transaction. */
export async function markFolderTrashed(
  db: Kysely<Database>,
  folderId: string,
  at: string,
): Promise<void> {
  await setFolderTrashedAt(db, folderId, { trashed_at: at });
}

/**
 * Brings a trashed folder back. When a live folder has taken its name meanwhile, it comes
 * back as "Name (2)" (or the next free number); answers the name it got.
 */
export async function markFolderRestored(db: Kysely<Database>, folder: FolderRow): Promise<string> {
  const taken = new Set(
    (await findLiveFolderNames(db, folder.account_id)).map((name) => name.toLowerCase()),
  );
  const name = freeName(folder.name, taken);
  await withUniqueName(() => setFolderTrashedAt(db, folder.id, { trashed_at: null, name }));
  return name;
}

function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let number = 2; ; number += 1) {
    const suffix = ` (${number})`;
    const candidate = `${name.slice(0, FOLDER_NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export function findFoldersInTrash(
  app: Pick<FastifyInstance, 'db'>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  return findTrashedFolderIds(app.db, filter);
}

/** Deletes trashed folders for good; their letters are the caller's business. */
export function deleteTrashedFolders(
  app: Pick<FastifyInstance, 'db'>,
  folderIds: string[],
): Promise<number> {
  return deleteTrashedFolderRows(app.db, folderIds);
}

/** Tells the open clients that the account's folders (and with them its letters) changed. */
export async function announceFolderChange(app: FastifyInstance, accountId: string): Promise<void> {
  await announce(app, accountId, true);
}

/** The account a folder belongs to; for checks by other areas (the caller's access aside). */
export async function getFolderAccountId(
  app: Pick<FastifyInstance, 'db'>,
  folderId: string,
): Promise<string | undefined> {
  return findFolderAccountId(app.db, folderId);
}

/** Of `folderIds`, those not in the trash; `db` may be the caller's transaction. */
export async function findLiveFolderIds(
  db: Kysely<Database>,
  folderIds: readonly string[],
): Promise<string[]> {
  return findLiveFolderIdsAmong(db, folderIds);
}
