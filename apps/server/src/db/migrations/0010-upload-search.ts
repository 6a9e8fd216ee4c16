import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Uploads in the full-text search, built as letters' search is since 0005: every indexed word
 * is prefixed with the upload's account key (its account id without hyphens), so a query
 * reads only the caller's account's part of the index. Indexed: the name and the extracted
 * text of every stored upload (trashed ones too: the search leaves those out, so the index
 * need not change for a trash and a restore to take effect).
 *
 * Unlike letters, an entry is tied to its upload by id, not by rowid: a VACUUM may renumber
 * rowids, and the upload index would not have to be rebuilt after one.
 *
 * SQLite: `uploads_search_text` keeps per upload the text as indexed and the folded terms FTS5
 * made of it; `uploads_fts` indexes the terms under the account key, one for one, and takes
 * its content (for snippets) from the plain text. Never run FTS5's 'rebuild' on `uploads_fts`:
 * it would index the plain text instead. A deleted upload takes its entry along (trigger).
 *
 * PostgreSQL: `uploads_search` holds the weighted vector (ranking, exact recheck) and the
 * account-keyed lexemes under a GIN index; a deleted upload takes its row along (cascade).
 *
 * No upload exists before this release (0009 comes with it), so there is nothing to index here.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  if (context.engine === 'postgres') {
    await sql`create table uploads_search (
        upload_id text primary key references uploads (id) on delete cascade,
        search_vector tsvector not null,
        account_search_vector tsvector not null)`.execute(db);
    await sql`create index uploads_search_account_idx on uploads_search using gin (account_search_vector)`.execute(
      db,
    );
    return;
  }

  await sql`create table uploads_search_text (
      entry integer primary key,
      upload_id text not null unique,
      account_key text not null,
      name text not null,
      text text not null,
      name_terms text not null,
      text_terms text not null)`.execute(db);
  await sql`create virtual table uploads_fts using fts5(
      name, text,
      content = 'uploads_search_text', content_rowid = 'entry',
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger uploads_search_delete after delete on uploads begin
      insert into uploads_fts (uploads_fts, rowid, name, text)
        select 'delete', entry, ${keyedTerms('name_terms')}, ${keyedTerms('text_terms')}
        from uploads_search_text where upload_id = old.id;
      delete from uploads_search_text where upload_id = old.id;
    end`.execute(db);
}

/** The stored terms, each prefixed with the account key: what `uploads_fts` indexed. */
function keyedTerms(column: string) {
  const terms = sql.ref(column);
  return sql`case when ${terms} = '' then '' else account_key || replace(${terms}, ' ', ' ' || account_key) end`;
}
