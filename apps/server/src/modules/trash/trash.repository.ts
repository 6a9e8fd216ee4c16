import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { TrashKind } from '@kuvert/shared/trash';
import type { Database } from '../../db/schema.ts';
import { entryColumns, TRASH_KIND_RANK, type TrashEntryRow } from './trash-entry-columns.ts';

/**
 * The trash read as one list: a derived table per kind with the same columns, joined by
 * UNION ALL. The trash reads the other areas' tables directly (read only); what goes in or
 * comes back out is done by those areas' services.
 *
 * Letters trashed with their folder, and items trashed with their file, are no entries of
 * their own: they share the folder's or file's `trashed_at` exactly and go with it.
 */

type EntryQuery = SelectQueryBuilder<Database & { e: TrashEntryRow }, 'e', TrashEntryRow>;

function letters(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('letters as l')
    .leftJoin('providers as p', 'p.id', 'l.provider_id')
    .leftJoin('folders as lf', (join) =>
      join.onRef('lf.id', '=', 'l.folder_id').on('lf.trashed_at', 'is', null),
    )
    .select(
      entryColumns('letter', {
        id: sql.ref('l.id'),
        name: sql.ref('l.subject'),
        // Received: who sent it; sent: the provider replied to, else the first recipient.
        detail: sql`case when l.direction = 'inbound'
          then coalesce(p.name, l.sender_name, l.sender_email)
          else coalesce(p.name, (select r.name from letter_recipients as r
            where r.letter_id = l.id order by r.position limit 1), l.recipient_email) end`,
        originKind: sql`case when lf.id is not null then 'folder'
          when l.direction = 'inbound' then 'inbox' else 'outbox' end`,
        originId: sql.ref('lf.id'),
        originName: sql.ref('lf.name'),
        trashedAt: sql.ref('l.trashed_at'),
      }),
    )
    .where('l.account_id', '=', accountId)
    .where('l.trashed_at', 'is not', null)
    .where(
      sql<boolean>`not exists (select 1 from folders as tf
        where tf.id = l.folder_id and tf.trashed_at = l.trashed_at)`,
    );
}

function uploads(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('uploads as u')
    .select(
      entryColumns('upload', {
        id: sql.ref('u.id'),
        name: sql.ref('u.name'),
        detail: sql.ref('u.content_type'),
        size: sql.ref('u.size'),
        originKind: sql`'uploads'`,
        trashedAt: sql.ref('u.trashed_at'),
      }),
    )
    .where('u.account_id', '=', accountId)
    .where('u.status', '=', 'stored')
    .where('u.trashed_at', 'is not', null);
}

function folders(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('folders as f')
    .select(
      entryColumns('folder', {
        id: sql.ref('f.id'),
        name: sql.ref('f.name'),
        count: sql`(select count(*) from letters as fl
          where fl.folder_id = f.id and fl.trashed_at = f.trashed_at)`,
        // The folders list: a folder comes back among the others.
        originKind: sql`'folder'`,
        trashedAt: sql.ref('f.trashed_at'),
      }),
    )
    .where('f.account_id', '=', accountId)
    .where('f.trashed_at', 'is not', null);
}

function contacts(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('contacts as c')
    .select(
      entryColumns('contact', {
        id: sql.ref('c.id'),
        name: sql`case when c.name <> '' then c.name else c.organisation end`,
        detail: sql`case when c.name <> '' and c.organisation <> '' then c.organisation
          when c.email <> '' then c.email end`,
        originKind: sql`'address_book'`,
        trashedAt: sql.ref('c.trashed_at'),
      }),
    )
    .where('c.account_id', '=', accountId)
    .where('c.trashed_at', 'is not', null);
}

function caseFiles(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('case_files as cf')
    .select(
      entryColumns('case_file', {
        id: sql.ref('cf.id'),
        name: sql.ref('cf.title'),
        count: sql`(select count(*) from case_file_items as ci
          where ci.file_id = cf.id and ci.trashed_at = cf.trashed_at)`,
        originKind: sql`'files'`,
        trashedAt: sql.ref('cf.trashed_at'),
      }),
    )
    .where('cf.account_id', '=', accountId)
    .where('cf.trashed_at', 'is not', null);
}

