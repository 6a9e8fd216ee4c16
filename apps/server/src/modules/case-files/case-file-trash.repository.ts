import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';
import type { CaseFileItemsTable, CaseFilesTable, Database } from '../../db/schema.ts';

/** Rows the trash and access checks of case files read and write. */

export type CaseFileRow = Omit<CaseFilesTable, 'description' | 'item_count'> & {
  description: string;
  item_count: number;
};
export type CaseFileItemRow = Omit<CaseFileItemsTable, 'notes'> & { notes: string };
export type LiveOrTrashed = 'live' | 'trashed';

export function findCaseFileForUser(
  db: Kysely<Database>,
  userId: string,
  fileId: string,
  state: LiveOrTrashed,
): Promise<(CaseFileRow & { role: string }) | undefined> {
  return db
    .selectFrom('case_files as f')
    .selectAll('f')
    .select(callerRole(userId, 'f.account_id').as('role'))
    .where('f.id', '=', fileId)
    .where('f.trashed_at', state === 'live' ? 'is' : 'is not', null)
    .where(callerIsMember(userId, 'f.account_id'))
    .executeTakeFirst();
}

/** An item with its file's state: a live item of a trashed file counts as trashed. */
export function findCaseFileItemForUser(
  db: Kysely<Database>,
  userId: string,
  itemId: string,
): Promise<(CaseFileItemRow & { role: string; file_trashed_at: string | null }) | undefined> {
  return db
    .selectFrom('case_file_items as i')
    .innerJoin('case_files as f', 'f.id', 'i.file_id')
    .selectAll('i')
    .select([callerRole(userId, 'i.account_id').as('role'), 'f.trashed_at as file_trashed_at'])
    .where('i.id', '=', itemId)
    .where(callerIsMember(userId, 'i.account_id'))
    .executeTakeFirst();
}

export async function setCaseFileTrashed(
  db: Kysely<Database>,
  file: Pick<CaseFileRow, 'id'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('case_files')
    .set({ trashed_at: at })
    .where('id', '=', file.id)
    .where('trashed_at', 'is', null)
    .execute();
  // Its live items go with it, at the same instant; items trashed before keep their own time.
  await db
    .updateTable('case_file_items')
    .set({ trashed_at: at })
    .where('file_id', '=', file.id)
    .where('trashed_at', 'is', null)
    .execute();
}

export async function setCaseFileRestored(
  db: Kysely<Database>,
  file: Pick<CaseFileRow, 'id' | 'trashed_at'>,
  at: string,
): Promise<void> {
  if (file.trashed_at === null) return;
  await db
    .updateTable('case_file_items')
    .set({ trashed_at: null })
    .where('file_id', '=', file.id)
    .where('trashed_at', '=', file.trashed_at)
    .execute();
  await db
    .updateTable('case_files')
    .set({ trashed_at: null, last_activity_at: at })
    .where('id', '=', file.id)
    .execute();
  await refreshItemCount(db, file.id);
}

export async function setCaseFileItemTrashed(
  db: Kysely<Database>,
  item: Pick<CaseFileItemRow, 'id' | 'file_id'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('case_file_items')
    .set({ trashed_at: at })
    .where('id', '=', item.id)
    .where('trashed_at', 'is', null)
    .execute();
  await refreshItemCount(db, item.file_id);
}

export async function setCaseFileItemRestored(
  db: Kysely<Database>,
  item: Pick<CaseFileItemRow, 'id' | 'file_id'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('case_file_items')
    .set({ trashed_at: null })
    .where('id', '=', item.id)
    .execute();
  await db
    .updateTable('case_files')
    .set({ last_activity_at: at })
    .where('id', '=', item.file_id)
    .execute();
  await refreshItemCount(db, item.file_id);
}

/** Recounts a file's live items; call in the transaction that changed them. */
export async function refreshItemCount(db: Kysely<Database>, fileId: string): Promise<void> {
  await db
    .updateTable('case_files')
    .set({
      item_count: sql<number>`(select count(*) from case_file_items as i
        where i.file_id = ${fileId} and i.trashed_at is null)`,
    })
    .where('id', '=', fileId)
    .execute();
}

export type TrashFilter = { accountId: string } | { trashedBefore: string };

export async function findTrashedCaseFileIds(
  db: Kysely<Database>,
  filter: TrashFilter & { limit: number },
): Promise<string[]> {
  let query = db.selectFrom('case_files').select('id').where('trashed_at', 'is not', null);
  query =
    'accountId' in filter
      ? query.where('account_id', '=', filter.accountId)
      : query.where('trashed_at', '<', filter.trashedBefore);
  const rows = await query.orderBy('trashed_at').limit(filter.limit).execute();
  return rows.map((row) => row.id);
}

/** Items trashed on their own (their file is live); items of a trashed file go with it. */
export async function findTrashedCaseFileItemIds(
  db: Kysely<Database>,
  filter: TrashFilter & { limit: number },
): Promise<string[]> {
  let query = db
    .selectFrom('case_file_items as i')
    .innerJoin('case_files as f', 'f.id', 'i.file_id')
    .select('i.id')
    .where('i.trashed_at', 'is not', null)
    .where('f.trashed_at', 'is', null);
  query =
    'accountId' in filter
      ? query.where('i.account_id', '=', filter.accountId)
      : query.where('i.trashed_at', '<', filter.trashedBefore);
  const rows = await query.orderBy('i.trashed_at').limit(filter.limit).execute();
  return rows.map((row) => row.id);
}

/** Deletes trashed files with all their items (live or trashed); links and references cascade. */
export async function deleteCaseFileRows(
  db: Kysely<Database>,
  fileIds: readonly string[],
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const result = await db
    .deleteFrom('case_files')
    .where('id', 'in', fileIds)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteCaseFileItemRows(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const result = await db
    .deleteFrom('case_file_items')
    .where('id', 'in', itemIds)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
