import { sql, type Kysely } from 'kysely';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import type { Database } from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';
import { ftsPageOf, ftsQuery, keyedTerms, spelledOut, termsOf } from './sqlite-fts.ts';
import { MATCHED_IN_BY_COLUMN, type SearchRepository } from './search-types.ts';

/**
 * bm25's weights of subject, provider, body and documents. Uploads weigh their name as a
 * subject and their text as documents (sqlite-upload-search.repository.ts), so the scores of
 * the two compare.
 */
const LETTER_WEIGHTS = sql.raw('10, 5, 2, 1');

function snippetOf(column: number) {
  return sql`snippet(letters_fts, ${sql.lit(column)}, ${SEARCH_HIGHLIGHT_START}, ${SEARCH_HIGHLIGHT_END}, '…', 16)`;
}

/**
 * The "provider" column: who the letter is from or to. The provider; else, for a letter from
 * another Kuvert user, their name; else, for a composed letter, its recipients' names.
 */
const correspondentText = sql`coalesce(p.name, l.sender_name,
  (select group_concat(r.name, ' ') from letter_recipients r where r.letter_id = l.id), '')`;

const documentsText = sql`coalesce((select group_concat(d.text, char(10) order by d.position)
  from letter_documents d where d.letter_id = l.id and d.text is not null), '')`;

/**
 * A scratch index with the same tokenizer, for the terms FTS5 makes of a letter's text, and
 * a table to gather them per letter. Temporary: per connection, never written to the file.
 */
async function ensureScratch(db: Kysely<Database>): Promise<void> {
  await sql`create virtual table if not exists temp.letters_fts_scratch using fts5(
      subject, provider, body, documents, content = '',
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table if not exists temp.letters_fts_scratch_terms
      using fts5vocab(temp, letters_fts_scratch, instance)`.execute(db);
  await sql`create table if not exists temp.letters_fts_scratch_docs (
      doc integer primary key, subject_terms text, provider_terms text, body_terms text,
      documents_terms text)`.execute(db);
}

/** Drops the entries of letters with rowids first…last, as the delete trigger does. */
async function removeEntries(db: Kysely<Database>, first: number, last: number): Promise<void> {
  await sql`insert into letters_fts (letters_fts, rowid, subject, provider, body, documents)
    select 'delete', letter_rowid, ${keyedTerms('subject_terms')}, ${keyedTerms('provider_terms')},
      ${keyedTerms('body_terms')}, ${keyedTerms('documents_terms')}
    from letters_search_text where letter_rowid between ${first} and ${last}`.execute(db);
  await sql`delete from letters_search_text where letter_rowid between ${first} and ${last}`.execute(
    db,
  );
}

/**
 * Indexes the letters with rowids first…last: FTS5 tokenizes their text in the scratch
 * index, the terms are read back in order, stored with the text, and indexed under the
 * account key, one for one, so positions in the index are positions in the stored text.
 */
async function addEntries(db: Kysely<Database>, first: number, last: number): Promise<void> {
  await ensureScratch(db);
  await sql`insert into temp.letters_fts_scratch (rowid, subject, provider, body, documents)
    select l.rowid, ${spelledOut(sql`l.subject`)}, ${spelledOut(correspondentText)},
      ${spelledOut(sql`l.body`)}, ${spelledOut(documentsText)}
    from letters l left join providers p on p.id = l.provider_id
    where l.rowid between ${first} and ${last}`.execute(db);
  await sql`insert into temp.letters_fts_scratch_docs
    select doc, ${termsOf('subject')}, ${termsOf('provider')}, ${termsOf('body')}, ${termsOf('documents')}
    from temp.letters_fts_scratch_terms group by doc`.execute(db);
  await sql`insert into letters_search_text
    select l.rowid, replace(l.account_id, '-', ''), l.subject, ${correspondentText}, l.body,
      ${documentsText},
      coalesce(t.subject_terms, ''), coalesce(t.provider_terms, ''), coalesce(t.body_terms, ''),
      coalesce(t.documents_terms, '')
    from letters l left join providers p on p.id = l.provider_id
      left join temp.letters_fts_scratch_docs t on t.doc = l.rowid
    where l.rowid between ${first} and ${last}`.execute(db);
  await sql`insert into letters_fts (rowid, subject, provider, body, documents)
    select letter_rowid, ${keyedTerms('subject_terms')}, ${keyedTerms('provider_terms')},
      ${keyedTerms('body_terms')}, ${keyedTerms('documents_terms')}
    from letters_search_text where letter_rowid between ${first} and ${last}`.execute(db);
  await sql`insert into temp.letters_fts_scratch (letters_fts_scratch) values ('delete-all')`.execute(
    db,
  );
  await sql`delete from temp.letters_fts_scratch_docs`.execute(db);
}

