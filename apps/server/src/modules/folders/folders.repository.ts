import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, FoldersTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

export type FolderRow = Selectable<FoldersTable>;
export interface FolderWithCountsRow extends FolderRow {
  letter_count: number;
  unread_count: number;
}

function selectFoldersOfUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom('folders as f').selectAll('f').where(callerIsMember(userId, 'f.account_id'));
}

export async function findFoldersOfAccount(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<FolderRow[]> {
  return selectFoldersOfUser(db, userId)
    .where('f.account_id', '=', accountId)
    .where('f.trashed_at', 'is', null)
    .execute();
}

/** A live folder of the caller's accounts; its counts are the letters area's (folders.service.ts). */
export async function findLiveFolderOfUser(
  db: Kysely<Database>,
  userId: string,
  folderId: string,
): Promise<FolderRow | undefined> {
  return selectFoldersOfUser(db, userId)
    .where('f.id', '=', folderId)
    .where('f.trashed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The folder with the caller's role in its account, live or in the trash as asked;
 * undefined when not theirs.
 */
export async function findFolderForUser(
  db: Kysely<Database>,
  userId: string,
  folderId: string,
  state: 'live' | 'trashed',
): Promise<(FolderRow & { role: string }) | undefined> {
  return db
    .selectFrom('folders as f')
    .selectAll('f')
    .select(callerRole(userId, 'f.account_id').as('role'))
    .where('f.id', '=', folderId)
    .where('f.trashed_at', state === 'live' ? 'is' : 'is not', null)
    .where(callerIsMember(userId, 'f.account_id'))
    .executeTakeFirst();
}

/** The account of a live folder: a trashed one takes no letters and shows none. */
export async function findFolderAccountId(
  db: Kysely<Database>,
  folderId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('folders')
    .select('account_id')
    .where('id', '=', folderId)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  return row?.account_id;
}

export async function insertFolder(
  db: Kysely<Database>,
  row: Insertable<FoldersTable>,
): Promise<void> {
  await db.insertInto('folders').values(row).execute();
}

/** The names of the account's live folders, for finding a free one. */
export async function findLiveFolderNames(
  db: Kysely<Database>,
  accountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('folders')
    .select('name')
    .where('account_id', '=', accountId)
    .where('trashed_at', 'is', null)
    .execute();
  return rows.map((row) => row.name);
}

/** Ids of trashed folders, of one account or trashed before a moment; at most `limit`. */
export async function findTrashedFolderIds(
  db: Kysely<Database>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  let query = db.selectFrom('folders').select('id').where('trashed_at', 'is not', null);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.trashedBefore) query = query.where('trashed_at', '<', filter.trashedBefore);
  const rows = await query.limit(filter.limit).execute();
  return rows.map((row) => row.id);
}

/** Moves a live folder to the trash (`at`) or a trashed one back (`null`), renamed if asked. */
export async function setFolderTrashedAt(
  db: Kysely<Database>,
  folderId: string,
  changes: { trashed_at: string | null; name?: string },
): Promise<void> {
  await db.updateTable('folders').set(changes).where('id', '=', folderId).execute();
}

export async function renameFolderRow(
  db: Kysely<Database>,
  folderId: string,
  name: string,
): Promise<void> {
  await db.updateTable('folders').set({ name }).where('id', '=', folderId).execute();
}

/**
 * Deletes trashed folders for good. Letters still pointing at them (trashed on their own
 * earlier) stay in the trash: the foreign key sets their folder_id to null.
 */
export async function deleteTrashedFolderRows(
  db: Kysely<Database>,
  folderIds: string[],
): Promise<number> {
  if (folderIds.length === 0) return 0;
  const result = await db
    .deleteFrom('folders')
    .where('id', 'in', folderIds)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of `folderIds`, those not in the trash. */
export async function findLiveFolderIdsAmong(
  db: Kysely<Database>,
  folderIds: readonly string[],
): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await db
    .selectFrom('folders')
    .select('id')
    .where('id', 'in', [...folderIds])
    .where('trashed_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
