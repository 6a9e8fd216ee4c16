import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** Letters indexed per statement while the SQLite index is rebuilt. */
const REBUILD_BATCH = 5000;

/**
 * Search by account: every indexed word is prefixed with the letter's account key (its id
 * without hyphens), so a query reads only the caller's account's part of the index, and its
 * cost depends on that account's letters, not on every letter in the database. Before, a
 * common word's entries across all accounts were read and then filtered.
 *
 * SQLite: FTS5 indexes the prefixed terms, while snippets must show the letter's own text. So
 * the index takes its content from `letters_search_text`, which keeps, per letter, the text as
 * indexed and the folded terms FTS5 made of it (from a scratch FTS5 table with the same
 * tokenizer): the prefixed terms are those terms one for one, so every position in the index
 * is the position of the same word in the text, which is all snippet() needs. The terms are
 * kept because an external-content index can only drop an entry given what it indexed.
 * Never run FTS5's 'rebuild' on `letters_fts`: it would index the plain text instead.
 *
 * PostgreSQL: `account_search_vector` holds the letter's lexemes prefixed the same way, under
 * a GIN index; the weighted `search_vector` stays for ranking and an exact recheck, unindexed.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  if (context.engine === 'postgres') {
    await sql`alter table letters add column account_search_vector tsvector`.execute(db);
    await sql`update letters set account_search_vector = (
        select array_to_tsvector(coalesce(array_agg(replace(letters.account_id, '-', '') || lexeme), '{}'))
        from unnest(search_vector))
      where search_vector is not null`.execute(db);
    await sql`create index letters_account_search_idx on letters using gin (account_search_vector)`.execute(
      db,
    );
    await sql`drop index letters_search_idx`.execute(db);
    return;
  }

  await sql`drop trigger letters_fts_delete`.execute(db);
  await sql`drop table letters_fts`.execute(db);
  await sql`create table letters_search_text (
      letter_rowid integer primary key,
      account_key text not null,
      subject text not null,
      provider text not null,
      body text not null,
      documents text not null,
      subject_terms text not null,
      provider_terms text not null,
      body_terms text not null,
      documents_terms text not null)`.execute(db);
  await sql`create virtual table letters_fts using fts5(
      subject, provider, body, documents,
      content = 'letters_search_text', content_rowid = 'letter_rowid',
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger letters_search_delete after delete on letters begin
      insert into letters_fts (letters_fts, rowid, subject, provider, body, documents)
        select 'delete', letter_rowid, ${keyedTerms('subject_terms')}, ${keyedTerms('provider_terms')},
          ${keyedTerms('body_terms')}, ${keyedTerms('documents_terms')}
        from letters_search_text where letter_rowid = old.rowid;
      delete from letters_search_text where letter_rowid = old.rowid;
    end`.execute(db);
  await rebuildSqliteIndex(db);
}

/** The stored terms, each prefixed with the account key: what `letters_fts` indexed. */
function keyedTerms(column: string) {
  const terms = sql.ref(column);
  return sql`case when ${terms} = '' then '' else account_key || replace(${terms}, ' ', ' ' || account_key) end`;
}

/** The same steps as the search repository's indexing, frozen here as of this migration. */
async function rebuildSqliteIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table temp.letters_fts_scratch using fts5(
      subject, provider, body, documents, content = '',
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table temp.letters_fts_scratch_terms
      using fts5vocab(temp, letters_fts_scratch, instance)`.execute(db);
  await sql`create table temp.letters_fts_scratch_docs (
      doc integer primary key, subject_terms text, provider_terms text, body_terms text,
      documents_terms text)`.execute(db);
  const { rows } = await sql<{
    last: number | null;
  }>`select max(rowid) as last from letters`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  for (let first = 1; first <= last; first += REBUILD_BATCH) {
    const to = Math.min(first + REBUILD_BATCH - 1, last);
    await sql`insert into temp.letters_fts_scratch (rowid, subject, provider, body, documents)
      select l.rowid, l.subject, p.name, l.body, ${documentsText()}
      from letters l join providers p on p.id = l.provider_id
      where l.rowid between ${first} and ${to}`.execute(db);
    await sql`insert into temp.letters_fts_scratch_docs
      select doc, ${termsOf('subject')}, ${termsOf('provider')}, ${termsOf('body')},
        ${termsOf('documents')}
      from temp.letters_fts_scratch_terms group by doc`.execute(db);
    await sql`insert into letters_search_text
      select l.rowid, replace(l.account_id, '-', ''), l.subject, p.name, l.body, ${documentsText()},
        coalesce(t.subject_terms, ''), coalesce(t.provider_terms, ''), coalesce(t.body_terms, ''),
        coalesce(t.documents_terms, '')
      from letters l join providers p on p.id = l.provider_id
        left join temp.letters_fts_scratch_docs t on t.doc = l.rowid
      where l.rowid between ${first} and ${to}`.execute(db);
    await sql`insert into letters_fts (rowid, subject, provider, body, documents)
      select letter_rowid, ${keyedTerms('subject_terms')}, ${keyedTerms('provider_terms')},
        ${keyedTerms('body_terms')}, ${keyedTerms('documents_terms')}
      from letters_search_text where letter_rowid between ${first} and ${to}`.execute(db);
    await sql`insert into temp.letters_fts_scratch (letters_fts_scratch) values ('delete-all')`.execute(
      db,
    );
    await sql`delete from temp.letters_fts_scratch_docs`.execute(db);
  }
  await sql`drop table temp.letters_fts_scratch_docs`.execute(db);
  await sql`drop table temp.letters_fts_scratch_terms`.execute(db);
  await sql`drop table temp.letters_fts_scratch`.execute(db);
}

function documentsText() {
  return sql`coalesce((select group_concat(d.text, char(10) order by d.position) from letter_documents d
    where d.letter_id = l.id and d.text is not null), '')`;
}

function termsOf(column: string) {
  return sql`group_concat(term, ' ' order by "offset") filter (where col = ${column})`;
}