function caseFileItems(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('case_file_items as i')
    .innerJoin('case_files as if', 'if.id', 'i.file_id')
    .select(
      entryColumns('case_file_item', {
        id: sql.ref('i.id'),
        name: sql.ref('i.title'),
        detail: sql.ref('i.item_date'),
        originKind: sql`'case_file'`,
        originId: sql.ref('if.id'),
        originName: sql.ref('if.title'),
        trashedAt: sql.ref('i.trashed_at'),
      }),
    )
    .where('i.account_id', '=', accountId)
    .where('i.trashed_at', 'is not', null)
    .where('if.trashed_at', 'is', null);
}

const sources = {
  letter: letters,
  upload: uploads,
  folder: folders,
  contact: contacts,
  case_file: caseFiles,
  case_file_item: caseFileItems,
} satisfies Record<TrashKind, unknown>;

/** The account's trash entries of one kind, as the derived table `e`. */
function entriesOf(db: Kysely<Database>, kind: TrashKind, accountId: string): EntryQuery {
  return db.selectFrom(sources[kind](db, accountId).as('e')).selectAll('e');
}

/** A position in the list, which is ordered by (trashed_at, rank, id), all descending. */
export interface TrashPosition {
  trashedAt: string;
  rank: number;
  id: string;
}

/** One kind's entries after `after`, newest first, at most `limit`. */
function pageOf(
  db: Kysely<Database>,
  kind: TrashKind,
  accountId: string,
  after: TrashPosition | undefined,
  limit: number,
): EntryQuery {
  let query = entriesOf(db, kind, accountId);
  if (after) {
    const rank = TRASH_KIND_RANK[kind];
    // Within one kind the rank is constant: the tuple shrinks to (trashed_at, id).
    if (rank === after.rank) {
      query = query.where((eb) =>
        eb(eb.refTuple('e.trashed_at', 'e.id'), '<', eb.tuple(after.trashedAt, after.id)),
      );
    } else {
      query = query.where('e.trashed_at', rank < after.rank ? '<=' : '<', after.trashedAt);
    }
  }
  return query.orderBy('e.trashed_at', 'desc').orderBy('e.id', 'desc').limit(limit);
}

/**
 * A page of the account's trash, `limit` entries after `after` (one more, to tell whether a
 * next page exists). With `kind`, only that kind's table is read; else each kind gives its
 * own first `limit` (its index does the work) and the union is merged in order.
 */
export async function findTrashEntryPage(
  db: Kysely<Database>,
  options: {
    accountId: string;
    kinds: readonly TrashKind[];
    after: TrashPosition | undefined;
    limit: number;
  },
): Promise<TrashEntryRow[]> {
  const { accountId, after, limit } = options;
  // SQLite takes ORDER BY and LIMIT in a compound's arms only inside a subquery.
  const arms = options.kinds.map((kind) =>
    db.selectFrom(pageOf(db, kind, accountId, after, limit).as('k')).selectAll(),
  );
  const [first, ...rest] = arms;
  if (first === undefined) return [];
  if (rest.length === 0) return first.execute();
  const union = rest.reduce((all, arm) => all.unionAll(arm), first);
  return db
    .selectFrom(union.as('t'))
    .selectAll()
    .orderBy('t.trashed_at', 'desc')
    .orderBy('t.rank', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many entries of each kind the account's trash holds, in one query. */
export async function countTrashEntries(
  db: Kysely<Database>,
  accountId: string,
  kinds: readonly TrashKind[],
): Promise<Map<TrashKind, number>> {
  const row = await db
    .selectNoFrom((eb) =>
      kinds.map((kind) =>
        eb
          .selectFrom(sources[kind](db, accountId).as('e'))
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as(kind),
      ),
    )
    .executeTakeFirst();
  return new Map(kinds.map((kind) => [kind, Number(row?.[kind] ?? 0)]));
}

/** Which of `ids` are the account's trash entries of `kind` (the others are skipped). */
export function findTrashEntriesById(
  db: Kysely<Database>,
  kind: TrashKind,
  accountId: string,
  ids: readonly string[],
): Promise<TrashEntryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return entriesOf(db, kind, accountId).where('e.id', 'in', ids).execute();
}
