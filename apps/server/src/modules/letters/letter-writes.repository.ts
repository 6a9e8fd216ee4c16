import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DocumentTextFailure } from '@kuvert/shared/letters';
import { isUnread } from '../../db/scopes.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

/** Writes on letters. Callers have checked the role; membership stays in the query anyway. */

export interface AccessibleLetterRow {
  id: string;
  account_id: string;
  role: string;
}

export async function findLettersWithRole(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
): Promise<AccessibleLetterRow[]> {
  return db
    .selectFrom('letters as l')
    .select(['l.id', 'l.account_id', callerRole(userId, 'l.account_id').as('role')])
    .where('l.id', 'in', letterIds)
    .where(callerIsMember(userId, 'l.account_id'))
    .execute();
}

function writable(db: Kysely<Database>, userId: string, letterIds: string[]) {
  return db
    .updateTable('letters as l')
    .where('l.id', 'in', letterIds)
    .where(callerIsMember(userId, 'l.account_id'));
}

export interface NewlyReadRow {
  id: string;
  /** Null for a letter from another Kuvert user: no provider to tell. */
  provider_id: string | null;
  account_id: string;
  signature_request_id: string | null;
}

/** Marks inbound letters read; answers only those that were unread until now. */
export async function markLettersRead(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
  now: string,
): Promise<NewlyReadRow[]> {
  return (
    writable(db, userId, letterIds)
      .set({ read_at: now, read_by_user_id: userId })
      .where(isUnread('l'))
      // Unqualified: SQLite's RETURNING does not accept the table alias.
      .returning(['id', 'provider_id', 'account_id', 'signature_request_id'])
      .execute()
  );
}

