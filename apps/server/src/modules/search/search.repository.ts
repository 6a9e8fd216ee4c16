import { sql, type Kysely } from 'kysely';
import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database } from '../../db/schema.ts';
import { buildSnippet, foldText, foldWord } from './search-terms.ts';

export type MatchedIn = 'subject' | 'provider' | 'body' | 'document';

export interface SearchMatch {
  id: string;
  snippet: string;
  matchedIn: MatchedIn;
}

export interface SearchRequest {
  userId: string;
  accountId: string;
  /** Words only (see queryTerms); the last one is matched as a prefix. */
  terms: string[];
  limit: number;
  offset: number;
}

/** One full-text index, two engines: FTS5 on SQLite, tsvector on PostgreSQL. */
export interface SearchRepository {
  /** Rebuilds the letter's entry from its current subject, provider, body and documents. */
  indexLetter(db: Kysely<Database>, letterId: string): Promise<void>;
  /** Best matches first; only letters of the account, only if the user is a member of it. */
  search(db: Kysely<Database>, request: SearchRequest): Promise<SearchMatch[]>;
}

const COLUMNS: MatchedIn[] = ['subject', 'provider', 'body', 'document'];
/** PostgreSQL refuses a tsvector over 1 MB; no letter needs more than this to be found. */
const PG_INDEXED_TEXT_MAX_CHARS = 200_000;

function membership(userId: string) {
  return sql`exists (select 1 from memberships m where m.account_id = l.account_id and m.user_id = ${userId})`;
}

/** Terms reach FTS5 only as quoted strings of letters and digits: never as operators. */
function ftsQuery(accountId: string, terms: string[]): string {
  const words = terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`);
  return `account : "${accountId.replace(/[^0-9a-zA-Z]/g, '')}" AND {subject provider body documents} : (${words.join(' AND ')})`;
}

function snippetOf(column: number) {
  return sql`snippet(letters_fts, ${sql.lit(column)}, ${SEARCH_HIGHLIGHT_START}, ${SEARCH_HIGHLIGHT_END}, '…', 16)`;
}

const sqliteSearch: SearchRepository = {
  async indexLetter(db, letterId) {
    await sql`delete from letters_fts where rowid = (select rowid from letters where id = ${letterId})`.execute(
      db,
    );
    // The account id without hyphens is one token: split at its hyphens, the UUIDv7's
    // time-based first part would match every account created around the same time.
    await sql`insert into letters_fts (rowid, account, subject, provider, body, documents)
      select l.rowid, replace(l.account_id, '-', ''), l.subject, p.name, l.body,
        coalesce((select group_concat(d.text, char(10)) from letter_documents d
                  where d.letter_id = l.id and d.text is not null), '')
      from letters l join providers p on p.id = l.provider_id
      where l.id = ${letterId}`.execute(db);
  },

  async search(db, request) {
    // The account is part of the MATCH, so FTS5 reads only that account's entries.
    const result = await sql<{ id: string; s1: string; s2: string; s3: string; s4: string }>`
      select l.id, ${snippetOf(1)} as s1, ${snippetOf(2)} as s2, ${snippetOf(3)} as s3, ${snippetOf(4)} as s4
      from letters_fts join letters l on l.rowid = letters_fts.rowid
      where letters_fts match ${ftsQuery(request.accountId, request.terms)}
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${membership(request.userId)}
      order by bm25(letters_fts, 0, 10, 5, 2, 1), l.created_at desc, l.id desc
      limit ${request.limit} offset ${request.offset}`.execute(db);
    return result.rows.map((row) => {
      const snippets = [row.s1, row.s2, row.s3, row.s4];
      const index = snippets.findIndex((text) => text.includes(SEARCH_HIGHLIGHT_START));
      const column = index === -1 ? 0 : index;
      return {
        id: row.id,
        snippet: snippets[column] ?? '',
        matchedIn: COLUMNS[column] ?? 'subject',
      };
    });
  },
};

/**
 * PostgreSQL's 'simple' configuration does not fold diacritics, and `unaccent` is an
 * extension we cannot count on; so text is folded here before it is indexed, the query is
 * folded the same way, and snippets are cut here from the original text.
 */
const postgresSearch: SearchRepository = {
  async indexLetter(db, letterId) {
    const row = await db
      .selectFrom('letters as l')
      .innerJoin('providers as p', 'p.id', 'l.provider_id')
      .select(['l.subject', 'l.body', 'p.name'])
      .where('l.id', '=', letterId)
      .executeTakeFirst();
    if (!row) return;
    const documents = await db
      .selectFrom('letter_documents')
      .select('text')
      .where('letter_id', '=', letterId)
      .orderBy('position')
      .execute();
    const documentText = documents
      .map((document) => document.text ?? '')
      .join('\n')
      .slice(0, PG_INDEXED_TEXT_MAX_CHARS);
    await sql`update letters set search_vector =
        setweight(to_tsvector('simple', ${foldText(row.subject)}), 'A') ||
        setweight(to_tsvector('simple', ${foldText(row.name)}), 'B') ||
        setweight(to_tsvector('simple', ${foldText(row.body)}), 'C') ||
        setweight(to_tsvector('simple', ${foldText(documentText)}), 'D')
      where id = ${letterId}`.execute(db);
  },

  async search(db, request) {
    const folded = request.terms.map(foldWord);
    // Folded terms are letters and digits only, so this tsquery text has no operators but ours.
    const tsquery = folded
      .map((term, index) => `'${term}'${index === folded.length - 1 ? ':*' : ''}`)
      .join(' & ');
    const result = await sql<{
      id: string;
      subject: string;
      provider: string;
      body: string;
      documents: string;
    }>`
      select l.id, l.subject, p.name as provider, l.body,
        coalesce((select string_agg(d.text, E'\n' order by d.position) from letter_documents d
                  where d.letter_id = l.id), '') as documents
      from letters l join providers p on p.id = l.provider_id,
        to_tsquery('simple', ${tsquery}) q
      where l.search_vector @@ q
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${membership(request.userId)}
      order by ts_rank(l.search_vector, q) desc, l.created_at desc, l.id desc
      limit ${request.limit} offset ${request.offset}`.execute(db);
    return result.rows.map((row) => {
      const texts = [row.subject, row.provider, row.body, row.documents];
      for (const [index, text] of texts.entries()) {
        const snippet = buildSnippet(text, request.terms);
        if (snippet !== undefined)
          return { id: row.id, snippet, matchedIn: COLUMNS[index] ?? 'subject' };
      }
      return { id: row.id, snippet: row.subject, matchedIn: 'subject' };
    });
  },
};

export function searchRepositoryFor(engine: Engine): SearchRepository {
  return engine === 'postgres' ? postgresSearch : sqliteSearch;
}
