import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CaseFileSort } from '@kuvert/shared/case-files';
import { containsPattern, foldedSql } from '../../db/folded-search.ts';
import type { Engine } from '../../db/migrations/context.ts';
import type { CaseFilesTable, Database } from '../../db/schema.ts';
import type { CaseFileCursor } from './case-file-cursor.ts';

export type CaseFileTableRow = Selectable<CaseFilesTable>;

export async function insertCaseFile(
  db: Kysely<Database>,
  row: Insertable<CaseFilesTable>,
): Promise<void> {
  await db.insertInto('case_files').values(row).execute();
}

export async function updateCaseFileRow(
  db: Kysely<Database>,
  fileId: string,
  values: Updateable<CaseFilesTable>,
): Promise<void> {
  await db.updateTable('case_files').set(values).where('id', '=', fileId).execute();
}

export async function findCaseFileById(
  db: Kysely<Database>,
  fileId: string,
): Promise<CaseFileTableRow | undefined> {
  return db.selectFrom('case_files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

/** A live file of the account; for moving an item into it. */
export async function findLiveCaseFileOfAccount(
  db: Kysely<Database>,
  accountId: string,
  fileId: string,
): Promise<CaseFileTableRow | undefined> {
  return db
    .selectFrom('case_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('account_id', '=', accountId)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Holds the files' rows until the transaction ends, so changes to their items, and the kept
 * item count, happen one after another. PostgreSQL locks the rows (in id order, so two
 * movers never wait for each other); SQLite's write transactions already run one at a time.
 */
export async function lockCaseFiles(
  db: Kysely<Database>,
  engine: Engine,
  fileIds: readonly string[],
): Promise<void> {
  if (engine !== 'postgres' || fileIds.length === 0) return;
  await db
    .selectFrom('case_files')
    .select('id')
    .where('id', 'in', [...fileIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Marks activity on the files (an item was created, changed, added, moved or restored). */
export async function touchCaseFiles(
  db: Kysely<Database>,
  fileIds: readonly string[],
  at: string,
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .updateTable('case_files')
    .set({ last_activity_at: at })
    .where('id', 'in', [...fileIds])
    .execute();
}

export interface CaseFilePageFilter {
  accountId: string;
  sort: CaseFileSort;
  /** Folded words (folded-search.ts); each must be in the title or the description. */
  words: readonly string[];
  after: CaseFileCursor | undefined;
  limit: number;
}

const sortColumns = {
  activity: { column: 'last_activity_at', direction: 'desc' },
  title: { column: 'title_key', direction: 'asc' },
  created: { column: 'created_at', direction: 'desc' },
} as const;

/** A page of the account's live files, keyset on (the sort's column, id). */
export async function findCaseFilePage(
  db: Kysely<Database>,
  filter: CaseFilePageFilter,
): Promise<CaseFileTableRow[]> {
  const { column, direction } = sortColumns[filter.sort];
  let query = db
    .selectFrom('case_files')
    .selectAll()
    .where('account_id', '=', filter.accountId)
    .where('trashed_at', 'is', null);
  for (const word of filter.words) {
    const pattern = containsPattern(word);
    query = query.where((eb) =>
      eb.or([
        // title_key is folded when written; the description is folded here.
        sql<boolean>`title_key like ${pattern} escape '\\'`,
        sql<boolean>`${foldedSql(sql<string>`description`)} like ${pattern} escape '\\'`,
      ]),
    );
  }
  const { after } = filter;
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple(column, 'id'),
        direction === 'desc' ? '<' : '>',
        eb.tuple(after.value, after.id),
      ),
    );
  }
  return query.orderBy(column, direction).orderBy('id', direction).limit(filter.limit).execute();
}