export async function markLettersUnread(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
): Promise<number> {
  const result = await writable(db, userId, letterIds)
    .set({ read_at: null, read_by_user_id: null })
    .where('l.read_at', 'is not', null)
    .where('l.direction', '=', sql.lit('inbound'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function moveLetters(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
  folderId: string | null,
): Promise<number> {
  const result = await writable(db, userId, letterIds)
    .set({ folder_id: folderId })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function trashLetters(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
  now: string,
): Promise<number> {
  const result = await writable(db, userId, letterIds)
    .set({ trashed_at: now })
    .where('l.trashed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Takes the letters out of the trash. A letter whose folder is not among `liveFolderIds` (the
 * folder is in the trash too) comes back to the inbox, where it can be seen.
 */
export async function restoreLetters(
  db: Kysely<Database>,
  userId: string,
  letterIds: string[],
  liveFolderIds: readonly string[],
): Promise<number> {
  const result = await writable(db, userId, letterIds)
    .set((eb) => ({
      trashed_at: null,
      folder_id:
        liveFolderIds.length === 0
          ? null
          : eb
              .case()
              .when('l.folder_id', 'in', [...liveFolderIds])
              .then(eb.ref('l.folder_id'))
              .else(null)
              .end(),
    }))
    .where('l.trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The folders the letters are filed in (none for letters in the inbox). */
export async function findFolderIdsOfLetters(
  db: Kysely<Database>,
  letterIds: string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('letters')
    .select('folder_id')
    .distinct()
    .where('id', 'in', letterIds)
    .where('folder_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.folder_id === null ? [] : [row.folder_id]));
}

/** The storage keys of the letters' documents, gathered before the rows go. */
export async function findStorageKeys(
  db: Kysely<Database>,
  letterIds: string[],
): Promise<string[]> {
  if (letterIds.length === 0) return [];
  const rows = await db
    .selectFrom('letter_documents')
    .select('storage_key')
    .distinct()
    .where('letter_id', 'in', letterIds)
    .execute();
  // The print PDFs of a sent letter's postal recipients go with it too.
  const prints = await db
    .selectFrom('letter_recipients')
    .select('print_storage_key as storage_key')
    .distinct()
    .where('letter_id', 'in', letterIds)
    .where('print_storage_key', 'is not', null)
    .execute();
  return [...rows, ...prints].flatMap((row) => (row.storage_key === null ? [] : [row.storage_key]));
}

/** Deletes letters (documents cascade); only trashed ones, so nothing is lost by mistake. */
export async function deleteTrashedLetters(
  db: Kysely<Database>,
  letterIds: string[],
): Promise<number> {
  if (letterIds.length === 0) return 0;
  const result = await db
    .deleteFrom('letters')
    .where('id', 'in', letterIds)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findTrashedLetterIds(
  db: Kysely<Database>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  let query = db.selectFrom('letters').select('id').where('trashed_at', 'is not', null);
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.trashedBefore) query = query.where('trashed_at', '<', filter.trashedBefore);
  const rows = await query.limit(filter.limit).execute();
  return rows.map((row) => row.id);
}

/** Letters go to the trash with their folder, at the folder's moment, so they come back with it. */
export async function trashLettersOfFolder(
  db: Kysely<Database>,
  folderId: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('letters')
    .set({ trashed_at: at })
    .where('folder_id', '=', folderId)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The letters that went to the trash with the folder (not those trashed on their own before). */
export async function findLetterIdsTrashedWithFolder(
  db: Kysely<Database>,
  folderId: string,
  trashedAt: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('letters')
    .select('id')
    .where('folder_id', '=', folderId)
    .where('trashed_at', '=', trashedAt)
    .execute();
  return rows.map((row) => row.id);
}

export async function restoreLettersOfFolder(
  db: Kysely<Database>,
  folderId: string,
  trashedAt: string,
): Promise<number> {
  const result = await db
    .updateTable('letters')
    .set({ trashed_at: null })
    .where('folder_id', '=', folderId)
    .where('trashed_at', '=', trashedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Of `keys`, those a letter document or the print PDF of a postal letter points at. */
export async function findLetterKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const documents = await db
    .selectFrom('letter_documents')
    .select('storage_key as key')
    .where('storage_key', 'in', keys)
    .execute();
  // The print-ready PDF of a postal letter, until the letter is deleted.
  const prints = await db
    .selectFrom('letter_recipients')
    .select('print_storage_key as key')
    .where('print_storage_key', 'in', keys)
    .execute();
  return [...documents, ...prints].flatMap((row) => (row.key === null ? [] : [row.key]));
}

export async function updateDocumentText(
  db: Kysely<Database>,
  documentId: string,
  extracted: { text: string; pageCount: number; now: string },
): Promise<string | undefined> {
  const row = await db
    .updateTable('letter_documents')
    .set({
      text: extracted.text,
      page_count: extracted.pageCount,
      extracted_at: extracted.now,
      text_status: 'extracted',
      text_failure: null,
    })
    .where('id', '=', documentId)
    .returning('letter_id')
    .executeTakeFirst();
  return row?.letter_id;
}

/** The document stays on the letter, to open and download; only its text is missing. */
export async function markDocumentTextFailed(
  db: Kysely<Database>,
  documentId: string,
  failure: DocumentTextFailure,
): Promise<string | undefined> {
  const row = await db
    .updateTable('letter_documents')
    .set({ text_status: 'failed', text_failure: failure })
    .where('id', '=', documentId)
    .where('text_status', '=', 'pending')
    .returning('letter_id')
    .executeTakeFirst();
  return row?.letter_id;
}

export async function findDocumentById(db: Kysely<Database>, documentId: string) {
  return db
    .selectFrom('letter_documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirst();
}

export async function findLetterOfDocument(db: Kysely<Database>, documentId: string) {
  return db
    .selectFrom('letter_documents')
    .innerJoin('letters', 'letters.id', 'letter_documents.letter_id')
    .select(['letters.id', 'letters.account_id'])
    .where('letter_documents.id', '=', documentId)
    .executeTakeFirst();
}
