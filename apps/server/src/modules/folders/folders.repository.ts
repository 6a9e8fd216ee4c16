import type { Kysely, Selectable } from 'kysely';
import type { Database, FoldersTable } from '../../db/schema.ts';
import { callerIsMember, callerRole, isUnread } from '../../db/scopes.ts';

export type FolderRow = Selectable<FoldersTable>;
export interface FolderWithCountsRow extends FolderRow {
  letter_count: number;
  unread_count: number;
}

function withCounts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('folders as f')
    .selectAll('f')
    .select((eb) => [
      eb
        .selectFrom('letters as l')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('l.folder_id', '=', 'f.id')
        .where('l.trashed_at', 'is', null)
        .as('letter_count'),
      eb
        .selectFrom('letters as l')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('l.folder_id', '=', 'f.id')
        .where('l.trashed_at', 'is', null)
        .where(isUnread('l'))
        .as('unread_count'),
    ])
    .where(callerIsMember(userId, 'f.account_id'));
}

function normalise(
  row: FolderRow & { letter_count: unknown; unread_count: unknown },
): FolderWithCountsRow {
  return {
    ...row,
    letter_count: Number(row.letter_count ?? 0),
    unread_count: Number(row.unread_count ?? 0),
  };
}

export async function findFoldersOfAccount(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<FolderWithCountsRow[]> {
  const rows = await withCounts(db, userId)
    .where('f.account_id', '=', accountId)
    .orderBy((eb) => eb.fn('lower', ['f.name']))
    .orderBy('f.id')
    .execute();
  return rows.map(normalise);
}

export async function findFolderWithCounts(
  db: Kysely<Database>,
  userId: string,
  folderId: string,
): Promise<FolderWithCountsRow | undefined> {
  const row = await withCounts(db, userId).where('f.id', '=', folderId).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

/** The folder with the caller's role in its account; undefined when not theirs. */
export async function findFolderForUser(
  db: Kysely<Database>,
  userId: string,
  folderId: string,
): Promise<(FolderRow & { role: string }) | undefined> {
  return db
    .selectFrom('folders as f')
    .selectAll('f')
    .select(callerRole(userId, 'f.account_id').as('role'))
    .where('f.id', '=', folderId)
    .where(callerIsMember(userId, 'f.account_id'))
    .executeTakeFirst();
}

export async function findFolderAccountId(
  db: Kysely<Database>,
  folderId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('folders')
    .select('account_id')
    .where('id', '=', folderId)
    .executeTakeFirst();
  return row?.account_id;
}

export async function insertFolder(db: Kysely<Database>, row: FolderRow): Promise<void> {
  await db.insertInto('folders').values(row).execute();
}

export async function renameFolderRow(
  db: Kysely<Database>,
  folderId: string,
  name: string,
): Promise<void> {
  await db.updateTable('folders').set({ name }).where('id', '=', folderId).execute();
}

/** Its letters go back to the inbox: the foreign key sets their folder_id to null. */
export async function deleteFolderRow(db: Kysely<Database>, folderId: string): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', folderId).execute();
}