/**
 * (Re)indexes the letters with rowids first…last; the scratch tables are shared by the
 * connection, so this runs in one transaction (the caller's, when it has one).
 */
export async function indexSqliteLetters(
  db: Kysely<Database>,
  first: number,
  last: number,
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => indexSqliteLetters(trx, first, last));
    return;
  }
  await removeEntries(db, first, last);
  await addEntries(db, first, last);
}

/** Letters indexed per transaction by a rebuild. */
const REBUILD_BATCH = 2000;
/** Ids one rowid lookup takes (SQLite allows 32,766 bound values). */
const ROWID_LOOKUP_BATCH = 5000;

export const sqliteSearch: SearchRepository = {
  async rebuild(db) {
    // The index is keyed by the letters' rowids, which VACUUM may renumber: start afresh.
    await db.transaction().execute(async (trx) => {
      await sql`insert into letters_fts (letters_fts) values ('delete-all')`.execute(trx);
      await sql`delete from letters_search_text`.execute(trx);
    });
    const { rows } = await sql<{
      last: number | null;
      count: number;
    }>`select max(rowid) as last, count(*) as count from letters`.execute(db);
    const last = Number(rows[0]?.last ?? 0);
    for (let first = 1; first <= last; first += REBUILD_BATCH) {
      await indexSqliteLetters(db, first, Math.min(first + REBUILD_BATCH - 1, last));
    }
    return Number(rows[0]?.count ?? 0);
  },
  async indexLetter(db, letterId) {
    const { rows } = await sql<{
      rowid: number;
    }>`select rowid from letters where id = ${letterId}`.execute(db);
    const rowid = rows[0]?.rowid;
    if (rowid !== undefined) await indexSqliteLetters(db, rowid, rowid);
  },
  async indexLetters(db, letterIds) {
    if (letterIds.length === 0) return;
    if (!db.isTransaction) {
      await db.transaction().execute((trx) => sqliteSearch.indexLetters(trx, letterIds));
      return;
    }
    const rowids: number[] = [];
    for (let start = 0; start < letterIds.length; start += ROWID_LOOKUP_BATCH) {
      const rows = await db
        .selectFrom('letters')
        .select(sql<number>`rowid`.as('rowid'))
        .where('id', 'in', letterIds.slice(start, start + ROWID_LOOKUP_BATCH))
        .execute();
      rowids.push(...rows.map((row) => Number(row.rowid)));
    }
    // Letters written together have consecutive rowids: a few ranges, each indexed at once.
    rowids.sort((a, b) => a - b);
    let first = rowids[0];
    for (let index = 0; first !== undefined && index < rowids.length; index += 1) {
      const current = rowids[index] ?? first;
      const next = rowids[index + 1];
      if (next === current + 1 && current - first < REBUILD_BATCH) continue;
      await indexSqliteLetters(db, first, current);
      first = next;
    }
  },
  async search(db, request) {
    const page = ftsPageOf(request.position, { createdAt: 'l.created_at', id: 'l.id' });
    const match = ftsQuery(request.accountId, request.query);
    // The page first, then snippets of its letters only: SQLite would make them for every
    // match before sorting. CROSS JOIN keeps the account's matches in the index as the
    // starting point, never the letters.
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      s1: string;
      s2: string;
      s3: string;
      s4: string;
    }>`
      with page as materialized (
        select letters_fts.rowid as entry, l.id as id, l.created_at as created_at,
          -bm25(letters_fts, ${LETTER_WEIGHTS}) as score
        from letters_fts cross join letters l on l.rowid = letters_fts.rowid
        where letters_fts match ${match}
          and ${page.after}
          and l.account_id = ${request.accountId}
          and l.trashed_at is null
          and ${callerIsMember(request.userId, 'l.account_id')}
        order by ${page.orderBy}
        limit ${request.limit} offset ${page.offset})
      select page.id, page.created_at, page.score,
        ${snippetOf(0)} as s1, ${snippetOf(1)} as s2, ${snippetOf(2)} as s3, ${snippetOf(3)} as s4
      from letters_fts cross join page on page.entry = letters_fts.rowid
      where letters_fts match ${match}
      order by ${page.orderBy}`.execute(db);
    return result.rows.map((row) => {
      const snippets = [row.s1, row.s2, row.s3, row.s4];
      const index = snippets.findIndex((text) => text.includes(SEARCH_HIGHLIGHT_START));
      const column = index === -1 ? 0 : index;
      return {
        id: row.id,
        createdAt: row.created_at,
        score: row.score,
        snippet: snippets[column] ?? '',
        matchedIn: MATCHED_IN_BY_COLUMN[column] ?? 'subject',
      };
    });
  },
};
