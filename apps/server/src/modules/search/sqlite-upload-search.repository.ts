import { sql, type Kysely } from 'kysely';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import type { Database } from '../../db/schema.ts';
import { MEMBERSHIP_IS_CURRENT } from '../accounts/account-scopes.ts';
import { ftsQuery, keyedTerms, spelledOut, termsOf } from './sqlite-fts.ts';
import {
  UPLOAD_MATCHED_IN_BY_COLUMN,
  type SearchRequest,
  type UploadSearchRepository,
} from './search-types.ts';

/** bm25's weights of name and text: as a letter's subject and its documents' text. */
const UPLOAD_WEIGHTS = sql.raw('10, 1');

/**
 * Entries of one account are numbered within their own range of this size (the account's
 * slot times it, plus one per indexing), so everything a search reads per match (the
 * entries' covering index, FTS5's sizes for bm25) lies together, whatever other accounts hold.
 */
const ACCOUNT_RANGE = sql.lit(2 ** 32);

/** Uploads indexed per transaction by a rebuild. */
const REBUILD_BATCH = 2000;

/**
 * The entries a page takes, and their order. Every match is of the account (its words carry
 * the account key) and live (only those are indexed), so no upload's row is read: by
 * relevance the index alone decides (the score, then the newer entry); newest first, each
 * match's date and id come from the entries' covering index. CROSS JOIN keeps the index as
 * the starting point.
 */
function pickPage(request: SearchRequest, match: string) {
  const { position, limit } = request;
  const score = sql`-bm25(uploads_fts, ${UPLOAD_WEIGHTS})`;
  const isMember = sql`exists (select 1 from memberships as membership
    where membership.account_id = ${request.accountId} and membership.user_id = ${request.userId}
      and ${MEMBERSHIP_IS_CURRENT})`;
  if (position.sort === 'relevance') {
    return {
      picked: sql`select uploads_fts.rowid as entry, ${score} as score
        from uploads_fts
        where uploads_fts match ${match} and ${isMember}
        order by score desc, entry desc
        limit ${limit} offset ${position.offset}`,
      orderBy: sql`page.score desc, page.entry desc`,
    };
  }
  const { after } = position;
  return {
    picked: sql`select uploads_fts.rowid as entry, ${score} as score
      from uploads_fts cross join uploads_search_text e on e.entry = uploads_fts.rowid
      where uploads_fts match ${match} and ${isMember}
        and ${after ? sql`(e.created_at, e.upload_id) < (${after.createdAt}, ${after.id})` : sql`true`}
      order by e.created_at desc, e.upload_id desc
      limit ${limit}`,
    orderBy: sql`e.created_at desc, e.upload_id desc`,
  };
}

function snippetOf(column: number) {
  return sql`snippet(uploads_fts, ${sql.lit(column)}, ${SEARCH_HIGHLIGHT_START}, ${SEARCH_HIGHLIGHT_END}, '…', 16)`;
}

/**
 * A scratch index with the same tokenizer, for the terms FTS5 makes of an upload's name and
 * text, and a table to gather them. Temporary: per connection, never written to the file.
 */
async function ensureScratch(db: Kysely<Database>): Promise<void> {
  await sql`create virtual table if not exists temp.uploads_fts_scratch using fts5(
      name, text, content = '', tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table if not exists temp.uploads_fts_scratch_terms
      using fts5vocab(temp, uploads_fts_scratch, instance)`.execute(db);
  await sql`create table if not exists temp.uploads_fts_scratch_docs (
      doc integer primary key, name_terms text, text_terms text)`.execute(db);
}

/** Uploads by rowid range or by id: the rows one indexing step works on. */
type UploadRows = { rowids: [number, number] } | { id: string };

function whereRows(rows: UploadRows) {
  return 'id' in rows
    ? sql`u.id = ${rows.id}`
    : sql`u.rowid between ${rows.rowids[0]} and ${rows.rowids[1]}`;
}

/** Drops the entries of the given uploads, as the delete trigger does. */
async function removeEntries(db: Kysely<Database>, rows: UploadRows): Promise<void> {
  const entries = sql`select e.entry from uploads_search_text e
    ${'id' in rows ? sql`where e.upload_id = ${rows.id}` : sql`join uploads u on u.id = e.upload_id where ${whereRows(rows)}`}`;
  await sql`insert into uploads_fts (uploads_fts, rowid, name, text)
    select 'delete', entry, ${keyedTerms('name_terms')}, ${keyedTerms('text_terms')}
    from uploads_search_text where entry in (${entries})`.execute(db);
  await sql`delete from uploads_search_text where entry in (${entries})`.execute(db);
}

/**
 * Indexes the given uploads that are stored and not in the trash: FTS5 tokenizes their name
 * and text in the scratch index, the terms are read back in order, stored with the text, and
 * indexed under the account key, one for one, so positions in the index are positions in the
 * stored text.
 */
