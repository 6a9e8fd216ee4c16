import { sql, type Kysely } from 'kysely';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import type { Database } from '../../db/schema.ts';
import { callerIsMember } from '../../db/scopes.ts';
import { ftsPageOf, ftsQuery, keyedTerms, termsOf } from './sqlite-fts.ts';
import { UPLOAD_MATCHED_IN_BY_COLUMN, type UploadSearchRepository } from './search-types.ts';

/** bm25's weights of name and text: as a letter's subject and its documents' text. */
const UPLOAD_WEIGHTS = sql.raw('10, 1');

/** Uploads indexed per transaction by a rebuild. */
const REBUILD_BATCH = 2000;

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
 * Indexes the given uploads that are stored: FTS5 tokenizes their name and text in the
 * scratch index, the terms are read back in order, stored with the text, and indexed under
 * the account key, one for one, so positions in the index are positions in the stored text.
 */
async function addEntries(db: Kysely<Database>, rows: UploadRows): Promise<void> {
  await ensureScratch(db);
  const stored = sql`u.status = 'stored' and ${whereRows(rows)}`;
  await sql`insert into temp.uploads_fts_scratch (rowid, name, text)
    select u.rowid, u.name, coalesce(u.text, '') from uploads u where ${stored}`.execute(db);
  await sql`insert into temp.uploads_fts_scratch_docs
    select doc, ${termsOf('name')}, ${termsOf('text')}
    from temp.uploads_fts_scratch_terms group by doc`.execute(db);
  const { rows: before } = await sql<{
    last: number | null;
  }>`select max(entry) as last from uploads_search_text`.execute(db);
  // New entries are numbered after the highest one (an integer primary key without AUTOINCREMENT).
  const lastBefore = Number(before[0]?.last ?? 0);
  await sql`insert into uploads_search_text
      (upload_id, account_key, name, text, name_terms, text_terms)
    select u.id, replace(u.account_id, '-', ''), u.name, coalesce(u.text, ''),
      coalesce(t.name_terms, ''), coalesce(t.text_terms, '')
    from uploads u left join temp.uploads_fts_scratch_docs t on t.doc = u.rowid
    where ${stored}`.execute(db);
  await sql`insert into uploads_fts (rowid, name, text)
    select entry, ${keyedTerms('name_terms')}, ${keyedTerms('text_terms')}
    from uploads_search_text where entry > ${lastBefore}`.execute(db);
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
    const page = ftsPageOf(request.position, 'u');
    const match = ftsQuery(request.accountId, request.query);
    // As for letters: the page first, then snippets of its uploads only; CROSS JOIN keeps the
    // account's matches in the index as the starting point, never the account's uploads.
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      s1: string;
      s2: string;
    }>`
      with page as materialized (
        select uploads_fts.rowid as entry, u.id as id, u.created_at as created_at,
          -bm25(uploads_fts, ${UPLOAD_WEIGHTS}) as score
        from uploads_fts
          cross join uploads_search_text e on e.entry = uploads_fts.rowid
          cross join uploads u on u.id = e.upload_id
        where uploads_fts match ${match}
          and ${page.after}
          and u.account_id = ${request.accountId}
          and u.status = 'stored'
          and u.trashed_at is null
          and ${callerIsMember(request.userId, 'u.account_id')}
        order by ${page.orderBy}
        limit ${request.limit} offset ${page.offset})
      select page.id, page.created_at, page.score, ${snippetOf(0)} as s1, ${snippetOf(1)} as s2
      from uploads_fts cross join page on page.entry = uploads_fts.rowid
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
