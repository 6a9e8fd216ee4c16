import { sql } from 'kysely';
import { callerIsMember } from '../../db/scopes.ts';
import {
  buildSnippet,
  foldText,
  foldWord,
  highlightWords,
  type ParsedQuery,
  type SearchTerm,
} from './search-terms.ts';
import {
  MATCHED_IN_BY_COLUMN,
  type SearchPosition,
  type SearchRepository,
} from './search-types.ts';

/** PostgreSQL refuses a tsvector over 1 MB; no letter needs more than this to be found. */
const PG_INDEXED_TEXT_MAX_CHARS = 200_000;

/**
 * The account's words that can satisfy a term: each lexeme the parser makes of its words,
 * under the account key, as a prefix. Empty when the parser makes none, which `||` and `&&`
 * pass over.
 */
function termCandidates(accountId: string, term: SearchTerm) {
  return sql`coalesce((select string_agg(quote_literal(replace(${accountId}, '-', '') || lexeme) || ':*', ' & ')::tsquery
    from unnest(to_tsvector('simple', ${term.words.map(foldWord).join(' ')}))), ''::tsquery)`;
}

/**
 * A superset of the letters the exact query matches (it ignores word order, which word is a
 * prefix, and exclusions), read from the account's part of the GIN index;
 * `search_vector @@ q` then decides exactly. Lexemes are letters and digits only.
 */
function accountCandidates(accountId: string, query: ParsedQuery) {
  const clauses = query.required.map(
    (terms) =>
      sql`(${sql.join(
        terms.map((term) => termCandidates(accountId, term)),
        sql` || `,
      )})`,
  );
  // Bracketed: `@@` binds tighter than `&&`.
  return sql`(${sql.join(clauses, sql` && `)})`;
}

/** A term as tsquery text: folded words are letters and digits only, so no operators but ours. */
function tsPhrase(term: SearchTerm): string {
  const last = term.words.length - 1;
  const lexemes = term.words.map(
    (word, index) => `'${foldWord(word)}'${term.isPrefix && index === last ? ':*' : ''}`,
  );
  return `(${lexemes.join(' <-> ')})`;
}

function tsQueryText(query: ParsedQuery): string {
  const required = query.required.map((terms) => `(${terms.map(tsPhrase).join(' | ')})`);
  const excluded = query.excluded.map((term) => `!${tsPhrase(term)}`);
  return [...required, ...excluded].join(' & ');
}

/** The order of a page and, in date order, where it starts (keyset on created_at, id). */
function pageOf(position: SearchPosition) {
  if (position.sort === 'relevance') {
    return {
      after: sql`true`,
      orderBy: sql`ts_rank(l.search_vector, q) desc, l.created_at desc, l.id desc`,
      offset: position.offset,
    };
  }
  const { after } = position;
  return {
    after: after ? sql`(l.created_at, l.id) < (${after.createdAt}, ${after.id})` : sql`true`,
    orderBy: sql`l.created_at desc, l.id desc`,
    offset: 0,
  };
}

/**
 * PostgreSQL's 'simple' configuration does not fold diacritics, and `unaccent` is an
 * extension we cannot count on; so text is folded here before it is indexed, the query is
 * folded the same way, and snippets are cut here from the original text.
 */
/** Letters indexed per round by a rebuild. */
const REBUILD_BATCH = 500;

export const postgresSearch: SearchRepository = {
  async rebuild(db) {
    let indexed = 0;
    let after = '';
    for (;;) {
      const batch = await db
        .selectFrom('letters')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(REBUILD_BATCH)
        .execute();
      if (batch.length === 0) return indexed;
      for (const { id } of batch) await postgresSearch.indexLetter(db, id);
      indexed += batch.length;
      after = batch.at(-1)?.id ?? after;
    }
  },
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
    // Weighted for ranking; the same lexemes under the account key (no positions) for the index.
    await sql`update letters set search_vector = v.vector,
        account_search_vector = (
          select array_to_tsvector(coalesce(array_agg(replace(letters.account_id, '-', '') || lexeme), '{}'))
          from unnest(v.vector))
      from (select
        setweight(to_tsvector('simple', ${foldText(row.subject)}), 'A') ||
        setweight(to_tsvector('simple', ${foldText(row.name)}), 'B') ||
        setweight(to_tsvector('simple', ${foldText(row.body)}), 'C') ||
        setweight(to_tsvector('simple', ${foldText(documentText)}), 'D') as vector) v
      where id = ${letterId}`.execute(db);
  },
  async search(db, request) {
    const page = pageOf(request.position);
    const result = await sql<{
      id: string;
      created_at: string;
      subject: string;
      provider: string;
      body: string;
      documents: string;
    }>`
      select l.id, l.created_at, l.subject, p.name as provider, l.body,
        coalesce((select string_agg(d.text, E'\n' order by d.position) from letter_documents d
                  where d.letter_id = l.id), '') as documents
      from letters l join providers p on p.id = l.provider_id,
        to_tsquery('simple', ${tsQueryText(request.query)}) q
      where l.account_search_vector @@ ${accountCandidates(request.accountId, request.query)}
        and l.search_vector @@ q
        and ${page.after}
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${callerIsMember(request.userId, 'l.account_id')}
      order by ${page.orderBy}
      limit ${request.limit} offset ${page.offset}`.execute(db);
    const highlights = highlightWords(request.query);
    return result.rows.map((row) => {
      const texts = [row.subject, row.provider, row.body, row.documents];
      for (const [index, text] of texts.entries()) {
        const snippet = buildSnippet(text, highlights);
        if (snippet !== undefined) {
          const matchedIn = MATCHED_IN_BY_COLUMN[index] ?? 'subject';
          return { id: row.id, createdAt: row.created_at, snippet, matchedIn };
        }
      }
      return { id: row.id, createdAt: row.created_at, snippet: row.subject, matchedIn: 'subject' };
    });
  },
};
