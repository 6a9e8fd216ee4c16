import { sql } from 'kysely';
import { foldWord, type ParsedQuery, type SearchTerm } from './search-terms.ts';

/*
 * What the PostgreSQL indexes of letters and uploads share: the account-keyed candidate query
 * for the GIN index and the exact tsquery (see migrations 0005 and 0010).
 *
 * PostgreSQL's 'simple' configuration does not fold diacritics, and `unaccent` is an
 * extension we cannot count on; so text is folded before it is indexed (foldText), the query
 * is folded the same way, and snippets are cut from the original text (buildSnippet).
 */

/** PostgreSQL refuses a tsvector over 1 MB; no letter or upload needs more text to be found. */
export const PG_INDEXED_TEXT_MAX_CHARS = 200_000;

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
 * A superset of the rows the exact query matches (it ignores word order, which word is a
 * prefix, and exclusions), read from the account's part of the GIN index;
 * `search_vector @@ q` then decides exactly. Lexemes are letters and digits only.
 */
export function accountCandidates(accountId: string, query: ParsedQuery) {
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

/** The exact query as tsquery text, for `to_tsquery('simple', …)`. */
export function tsQueryText(query: ParsedQuery): string {
  const required = query.required.map((terms) => `(${terms.map(tsPhrase).join(' | ')})`);
  const excluded = query.excluded.map((term) => `!${tsPhrase(term)}`);
  return [...required, ...excluded].join(' & ');
}
