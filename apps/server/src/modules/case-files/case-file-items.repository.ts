import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { CaseFileItemsTable, Database } from '../../db/schema.ts';
import type { TimelineCursor } from './case-file-cursor.ts';

/** Characters of the notes read for the timeline's snippet (flattened, then cut). */
const NOTES_HEAD_CHARS = 400;

function selectItems(db: Kysely<Database>) {
  return db.selectFrom('case_file_items as i').select((eb) => [
    'i.id',
    'i.file_id',
    'i.account_id',
    'i.title',
    'i.item_date',
    'i.created_at',
    'i.updated_at',
    'i.trashed_at',
    sql<string>`substr(i.notes, 1, ${sql.lit(NOTES_HEAD_CHARS)})`.as('notes_head'),
    eb
      .selectFrom('case_file_item_letters as il')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('il.item_id', '=', 'i.id')
      .as('letter_count'),
    eb
      .selectFrom('case_file_item_uploads as iu')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('iu.item_id', '=', 'i.id')
      .as('attachment_count'),
  ]);
}

export type ItemSummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>
>;

/** Live items of a file, newest first: keyset on (item_date desc, id desc). */
export async function findTimelinePage(
  db: Kysely<Database>,
  fileId: string,
  after: TimelineCursor | undefined,
  limit: number,
): Promise<ItemSummaryRow[]> {
  let query = selectItems(db).where('i.file_id', '=', fileId).where('i.trashed_at', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('i.item_date', 'i.id'), '<', eb.tuple(after.date, after.id)),
    );
  }
  return query.orderBy('i.item_date', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
}

export async function findItemSummaries(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<ItemSummaryRow[]> {
  if (itemIds.length === 0) return [];
  return selectItems(db)
    .where('i.id', 'in', [...itemIds])
    .execute();
}

/** The item with its whole notes and its file's title and colour. */
export async function findItemWithFile(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('case_file_items as i')
    .innerJoin('case_files as f', 'f.id', 'i.file_id')
    .selectAll('i')
    .select(['f.title as file_title', 'f.color as file_color'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

export type ItemWithFileRow = NonNullable<Awaited<ReturnType<typeof findItemWithFile>>>;

export async function insertItems(
  db: Kysely<Database>,
  rows: readonly Insertable<CaseFileItemsTable>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 100) {
    await db
      .insertInto('case_file_items')
      .values(rows.slice(start, start + 100))
      .execute();
  }
}

export async function updateItemRow(
  db: Kysely<Database>,
  itemId: string,
  values: Updateable<CaseFileItemsTable>,
): Promise<void> {
  await db.updateTable('case_file_items').set(values).where('id', '=', itemId).execute();
}

export type LinkKind = 'letters' | 'uploads';

/** Links of several items: item id → linked ids in order. */
export type LinkLists = ReadonlyMap<string, readonly string[]>;

/** Replaces the items' links of one kind; positions count from 0 without gaps. */
export async function replaceLinks(
  db: Kysely<Database>,
  kind: LinkKind,
  lists: LinkLists,
): Promise<void> {
  const itemIds = [...lists.keys()];
  if (itemIds.length === 0) return;
  const rows = [...lists].flatMap(([itemId, ids]) =>
    ids.map((id, position) => ({ item_id: itemId, id, position })),
  );
  if (kind === 'letters') {
    await db.deleteFrom('case_file_item_letters').where('item_id', 'in', itemIds).execute();
    for (let start = 0; start < rows.length; start += 300) {
      const chunk = rows.slice(start, start + 300);
      if (chunk.length === 0) continue;
      await db
        .insertInto('case_file_item_letters')
        .values(
          chunk.map((row) => ({ item_id: row.item_id, letter_id: row.id, position: row.position })),
        )
        .execute();
    }
    return;
  }
  await db.deleteFrom('case_file_item_uploads').where('item_id', 'in', itemIds).execute();
  for (let start = 0; start < rows.length; start += 300) {
    const chunk = rows.slice(start, start + 300);
    if (chunk.length === 0) continue;
    await db
      .insertInto('case_file_item_uploads')
      .values(
        chunk.map((row) => ({ item_id: row.item_id, upload_id: row.id, position: row.position })),
      )
      .execute();
  }
}

/**
 * The items' links of one kind with a position below `before` (the first few the timeline
 * shows; positions have no gaps), or all of them: one query for a whole page.
 */
export async function findLinks(
  db: Kysely<Database>,
  kind: LinkKind,
  itemIds: readonly string[],
  before?: number,
): Promise<Map<string, string[]>> {
  const lists = new Map<string, string[]>();
  if (itemIds.length === 0) return lists;
  const rows =
    kind === 'letters'
      ? await db
          .selectFrom('case_file_item_letters')
          .select(['item_id', 'letter_id as id', 'position'])
          .where('item_id', 'in', [...itemIds])
          .$if(before !== undefined, (query) => query.where('position', '<', before ?? 0))
          .orderBy('item_id')
          .orderBy('position')
          .execute()
      : await db
          .selectFrom('case_file_item_uploads')
          .select(['item_id', 'upload_id as id', 'position'])
          .where('item_id', 'in', [...itemIds])
          .$if(before !== undefined, (query) => query.where('position', '<', before ?? 0))
          .orderBy('item_id')
          .orderBy('position')
          .execute();
  for (const row of rows) {
    const list = lists.get(row.item_id) ?? [];
    list.push(row.id);
    lists.set(row.item_id, list);
  }
  return lists;
}

/** Which of these letters or uploads a live item of the file links already. */
export async function findLinkedInFile(
  db: Kysely<Database>,
  kind: LinkKind,
  fileId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows =
    kind === 'letters'
      ? await db
          .selectFrom('case_file_item_letters as l')
          .innerJoin('case_file_items as i', 'i.id', 'l.item_id')
          .select('l.letter_id as id')
          .where('i.file_id', '=', fileId)
          .where('i.trashed_at', 'is', null)
          .where('l.letter_id', 'in', [...ids])
          .execute()
      : await db
          .selectFrom('case_file_item_uploads as u')
          .innerJoin('case_file_items as i', 'i.id', 'u.item_id')
          .select('u.upload_id as id')
          .where('i.file_id', '=', fileId)
          .where('i.trashed_at', 'is', null)
          .where('u.upload_id', 'in', [...ids])
          .execute();
  return new Set(rows.map((row) => row.id));
}

/** Moves the item, and the reference numbers found in it, to another file. */
export async function moveItemRow(
  db: Kysely<Database>,
  itemId: string,
  toFileId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('case_file_items')
    .set({ file_id: toFileId, updated_at: at })
    .where('id', '=', itemId)
    .execute();
  await db
    .updateTable('case_file_references')
    .set({ file_id: toFileId })
    .where('item_id', '=', itemId)
    .execute();
}