async function addEntries(db: Kysely<Database>, rows: UploadRows): Promise<void> {
  await ensureScratch(db);
  // A mail merge's CSV is not one of the person's uploads: search does not find it.
  const stored = sql`u.status = 'stored' and u.purpose = 'library' and u.trashed_at is null and ${whereRows(rows)}`;
  await sql`insert into temp.uploads_fts_scratch (rowid, name, text)
    select u.rowid, ${spelledOut(sql`u.name`)}, ${spelledOut(sql`coalesce(u.text, '')`)}
    from uploads u where ${stored}`.execute(db);
  await sql`insert into temp.uploads_fts_scratch_docs
    select doc, ${termsOf('name')}, ${termsOf('text')}
    from temp.uploads_fts_scratch_terms group by doc`.execute(db);
  await sql`insert or ignore into uploads_search_accounts (account_key)
    select distinct replace(u.account_id, '-', '') from uploads u where ${stored}`.execute(db);
  // Each account's entries are numbered in its own range, after its highest so far.
  await sql`insert into uploads_search_text
      (entry, upload_id, account_key, created_at, name, text, name_terms, text_terms)
    select coalesce(
        (select max(x.entry) from uploads_search_text x
          where x.entry between ${ACCOUNT_RANGE} * a.slot and ${ACCOUNT_RANGE} * (a.slot + 1) - 1),
        ${ACCOUNT_RANGE} * a.slot) + row_number() over (partition by a.slot order by u.rowid),
      u.id, a.account_key, u.created_at, u.name, coalesce(u.text, ''),
      coalesce(t.name_terms, ''), coalesce(t.text_terms, '')
    from uploads u
      join uploads_search_accounts a on a.account_key = replace(u.account_id, '-', '')
      left join temp.uploads_fts_scratch_docs t on t.doc = u.rowid
    where ${stored}`.execute(db);
  await sql`insert into uploads_fts (rowid, name, text)
    select e.entry, ${keyedTerms('name_terms')}, ${keyedTerms('text_terms')}
    from uploads_search_text e
    where e.upload_id in (select u.id from uploads u where ${stored})`.execute(db);
  await sql`insert into temp.uploads_fts_scratch (uploads_fts_scratch) values ('delete-all')`.execute(
    db,
  );
  await sql`delete from temp.uploads_fts_scratch_docs`.execute(db);
}

/**
 * (Re)indexes the given uploads; the scratch tables are shared by the connection, so this
 * runs in one transaction (the caller's, when it has one).
 */
async function indexUploads(db: Kysely<Database>, rows: UploadRows): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => indexUploads(trx, rows));
    return;
  }
  await removeEntries(db, rows);
  await addEntries(db, rows);
}

/** Indexes the uploads with rowids first…last (a rebuild, the bench's seeding). */
export async function indexSqliteUploads(
  db: Kysely<Database>,
  first: number,
  last: number,
): Promise<void> {
  await indexUploads(db, { rowids: [first, last] });
}

export const sqliteUploadSearch: UploadSearchRepository = {
  async rebuild(db) {
    await db.transaction().execute(async (trx) => {
      await sql`insert into uploads_fts (uploads_fts) values ('delete-all')`.execute(trx);
      await sql`delete from uploads_search_text`.execute(trx);
    });
    const { rows } = await sql<{
      last: number | null;
    }>`select max(rowid) as last from uploads`.execute(db);
    const last = Number(rows[0]?.last ?? 0);
    for (let first = 1; first <= last; first += REBUILD_BATCH) {
      await indexSqliteUploads(db, first, Math.min(first + REBUILD_BATCH - 1, last));
    }
    const { rows: counted } = await sql<{
      count: number;
    }>`select count(*) as count from uploads_search_text`.execute(db);
    return Number(counted[0]?.count ?? 0);
  },
  async indexUpload(db, uploadId) {
    await indexUploads(db, { id: uploadId });
  },
  async search(db, request) {
    const match = ftsQuery(request.accountId, request.query);
    const page = pickPage(request, match);
    // Only the page's uploads get snippets: SQLite would make them for every match first.
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      s1: string;
      s2: string;
    }>`
      with page as materialized (${page.picked})
      select e.upload_id as id, e.created_at, page.score,
        ${snippetOf(0)} as s1, ${snippetOf(1)} as s2
      from uploads_fts
        cross join page on page.entry = uploads_fts.rowid
        cross join uploads_search_text e on e.entry = page.entry
      where uploads_fts match ${match}
      order by ${page.orderBy}`.execute(db);
    return result.rows.map((row) => {
      const snippets = [row.s1, row.s2];
      const index = snippets.findIndex((text) => text.includes(SEARCH_HIGHLIGHT_START));
      const column = index === -1 ? 0 : index;
      return {
        id: row.id,
        createdAt: row.created_at,
        score: row.score,
        snippet: snippets[column] ?? '',
        matchedIn: UPLOAD_MATCHED_IN_BY_COLUMN[column] ?? 'name',
      };
    });
  },
};
